// Hedge effectiveness tests, IFRS 9 / ASC 815 style (PRICING-CLI `hedgeEffectiveness`):
// dollar offset (cumulative and per period), regression of the instrument on the item, and
// variance reduction.
import { PricingError } from '../core/types';
import { olsFit } from './least-squares';
import { isConstant, mean } from './stats';

export interface HedgeInput {
  hedgedItem: ArrayLike<number>;
  hedgingInstrument: ArrayLike<number>;
  lower?: number;
  upper?: number;
  minR2?: number;
}

export function hedgeEffectiveness(inp: HedgeInput) {
  const H = inp.hedgedItem, I = inp.hedgingInstrument;
  const n = H.length;
  if (I.length !== n) throw new PricingError(`hedgedItem and hedgingInstrument must have the same length (${n} vs ${I.length})`);
  if (n < 3) throw new PricingError('hedgeEffectiveness needs at least 3 periods');
  const lower = inp.lower ?? 0.8, upper = inp.upper ?? 1.25, minR2 = inp.minR2 ?? 0.8;
  if (!(lower > 0) || !(upper >= lower)) throw new PricingError('need 0 < lower <= upper');
  if (isConstant(H)) throw new PricingError('hedgedItem is constant');
  if (isConstant(I)) throw new PricingError('hedgingInstrument is constant');
  let sH = 0, sI = 0;
  for (let t = 0; t < n; t++) { sH += H[t]; sI += I[t]; }
  const dollarOffset = sH === 0 ? null : -sI / sH;
  const inBand = (v: number | null) => v !== null && v >= lower && v <= upper;
  const periodDollarOffsets = Array.from(H, (h, t) => (h === 0 ? null : -I[t] / h));
  const fit = olsFit([H], I, true);
  const r2 = 1 - fit.ssr / fit.tss;
  const slope = fit.coef[0];
  // var(H + I) / var(H): both about their own means, the ddof cancels.
  const mh = mean(H);
  let mSum = 0;
  for (let t = 0; t < n; t++) mSum += H[t] + I[t];
  mSum /= n;
  let vh = 0, vs = 0;
  for (let t = 0; t < n; t++) { const a = H[t] - mh, b = H[t] + I[t] - mSum; vh += a * a; vs += b * b; }
  return {
    dollarOffset,
    dollarOffsetPass: inBand(dollarOffset) ? 1 : 0,
    periodDollarOffsets,
    periodsInRange: periodDollarOffsets.filter(inBand).length,
    slope,
    intercept: fit.intercept,
    r2,
    regressionPass: r2 >= minR2 && slope >= -upper && slope <= -lower ? 1 : 0,
    varianceReduction: 1 - vs / vh,
  };
}

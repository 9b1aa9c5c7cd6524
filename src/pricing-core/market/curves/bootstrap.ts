// Sequential bootstrap of a discount curve from market instruments (deposits, FRAs, futures,
// swaps / OIS). Nodes sit at instrument pillars (latest date an instrument depends on); each
// node's discount factor is solved with Brent so the instrument reprices its quote exactly.
// Single curve: the curve discounts and projects. Dual curve: pass `discount` (e.g. an OIS
// curve) and the bootstrapped curve is the projection curve.
import type { CalendarDate } from '../../dates/date';
import { yearFraction } from '../../dates/day-count';
import type { InterestRateSwap } from '../../instruments/rates/swap';
import { type Deposit, type Fra, type RateFuture, futureForwardRate } from '../../instruments/rates/money-market';
import { priceSwap } from '../../engines/rates/swap-pricer';
import { brentRoot } from '../../math/brent';
import { bracket } from '../../math/solvers';
import { type CurveInterpolation, type YieldCurve, DiscountCurve, curveTime } from './discount-curve';

export type CurveInstrument =
  | Deposit
  | Fra
  | RateFuture
  /** Par swap (fixed vs term or compounded overnight rate) quoted by its fixed rate. */
  | { kind: 'swap'; label?: string; swap: InterestRateSwap };

export interface BootstrapInput {
  valuationDate: CalendarDate;
  instruments: CurveInstrument[];
  interpolation?: CurveInterpolation;
  /** Dual curve: the given discounting curve; the result is then a projection curve. */
  discount?: YieldCurve;
  /** Root tolerance on each node's log discount factor. Default 1e-15. */
  accuracy?: number;
}

export interface BootstrapResult {
  curve: DiscountCurve;
  pillars: CalendarDate[];
  /** Model quote minus market quote for each instrument (sorted by pillar), as rates. */
  residuals: number[];
}

export function pillarDate(inst: CurveInstrument): CalendarDate {
  if (inst.kind !== 'swap') return inst.end;
  let last = 0 as CalendarDate;
  for (const p of [...inst.swap.fixed.periods, ...inst.swap.float.periods]) last = Math.max(last, p.end, p.payment) as CalendarDate;
  return last;
}

/** The instrument's quote implied by curves, as a rate (fixed rate for swaps). */
export function impliedQuote(inst: CurveInstrument, valuationDate: CalendarDate, projection: YieldCurve, discount: YieldCurve): number {
  if (inst.kind === 'swap') return priceSwap(inst.swap, { valuationDate, discount, projection }).parRate;
  const tau = yearFraction(inst.dayCount, inst.start, inst.end);
  return (projection.discount(curveTime(valuationDate, inst.start)) / projection.discount(curveTime(valuationDate, inst.end)) - 1) / tau;
}

export function marketQuote(inst: CurveInstrument): number {
  switch (inst.kind) {
    case 'swap': return inst.swap.fixed.rate;
    case 'future': return futureForwardRate(inst);
    default: return inst.rate;
  }
}

export function bootstrapCurve(input: BootstrapInput): BootstrapResult {
  const { valuationDate: v, interpolation = 'logLinearDiscount' } = input;
  const sorted = [...input.instruments].sort((a, b) => pillarDate(a) - pillarDate(b));
  const pillars = sorted.map(pillarDate);
  for (let i = 0; i < pillars.length; i++) {
    if (pillars[i] <= v) throw new RangeError(`instrument ${sorted[i].label ?? i} matures on or before the valuation date`);
    if (i > 0 && pillars[i] === pillars[i - 1]) throw new RangeError(`two instruments share the pillar of ${sorted[i].label ?? i}`);
  }
  const times = [0];
  const logDf = [0];
  const curveWith = (x: number) => new DiscountCurve({ times, discounts: [...logDf.slice(0, -1), x].map(Math.exp) }, interpolation);
  for (let i = 0; i < sorted.length; i++) {
    const inst = sorted[i];
    const t = curveTime(v, pillars[i]);
    const quote = marketQuote(inst);
    // Guess: the previous segment's zero rate carried forward.
    const prevZ = times.length > 1 ? -logDf[logDf.length - 1] / times[times.length - 1] : quote;
    times.push(t);
    logDf.push(-prevZ * t);
    const f = (x: number) => {
      const c = curveWith(x);
      return impliedQuote(inst, v, c, input.discount ?? c) - quote;
    };
    const guess = -prevZ * t;
    // Search zero rates within +-100% of the guess (keeps exp() finite and positive).
    const [lo, hi] = bracket(f, guess, 0.01 * Math.max(t, 0.1), guess - t - 1, guess + t + 1);
    logDf[logDf.length - 1] = brentRoot(f, lo, hi, { xTol: input.accuracy ?? 1e-15 });
  }
  const curve = new DiscountCurve({ times, discounts: logDf.map(Math.exp) }, interpolation);
  const residuals = sorted.map((inst) => impliedQuote(inst, v, curve, input.discount ?? curve) - marketQuote(inst));
  return { curve, pillars, residuals };
}

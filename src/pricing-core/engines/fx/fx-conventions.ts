// FX option market conventions on top of Garman-Kohlhagen: the six premium quotations, the
// four delta conventions, strike from delta (premium-adjusted calls take the branch right of
// the maximum-delta strike, as the market does), and the ATM definitions.
import { brentRoot } from '../../math/brent';
import { normCdf, normInv, normPdf } from '../../math/normal';
import { PricingError, type OptionType } from '../../core/types';
import { blackScholesGreeks } from '../black/black-scholes';

export interface FxInputs {
  spot: number;
  t: number;
  rd: number;
  rf: number;
  vol: number;
}

export type DeltaConvention = 'spot' | 'forward' | 'spotPremiumAdjusted' | 'forwardPremiumAdjusted';
export type AtmConvention = 'spot' | 'forward' | 'deltaNeutral' | 'deltaNeutralPremiumAdjusted';

/** The premium in its usual quotations; `notional` is in the base (foreign) currency. */
export interface PremiumQuotes {
  /** domestic (quote-currency) units per unit of foreign notional */
  domPerFor: number;
  /** domestic premium amount for the notional */
  domAmount: number;
  /** foreign premium amount for the notional (converted at spot) */
  forAmount: number;
  /** premium as a fraction of the domestic notional (notional x strike) */
  pctDom: number;
  /** premium as a fraction of the foreign notional */
  pctFor: number;
  /** domestic pips: domPerFor / pipSize */
  domPips: number;
  /** foreign pips: foreign units per unit of domestic notional / pipSize */
  forPips: number;
}

export function premiumQuotes(value: number, spot: number, strike: number, notional: number, pipSize = 1e-4): PremiumQuotes {
  return {
    domPerFor: value,
    domAmount: value * notional,
    forAmount: (value * notional) / spot,
    pctDom: value / strike,
    pctFor: value / spot,
    domPips: value / pipSize,
    forPips: value / (spot * strike) / pipSize,
  };
}

/**
 * The forward-form inputs every FX delta and ATM formula needs: the forward to delivery F,
 * the standard deviation sd = vol sqrt(time to expiry), and the foreign discount factor
 * `dfForeign` from the spot date to delivery (e^{-rf t} when expiry, delivery and spot lag
 * are not told apart). Spot deltas are forward deltas times dfForeign.
 */
export interface FxForwardTerms {
  forward: number;
  sd: number;
  dfForeign: number;
}

export function forwardTerms(m: FxInputs): FxForwardTerms {
  return { forward: m.spot * Math.exp((m.rd - m.rf) * m.t), sd: m.vol * Math.sqrt(m.t), dfForeign: Math.exp(-m.rf * m.t) };
}

/** Delta of a vanilla in the given convention, from forward terms (per unit of foreign notional). */
export function fxDeltaForward(type: OptionType, strike: number, f: FxForwardTerms, convention: DeltaConvention): number {
  const w = type === 'call' ? 1 : -1;
  const { forward: fwd, sd, dfForeign: df } = f;
  const d1 = Math.log(fwd / strike) / sd + 0.5 * sd;
  const d2 = d1 - sd;
  switch (convention) {
    case 'forward': return w * normCdf(w * d1);
    case 'spot': return w * df * normCdf(w * d1);
    case 'forwardPremiumAdjusted': return w * (strike / fwd) * normCdf(w * d2);
    case 'spotPremiumAdjusted': return w * df * (strike / fwd) * normCdf(w * d2);
  }
}

/** Delta of a vanilla in the given convention (per unit of foreign notional). */
export function fxDelta(type: OptionType, strike: number, m: FxInputs, convention: DeltaConvention): number {
  return fxDeltaForward(type, strike, forwardTerms(m), convention);
}

function isSpotConvention(c: DeltaConvention): boolean {
  return c === 'spot' || c === 'spotPremiumAdjusted';
}

/**
 * The largest premium-adjusted call delta in forward terms (K/F N(d2) at the max-delta
 * strike); spot conventions scale it by dfForeign.
 */
export function maxPremiumAdjustedCallDelta(f: FxForwardTerms, convention: DeltaConvention): number {
  const k = maxDeltaStrike(f.forward, f.sd);
  return fxDeltaForward('call', k, f, convention);
}

/**
 * Strike with the given delta from forward terms (calls: positive, puts: negative). For
 * premium-adjusted calls the delta K/F N(d2) rises and then falls in K: we return the strike
 * on the right of the maximum (the market convention) and reject deltas above the maximum.
 */
export function strikeFromDeltaForward(type: OptionType, delta: number, f: FxForwardTerms, convention: DeltaConvention): number {
  const w = type === 'call' ? 1 : -1;
  const { forward: fwd, sd, dfForeign: df } = f;
  if (!(sd > 0)) throw new PricingError('strike from delta needs t > 0 and vol > 0');
  // in forward terms, positive
  const target = (w * delta) / (isSpotConvention(convention) ? df : 1);
  if (!(target > 0 && target < 1)) throw new PricingError(`delta out of range for a ${type}: ${delta}`);
  // Unadjusted: N(w d1) = target.
  const kUnadjusted = (d: number) => fwd * Math.exp(-(w * normInv(d)) * sd + 0.5 * sd * sd);
  if (convention === 'spot' || convention === 'forward') return kUnadjusted(target);

  const paDelta = (k: number) => (k / fwd) * normCdf(w * (Math.log(fwd / k) / sd - 0.5 * sd));
  if (w === -1) {
    // Puts: |delta| = K/F N(-d2) rises with K; the adjusted strike lies below the unadjusted one.
    const hi = kUnadjusted(Math.min(target, 1 - 1e-16));
    let lo = hi;
    while (paDelta(lo) > target) lo *= Math.exp(-sd);
    return brentRoot((k) => paDelta(k) - target, lo, hi, { xTol: 1e-14 * fwd });
  }
  const kMax = maxDeltaStrike(fwd, sd);
  const dMax = paDelta(kMax);
  if (target > dMax) throw new PricingError(`premium-adjusted call delta ${delta} exceeds the maximum ${dMax}`);
  let hi = Math.max(kUnadjusted(target), kMax * Math.exp(sd));
  while (paDelta(hi) > target) hi *= Math.exp(sd);
  return brentRoot((k) => paDelta(k) - target, kMax, hi, { xTol: 1e-14 * fwd });
}

/**
 * Strike with the given delta (calls: positive, puts: negative). For premium-adjusted calls
 * the delta K/F N(d2) rises and then falls in K: we return the strike on the right of the
 * maximum (the market convention) and reject deltas above the maximum.
 */
export function strikeFromDelta(type: OptionType, delta: number, m: FxInputs, convention: DeltaConvention): number {
  if (!(m.t > 0 && m.vol > 0)) throw new PricingError('strike from delta needs t > 0 and vol > 0');
  return strikeFromDeltaForward(type, delta, forwardTerms(m), convention);
}

/** Strike of the largest premium-adjusted call delta: sd N(d2) = phi(d2). */
export function maxDeltaStrike(fwd: number, sd: number): number {
  // phi(d)/N(d) falls from +inf to 0, so sd - phi/N has one root; ratio form avoids underflow.
  const d2 = brentRoot((d) => sd - normPdf(d) / normCdf(d), -(sd + 10), 40, { xTol: 1e-15 });
  return fwd * Math.exp(-(d2 + 0.5 * sd) * sd);
}

/** ATM strike from forward terms; `spot` is the spot rate (for the `spot` convention). */
export function atmStrikeForward(spot: number, f: FxForwardTerms, convention: AtmConvention): number {
  const v = f.sd * f.sd;
  switch (convention) {
    case 'spot': return spot;
    case 'forward': return f.forward;
    case 'deltaNeutral': return f.forward * Math.exp(0.5 * v);
    case 'deltaNeutralPremiumAdjusted': return f.forward * Math.exp(-0.5 * v);
  }
}

/** ATM strike: spot, forward, or delta-neutral straddle (unadjusted or premium-adjusted delta). */
export function atmStrike(m: FxInputs, convention: AtmConvention): number {
  return atmStrikeForward(m.spot, forwardTerms(m), convention);
}

export interface FxVanillaResult extends PremiumQuotes {
  forward: number;
  delta: { spot: number; forward: number; spotPremiumAdjusted: number; forwardPremiumAdjusted: number };
  gamma: number;
  vega: number;
  theta: number;
  rhoDomestic: number;
  rhoForeign: number;
}

/** A vanilla FX option with all quotations and delta conventions (amounts for `notional` foreign). */
export function priceFxVanilla(type: OptionType, strike: number, m: FxInputs, notional = 1, pipSize = 1e-4): FxVanillaResult {
  const g = blackScholesGreeks(type, m.spot, strike, m.t, m.rd, m.rf, m.vol);
  return {
    ...premiumQuotes(g.npv, m.spot, strike, notional, pipSize),
    forward: m.spot * Math.exp((m.rd - m.rf) * m.t),
    delta: {
      spot: g.delta,
      forward: fxDelta(type, strike, m, 'forward'),
      spotPremiumAdjusted: g.delta - g.npv / m.spot,
      forwardPremiumAdjusted: fxDelta(type, strike, m, 'forwardPremiumAdjusted'),
    },
    gamma: g.gamma, vega: g.vega, theta: g.theta, rhoDomestic: g.rhoDomestic, rhoForeign: g.rhoForeign,
  };
}

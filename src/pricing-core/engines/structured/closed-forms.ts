// Closed forms of the structured deposits that have one, under Black-Scholes with flat
// parameters (PRICING-CLI "Structured products"): shark-fins (European and continuously
// monitored barrier), range accruals (a sum of digital pairs), two- and three-tier deposits
// (digitals) and dual-currency deposits (a deposit plus a sold option). Notes are per 1.00 of
// principal, principal included. `accrual` is the coupon year fraction (in the package
// basis); `t` is the time to the payment (ACT/365F from today) used for discounting and
// the distribution; in PRICING-CLI both are the request's `t`.
import { PricingError } from '../../core/types';
import { normCdf } from '../../math/normal';
import { blackScholesPrice } from '../black/black-scholes';
import { barrierPrice } from '../barrier/reiner-rubinstein';
import { touchPrice } from '../digital/touch';

export interface FlatMarket {
  spot: number;
  rd: number;
  rf: number;
  vol: number;
}

function checkMarket(m: FlatMarket, t: number): void {
  if (!(m.spot > 0) || !(m.vol >= 0) || !Number.isFinite(m.rd) || !Number.isFinite(m.rf)) throw new PricingError('invalid market: spot > 0, vol >= 0, finite rates');
  if (!(t >= 0) || !Number.isFinite(t)) throw new PricingError('time to maturity must be >= 0');
}

/** Risk-neutral Q(S_t >= K) (on or beyond counts; at zero variance the forward decides). */
export function probAtOrAbove(m: FlatMarket, K: number, t: number): number {
  if (!(K > 0)) return 1;
  const sd = m.vol * Math.sqrt(t);
  const lnFK = Math.log(m.spot / K) + (m.rd - m.rf) * t;
  if (!(sd > 0)) return lnFK >= 0 ? 1 : 0;
  return normCdf(lnFK / sd - 0.5 * sd);
}

/** Risk-neutral Q(S_t <= K). */
export function probAtOrBelow(m: FlatMarket, K: number, t: number): number {
  if (!(K > 0)) return 0;
  const sd = m.vol * Math.sqrt(t);
  const lnFK = Math.log(m.spot / K) + (m.rd - m.rf) * t;
  if (!(sd > 0)) return lnFK <= 0 ? 1 : 0;
  return normCdf(-(lnFK / sd - 0.5 * sd));
}

export interface SharkfinTerms {
  direction: 'bull' | 'bear';
  barrierStyle: 'european' | 'american';
  strike: number;
  barrier: number;
  participation: number;
  minYield: number;
  rebateYield: number;
  /** Initial fixing S0 (default: spot). */
  s0?: number;
  /** Coupon year fraction (default: t). */
  accrual?: number;
  /** American barrier already touched (seasoned). */
  knockedOut?: boolean;
}

/** Shark-fin deposit: npv and the knock-out probability. */
export function sharkfinPrice(m: FlatMarket, t: number, c: SharkfinTerms): { npv: number; knockOutProbability: number } {
  checkMarket(m, t);
  const { strike: K, barrier: H, participation: part, minYield, rebateYield } = c;
  const bull = c.direction === 'bull';
  if (!(K > 0 && H > 0)) throw new PricingError('strike and barrier must be > 0');
  if (bull ? !(H > K) : !(H < K)) throw new PricingError(bull ? 'a bull shark-fin needs barrier > strike' : 'a bear shark-fin needs barrier < strike');
  if (!(part >= 0)) throw new PricingError('participation must be >= 0');
  const s0 = c.s0 ?? m.spot;
  const tau = c.accrual ?? t;
  const df = Math.exp(-m.rd * t);
  const { spot: S, rd, rf, vol } = m;
  const base = df * (1 + minYield * tau);
  const scale = (tau * part) / s0;
  if (c.barrierStyle === 'european') {
    if (bull) {
      const pH = probAtOrAbove(m, H, t);
      const dH = df * pH;
      const spread = blackScholesPrice('call', S, K, t, rd, rf, vol) - blackScholesPrice('call', S, H, t, rd, rf, vol) - (H - K) * dH;
      return { npv: base + scale * spread + tau * (rebateYield - minYield) * dH, knockOutProbability: pH };
    }
    const pH = probAtOrBelow(m, H, t);
    const dH = df * pH;
    const spread = blackScholesPrice('put', S, K, t, rd, rf, vol) - blackScholesPrice('put', S, H, t, rd, rf, vol) - (K - H) * dH;
    return { npv: base + scale * spread + tau * (rebateYield - minYield) * dH, knockOutProbability: pH };
  }
  // Continuous monitoring: knocked out already (seasoned, or spot on or beyond the barrier now).
  const touched = c.knockedOut || (bull ? S >= H : S <= H);
  if (touched) return { npv: df * (1 + rebateYield * tau), knockOutProbability: 1 };
  if (t === 0) {
    const intrinsic = bull ? Math.max(S - K, 0) : Math.max(K - S, 0);
    return { npv: 1 + tau * (minYield + (part * intrinsic) / s0), knockOutProbability: 0 };
  }
  const out = barrierPrice({ type: bull ? 'call' : 'put', barrierType: bull ? 'upOut' : 'downOut', spot: S, strike: K, barrier: H, rebate: 0, t, rd, rf, vol });
  const ot = touchPrice({ touchType: 'oneTouch', payAt: 'expiry', spot: S, barrier: H, cash: 1, t, rd, rf, vol });
  return { npv: base + scale * out + tau * (rebateYield - minYield) * ot, knockOutProbability: ot / df };
}

export interface RangeAccrualTerms {
  lower: number;
  upper: number;
  inYield: number;
  outYield: number;
  /** Future fixing times (>= 0; a fixing at 0 is today's spot). */
  fixings: number[];
  /** Fixings already observed: how many, and how many inside the range. */
  pastCount?: number;
  pastIn?: number;
  accrual?: number;
}

/** Range accrual: npv and the expected fraction of fixings in the range. */
export function rangeAccrualPrice(m: FlatMarket, t: number, c: RangeAccrualTerms): { npv: number; expectedInFraction: number } {
  checkMarket(m, t);
  if (!(c.lower > 0) || !(c.upper >= c.lower)) throw new PricingError('need 0 < lower <= upper');
  const pastCount = c.pastCount ?? 0;
  const N = c.fixings.length + pastCount;
  if (N === 0) throw new PricingError('at least one fixing is needed');
  let expIn = c.pastIn ?? 0;
  for (const ti of c.fixings) {
    if (!(ti >= 0 && ti <= t + 1e-12)) throw new PricingError('fixing times must lie in [0, t]');
    if (ti === 0) expIn += m.spot >= c.lower && m.spot <= c.upper ? 1 : 0;
    else expIn += Math.max(0, probAtOrAbove(m, c.lower, ti) - probAtOrAbove(m, c.upper, ti) + probAtK(m, c.upper, ti));
  }
  const frac = expIn / N;
  const tau = c.accrual ?? t;
  const df = Math.exp(-m.rd * t);
  return { npv: df * (1 + c.outYield * tau + (c.inYield - c.outYield) * tau * frac), expectedInFraction: frac };
}

/** Q(S_t = K): zero unless the variance is zero and the forward is exactly K. */
function probAtK(m: FlatMarket, K: number, t: number): number {
  return m.vol * Math.sqrt(t) > 0 ? 0 : Math.log(m.spot / K) + (m.rd - m.rf) * t === 0 ? 1 : 0;
}

export interface TieredTerms {
  /** Strikes ascending (one for two tiers, two for three tiers). */
  strikes: number[];
  /** Yields, one more than strikes: yields[k] applies between strikes[k-1] and strikes[k] (ascending S). */
  yields: number[];
  accrual?: number;
}

/** Tiered deposit paying 1 + accrual x yield of the tier S_t falls in (a tier starts at its strike). */
export function tieredDepositPrice(m: FlatMarket, t: number, c: TieredTerms): { npv: number; tierProbabilities: number[] } {
  checkMarket(m, t);
  const { strikes, yields } = c;
  if (yields.length !== strikes.length + 1) throw new PricingError('tiers: one more yield than strikes');
  for (let i = 0; i < strikes.length; i++) if (!(strikes[i] > 0) || (i > 0 && !(strikes[i] > strikes[i - 1]))) throw new PricingError('tier strikes must be > 0 and increasing');
  const above = strikes.map((K) => probAtOrAbove(m, K, t));
  const probs = yields.map((_, k) => (k === 0 ? 1 : above[k - 1]) - (k === strikes.length ? 0 : above[k]));
  let y = yields[0];
  for (let k = 0; k < strikes.length; k++) y += (yields[k + 1] - yields[k]) * above[k];
  const tau = c.accrual ?? t;
  return { npv: Math.exp(-m.rd * t) * (1 + tau * y), tierProbabilities: probs };
}

export interface DualCurrencyTerms {
  strike: number;
  depositYield: number;
  /** Deposit currency: quote (repaid in base below the strike) or base (repaid in quote above it). */
  deposit: 'quote' | 'base';
  s0?: number;
  accrual?: number;
}

/**
 * Dual-currency deposit. Quote-currency deposit: pays (1 + y tau) min(1, S_t / K) = the
 * deposit minus (1 + y tau) / K puts. Base-currency deposit (per 1.00 of principal converted
 * at S0): pays (1 + y tau) min(S_t, K) / S0 = the base-currency deposit minus calls.
 */
export function dualCurrencyPrice(m: FlatMarket, t: number, c: DualCurrencyTerms): { npv: number; conversionProbability: number } {
  checkMarket(m, t);
  const K = c.strike;
  if (!(K > 0)) throw new PricingError('strike must be > 0');
  const tau = c.accrual ?? t;
  const amount = 1 + c.depositYield * tau;
  const { spot: S, rd, rf, vol } = m;
  if (c.deposit === 'quote') {
    const put = blackScholesPrice('put', S, K, t, rd, rf, vol);
    return { npv: amount * (Math.exp(-rd * t) - put / K), conversionProbability: 1 - probAtOrAbove(m, K, t) };
  }
  const s0 = c.s0 ?? S;
  const call = blackScholesPrice('call', S, K, t, rd, rf, vol);
  return { npv: (amount * (S * Math.exp(-rf * t) - call)) / s0, conversionProbability: 1 - probAtOrBelow(m, K, t) };
}

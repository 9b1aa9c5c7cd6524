// Commodity-futures, stock-index and ETF options (the /CSIOptionCalculator screen's model):
//  - options on futures: Black-76, the futures price F as the underlying with no carry
//    (b = 0: rd = rf = r), European in closed form, American by the core's American engines;
//  - options on an index or an ETF: Black-Scholes-Merton with a continuous dividend yield q.
// Values are per unit of the underlying (one tonne, one gram, one index point, one fund unit);
// the caller scales by the contract multiplier. Greeks as PRICING-CLI: dV/dS, d2V/dS2,
// dV/dvol, theta per year of calendar time, rho per 1.00 of rate; American greeks by central
// differences of the same engine (its error is smooth in the inputs).
import { InverseSolveError, NO_INVERSE_MESSAGE, PricingError, type Greeks, type OptionType } from '../../core/types';
import { blackScholesGreeks, blackScholesPrice } from '../black/black-scholes';
import { impliedVolCore, IV_ABOVE_MAXIMUM, IV_BAD_INPUT, IV_BELOW_INTRINSIC } from '../black/implied-vol';
import { priceAmerican, type AmericanMethod } from '../american';
import type { ExerciseStyle, ListedUnderlying } from '../../instruments/listed-option-contracts';
import { brentRoot } from '../../math/brent';

export interface ListedOptionInputs {
  type: OptionType;
  underlying: ListedUnderlying;
  exercise: ExerciseStyle;
  /** The futures price (futures) or the index / ETF price. */
  price: number;
  strike: number;
  t: number;
  /** Continuously compounded risk-free rate. */
  r: number;
  /** Continuous dividend yield (index, ETF); ignored for futures. */
  q: number;
  vol: number;
  /** American engine; default `qdfp` (within 1e-6 of the strike of `numerical`). */
  method?: AmericanMethod;
}

export interface ListedOptionValue extends Greeks {
  /** The European value, and for American options the early-exercise premium over it. */
  european: number;
  earlyExercisePremium: number;
}

/** The Black-Scholes-Merton inputs the engines take: futures carry nothing (rf = rd). */
function bsm(o: ListedOptionInputs) {
  const rf = o.underlying === 'futures' ? o.r : o.q;
  return { spot: o.price, strike: o.strike, t: o.t, rd: o.r, rf, vol: o.vol };
}

export function validateListed(o: ListedOptionInputs): void {
  if (o.type !== 'call' && o.type !== 'put') throw new PricingError('type must be call or put');
  if (!(o.price > 0 && Number.isFinite(o.price))) throw new PricingError('the underlying price must be positive');
  if (!(o.strike > 0 && Number.isFinite(o.strike))) throw new PricingError('strike must be positive');
  if (!(o.t >= 0 && Number.isFinite(o.t))) throw new PricingError('expiry must not be before the valuation date');
  if (!(o.vol >= 0 && Number.isFinite(o.vol))) throw new PricingError('vol must be a non-negative number');
  if (!Number.isFinite(o.r) || !Number.isFinite(o.q)) throw new PricingError('rates must be finite numbers');
}

function americanValue(o: ListedOptionInputs): number {
  const m = bsm(o);
  return priceAmerican({ type: o.type, ...m }, o.method ?? 'qdfp');
}

export function listedOptionValue(o: ListedOptionInputs): number {
  validateListed(o);
  const m = bsm(o);
  return o.exercise === 'european' ? blackScholesPrice(o.type, m.spot, m.strike, m.t, m.rd, m.rf, m.vol) : americanValue(o);
}

/** Value and greeks. */
export function priceListedOption(o: ListedOptionInputs): ListedOptionValue {
  validateListed(o);
  const m = bsm(o);
  const eu = blackScholesGreeks(o.type, m.spot, m.strike, m.t, m.rd, m.rf, m.vol);
  if (o.exercise === 'european') return { ...eu, european: eu.npv, earlyExercisePremium: 0 };
  const v = (x: Partial<ListedOptionInputs>) => americanValue({ ...o, ...x });
  const npv = v({});
  const hS = 1e-4 * o.price, hV = 1e-4, hR = 1e-5;
  const up = v({ price: o.price + hS }), dn = v({ price: o.price - hS });
  const vega = o.vol > hV ? (v({ vol: o.vol + hV }) - v({ vol: o.vol - hV })) / (2 * hV) : (v({ vol: o.vol + hV }) - npv) / hV;
  // rho: the rate moves the discounting and, for futures options, nothing else (F is quoted).
  const rUp = v({ r: o.r + hR }), rDn = v({ r: o.r - hR });
  const qUp = o.underlying === 'futures' ? 0 : v({ q: o.q + hR }), qDn = o.underlying === 'futures' ? 0 : v({ q: o.q - hR });
  const hT = Math.min(1 / 365, o.t);
  const theta = hT > 0 ? (v({ t: o.t - hT }) - npv) / hT : 0;
  return {
    npv,
    delta: (up - dn) / (2 * hS),
    gamma: (up - 2 * npv + dn) / (hS * hS),
    vega,
    theta,
    rhoDomestic: (rUp - rDn) / (2 * hR),
    rhoForeign: o.underlying === 'futures' ? 0 : (qUp - qDn) / (2 * hR),
    european: eu.npv,
    earlyExercisePremium: npv - eu.npv,
  };
}

/**
 * Implied volatility from a market premium (per unit). European: the core's implied-vol
 * solver on the Black-76 / BSM price. American: Brent on the American engine's value in vol
 * (increasing in vol) on [0.01 %, 500 %]. A premium no vol reaches: InverseSolveError.
 */
export function listedImpliedVol(o: Omit<ListedOptionInputs, 'vol'>, premium: number): number {
  validateListed({ ...o, vol: 0.2 });
  if (!(premium >= 0 && Number.isFinite(premium))) throw new PricingError('the market premium must be a non-negative number');
  if (!(o.t > 0)) throw new InverseSolveError(NO_INVERSE_MESSAGE);
  const m = bsm({ ...o, vol: 0 });
  if (o.exercise === 'european') {
    const v = impliedVolCore(o.type === 'call' ? 1 : -1, premium, m.spot, m.strike, m.t, m.rd, m.rf);
    if (v === IV_BELOW_INTRINSIC || v === IV_ABOVE_MAXIMUM || v === IV_BAD_INPUT || !(v >= 0)) throw new InverseSolveError(NO_INVERSE_MESSAGE);
    return v;
  }
  const f = (vol: number) => americanValue({ ...o, vol }) - premium;
  const lo = 1e-4, hi = 5;
  const flo = f(lo), fhi = f(hi);
  if (!(flo <= 0 && fhi >= 0)) throw new InverseSolveError(NO_INVERSE_MESSAGE);
  const vol = brentRoot(f, lo, hi, { xTol: 1e-12 });
  if (!(Math.abs(f(vol)) <= 1e-9 * Math.max(premium, 1e-12 * o.strike) + 1e-12 * o.strike)) throw new InverseSolveError(NO_INVERSE_MESSAGE);
  return vol;
}

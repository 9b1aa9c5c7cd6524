// The inputs every American engine takes, plus the helpers they share: validation, the
// European value and the McDonald-Schroder put-call symmetry
//   C(S, K, rd, rf, vol, t) = P(K, S, rf, rd, vol, t),
// which lets the numerical engines solve the put problem only.
import { blackScholesPrice } from '../black/black-scholes';
import type { OptionType } from '../../core/types';

export interface AmericanInputs {
  type: OptionType;
  spot: number;
  strike: number;
  /** Time to expiry in years. */
  t: number;
  /** Domestic (risk-free) and foreign (dividend) continuously compounded rates. */
  rd: number;
  rf: number;
  vol: number;
}

export function intrinsic(o: AmericanInputs): number {
  return Math.max(o.type === 'call' ? o.spot - o.strike : o.strike - o.spot, 0);
}

export function europeanValue(o: AmericanInputs): number {
  return blackScholesPrice(o.type, o.spot, o.strike, o.t, o.rd, o.rf, o.vol);
}

/** The put with the same value as a call (or the call with the same value as a put). */
export function symmetricOption(o: AmericanInputs): AmericanInputs {
  return {
    type: o.type === 'call' ? 'put' : 'call',
    spot: o.strike,
    strike: o.spot,
    t: o.t,
    rd: o.rf,
    rf: o.rd,
    vol: o.vol,
  };
}

/**
 * Early exercise is never optimal for a put when rd <= 0 <= ... precisely when rd <= 0 and
 * rf >= rd, and for a call when rf <= 0 and rd >= rf; the value is then the European one.
 * When rf < rd < 0 (put) or rd < rf < 0 (call) two exercise boundaries exist.
 */
export function exerciseRegime(o: AmericanInputs): 'european' | 'single' | 'double' {
  const [r, q] = o.type === 'put' ? [o.rd, o.rf] : [o.rf, o.rd];
  // Decided on the discount factor (as QuantLib does): a rate too small to move e^{-r t}
  // away from 1 gives no early-exercise premium worth computing.
  if (Math.exp(-r * o.t) < 1) return 'single';
  if (q < r) return 'double';
  return 'european';
}

export function validateAmerican(o: AmericanInputs): void {
  if (o.type !== 'call' && o.type !== 'put') throw new RangeError('type must be call or put');
  if (!(o.spot > 0 && o.spot < Infinity)) throw new RangeError('spot must be positive and finite');
  if (!(o.strike > 0 && o.strike < Infinity)) throw new RangeError('strike must be positive and finite');
  if (!(o.t >= 0 && o.t < Infinity)) throw new RangeError('t must be non-negative and finite');
  if (!(o.vol >= 0 && o.vol < Infinity)) throw new RangeError('vol must be non-negative and finite');
  if (!Number.isFinite(o.rd) || !Number.isFinite(o.rf)) throw new RangeError('rd and rf must be finite');
}

/** Value when nothing is left to model: no time or no volatility. */
export function degenerateValue(o: AmericanInputs): number | undefined {
  if (o.t === 0) return intrinsic(o);
  if (o.vol === 0) {
    // Deterministic path: exercising at time u is worth w (S e^{-rf u} - K e^{-rd u}); the
    // best u is 0, t or the stationary point of that function.
    const w = o.type === 'call' ? 1 : -1;
    const at = (u: number) => Math.max(w * (o.spot * Math.exp(-o.rf * u) - o.strike * Math.exp(-o.rd * u)), 0);
    let best = Math.max(at(0), at(o.t));
    if (o.rd !== o.rf && o.rd !== 0 && o.rf !== 0) {
      const ratio = (o.rf * o.spot) / (o.rd * o.strike);
      if (ratio > 0) {
        const u = Math.log(ratio) / (o.rf - o.rd);
        if (u > 0 && u < o.t) best = Math.max(best, at(u));
      }
    }
    return best;
  }
  return undefined;
}

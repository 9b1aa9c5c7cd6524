// One-touch and no-touch options on a continuously monitored barrier (Reiner-Rubinstein
// binary barriers, Haug section 4.19). A one-touch pays `cash` at the first hit or at expiry;
// a no-touch pays `cash` at expiry if the barrier was never touched. Spot on or beyond the
// barrier counts as touched.
import { normCdf } from '../../math/normal';
import { PricingError } from '../../core/types';

export type TouchType = 'oneTouch' | 'noTouch';
export type PayAt = 'hit' | 'expiry';

export interface TouchInputs {
  touchType: TouchType;
  payAt: PayAt;
  spot: number;
  barrier: number;
  cash: number;
  t: number;
  rd: number;
  rf: number;
  vol: number;
}

/** e^{-rd t} times the risk-neutral probability that the barrier is never touched. */
function discountedNoTouch(S: number, H: number, T: number, r: number, q: number, v: number): number {
  const dfr = Math.exp(-r * T);
  if (T === 0) return dfr;
  const eta = H < S ? 1 : -1; // down barrier: eta = 1
  const b = r - q;
  if (v === 0) {
    const hitTime = b === 0 ? Infinity : Math.log(H / S) / b;
    return hitTime > 0 && hitTime <= T ? 0 : dfr;
  }
  const sd = v * Math.sqrt(T);
  const mu = (b - 0.5 * v * v) / (v * v);
  const x2m = Math.log(S / H) / sd + mu * sd;
  const y2m = Math.log(H / S) / sd + mu * sd;
  const p = normCdf(eta * x2m) - Math.pow(H / S, 2 * mu) * normCdf(eta * y2m);
  return dfr * Math.max(p, 0);
}

/** Value at time 0 of `cash` paid at the first hitting time (if before T). */
function payAtHitOneTouch(S: number, H: number, T: number, r: number, q: number, v: number): number {
  if (T === 0) return 0;
  const eta = H < S ? 1 : -1;
  const b = r - q;
  if (v === 0) {
    const hitTime = b === 0 ? Infinity : Math.log(H / S) / b;
    return hitTime > 0 && hitTime <= T ? Math.exp(-r * hitTime) : 0;
  }
  const sd = v * Math.sqrt(T);
  const mu = (b - 0.5 * v * v) / (v * v);
  const lambda = Math.sqrt(mu * mu + (2 * r) / (v * v));
  const z = Math.log(H / S) / sd + lambda * sd;
  const hs = H / S;
  return Math.pow(hs, mu + lambda) * normCdf(eta * z) + Math.pow(hs, mu - lambda) * normCdf(eta * (z - 2 * lambda * sd));
}

export function touchPrice(p: TouchInputs): number {
  const { touchType, payAt, spot: S, barrier: H, cash, t: T, rd: r, rf: q, vol: v } = p;
  if (!(S > 0 && H > 0 && T >= 0 && v >= 0)) throw new PricingError('touch: invalid inputs');
  if (touchType === 'noTouch' && payAt === 'hit') throw new PricingError('a no-touch pays at expiry');
  if (S === H) return touchType === 'noTouch' ? 0 : cash * (payAt === 'hit' ? 1 : Math.exp(-r * T));
  if (touchType === 'noTouch') return cash * discountedNoTouch(S, H, T, r, q, v);
  if (payAt === 'hit') return cash * payAtHitOneTouch(S, H, T, r, q, v);
  return cash * (Math.exp(-r * T) - discountedNoTouch(S, H, T, r, q, v));
}

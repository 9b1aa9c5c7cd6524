// One-touch and no-touch options on a continuously monitored barrier (Reiner-Rubinstein
// binary barriers, Haug section 4.19). A one-touch pays `cash` at the first hit or at expiry;
// a no-touch pays `cash` at expiry if the barrier was never touched. Spot on or beyond the
// barrier counts as touched.
import { normCdf } from '../../math/normal';
import { powTimesNormCdf } from '../../math/scaled-cdf';
import { PricingError } from '../../core/types';
import { integrateGaussKronrod } from '../../math/quadrature';

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
  const p = normCdf(eta * x2m) - powTimesNormCdf(H / S, 2 * mu, eta * y2m);
  return dfr * Math.max(p, 0);
}

/**
 * Value at time 0 of one unit paid at the first time the spot touches H (if before T):
 * E[e^{-rd tau} 1{tau <= T}]. Closed form (Reiner-Rubinstein) when lambda^2 = mu^2 + 2 rd / vol^2
 * is non-negative; for negative rates that make it negative the closed form turns complex,
 * so the first-passage density is integrated numerically instead.
 */
export function payAtHitValue(S: number, H: number, T: number, r: number, q: number, v: number): number {
  if (T === 0) return 0;
  const eta = H < S ? 1 : -1;
  const b = r - q;
  if (v === 0) {
    const hitTime = b === 0 ? Infinity : Math.log(H / S) / b;
    return hitTime > 0 && hitTime <= T ? Math.exp(-r * hitTime) : 0;
  }
  const sd = v * Math.sqrt(T);
  const mu = (b - 0.5 * v * v) / (v * v);
  const lambda2 = mu * mu + (2 * r) / (v * v);
  if (lambda2 < 0) return payAtHitByDensity(S, H, T, r, q, v);
  const lambda = Math.sqrt(lambda2);
  const z = Math.log(H / S) / sd + lambda * sd;
  const hs = H / S;
  return powTimesNormCdf(hs, mu + lambda, eta * z) + powTimesNormCdf(hs, mu - lambda, eta * (z - 2 * lambda * sd));
}

/** Integral over [0, T] of e^{-r s} times the inverse-Gaussian first-passage density. */
export function payAtHitByDensity(S: number, H: number, T: number, r: number, q: number, v: number): number {
  const a = Math.abs(Math.log(H / S));
  const nu = (H < S ? -1 : 1) * (r - q - 0.5 * v * v); // drift towards the barrier
  const density = (s: number) => {
    if (s <= 0) return 0;
    const x = a - nu * s;
    return (a / (v * Math.sqrt(2 * Math.PI * s * s * s))) * Math.exp(-(x * x) / (2 * v * v * s) - r * s);
  };
  return integrateGaussKronrod(density, 0, T, { absTol: 1e-15, relTol: 1e-13 });
}

export function touchPrice(p: TouchInputs): number {
  const { touchType, payAt, spot: S, barrier: H, cash, t: T, rd: r, rf: q, vol: v } = p;
  if (!(S > 0 && H > 0 && T >= 0 && v >= 0)) throw new PricingError('touch: invalid inputs');
  if (touchType === 'noTouch' && payAt === 'hit') throw new PricingError('a no-touch pays at expiry');
  if (S === H) return touchType === 'noTouch' ? 0 : cash * (payAt === 'hit' ? 1 : Math.exp(-r * T));
  if (touchType === 'noTouch') return cash * discountedNoTouch(S, H, T, r, q, v);
  if (payAt === 'hit') return cash * payAtHitValue(S, H, T, r, q, v);
  return cash * (Math.exp(-r * T) - discountedNoTouch(S, H, T, r, q, v));
}

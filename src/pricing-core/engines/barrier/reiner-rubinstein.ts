// Single-barrier European options with rebate, continuous monitoring: Merton (1973),
// Reiner-Rubinstein (1991) in the A..F building blocks of Haug, "The Complete Guide to Option
// Pricing Formulas", 2nd ed., section 4.17.1. Knock-out rebates are paid at hit, knock-in
// rebates at expiry. Spot on or beyond the barrier counts as touched (PRICING-CLI).
import { normCdf } from '../../math/normal';
import { powTimesNormCdf } from '../../math/scaled-cdf';
import { PricingError, type OptionType } from '../../core/types';
import { blackScholesPrice } from '../black/black-scholes';
import { payAtHitValue } from '../digital/touch';

export type BarrierType = 'downIn' | 'downOut' | 'upIn' | 'upOut';

export interface BarrierInputs {
  type: OptionType;
  barrierType: BarrierType;
  spot: number;
  strike: number;
  barrier: number;
  rebate: number;
  t: number;
  rd: number;
  rf: number;
  vol: number;
}

/** Broadie-Glasserman-Kou: a continuous barrier that matches monitoring every `dt` years. */
export function discreteMonitoringBarrier(barrier: number, barrierType: BarrierType, vol: number, dt: number): number {
  const beta = 0.5825971579390107; // -zeta(1/2)/sqrt(2 pi)
  const up = barrierType === 'upIn' || barrierType === 'upOut';
  return barrier * Math.exp((up ? 1 : -1) * beta * vol * Math.sqrt(dt));
}

function isTouched(p: BarrierInputs): boolean {
  const down = p.barrierType === 'downIn' || p.barrierType === 'downOut';
  return down ? p.spot <= p.barrier : p.spot >= p.barrier;
}

export function barrierPrice(p: BarrierInputs): number {
  const { type, barrierType, spot: S, strike: X, barrier: H, rebate: R, t: T, rd: r, rf: q, vol: v } = p;
  if (!(S > 0 && X > 0 && H > 0 && T >= 0 && v >= 0 && R >= 0)) throw new PricingError('barrier: invalid inputs');
  const knockIn = barrierType === 'downIn' || barrierType === 'upIn';
  if (isTouched(p)) {
    return knockIn ? blackScholesPrice(type, S, X, T, r, q, v) : R;
  }
  if (T === 0) return knockIn ? R : Math.max((type === 'call' ? 1 : -1) * (S - X), 0);
  if (v === 0) return deterministicBarrier(p);

  const phi = type === 'call' ? 1 : -1;
  const eta = barrierType === 'downIn' || barrierType === 'downOut' ? 1 : -1;
  const b = r - q;
  const sd = v * Math.sqrt(T);
  const mu = (b - 0.5 * v * v) / (v * v);
  const dfq = Math.exp(-q * T), dfr = Math.exp(-r * T);
  const x1 = Math.log(S / X) / sd + (1 + mu) * sd;
  const x2 = Math.log(S / H) / sd + (1 + mu) * sd;
  const y1 = Math.log((H * H) / (S * X)) / sd + (1 + mu) * sd;
  const y2 = Math.log(H / S) / sd + (1 + mu) * sd;
  const hs = H / S;
  const P = powTimesNormCdf;

  const A = () => phi * S * dfq * normCdf(phi * x1) - phi * X * dfr * normCdf(phi * (x1 - sd));
  const B = () => phi * S * dfq * normCdf(phi * x2) - phi * X * dfr * normCdf(phi * (x2 - sd));
  const C = () => phi * S * dfq * P(hs, 2 * mu + 2, eta * y1) - phi * X * dfr * P(hs, 2 * mu, eta * (y1 - sd));
  const D = () => phi * S * dfq * P(hs, 2 * mu + 2, eta * y2) - phi * X * dfr * P(hs, 2 * mu, eta * (y2 - sd));
  const E = () => (R > 0 ? R * dfr * (normCdf(eta * (x2 - sd)) - P(hs, 2 * mu, eta * (y2 - sd))) : 0);
  const F = () => (R > 0 ? R * payAtHitValue(S, H, T, r, q, v) : 0);

  const above = X >= H;
  if (type === 'call') {
    switch (barrierType) {
      case 'downIn': return above ? C() + E() : A() - B() + D() + E();
      case 'upIn': return above ? A() + E() : B() - C() + D() + E();
      case 'downOut': return above ? A() - C() + F() : B() - D() + F();
      case 'upOut': return above ? F() : A() - B() + C() - D() + F();
    }
  } else {
    switch (barrierType) {
      case 'downIn': return above ? B() - C() + D() + E() : A() + E();
      case 'upIn': return above ? A() - B() + D() + E() : C() + E();
      case 'downOut': return above ? A() - B() + C() - D() + F() : F();
      case 'upOut': return above ? B() - D() + F() : A() - C() + F();
    }
  }
  throw new PricingError(`unknown barrierType: ${String(barrierType)}`);
}

/** Zero volatility: the spot follows its forward path S e^{(rd-rf)u}; hit iff it crosses H before T. */
function deterministicBarrier(p: BarrierInputs): number {
  const { type, barrierType, spot: S, strike: X, barrier: H, rebate: R, t: T, rd: r, rf: q } = p;
  const b = r - q;
  const hitTime = b === 0 ? Infinity : Math.log(H / S) / b;
  const hit = hitTime > 0 && hitTime <= T;
  const vanilla = blackScholesPrice(type, S, X, T, r, q, 0);
  const knockIn = barrierType === 'downIn' || barrierType === 'upIn';
  if (knockIn) return hit ? vanilla : R * Math.exp(-r * T);
  return hit ? R * Math.exp(-r * hitTime) : vanilla;
}

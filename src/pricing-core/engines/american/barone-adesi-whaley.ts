// Barone-Adesi & Whaley (1987) quadratic approximation. The early-exercise premium solves
// the Black-Scholes PDE with the time derivative of the premium dropped; the critical price
// S* is found by Newton's method on the smooth-pasting condition (Haug's seed).
import { normCdf, normPdf } from '../../math/normal';
import {
  type AmericanInputs, degenerateValue, europeanValue, exerciseRegime, intrinsic, validateAmerican,
} from './american-inputs';

/** r / (1 - e^{-r t}), continuous through r = 0 (limit 1/t). */
function rateOverAnnuity(r: number, t: number): number {
  const x = r * t;
  if (Math.abs(x) < 1e-10) return (1 + x / 2) / t;
  return r / -Math.expm1(-x);
}

interface Quadratic {
  /** Exponent of the premium's power law. */
  q: number;
  /** Critical price (exercise boundary) at expiry t. */
  sStar: number;
}

const MAX_NEWTON = 200;

/** BAW exponent and critical price of a call (w = 1) or put (w = -1). */
export function bawCriticalPrice(o: AmericanInputs): Quadratic {
  const { strike: k, t, rd: r, rf, vol } = o;
  const b = r - rf;
  const v2 = vol * vol;
  const sqrtT = Math.sqrt(t);
  const sd = vol * sqrtT;
  const n = (2 * b) / v2;
  const mOverK = (2 / v2) * rateOverAnnuity(r, t);
  const m = (2 * r) / v2;
  const carry = Math.exp((b - r) * t);
  const dd = Math.exp(-r * t);
  const disc = (n - 1) * (n - 1);
  if (o.type === 'call') {
    const q2 = (-(n - 1) + Math.sqrt(disc + 4 * mOverK)) / 2;
    const q2Inf = (-(n - 1) + Math.sqrt(disc + 4 * m)) / 2;
    const sInf = k / (1 - 1 / q2Inf);
    const h2 = (-(b * t + 2 * sd) * k) / (sInf - k);
    let s = k + (sInf - k) * (1 - Math.exp(h2));
    for (let i = 0; i < MAX_NEWTON; i++) {
      // European call at spot s, inlined: its N(d1) is also the Newton slope's.
      const d1 = (Math.log(s / k) + (b + v2 / 2) * t) / sd;
      const nd1 = normCdf(d1);
      const call = s * carry * nd1 - k * dd * normCdf(d1 - sd);
      const rhs = call + ((1 - carry * nd1) * s) / q2;
      const slope = carry * nd1 * (1 - 1 / q2) + (1 - (carry * normPdf(d1)) / sd) / q2;
      const next = (k + rhs - slope * s) / (1 - slope);
      const done = Math.abs(next - s) <= 1e-13 * s;
      s = next;
      if (done) break;
    }
    return { q: q2, sStar: s };
  }
  const q1 = (-(n - 1) - Math.sqrt(disc + 4 * mOverK)) / 2;
  const q1Inf = (-(n - 1) - Math.sqrt(disc + 4 * m)) / 2;
  const sInf = k / (1 - 1 / q1Inf);
  const h1 = ((b * t - 2 * sd) * k) / (k - sInf);
  let s = sInf + (k - sInf) * Math.exp(h1);
  for (let i = 0; i < MAX_NEWTON; i++) {
    const d1 = (Math.log(s / k) + (b + v2 / 2) * t) / sd;
    const nmd1 = normCdf(-d1);
    const put = k * dd * normCdf(sd - d1) - s * carry * nmd1;
    const rhs = put - ((1 - carry * nmd1) * s) / q1;
    const slope = -carry * nmd1 * (1 - 1 / q1) - (1 + (carry * normPdf(-d1)) / sd) / q1;
    const next = (k - rhs + slope * s) / (1 + slope);
    const done = Math.abs(next - s) <= 1e-13 * s;
    s = next;
    if (done) break;
  }
  return { q: q1, sStar: s };
}

export function baroneAdesiWhaley(o: AmericanInputs): number {
  validateAmerican(o);
  const degenerate = degenerateValue(o);
  if (degenerate !== undefined) return degenerate;
  const european = europeanValue(o);
  // The approximation has no early-exercise premium outside the one-boundary regime.
  if (exerciseRegime(o) !== 'single') return Math.max(european, intrinsic(o));
  const { q, sStar } = bawCriticalPrice(o);
  const { spot: s, strike: k, t, rd: r, rf, vol } = o;
  const sd = vol * Math.sqrt(t);
  const d1 = (Math.log(sStar / k) + (r - rf + (vol * vol) / 2) * t) / sd;
  const carry = Math.exp(-rf * t);
  let v: number;
  if (o.type === 'call') {
    v = s >= sStar ? s - k : european + (sStar / q) * (1 - carry * normCdf(d1)) * (s / sStar) ** q;
  } else {
    v = s <= sStar ? k - s : european - (sStar / q) * (1 - carry * normCdf(-d1)) * (s / sStar) ** q;
  }
  // The approximate boundary can put the value a hair under the European one; never report that.
  return Math.max(Number.isFinite(v) ? v : 0, european, intrinsic(o));
}

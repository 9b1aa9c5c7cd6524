// Barone-Adesi & Whaley (1987) quadratic approximation. The early-exercise premium solves
// the Black-Scholes PDE with the time derivative of the premium dropped; the critical price
// S* is found by Newton's method on the smooth-pasting condition (Haug's seed), switching
// to Halley's near the root.
//
// One scalar kernel (`bawKernel`, w = +1 call / -1 put) serves the per-trade function and the
// batch API (../../batch/american-batch.ts), so both give the same bits. It allocates nothing:
// the boundary solver leaves its results in module scratch variables.
import * as normal from '../../math/normal';
import { type AmericanInputs, degenerateValue, validateAmerican } from './american-inputs';

// Bound once: tsx's CommonJS interop reads an imported binding through a getter at every
// call, which showed as ~8% of the profile of this loop.
const expMinusHalfSquare = normal.expMinusHalfSquare;
const normCdfGivenExp = normal.normCdfGivenExp;

const INV_SQRT_2PI = 0.3989422804014327;
const MAX_NEWTON = 200;
/**
 * The iteration stops after a step that moves S* by at most this fraction: the error left
 * is then ~1e-12 relative (Newton converges quadratically, Halley cubically), which moves the
 * price by far less than 1e-10 of the strike (measured over 20,000 random inputs against
 * iterating to rounding: 4e-8 of the strike at worst, at vols of 3 %).
 */
const NEWTON_TOL = 1e-6;
const HALLEY_TOL = 1e-3;
/** Halley's step is taken once Newton's moves S* by less than this fraction. */
const HALLEY_ZONE = 0.3;
/** ...or once the smooth-pasting residual is at the rounding level of its terms. */
const G_NOISE = 1e-15;

/** r / (1 - e^{-r t}), continuous through r = 0 (limit 1/t). */
function rateOverAnnuity(r: number, t: number): number {
  const x = r * t;
  if (Math.abs(x) < 1e-10) return (1 + x / 2) / t;
  return r / -Math.expm1(-x);
}

// Results of the last `solveBoundary` call (scratch, so the hot path allocates nothing).
let outQ = 0; // exponent of the premium's power law
let outSStar = 0; // critical price
let outA = 0; // e^{-rf t} N(w d1(S*)), the European's delta at S* (times w)
let outIterations = 0;

/**
 * BAW exponent and critical price for w = +1 (call) / -1 (put). Smooth pasting at S*:
 *   w (S* - K) = V_e(S*) + w (1 - a(S*)) S* / q,   a(S) = df N(w d1(S)),
 * solved by Newton. Per step one log and one exp: exp(-d2^2/2) = exp(-d1^2/2) F/K gives
 * both normal CDFs and the density from a single exponential.
 */
function solveBoundary(w: number, k: number, t: number, r: number, rf: number, vol: number,
  sd: number, df: number, dd: number): void {
  const b = r - rf;
  const v2 = vol * vol;
  const n = (2 * b) / v2;
  const mOverK = (2 / v2) * rateOverAnnuity(r, t);
  const m = (2 * r) / v2;
  const disc = (n - 1) * (n - 1);
  // q2 (call, w = 1) takes the + root, q1 (put) the - root.
  const q = (-(n - 1) + w * Math.sqrt(disc + 4 * mOverK)) / 2;
  const qInf = (-(n - 1) + w * Math.sqrt(disc + 4 * m)) / 2;
  const sInf = k / (1 - 1 / qInf);
  // Haug's seed: S* = S_inf + (K - S_inf) e^h, h = -(b t + w 2 sd) K / (w (S_inf - K)).
  const h = (-(b * t + w * 2 * sd) * k) / (w * (sInf - k));
  let s = sInf + (k - sInf) * Math.exp(h);
  const invSd = 1 / sd;
  const d1Shift = (b + v2 / 2) * t * invSd;
  const fwdOverSpot = df / dd; // F/K = (S/K) df/dd
  const kDd = k * dd;
  const invQ = 1 / q;
  let a = 0;
  let i = 0;
  for (; i < MAX_NEWTON; i++) {
    const sk = s / k;
    const d1 = Math.log(sk) * invSd + d1Shift;
    const d2 = d1 - sd;
    const e1 = expMinusHalfSquare(d1);
    const fk = sk * fwdOverSpot;
    const e2 = e1 > 1e-290 && fk < 1e290 ? e1 * fk : expMinusHalfSquare(d2);
    a = df * normCdfGivenExp(w * d1, e1);
    const european = w * (s * a - kDd * normCdfGivenExp(w * d2, e2));
    // G(S) = w (S - K) - V_e(S) - w (1 - a) S / q and its derivative in S
    // (p = df n(d1) / (S sd) is da/dS up to the sign w).
    const g = w * (s - k) - european - w * (1 - a) * s * invQ;
    const p = (df * INV_SQRT_2PI * e1 * invSd) / s;
    const slope = w - w * a - (w * (1 - a) - p * s) * invQ;
    const newton = g / slope;
    // Near the root, Halley's step (cubic convergence) saves about one evaluation; its
    // correction uses G'' = p ((1 - d1 / sd) / q - 1), free given p.
    const halley = Math.abs(newton) < HALLEY_ZONE * s ? (0.5 * newton * p * ((1 - d1 * invSd) * invQ - 1)) / slope : 1;
    const isHalley = Math.abs(halley) < 0.1;
    const step = isHalley ? newton / (1 - halley) : newton;
    s -= step;
    if (!(Math.abs(step) > (isHalley ? HALLEY_TOL : NEWTON_TOL) * s) || !(Math.abs(g) > G_NOISE * (s + k))) {
      // Converged. Carry a to the new s by its Taylor series to second order
      // (dp/dS = -p (1 + d1/sd) / S), which leaves an error ~step^3.
      a -= w * step * (p + (0.5 * step * p * (1 + d1 * invSd)) / (s + step));
      break;
    }
  }
  outQ = q;
  outSStar = s;
  outA = a;
  outIterations = i + 1;
}

/**
 * BAW value of an option already validated (w = +1 call, -1 put). The American value is
 * floored at the European and the intrinsic value: the approximate boundary can put it a
 * hair under the European one.
 */
export function bawKernel(w: number, s: number, k: number, t: number, rd: number, rf: number, vol: number): number {
  if (t === 0 || vol === 0) {
    return degenerateValue({ type: w > 0 ? 'call' : 'put', spot: s, strike: k, t, rd, rf, vol }) as number;
  }
  const sd = vol * Math.sqrt(t);
  const dd = Math.exp(-rd * t), df = Math.exp(-rf * t);
  // European value (blackScholesPrice's formula; one exp serves both CDFs, as in the loop).
  const fk = (s * df) / (k * dd);
  const d1 = Math.log(fk) / sd + 0.5 * sd;
  const e1 = expMinusHalfSquare(d1);
  const e2 = e1 > 1e-290 && fk < 1e290 ? e1 * fk : expMinusHalfSquare(d1 - sd);
  const european = w * (s * df * normCdfGivenExp(w * d1, e1) - k * dd * normCdfGivenExp(w * (d1 - sd), e2));
  const intrinsic = Math.max(w * (s - k), 0);
  // One exercise boundary iff the rate that makes early exercise pay moves its discount
  // factor below 1 (as exerciseRegime decides); otherwise there is no premium here.
  if (!((w > 0 ? df : dd) < 1)) return Math.max(european, intrinsic);
  solveBoundary(w, k, t, rd, rf, vol, sd, df, dd);
  const sStar = outSStar, q = outQ;
  const v = w * (s - sStar) >= 0 ? w * (s - k) : european + w * (sStar / q) * (1 - outA) * (s / sStar) ** q;
  return Math.max(Number.isFinite(v) ? v : 0, european, intrinsic);
}

/** Newton steps taken by the last boundary solve (evaluations of the smooth-pasting condition). */
export function lastBawIterations(): number {
  return outIterations;
}

/** BAW exponent and critical price of a call or put (the numerical engine's seed). */
export function bawCriticalPrice(o: AmericanInputs): { q: number; sStar: number } {
  const sd = o.vol * Math.sqrt(o.t);
  solveBoundary(o.type === 'call' ? 1 : -1, o.strike, o.t, o.rd, o.rf, o.vol, sd, Math.exp(-o.rf * o.t), Math.exp(-o.rd * o.t));
  return { q: outQ, sStar: outSStar };
}

export function baroneAdesiWhaley(o: AmericanInputs): number {
  validateAmerican(o);
  return bawKernel(o.type === 'call' ? 1 : -1, o.spot, o.strike, o.t, o.rd, o.rf, o.vol);
}

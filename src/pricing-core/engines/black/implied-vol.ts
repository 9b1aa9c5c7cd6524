// Implied Black volatility from a premium, robust from deep in-the-money to tiny premiums.
//
// The premium is normalised to the out-of-the-money call b(x, s) with x = -|ln(F/K)| <= 0
// (in-the-money prices lose their intrinsic value first, by put-call parity), where b is
// increasing in s = vol sqrt(t) with one inflection point at s_c = sqrt(2|x|). Below b(s_c) we
// solve ln b(s) = ln beta (the logarithm makes the exponentially flat low wing nearly
// linear); above it b(s) = beta. Each step is a Halley step kept inside a bracket that
// shrinks with every evaluation; a step that leaves the bracket is replaced by bisection, so
// the solver always converges. Accuracy: |s - s*| below ~1e-14 s* wherever the normalised
// price itself carries that many digits (see docs/pricing.md).
import { expMinusHalfSquare, normCdfGivenExp, normInv } from '../../math/normal';
import { PricingError, type OptionType } from '../../core/types';
import { normalizedBlackCall } from './normalized-black';

const INV_SQRT_2PI = 0.3989422804014327;

const MAX_ITER = 60;

/**
 * Solves b(x, s) = beta for s > 0 with x <= 0 and 0 < beta < e^{x/2}. Returns s.
 * Allocation-free; shared with the batch kernel.
 */
export function normalizedImpliedStdDev(x: number, beta: number): number {
  if (x === 0) return 2 * normInv(0.5 + 0.5 * beta); // b(0, s) = 2 N(s/2) - 1
  const ex2 = Math.exp(0.5 * x), emx2 = 1 / ex2, ex = ex2 * ex2;
  const sc = Math.sqrt(-2 * x);
  const bc = normalizedBlackCall(x, sc);
  let lo = 0, hi = Infinity;
  let s: number;
  const low = beta < bc;
  const lnBeta = Math.log(beta);
  if (low) {
    hi = sc;
    // From b ~ exp(-x^2 / (2 s^2)) in the low wing.
    s = Math.min(-x / Math.sqrt(-2 * (lnBeta - 0.5 * x)), 0.9 * sc);
    if (!(s > 0)) s = 0.5 * sc;
  } else {
    lo = sc;
    // Above the inflection point: start from the at-the-money inversion of the excess.
    const q = (beta - bc) / (ex2 - bc);
    s = Math.max(sc, 2 * normInv(0.5 + 0.5 * Math.min(q, 1 - 1e-16)) + sc);
  }
  for (let i = 0; i < MAX_ITER; i++) {
    // b(x, s) and b'(s) from one exponential: with h = x/s, u = s/2,
    // exp(-(h-u)^2/2) = exp(-(h+u)^2/2) e^x and b' = e^{x/2} phi(h+u).
    const h = x / s, u = 0.5 * s;
    const e = expMinusHalfSquare(h + u);
    const b = ex2 * normCdfGivenExp(h + u, e) - emx2 * normCdfGivenExp(h - u, e * ex);
    const v = INV_SQRT_2PI * ex2 * e;
    // b'' / b' = x^2 / s^3 - s / 4 for the normalised Black function
    const vv = (x * x) / (s * s * s) - 0.25 * s;
    let f: number, f1: number, f2: number;
    if (low) {
      if (!(b > 0)) { lo = s; s = 0.5 * (lo + hi); continue; }
      f = Math.log(b) - lnBeta;
      const r = v / b;
      f1 = r;
      f2 = r * (vv - r);
    } else {
      f = b - beta;
      f1 = v;
      f2 = v * vv;
    }
    if (f > 0) hi = Math.min(hi, s); else lo = Math.max(lo, s);
    if (f === 0) return s;
    const newton = f / f1;
    let next = s - newton / (1 - 0.5 * newton * (f2 / f1)); // Halley
    const halley = next > lo && next < hi;
    if (!halley) next = Number.isFinite(hi) ? 0.5 * (lo + hi) : 2 * s;
    // Halley converges cubically: once its step is below 1e-8 s, the next error is far below
    // an ulp (a bisection step proves nothing, so it never ends the loop early).
    if (halley ? Math.abs(next - s) <= 1e-8 * s : Math.abs(next - s) <= 4e-16 * s) return next;
    s = next;
  }
  return s;
}

/** Codes returned by impliedVolCore for premiums it cannot invert (all negative). */
export const IV_BELOW_INTRINSIC = -1;
export const IV_ABOVE_MAXIMUM = -2;
export const IV_BAD_INPUT = -3;

/**
 * Implied vol for w = +1 (call) / -1 (put), or a negative code. Allocation-free; shared by
 * the per-trade API (which throws on codes) and the batch API (which writes NaN).
 */
export function impliedVolCore(
  w: number, price: number, spot: number, strike: number, t: number, rd: number, rf: number,
): number {
  if (!(t > 0) || !(price >= 0) || !Number.isFinite(price)) return IV_BAD_INPUT;
  const fwd = spot * Math.exp((rd - rf) * t);
  const beta = price / (Math.exp(-rd * t) * Math.sqrt(fwd * strike));
  const x = Math.log(fwd / strike);
  // Normalised intrinsic value, computed without cancellation for small |x|.
  const intrinsic = Math.max(w * 2 * Math.sinh(0.5 * x), 0);
  const xo = -Math.abs(x);
  const betaOtm = beta - intrinsic;
  if (betaOtm < -32 * Number.EPSILON * Math.max(beta, 1e-300)) return IV_BELOW_INTRINSIC;
  if (betaOtm <= 0) return 0;
  if (betaOtm >= Math.exp(0.5 * xo)) return IV_ABOVE_MAXIMUM;
  return normalizedImpliedStdDev(xo, betaOtm) / Math.sqrt(t);
}

/** Implied volatility of a European option premium (domestic units per unit of foreign). */
export function impliedVolatility(
  type: OptionType, price: number, spot: number, strike: number, t: number, rd: number, rf: number,
): number {
  if (!(t > 0)) throw new PricingError('t must be positive for an implied volatility');
  if (!(price >= 0) || !Number.isFinite(price)) throw new PricingError('price must be a non-negative number');
  const v = impliedVolCore(type === 'call' ? 1 : -1, price, spot, strike, t, rd, rf);
  if (v === IV_BELOW_INTRINSIC) throw new PricingError('price is below the intrinsic value');
  if (v === IV_ABOVE_MAXIMUM) throw new PricingError('price is above the no-arbitrage maximum');
  return v;
}

// Heston (1993) European options, semi-analytic. The characteristic function is taken in the
// "little trap" form of Albrecher, Mayer, Schoutens and Tistaert (2007), which stays on the
// principal branch of the complex logarithm for long maturities, and the price comes from
// Lewis's single-integral formula
//   C = S e^{-rf T} - sqrt(S K) e^{-(rd+rf) T / 2} / pi * Int_0^inf Re[e^{iuk} psi(u - i/2)] / (u^2 + 1/4) du,
// with k = ln(F/K) and psi the characteristic function of ln(S_T / F). Along the line
// z = u - i/2 the term z^2 + iz is the real u^2 + 1/4, which keeps the algebra short.
// The integral is evaluated by adaptive Gauss-Kronrod quadrature on [0, inf).
import { integrateToInfinity } from '../../math/quadrature';
import { PricingError, type OptionType } from '../../core/types';

export interface HestonParams {
  v0: number;
  kappa: number;
  theta: number;
  sigma: number;
  rho: number;
}

type C = { re: number; im: number };
const c = (re: number, im = 0): C => ({ re, im });
const add = (a: C, b: C): C => c(a.re + b.re, a.im + b.im);
const sub = (a: C, b: C): C => c(a.re - b.re, a.im - b.im);
const mul = (a: C, b: C): C => c(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
const scale = (a: C, k: number): C => c(a.re * k, a.im * k);
function div(a: C, b: C): C {
  const m = b.re * b.re + b.im * b.im;
  return c((a.re * b.re + a.im * b.im) / m, (a.im * b.re - a.re * b.im) / m);
}
function csqrt(a: C): C {
  const r = Math.hypot(a.re, a.im);
  const re = Math.sqrt(0.5 * (r + a.re));
  const im = Math.sqrt(Math.max(0.5 * (r - a.re), 0));
  return c(re, a.im < 0 ? -im : im);
}
function cexp(a: C): C {
  const m = Math.exp(a.re);
  return c(m * Math.cos(a.im), m * Math.sin(a.im));
}
/** log(1 + z), accurate for small |z|. */
function clog1p(z: C): C {
  return c(0.5 * Math.log1p(z.re * (2 + z.re) + z.im * z.im), Math.atan2(z.im, 1 + z.re));
}

/**
 * Re[e^{iuk} psi(u - i/2)] / (u^2 + 1/4), psi the little-trap characteristic function.
 * With q = u^2 + 1/4, beta = kappa - rho sigma (iu + 1/2) and d = sqrt(beta^2 + sigma^2 q),
 * beta - d = -sigma^2 q / (beta + d) is formed without cancellation, and
 * (1 - g e^{-dT}) / (1 - g) = 1 + (beta - d)(1 - e^{-dT}) / (2d), so the log is a log1p:
 * this keeps full accuracy down to vol-of-vol -> 0 (the Black-Scholes limit).
 */
function lewisIntegrand(u: number, k: number, T: number, p: HestonParams): number {
  const { v0, kappa, theta, sigma, rho } = p;
  const s2 = sigma * sigma;
  const q = u * u + 0.25;
  const beta = c(kappa - 0.5 * rho * sigma, -rho * sigma * u);
  const d = csqrt(add(mul(beta, beta), c(s2 * q)));
  const m = add(beta, d);
  const nOverS2 = div(c(-q), m); // (beta - d) / sigma^2
  const n = scale(nOverS2, s2); // beta - d
  const e = cexp(scale(d, -T));
  const oneMinusE = sub(c(1), e);
  const z = div(mul(n, oneMinusE), scale(d, 2));
  const logTerm = clog1p(z);
  // C = kappa theta [ (beta - d) T / sigma^2 - 2 log(...) / sigma^2 ]
  const C = scale(sub(scale(nOverS2, T), scale(logTerm, 2 / s2)), kappa * theta);
  // D = (beta - d) / sigma^2 (1 - e) / (1 - g e), g = (beta - d) / (beta + d)
  const oneMinusGe = sub(c(1), div(mul(n, e), m));
  const D = div(mul(nOverS2, oneMinusE), oneMinusGe);
  const ex = C.re + v0 * D.re;
  const ph = C.im + v0 * D.im + u * k;
  return (Math.exp(ex) * Math.cos(ph)) / q;
}

export function hestonPrice(
  type: OptionType, spot: number, strike: number, t: number, rd: number, rf: number, p: HestonParams,
): number {
  const { v0, kappa, theta, sigma, rho } = p;
  if (!(spot > 0 && strike > 0 && t >= 0)) throw new PricingError('heston: spot, strike must be positive, t >= 0');
  if (!(v0 >= 0 && kappa > 0 && theta >= 0 && sigma > 0 && rho >= -1 && rho <= 1)) {
    throw new PricingError('heston: need v0 >= 0, kappa > 0, theta >= 0, sigma > 0, -1 <= rho <= 1');
  }
  const dd = Math.exp(-rd * t), df = Math.exp(-rf * t);
  if (t === 0) return Math.max((type === 'call' ? 1 : -1) * (spot - strike), 0);
  const k = Math.log(spot / strike) + (rd - rf) * t;
  const integral = integrateToInfinity((u) => lewisIntegrand(u, k, t, p), 0, { absTol: 1e-15, relTol: 1e-14 });
  const call = spot * df - (Math.sqrt(spot * strike) * Math.exp(-0.5 * (rd + rf) * t) * integral) / Math.PI;
  const value = type === 'call' ? call : call - spot * df + strike * dd;
  return Math.max(value, 0);
}

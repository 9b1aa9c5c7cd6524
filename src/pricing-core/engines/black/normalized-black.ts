// Normalised Black function used by the implied-volatility and strike solvers:
// b(x, s) = e^{x/2} N(x/s + s/2) - e^{-x/2} N(x/s - s/2), x = ln(F/K), s = vol sqrt(t),
// so that an undiscounted call is sqrt(F K) b(x, s).
import { normCdf } from '../../math/normal';

const INV_SQRT_2PI = 0.3989422804014327;

export function normalizedBlackCall(x: number, s: number): number {
  if (s <= 0) return Math.max(Math.exp(0.5 * x) - Math.exp(-0.5 * x), 0);
  const h = x / s, u = 0.5 * s;
  return Math.exp(0.5 * x) * normCdf(h + u) - Math.exp(-0.5 * x) * normCdf(h - u);
}

/** db/ds = e^{x/2} phi(x/s + s/2) = phi-like bell in s. */
export function normalizedVega(x: number, s: number): number {
  const h = x / s, u = 0.5 * s;
  return INV_SQRT_2PI * Math.exp(-0.5 * (h * h + u * u));
}

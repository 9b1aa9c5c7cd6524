// Normalised Black function used by the implied-volatility and strike solvers:
// b(x, s) = e^{x/2} N(x/s + s/2) - e^{-x/2} N(x/s - s/2), x = ln(F/K), s = vol sqrt(t),
// so that an undiscounted call is sqrt(F K) b(x, s).
import { normCdf } from '../../math/normal';

export function normalizedBlackCall(x: number, s: number): number {
  if (s <= 0) return Math.max(Math.exp(0.5 * x) - Math.exp(-0.5 * x), 0);
  const h = x / s, u = 0.5 * s;
  return Math.exp(0.5 * x) * normCdf(h + u) - Math.exp(-0.5 * x) * normCdf(h - u);
}

// base^exponent * N(x) without overflow: barrier formulas multiply reflection factors such as
// (H/S)^(2 mu) -- astronomically large or small for low volatilities -- by normal
// probabilities that can be astronomically small; in log space the product stays finite.
import { normCdf } from './normal';

export function powTimesNormCdf(base: number, exponent: number, x: number): number {
  const n = normCdf(x);
  if (n === 0) return 0;
  return Math.exp(exponent * Math.log(base) + Math.log(n));
}

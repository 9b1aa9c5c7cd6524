// Standard bivariate normal CDF, M(a, b; rho) = P(X <= a, Y <= b) with corr(X, Y) = rho.
// Method: Drezner-Wesolowsky (1990) as refined by Genz (2004): Gauss-Legendre quadrature of
// Plackett's identity in asin(rho) for |rho| < 0.925, and for |rho| near 1 an integral in
// sqrt(1 - rho^2) after subtracting the singular part in closed form. The order (6, 12 or
// 20 points) grows with |rho|; the absolute error is ~1e-15.
import { normCdf } from './normal';
import { gaussLegendre } from './quadrature';

const TWO_PI = 2 * Math.PI;

function ruleFor(absRho: number) {
  return gaussLegendre(absRho < 0.3 ? 6 : absRho < 0.75 ? 12 : 20);
}

/** Upper orthant P(X > h, Y > k) for correlation r (Genz's BVND). */
function upperOrthant(h: number, k: number, r: number): number {
  const absR = Math.abs(r);
  const { nodes, weights } = ruleFor(absR);
  let hk = h * k;
  let bvn = 0;
  if (absR < 0.925) {
    if (absR > 0) {
      const hs = (h * h + k * k) / 2;
      const asr = Math.asin(r);
      for (let i = 0; i < nodes.length; i++) {
        const sn = Math.sin((asr * (nodes[i] + 1)) / 2);
        bvn += weights[i] * Math.exp((sn * hk - hs) / (1 - sn * sn));
      }
      bvn = (bvn * asr) / (2 * TWO_PI);
    }
    return bvn + normCdf(-h) * normCdf(-k);
  }
  if (r < 0) {
    k = -k;
    hk = -hk;
  }
  if (absR < 1) {
    const as = (1 - r) * (1 + r);
    let a = Math.sqrt(as);
    const bs = (h - k) * (h - k);
    const c = (4 - hk) / 8;
    const d = (12 - hk) / 16;
    let asr = -(bs / as + hk) / 2;
    if (asr > -100) bvn = a * Math.exp(asr) * (1 - (c * (bs - as) * (1 - (d * bs) / 5)) / 3 + (c * d * as * as) / 5);
    if (hk > -100) {
      const b = Math.sqrt(bs);
      bvn -= Math.exp(-hk / 2) * Math.sqrt(TWO_PI) * normCdf(-b / a) * b * (1 - (c * bs * (1 - (d * bs) / 5)) / 3);
    }
    a /= 2;
    for (let i = 0; i < nodes.length; i++) {
      const xs = (a * (nodes[i] + 1)) ** 2;
      const rs = Math.sqrt(1 - xs);
      asr = -(bs / xs + hk) / 2;
      if (asr > -100) {
        bvn += a * weights[i] * Math.exp(asr) * (Math.exp((-hk * xs) / (2 * (1 + rs) ** 2)) / rs - (1 + c * xs * (1 + d * xs)));
      }
    }
    bvn = -bvn / TWO_PI;
  }
  if (r > 0) return bvn + normCdf(-Math.max(h, k));
  bvn = -bvn;
  if (k > h) bvn += h < 0 ? normCdf(k) - normCdf(h) : normCdf(-h) - normCdf(-k);
  return bvn;
}

/** M(a, b; rho) = P(X <= a, Y <= b), X, Y standard normal with correlation rho in [-1, 1]. */
export function bivariateNormalCdf(a: number, b: number, rho: number): number {
  if (!(rho >= -1 && rho <= 1)) throw new RangeError('bivariateNormalCdf: rho must lie in [-1, 1]');
  if (Number.isNaN(a) || Number.isNaN(b)) return NaN;
  if (a === -Infinity || b === -Infinity) return 0;
  if (a === Infinity) return normCdf(b);
  if (b === Infinity) return normCdf(a);
  const v = upperOrthant(-a, -b, rho);
  return Math.min(1, Math.max(0, v));
}

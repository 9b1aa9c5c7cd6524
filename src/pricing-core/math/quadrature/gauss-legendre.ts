// Gauss-Legendre rule on [-1, 1]: nodes by Newton on the Legendre recurrence, cached per order.

import type { QuadratureRule } from './rule';

const legendreCache = new Map<number, QuadratureRule>();

/** [P_n(x), P_{n-1}(x)] by the three-term recurrence (for n = 1: [x, 1]). */
function legendrePair(n: number, x: number): [number, number] {
  let p0 = 1;
  let p1 = x;
  for (let k = 2; k <= n; k++) {
    const p2 = ((2 * k - 1) * x * p1 - (k - 1) * p0) / k;
    p0 = p1;
    p1 = p2;
  }
  return [p1, p0];
}

/** n-point Gauss-Legendre rule on [-1, 1] (exact for polynomials of degree 2n-1). */
export function gaussLegendre(n: number): QuadratureRule {
  const cached = legendreCache.get(n);
  if (cached) return cached;
  if (!Number.isInteger(n) || n < 1) throw new RangeError('gaussLegendre: n must be a positive integer');
  const nodes = new Float64Array(n);
  const weights = new Float64Array(n);
  const half = Math.floor((n + 1) / 2);
  for (let i = 0; i < half; i++) {
    // Tricomi's initial guess, then Newton until the step is below rounding.
    let x = Math.cos((Math.PI * (i + 0.75)) / (n + 0.5));
    let dp = 0;
    for (let it = 0; it < 100; it++) {
      const [p1, p0] = legendrePair(n, x);
      const pn = n === 1 ? x : p1;
      const pnm1 = n === 1 ? 1 : p0;
      dp = (n * (x * pn - pnm1)) / (x * x - 1);
      const dx = pn / dp;
      x -= dx;
      if (Math.abs(dx) < 1e-16) break;
    }
    // Recompute the derivative at the converged node for the weight.
    const [p1, p0] = legendrePair(n, x);
    dp = n === 1 ? 1 : (n * (x * p1 - p0)) / (x * x - 1);
    const w = 2 / ((1 - x * x) * dp * dp);
    nodes[i] = -x;
    nodes[n - 1 - i] = x;
    weights[i] = w;
    weights[n - 1 - i] = w;
  }
  if (n % 2 === 1) nodes[half - 1] = 0;
  const rule = { nodes, weights };
  legendreCache.set(n, rule);
  return rule;
}

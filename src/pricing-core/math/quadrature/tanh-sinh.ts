// Tanh-sinh (double-exponential) rule on [-1, 1]: copes with endpoint singularities such as
// the sqrt-behaviour of early-exercise integrands.

import type { QuadratureRule } from './rule';

const tanhSinhCache = new Map<string, QuadratureRule>();

/**
 * Tanh-sinh rule on [-1, 1] with step h and nodes while the weight stays above 1e-300.
 * Nodes are kept strictly inside (-1, 1); h = 1/16 gives ~1e-15 on analytic integrands even
 * with algebraic endpoint singularities.
 */
export function tanhSinh(h = 1 / 16): QuadratureRule {
  const key = String(h);
  const cached = tanhSinhCache.get(key);
  if (cached) return cached;
  const xs: number[] = [];
  const ws: number[] = [];
  const halfPi = Math.PI / 2;
  for (let k = 0; ; k++) {
    const t = k * h;
    const s = halfPi * Math.sinh(t);
    const c = Math.cosh(s);
    const w = (h * halfPi * Math.cosh(t)) / (c * c);
    // 1 - tanh(s) computed without cancellation: 2 / (1 + e^{2s}).
    const oneMinus = 2 / (1 + Math.exp(2 * s));
    if (w < 1e-300 || oneMinus <= 0) break;
    const x = 1 - oneMinus;
    if (k === 0) {
      xs.push(0);
      ws.push(w);
    } else {
      if (x >= 1) break;
      xs.push(x, -x);
      ws.push(w, w);
    }
    if (k > 10_000) break;
  }
  const rule = { nodes: Float64Array.from(xs), weights: Float64Array.from(ws) };
  tanhSinhCache.set(key, rule);
  return rule;
}

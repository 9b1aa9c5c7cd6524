// Fixed quadrature rules on [-1, 1]: Gauss-Legendre (nodes by Newton on the Legendre
// recurrence, cached per order) and tanh-sinh (double-exponential; copes with endpoint
// singularities such as the sqrt-behaviour of early-exercise integrands).

export interface QuadratureRule {
  readonly nodes: Float64Array;
  readonly weights: Float64Array;
}

const legendreCache = new Map<number, QuadratureRule>();

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
      let p0 = 1;
      let p1 = x;
      for (let k = 2; k <= n; k++) {
        const p2 = ((2 * k - 1) * x * p1 - (k - 1) * p0) / k;
        p0 = p1;
        p1 = p2;
      }
      const pn = n === 1 ? x : p1;
      const pnm1 = n === 1 ? 1 : p0;
      dp = (n * (x * pn - pnm1)) / (x * x - 1);
      const dx = pn / dp;
      x -= dx;
      if (Math.abs(dx) < 1e-16) break;
    }
    // Recompute the derivative at the converged node for the weight.
    let p0 = 1;
    let p1 = x;
    for (let k = 2; k <= n; k++) {
      const p2 = ((2 * k - 1) * x * p1 - (k - 1) * p0) / k;
      p0 = p1;
      p1 = p2;
    }
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

/** Integral of f over [a, b] with a rule on [-1, 1]. */
export function integrate(f: (x: number) => number, a: number, b: number, rule: QuadratureRule): number {
  const c = 0.5 * (b - a);
  const m = 0.5 * (b + a);
  let s = 0;
  const { nodes, weights } = rule;
  for (let i = 0; i < nodes.length; i++) s += weights[i] * f(m + c * nodes[i]);
  return s * c;
}

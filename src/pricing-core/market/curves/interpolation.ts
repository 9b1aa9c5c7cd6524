// Curve interpolation on node times t_0 = 0 < t_1 < ... < t_n, in terms of the node log discount
// factors L_i = ln DF(t_i) (L_0 = 0). Every scheme offered is LINEAR in the L_i:
//   logLinearDiscount  ln DF linear between nodes (piecewise-flat instantaneous forwards);
//   linearZero         continuous zero rate z = -ln DF / t linear between nodes;
//   naturalCubicZero   z on a natural cubic spline through the nodes (z'' = 0 at both ends).
// For the zero-rate schemes the node at t = 0 takes the first node's zero rate (as QuantLib's
// ZeroYield bootstrap does), so z_0 = z_1 = -L_1 / t_1. Beyond the last node the two linear
// schemes continue their last segment (QuantLib's extrapolation); the spline continues as the
// straight line with its end slope (its C2 extension, as z'' = 0 there), not as the last cubic,
// which would blow up a few segment lengths out.
// Linearity is what the bootstrap relies on: ln DF(t) = sum_j w_j(t) L_j with weights that
// depend on the node times only, so an instrument's value is a sum of exp(affine in L).
// Monotone-convex (Hagan-West) and other limiter-based schemes are not linear and not offered.

export const CURVE_INTERPOLATIONS = ['logLinearDiscount', 'linearZero', 'naturalCubicZero'] as const;
export type CurveInterpolation = (typeof CURVE_INTERPOLATIONS)[number];

/** Segment of t: the last i with T[i] <= t, capped at n - 2 so the last segment extrapolates. */
export function segmentOf(T: ArrayLike<number>, t: number): number {
  const n = T.length;
  if (t >= T[n - 2]) return n - 2;
  let lo = 0, hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (T[mid] <= t) lo = mid; else hi = mid;
  }
  return lo;
}

/**
 * Second derivatives M of the natural cubic spline through (x_i, y_i) (M_0 = M_N = 0), by the
 * tridiagonal (Thomas) solve. Linear in y.
 */
export function naturalSplineSecondDerivatives(x: ArrayLike<number>, y: ArrayLike<number>): Float64Array {
  const n = x.length;
  const m = new Float64Array(n);
  if (n < 3) return m;
  // Interior unknowns M_1..M_{n-2}: h_{i-1} M_{i-1} + 2 (h_{i-1} + h_i) M_i + h_i M_{i+1} = r_i.
  const c = new Float64Array(n), d = new Float64Array(n);
  for (let i = 1; i < n - 1; i++) {
    const h0 = x[i] - x[i - 1], h1 = x[i + 1] - x[i];
    const r = 6 * ((y[i + 1] - y[i]) / h1 - (y[i] - y[i - 1]) / h0);
    const b = 2 * (h0 + h1) - (i > 1 ? h0 * c[i - 1] : 0);
    c[i] = h1 / b;
    d[i] = (r - (i > 1 ? h0 * d[i - 1] : 0)) / b;
  }
  for (let i = n - 2; i >= 1; i--) m[i] = d[i] - (i < n - 2 ? c[i] * m[i + 1] : 0);
  return m;
}

/**
 * Value and first derivative of a natural cubic spline on segment i at t; past the last node,
 * the straight line with the end slope.
 */
export function splineAt(x: ArrayLike<number>, y: ArrayLike<number>, m: ArrayLike<number>, i: number, t: number): [number, number] {
  const h = x[i + 1] - x[i];
  if (t > x[i + 1] && i === x.length - 2) {
    const slope = (y[i + 1] - y[i]) / h + (m[i] + 2 * m[i + 1]) * h / 6;
    return [y[i + 1] + slope * (t - x[i + 1]), slope];
  }
  const a = (x[i + 1] - t) / h, b = (t - x[i]) / h;
  const v = a * y[i] + b * y[i + 1] + ((a * a * a - a) * m[i] + (b * b * b - b) * m[i + 1]) * (h * h) / 6;
  const dv = (y[i + 1] - y[i]) / h + (-(3 * a * a - 1) * m[i] + (3 * b * b - 1) * m[i + 1]) * h / 6;
  return [v, dv];
}

/**
 * Sparse weights of ln DF(t) on the node log discount factors L_1..L_n (L_0 = 0 carries none).
 * Plain arrays: a bootstrap asks for one per payment date, and a small typed array costs far
 * more to allocate than a plain one (most of a from-scratch curve build, measured).
 */
export interface SparseWeights {
  idx: readonly number[];
  w: readonly number[];
}

/**
 * The weight basis of one scheme on one set of node times: `weights(t)` gives d ln DF(t) / d L_j.
 * For the spline the cardinal second-derivative matrix is computed once (O(n^2)).
 */
export class InterpolationBasis {
  private readonly T: Float64Array;
  /** spline only: C[i][k] = d M_i / d z_k, row-major (n+1) x (n+1) */
  private readonly cardinal?: Float64Array;

  constructor(times: ArrayLike<number>, readonly kind: CurveInterpolation) {
    this.T = Float64Array.from(times);
    const N = this.T.length;
    if (N < 2 || this.T[0] !== 0) throw new RangeError('node times must start at 0 and have at least two entries');
    for (let i = 1; i < N; i++) if (!(this.T[i] > this.T[i - 1])) throw new RangeError('node times must increase');
    if (kind === 'naturalCubicZero') {
      const C = new Float64Array(N * N);
      const e = new Float64Array(N);
      for (let k = 0; k < N; k++) {
        e.fill(0);
        e[k] = 1;
        const mk = naturalSplineSecondDerivatives(this.T, e);
        for (let i = 0; i < N; i++) C[i * N + k] = mk[i];
      }
      this.cardinal = C;
    }
  }

  get size(): number { return this.T.length; }

  weights(t: number): SparseWeights {
    const T = this.T, N = T.length;
    if (t <= 0) return { idx: [], w: [] };
    const i = segmentOf(T, t);
    const h = T[i + 1] - T[i];
    const a = (T[i + 1] - t) / h, b = (t - T[i]) / h;
    if (this.kind === 'logLinearDiscount') {
      return i === 0 ? { idx: [1], w: [b] } : { idx: [i, i + 1], w: [a, b] };
    }
    // Zero-rate schemes: weights wz_k on node zero rates z_k, then z_k = -L_k / t_k, z_0 = z_1.
    const wz = new Float64Array(N);
    if (this.kind === 'linearZero') {
      wz[i] = a;
      wz[i + 1] = b;
    } else if (t > T[N - 1]) {
      // z_N + slope (t - t_N), slope = (z_N - z_{N-1}) / h + (M_{N-1} + 2 M_N) h / 6 (M_N = 0).
      const C = this.cardinal!;
      const dt = t - T[N - 1];
      wz[N - 1] += 1 + dt / h;
      wz[N - 2] -= dt / h;
      for (let k = 0; k < N; k++) wz[k] += dt * (C[(N - 2) * N + k] + 2 * C[(N - 1) * N + k]) * h / 6;
    } else {
      const C = this.cardinal!;
      const ca = (a * a * a - a) * h * h / 6, cb = (b * b * b - b) * h * h / 6;
      wz[i] += a;
      wz[i + 1] += b;
      for (let k = 0; k < N; k++) wz[k] += ca * C[i * N + k] + cb * C[(i + 1) * N + k];
    }
    wz[1] += wz[0]; // z_0 = z_1
    const idx: number[] = [], w: number[] = [];
    for (let k = 1; k < N; k++) {
      if (wz[k] === 0) continue;
      idx.push(k);
      w.push((t * wz[k]) / T[k]); // ln DF = -t z = -t sum wz_k (-L_k / t_k)
    }
    return { idx, w };
  }
}

// Levenberg-Marquardt for small nonlinear least squares, min sum r_i(x)^2, with box bounds
// (steps are projected onto the box; Marquardt's diagonal scaling). Forward-difference
// Jacobian unless one is given. For calibrations of a handful of parameters (curve fits).

export interface LmOptions {
  lower?: readonly number[];
  upper?: readonly number[];
  maxIter?: number;
  /** Stop when the relative decrease of the cost falls below this. */
  fTol?: number;
  /** Stop when the step is below this (relative to x). */
  xTol?: number;
  jacobian?: (x: number[]) => number[][];
}

export interface LmResult {
  x: number[];
  cost: number;
  iterations: number;
  residuals: number[];
}

/** Solves A d = b for a small symmetric positive-definite A (Gaussian elimination with pivoting). */
function solve(A: number[][], b: number[]): number[] | null {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r][c]) > Math.abs(M[p][c])) p = r;
    if (!(Math.abs(M[p][c]) > 1e-300)) return null;
    [M[c], M[p]] = [M[p], M[c]];
    for (let r = c + 1; r < n; r++) {
      const f = M[r][c] / M[c][c];
      for (let k = c; k <= n; k++) M[r][k] -= f * M[c][k];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = M[r][n];
    for (let k = r + 1; k < n; k++) s -= M[r][k] * x[k];
    x[r] = s / M[r][r];
  }
  return x;
}

export function levenbergMarquardt(residuals: (x: number[]) => number[], x0: readonly number[], o: LmOptions = {}): LmResult {
  const n = x0.length;
  const lo = o.lower ?? new Array(n).fill(-Infinity), hi = o.upper ?? new Array(n).fill(Infinity);
  const clamp = (x: number[]) => x.map((v, i) => Math.min(hi[i], Math.max(lo[i], v)));
  const sq = (r: number[]) => r.reduce((s, v) => s + v * v, 0);
  let x = clamp([...x0]);
  let r = residuals(x);
  let cost = sq(r);
  let lambda = 1e-3;
  const maxIter = o.maxIter ?? 200, fTol = o.fTol ?? 1e-14, xTol = o.xTol ?? 1e-12;
  let it = 0;
  for (; it < maxIter; it++) {
    let J: number[][];
    if (o.jacobian) J = o.jacobian(x);
    else {
      J = r.map(() => new Array<number>(n).fill(0));
      for (let k = 0; k < n; k++) {
        let h = 1e-7 * Math.max(1, Math.abs(x[k]));
        if (x[k] + h > hi[k]) h = -h;
        const xh = [...x]; xh[k] += h;
        const rh = residuals(xh);
        for (let i = 0; i < r.length; i++) J[i][k] = (rh[i] - r[i]) / h;
      }
    }
    const JtJ = Array.from({ length: n }, (_, a) => Array.from({ length: n }, (_, b) => J.reduce((s, row) => s + row[a] * row[b], 0)));
    const Jtr = Array.from({ length: n }, (_, a) => J.reduce((s, row, i) => s + row[a] * r[i], 0));
    let improved = false;
    for (let tries = 0; tries < 30; tries++) {
      const A = JtJ.map((row, a) => row.map((v, b) => (a === b ? v + lambda * Math.max(v, 1e-12) : v)));
      const d = solve(A, Jtr.map((v) => -v));
      if (!d) { lambda *= 10; continue; }
      const xn = clamp(x.map((v, k) => v + d[k]));
      const rn = residuals(xn);
      const cn = sq(rn);
      if (Number.isFinite(cn) && cn < cost) {
        const step = Math.max(...xn.map((v, k) => Math.abs(v - x[k]) / Math.max(1, Math.abs(x[k]))));
        const rel = (cost - cn) / Math.max(cost, 1e-300);
        x = xn; r = rn; cost = cn; lambda = Math.max(lambda / 10, 1e-12); improved = true;
        if (rel < fTol || step < xTol) return { x, cost, iterations: it + 1, residuals: r };
        break;
      }
      lambda *= 10;
    }
    if (!improved) break;
  }
  return { x, cost, iterations: it, residuals: r };
}

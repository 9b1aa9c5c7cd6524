// Small dense linear algebra on row-major Float64Arrays: LU with partial pivoting, used by the
// curve bootstrap's global Newton step and by the Jacobian solves (systems of tens of unknowns,
// where a dense direct solve is simpler and faster than anything iterative); Cholesky for the
// symmetric positive definite systems of the analytics (regressions, covariances, QP).

/** Row-major n x n matrix. */
export type Matrix = Float64Array;

export interface LuFactors {
  n: number;
  /** L (unit diagonal, below) and U (on and above the diagonal) packed in one matrix. */
  lu: Float64Array;
  /** Row permutation: row i of PA is row perm[i] of A. */
  perm: Int32Array;
}

/** LU factorisation with partial pivoting; throws on a (numerically) singular matrix. */
export function luFactor(a: Matrix, n: number): LuFactors {
  if (a.length !== n * n) throw new RangeError(`matrix must have ${n * n} entries`);
  const lu = Float64Array.from(a);
  const perm = new Int32Array(n);
  for (let i = 0; i < n; i++) perm[i] = i;
  let scale = 0;
  for (let i = 0; i < n * n; i++) scale = Math.max(scale, Math.abs(lu[i]));
  for (let k = 0; k < n; k++) {
    let p = k;
    let best = Math.abs(lu[k * n + k]);
    for (let i = k + 1; i < n; i++) {
      const v = Math.abs(lu[i * n + k]);
      if (v > best) { best = v; p = i; }
    }
    if (!(best > scale * 1e-300) || !(best > 0)) throw new RangeError('singular matrix');
    if (p !== k) {
      for (let j = 0; j < n; j++) { const t = lu[k * n + j]; lu[k * n + j] = lu[p * n + j]; lu[p * n + j] = t; }
      const t = perm[k]; perm[k] = perm[p]; perm[p] = t;
    }
    const pivot = lu[k * n + k];
    for (let i = k + 1; i < n; i++) {
      const f = (lu[i * n + k] /= pivot);
      if (f === 0) continue;
      for (let j = k + 1; j < n; j++) lu[i * n + j] -= f * lu[k * n + j];
    }
  }
  return { n, lu, perm };
}

/** Solves A x = b for the factored A; returns a new vector. */
export function luSolve(f: LuFactors, b: ArrayLike<number>): Float64Array {
  const { n, lu, perm } = f;
  const x = new Float64Array(n);
  for (let i = 0; i < n; i++) x[i] = b[perm[i]];
  for (let i = 0; i < n; i++) {
    let s = x[i];
    for (let j = 0; j < i; j++) s -= lu[i * n + j] * x[j];
    x[i] = s;
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = x[i];
    for (let j = i + 1; j < n; j++) s -= lu[i * n + j] * x[j];
    x[i] = s / lu[i * n + i];
  }
  return x;
}

/** Solves x^T A = b^T (i.e. A^T x = b) for the factored A: the adjoint solve. */
export function luSolveTransposed(f: LuFactors, b: ArrayLike<number>): Float64Array {
  const { n, lu, perm } = f;
  // PA = LU  =>  A^T = U^T L^T P, so solve U^T y = b, L^T z = y, then x = P^T z.
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[i];
    for (let j = 0; j < i; j++) s -= lu[j * n + i] * y[j];
    y[i] = s / lu[i * n + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i];
    for (let j = i + 1; j < n; j++) s -= lu[j * n + i] * y[j];
    y[i] = s;
  }
  const x = new Float64Array(n);
  for (let i = 0; i < n; i++) x[perm[i]] = y[i];
  return x;
}

/** Solves A x = b directly. */
export function solveLinear(a: Matrix, n: number, b: ArrayLike<number>): Float64Array {
  return luSolve(luFactor(a, n), b);
}

/**
 * In-place Cholesky of the row-major n x n symmetric matrix `a` (lower triangle written,
 * L a[i*n+j] for j <= i). Returns false when a pivot (before its square root) is
 * <= tol x the original diagonal entry: the matrix is not (numerically) positive definite.
 * `stride` lets it factor the leading n x n block of a larger row-major matrix.
 */
export function choleskyInPlace(a: Float64Array, n: number, tol = 0, stride = n): boolean {
  for (let j = 0; j < n; j++) {
    const rj = j * stride;
    const diag = a[rj + j];
    let d = diag;
    for (let k = 0; k < j; k++) d -= a[rj + k] * a[rj + k];
    if (!(d > tol * diag) || !(d > 0)) return false;
    const ljj = Math.sqrt(d);
    a[rj + j] = ljj;
    for (let i = j + 1; i < n; i++) {
      const ri = i * stride;
      let s = a[ri + j];
      for (let k = 0; k < j; k++) s -= a[ri + k] * a[rj + k];
      a[ri + j] = s / ljj;
    }
  }
  return true;
}

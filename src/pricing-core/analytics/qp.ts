// Strictly convex quadratic programme by the dual active-set method of Goldfarb and Idnani
// (Math. Programming 27, 1983), the method of R's quadprog:
//   minimise x' G x / 2 + a' x  subject to  E x = e (rows of E)  and  C x >= c (rows of C).
// It starts from the unconstrained minimum and adds the most violated constraint at each step
// (dropping active ones whose multiplier would turn negative), so it needs no feasible start:
// this matters for the portfolio problems with a target return or the maximum-Sharpe
// reformulation, whose feasible sets have no obvious interior point. J = L^-T (G = L L') is
// updated by Givens rotations as constraints enter and leave; R is the triangular factor of
// J' N for the active normals N. Dense and small (tens of variables, ~2 constraints per
// variable); written here because no QP solver is among the project's dependencies.

export class QpInfeasible extends Error {}

export interface QpProblem {
  n: number;
  /** Lower Cholesky factor of G (row-major n x n, lower triangle used). */
  choleskyL: Float64Array;
  /** Linear term (default 0). */
  a?: ArrayLike<number>;
  eqRows: ArrayLike<number>[];
  eqRhs: number[];
  inRows: ArrayLike<number>[];
  inRhs: number[];
}

export function solveQp(p: QpProblem): Float64Array {
  const { n, choleskyL: L } = p;
  const meq = p.eqRows.length;
  const rows = [...p.eqRows, ...p.inRows];
  const rhs = [...p.eqRhs, ...p.inRhs];
  const mTotal = rows.length;
  // J = L^-T: invert L (lower) then transpose; stored row-major J[k*n + j].
  const J = new Float64Array(n * n);
  for (let j = 0; j < n; j++) {
    // column j of L^-1 solves L v = e_j
    for (let i = j; i < n; i++) {
      let s = i === j ? 1 : 0;
      for (let k = j; k < i; k++) s -= L[i * n + k] * J[j * n + k]; // J row j holds (L^-1)[:, j] transposed
      J[j * n + i] = s / L[i * n + i];
    }
  }
  // J[j*n+i] = (L^-1)[i][j] = (L^-T)[j][i]: J as stored is L^-T row-major. Good.
  const x = new Float64Array(n);
  if (p.a) {
    // x = -G^-1 a = -J J' a
    const t = new Float64Array(n);
    for (let j = 0; j < n; j++) { let s = 0; for (let k = 0; k < n; k++) s += J[k * n + j] * p.a[k]; t[j] = s; }
    for (let k = 0; k < n; k++) { let s = 0; for (let j = 0; j < n; j++) s += J[k * n + j] * t[j]; x[k] = -s; }
  }
  const R = new Float64Array(n * n);
  const active: number[] = []; // constraint indices, equalities first
  const u = new Float64Array(n + 1); // multipliers of the active set (+1 slot for the entering one)
  const d = new Float64Array(n), z = new Float64Array(n), r = new Float64Array(n);
  const isActive = new Uint8Array(mTotal);
  let rNorm = 1;

  const dot = (row: ArrayLike<number>, v: Float64Array) => { let s = 0; for (let k = 0; k < n; k++) s += row[k] * v[k]; return s; };
  const directions = (np: ArrayLike<number>) => {
    const q = active.length;
    for (let j = 0; j < n; j++) { let s = 0; for (let k = 0; k < n; k++) s += J[k * n + j] * np[k]; d[j] = s; }
    for (let k = 0; k < n; k++) { let s = 0; for (let j = q; j < n; j++) s += J[k * n + j] * d[j]; z[k] = s; }
    for (let i = q - 1; i >= 0; i--) {
      let s = d[i];
      for (let j = i + 1; j < q; j++) s -= R[i * n + j] * r[j];
      r[i] = s / R[i * n + i];
    }
  };
  const addConstraint = (): boolean => {
    const q = active.length;
    for (let j = n - 1; j > q; j--) {
      let cc = d[j - 1], ss = d[j];
      const h = Math.hypot(cc, ss);
      if (h === 0) continue;
      d[j] = 0;
      ss /= h; cc /= h;
      if (cc < 0) { cc = -cc; ss = -ss; d[j - 1] = -h; } else d[j - 1] = h;
      const xny = ss / (1 + cc);
      for (let k = 0; k < n; k++) {
        const t1 = J[k * n + j - 1], t2 = J[k * n + j];
        const nt = t1 * cc + t2 * ss;
        J[k * n + j - 1] = nt;
        J[k * n + j] = xny * (t1 + nt) - t2;
      }
    }
    for (let i = 0; i <= q; i++) R[i * n + q] = d[i];
    if (Math.abs(d[q]) <= 2.2e-16 * rNorm) return false; // linearly dependent on the active set
    rNorm = Math.max(rNorm, Math.abs(d[q]));
    return true;
  };
  const dropConstraint = (l: number) => {
    // l: position in the active list (an inequality)
    isActive[active[l]] = 0;
    let q = active.length;
    for (let j = l; j < q - 1; j++) {
      active[j] = active[j + 1];
      u[j] = u[j + 1];
      for (let i = 0; i < n; i++) R[i * n + j] = R[i * n + j + 1];
    }
    active.pop();
    u[q - 1] = u[q]; // keep the entering constraint's multiplier next to the active ones
    u[q] = 0;
    q--;
    for (let i = 0; i < n; i++) R[i * n + q] = 0;
    for (let j = l; j < q; j++) {
      let cc = R[j * n + j], ss = R[(j + 1) * n + j];
      const h = Math.hypot(cc, ss);
      if (h === 0) continue;
      cc /= h; ss /= h;
      R[(j + 1) * n + j] = 0;
      if (cc < 0) { R[j * n + j] = -h; cc = -cc; ss = -ss; } else R[j * n + j] = h;
      const xny = ss / (1 + cc);
      for (let k = j + 1; k < q; k++) {
        const t1 = R[j * n + k], t2 = R[(j + 1) * n + k];
        const nt = t1 * cc + t2 * ss;
        R[j * n + k] = nt;
        R[(j + 1) * n + k] = xny * (t1 + nt) - t2;
      }
      for (let k = 0; k < n; k++) {
        const t1 = J[k * n + j], t2 = J[k * n + j + 1];
        const nt = t1 * cc + t2 * ss;
        J[k * n + j] = nt;
        J[k * n + j + 1] = xny * (nt + t1) - t2;
      }
    }
  };

  // Equalities: full steps, never dropped.
  for (let i = 0; i < meq; i++) {
    const np = rows[i];
    directions(np);
    const q = active.length;
    const zn = dot(np, z);
    if (!(Math.abs(zn) > 0)) throw new QpInfeasible('equality constraints are linearly dependent');
    const t = (rhs[i] - dot(np, x)) / zn;
    for (let k = 0; k < n; k++) x[k] += t * z[k];
    for (let j = 0; j < q; j++) u[j] -= t * r[j];
    u[q] = t;
    if (!addConstraint()) throw new QpInfeasible('equality constraints are linearly dependent');
    active.push(i);
    isActive[i] = 1;
  }

  const viol = (i: number) => dot(rows[i], x) - rhs[i];
  for (let iter = 0; iter < 50 * (n + mTotal); iter++) {
    // Most violated inequality, scaled by the size of its terms.
    let pIdx = -1, worst = 0;
    let xMax = 0;
    for (let k = 0; k < n; k++) xMax = Math.max(xMax, Math.abs(x[k]));
    for (let i = meq; i < mTotal; i++) {
      if (isActive[i]) continue;
      const s = viol(i);
      let scale = Math.abs(rhs[i]);
      const row = rows[i];
      for (let k = 0; k < n; k++) scale += Math.abs(row[k]) * xMax;
      if (s < -1e-13 * (1 + scale) && s < worst) { worst = s; pIdx = i; }
    }
    if (pIdx < 0) return x;
    const np = rows[pIdx];
    const q0 = active.length;
    u[q0] = 0;
    for (;;) {
      directions(np);
      const q = active.length;
      // Partial (dual) step: the first active inequality whose multiplier reaches zero.
      let t1 = Infinity, l = -1;
      for (let j = meq; j < q; j++) {
        if (r[j] > 0) { const v = u[j] / r[j]; if (v < t1) { t1 = v; l = j; } }
      }
      let zz = 0;
      for (let k = 0; k < n; k++) zz += z[k] * z[k];
      const zn = dot(np, z);
      const t2 = zz > 1e-30 && zn > 0 ? -viol(pIdx) / zn : Infinity;
      const t = Math.min(t1, t2);
      if (t === Infinity) throw new QpInfeasible('the constraints are infeasible');
      if (t2 === Infinity) {
        for (let j = 0; j < q; j++) u[j] -= t * r[j];
        u[q] += t;
        dropConstraint(l);
        continue;
      }
      for (let k = 0; k < n; k++) x[k] += t * z[k];
      for (let j = 0; j < q; j++) u[j] -= t * r[j];
      u[q] += t;
      if (t === t2) {
        if (!addConstraint()) throw new QpInfeasible('the constraints are degenerate');
        active.push(pIdx);
        isActive[pIdx] = 1;
        break;
      }
      dropConstraint(l);
    }
  }
  throw new QpInfeasible('the QP did not converge');
}

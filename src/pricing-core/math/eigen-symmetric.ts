// Eigen-decomposition of a real symmetric matrix by the cyclic Jacobi method (rotations that
// zero each off-diagonal entry in turn, with the Rutishauser update for accuracy). Quadratic
// convergence once the off-diagonal mass is small; exact orthogonality of the eigenvectors up
// to rounding. Meant for the small covariance matrices of curve PCA (tens of tenors).

export interface SymmetricEigen {
  /** Eigenvalues, descending. */
  values: Float64Array;
  /** Eigenvectors as rows: vectors[k] belongs to values[k]; each has unit length. */
  vectors: Float64Array[];
}

/** `a` is n x n row-major and must be symmetric (checked to 1e-12 relative). */
export function symmetricEigen(a: ArrayLike<number>, n: number, opts: { maxSweeps?: number } = {}): SymmetricEigen {
  if (a.length !== n * n) throw new RangeError(`matrix must have ${n * n} entries`);
  const m = Float64Array.from(a);
  let scale = 0;
  for (let i = 0; i < n * n; i++) scale = Math.max(scale, Math.abs(m[i]));
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (Math.abs(m[i * n + j] - m[j * n + i]) > 1e-12 * scale) throw new RangeError('matrix is not symmetric');
    }
  }
  // v holds the accumulated rotations: columns are eigenvectors.
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  const maxSweeps = opts.maxSweeps ?? 100;
  for (let sweep = 0; sweep < maxSweeps; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += m[p * n + q] * m[p * n + q];
    if (off === 0 || Math.sqrt(off) <= 1e-17 * Math.max(scale, Number.MIN_VALUE)) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = m[p * n + q];
        if (apq === 0) continue;
        const app = m[p * n + p], aqq = m[q * n + q];
        // Rotation angle from theta = (aqq - app) / (2 apq); t = tan, the smaller root.
        const theta = (aqq - app) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1), s = t * c, tau = s / (1 + c);
        m[p * n + p] = app - t * apq;
        m[q * n + q] = aqq + t * apq;
        m[p * n + q] = m[q * n + p] = 0;
        for (let r = 0; r < n; r++) {
          if (r !== p && r !== q) {
            const arp = m[r * n + p], arq = m[r * n + q];
            m[r * n + p] = m[p * n + r] = arp - s * (arq + tau * arp);
            m[r * n + q] = m[q * n + r] = arq + s * (arp - tau * arq);
          }
          const vrp = v[r * n + p], vrq = v[r * n + q];
          v[r * n + p] = vrp - s * (vrq + tau * vrp);
          v[r * n + q] = vrq + s * (vrp - tau * vrq);
        }
      }
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => m[j * n + j] - m[i * n + i]);
  return {
    values: Float64Array.from(order, (i) => m[i * n + i]),
    vectors: order.map((k) => Float64Array.from({ length: n }, (_, r) => v[r * n + k])),
  };
}

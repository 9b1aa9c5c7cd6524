// Yield-curve movement analysis on rates by tenor (par swap rates or zero rates, decimals):
//  - curveMove: the change between two dates per tenor (bp) and its desk measures: the parallel
//    shift (mean change), the twist (change at the long reference tenor minus the short one:
//    positive = steepening) and the butterfly (2 x mid - short - long: positive = the belly
//    cheapened against the wings);
//  - curvePca: principal components of the day-to-day changes over a history (covariance of
//    the changes, Jacobi eigen-decomposition, math/eigen-symmetric.ts). The first three are
//    conventionally level, slope and curvature; signs are fixed so level loads positively,
//    slope rises with tenor and curvature is positive in the belly.

import { symmetricEigen } from '../../math/eigen-symmetric';

function valueAt(tenors: ArrayLike<number>, values: ArrayLike<number>, x: number): number {
  const n = tenors.length;
  if (x <= tenors[0]) return values[0];
  if (x >= tenors[n - 1]) return values[n - 1];
  let i = 0;
  while (tenors[i + 1] < x) i++;
  const w = (x - tenors[i]) / (tenors[i + 1] - tenors[i]);
  return (1 - w) * values[i] + w * values[i + 1];
}

export interface CurveMove {
  /** after - before per tenor, in bp. */
  changesBp: Float64Array;
  /** Mean change, bp. */
  parallel: number;
  /** change(long) - change(short), bp. */
  twist: number;
  /** 2 change(mid) - change(short) - change(long), bp. */
  butterfly: number;
}

export function curveMove(
  tenorsYears: ArrayLike<number>, before: ArrayLike<number>, after: ArrayLike<number>,
  refs: { short: number; mid: number; long: number } = { short: 2, mid: 5, long: 10 },
): CurveMove {
  const n = tenorsYears.length;
  if (n < 2 || before.length !== n || after.length !== n) throw new RangeError('curve move: need the same tenors on both dates (at least two)');
  for (let i = 1; i < n; i++) if (!(tenorsYears[i] > tenorsYears[i - 1])) throw new RangeError('curve move: tenors must increase');
  const changesBp = Float64Array.from({ length: n }, (_, i) => (after[i] - before[i]) * 1e4);
  const at = (x: number) => valueAt(tenorsYears, changesBp, x);
  return {
    changesBp,
    parallel: changesBp.reduce((s, x) => s + x, 0) / n,
    twist: at(refs.long) - at(refs.short),
    butterfly: 2 * at(refs.mid) - at(refs.short) - at(refs.long),
  };
}

export interface PcaComponent {
  /** 'level' | 'slope' | 'curvature' for the first three (by convention), then null. */
  name: 'level' | 'slope' | 'curvature' | null;
  /** Variance of the changes along the component (decimal^2 per observation). */
  variance: number;
  /** Share of the total variance. */
  explained: number;
  /** Unit loadings per tenor. */
  loadings: Float64Array;
  /** Score of each observation (its change projected on the loadings, decimal). */
  scores: Float64Array;
}

export interface CurvePca {
  /** Mean change per tenor over the history (decimal). */
  meanChange: Float64Array;
  components: PcaComponent[];
}

/** history[d][k]: the rate of tenor k on date d (dates ascending). */
export function curvePca(history: readonly ArrayLike<number>[], opts: { components?: number } = {}): CurvePca {
  const m = history.length - 1;
  if (m < 2) throw new RangeError('PCA needs at least three dates of history');
  const n = history[0].length;
  if (n < 3 || history.some((row) => row.length !== n)) throw new RangeError('PCA needs the same tenors (at least three) on every date');
  const d = history.slice(1).map((row, i) => Float64Array.from({ length: n }, (_, k) => row[k] - history[i][k]));
  for (const row of d) for (const x of row) if (!Number.isFinite(x)) throw new RangeError('PCA: the history holds a missing or non-numeric rate');
  const mean = new Float64Array(n);
  for (const row of d) for (let k = 0; k < n; k++) mean[k] += row[k] / m;
  const cov = new Float64Array(n * n);
  for (const row of d) {
    for (let a = 0; a < n; a++) for (let b = a; b < n; b++) cov[a * n + b] += ((row[a] - mean[a]) * (row[b] - mean[b])) / (m - 1);
  }
  for (let a = 0; a < n; a++) for (let b = 0; b < a; b++) cov[a * n + b] = cov[b * n + a];
  const { values, vectors } = symmetricEigen(cov, n);
  const total = values.reduce((s, x) => s + Math.max(x, 0), 0);
  const count = Math.min(opts.components ?? 3, n);
  const names = ['level', 'slope', 'curvature'] as const;
  const components: PcaComponent[] = [];
  for (let c = 0; c < count; c++) {
    const v = Float64Array.from(vectors[c]);
    // Sign conventions (an eigenvector's sign is arbitrary).
    const interior = v.slice(1, -1).reduce((s, x) => s + x, 0) / Math.max(1, n - 2);
    const orient = c === 0 ? v.reduce((s, x) => s + x, 0) : c === 1 ? v[n - 1] - v[0] : interior - 0.5 * (v[0] + v[n - 1]);
    if (orient < 0) for (let k = 0; k < n; k++) v[k] = -v[k];
    const scores = Float64Array.from(d, (row) => {
      let s = 0;
      for (let k = 0; k < n; k++) s += (row[k] - mean[k]) * v[k];
      return s;
    });
    components.push({ name: c < 3 ? names[c] : null, variance: Math.max(values[c], 0), explained: total > 0 ? Math.max(values[c], 0) / total : 0, loadings: v, scores });
  }
  return { meanChange: mean, components };
}

// Hull-White one-factor short-rate model on a trinomial tree (Hull & White 1994), fitted
// exactly to a discount curve at every grid time.
//
//   r(t) = x(t) + alpha(t),  dx = -a x dt + sigma dW,  x(0) = 0
//
// Tree for x as QuantLib's TrinomialTree: on step i (t_i -> t_{i+1}, dt_i) the next level's
// spacing is dx_{i+1} = sqrt(3 V_i), V_i = sigma^2 (1 - e^{-2 a dt_i}) / (2a); a node x branches to
// k-1, k, k+1 around k = round(E[x_{i+1}] / dx_{i+1}) with the moment-matching probabilities.
// alpha_i is solved in closed form by forward induction of Arrow-Debreu prices Q so that
// sum_j Q_ij exp(-(x_j + alpha_i) dt_i) = P(0, t_{i+1}). Discounting over a step is
// exp(-r dt). sigma = 0 gives a single deterministic path on the curve's forwards.
// The grid has every mandatory time on it (QuantLib TimeGrid: each interval between mandatory
// times cut into round(length / (T / steps)) equal steps, at least one).
import type { YieldCurve } from '../../market/curves/discount-curve';

export interface HullWhiteParams {
  /** Mean reversion (per year), >= 0. */
  a: number;
  /** Short-rate volatility (absolute, per sqrt(year)), >= 0. */
  sigma: number;
}

export interface HullWhiteTree {
  times: Float64Array;
  /** Per level i: lowest node index, node count, spacing; x_j = (jMin + j) dx. */
  jMin: Int32Array;
  size: Int32Array;
  dx: Float64Array;
  /** Per level i < last: alpha_i, and for each node the middle successor's index (relative to the next level's jMin) and probabilities. */
  alpha: Float64Array;
  branch: Int32Array[];
  pDown: Float64Array[];
  pMid: Float64Array[];
  pUp: Float64Array[];
}

/** QuantLib's TimeGrid with mandatory times (all >= 0) and a target number of steps. */
export function timeGrid(mandatory: readonly number[], steps: number): Float64Array {
  const m = [...new Set(mandatory.filter((t) => t > 0))].sort((x, y) => x - y);
  if (m.length === 0) throw new RangeError('a time grid needs a time after 0');
  if (!(steps >= 1)) throw new RangeError('steps must be >= 1');
  const dtMax = m[m.length - 1] / steps;
  const out = [0];
  let begin = 0;
  for (const end of m) {
    const n = Math.max(1, Math.floor((end - begin) / dtMax + 0.5));
    const dt = (end - begin) / n;
    for (let k = 1; k < n; k++) out.push(begin + k * dt);
    out.push(end);
    begin = end;
  }
  return Float64Array.from(out);
}

export function buildHullWhiteTree(curve: YieldCurve, times: Float64Array, p: HullWhiteParams): HullWhiteTree {
  const { a, sigma } = p;
  if (!(a >= 0) || !(sigma >= 0)) throw new RangeError('Hull-White a and sigma must be >= 0');
  const n = times.length;
  const jMin = new Int32Array(n), size = new Int32Array(n), dx = new Float64Array(n), alpha = new Float64Array(n - 1);
  const branch: Int32Array[] = [], pDown: Float64Array[] = [], pMid: Float64Array[] = [], pUp: Float64Array[] = [];
  size[0] = 1;
  for (let i = 0; i + 1 < n; i++) {
    const dt = times[i + 1] - times[i];
    const decay = Math.exp(-a * dt);
    const v2 = sigma === 0 ? 0 : a > 0 ? (sigma * sigma * (1 - Math.exp(-2 * a * dt))) / (2 * a) : sigma * sigma * dt;
    const v = Math.sqrt(v2);
    dx[i + 1] = v * Math.sqrt(3);
    const m = size[i];
    const br = new Int32Array(m), pd = new Float64Array(m), pm = new Float64Array(m), pu = new Float64Array(m);
    let kMin = Infinity, kMax = -Infinity;
    for (let j = 0; j < m; j++) {
      const x = (jMin[i] + j) * dx[i];
      const mean = x * decay;
      if (v2 === 0) { br[j] = 0; pd[j] = 0; pm[j] = 1; pu[j] = 0; kMin = kMax = 0; continue; }
      const k = Math.floor(mean / dx[i + 1] + 0.5);
      const e = mean - k * dx[i + 1];
      const e2 = (e * e) / v2, e3 = (e * Math.sqrt(3)) / v;
      pd[j] = (1 + e2 - e3) / 6;
      pm[j] = (2 - e2) / 3;
      pu[j] = (1 + e2 + e3) / 6;
      br[j] = k;
      if (k < kMin) kMin = k;
      if (k > kMax) kMax = k;
    }
    const lo = v2 === 0 ? 0 : kMin - 1, hi = v2 === 0 ? 0 : kMax + 1;
    jMin[i + 1] = lo;
    size[i + 1] = hi - lo + 1;
    for (let j = 0; j < m; j++) br[j] -= lo;
    branch.push(br); pDown.push(pd); pMid.push(pm); pUp.push(pu);
  }
  // Forward induction: fit alpha_i to P(0, t_{i+1}).
  let Q = Float64Array.of(1);
  for (let i = 0; i + 1 < n; i++) {
    const dt = times[i + 1] - times[i];
    let s = 0;
    for (let j = 0; j < size[i]; j++) s += Q[j] * Math.exp(-(jMin[i] + j) * dx[i] * dt);
    alpha[i] = Math.log(s / curve.discount(times[i + 1])) / dt;
    const next = new Float64Array(size[i + 1]);
    const br = branch[i], pd = pDown[i], pm = pMid[i], pu = pUp[i];
    for (let j = 0; j < size[i]; j++) {
      const w = Q[j] * Math.exp(-((jMin[i] + j) * dx[i] + alpha[i]) * dt);
      const k = br[j];
      if (pd[j] !== 0) next[k - 1] += w * pd[j];
      next[k] += w * pm[j];
      if (pu[j] !== 0) next[k + 1] += w * pu[j];
    }
    Q = next;
  }
  return { times, jMin, size, dx, alpha, branch, pDown, pMid, pUp };
}

/**
 * One step of backward induction from level i+1 to level i, with an extra constant spread on
 * the short rate (option-adjusted spread). Returns the values at level i.
 */
export function rollBack(tree: HullWhiteTree, i: number, next: Float64Array, spread = 0): Float64Array {
  const dt = tree.times[i + 1] - tree.times[i];
  const m = tree.size[i];
  const out = new Float64Array(m);
  const br = tree.branch[i], pd = tree.pDown[i], pm = tree.pMid[i], pu = tree.pUp[i];
  const base = tree.alpha[i] + spread, dx = tree.dx[i], j0 = tree.jMin[i];
  for (let j = 0; j < m; j++) {
    const k = br[j];
    let ev = pm[j] * next[k];
    if (pd[j] !== 0) ev += pd[j] * next[k - 1];
    if (pu[j] !== 0) ev += pu[j] * next[k + 1];
    out[j] = ev * Math.exp(-((j0 + j) * dx + base) * dt);
  }
  return out;
}

/** Index of a time on the grid (it must be one of the grid's times, to rounding). */
export function gridIndex(times: Float64Array, t: number): number {
  let lo = 0, hi = times.length - 1;
  while (hi - lo > 1) { const m = (lo + hi) >> 1; if (times[m] <= t) lo = m; else hi = m; }
  const i = Math.abs(times[lo] - t) <= Math.abs(times[hi] - t) ? lo : hi;
  if (Math.abs(times[i] - t) > 1e-12) throw new RangeError(`time ${t} is not on the grid`);
  return i;
}

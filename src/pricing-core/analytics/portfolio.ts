// Long-only, fully invested portfolio construction (PRICING-CLI `portfolioOptimize`):
// minimum variance, target return and maximum Sharpe as strictly convex QPs solved exactly by
// the dual active-set method (qp.ts), risk parity by Newton's method on the convex problem
// min y' S y / 2 - sum b_i ln y_i (Spinu 2013), normalised.
import { PricingError } from '../core/types';
import { choleskyInPlace } from '../math/linear-algebra';
import { QpInfeasible, solveQp } from './qp';

export type PortfolioObjective = 'minVariance' | 'maxSharpe' | 'riskParity' | 'targetReturn';
export const PORTFOLIO_OBJECTIVES: readonly PortfolioObjective[] = ['minVariance', 'maxSharpe', 'riskParity', 'targetReturn'];

export interface PortfolioInput {
  objective: PortfolioObjective;
  covariance?: number[][];
  expectedReturns?: number[];
  returns?: number[][];
  periodsPerYear?: number;
  riskFree?: number;
  targetReturn?: number;
  /** One [lo, hi] pair for every asset, or one pair per asset. */
  bounds?: [number, number] | [number, number][];
  riskBudgets?: number[];
}

/** Annualised mean and sample covariance (ddof 1) of a T x m matrix of period returns. */
export function momentsOf(R: number[][], P: number): { mu: number[]; cov: number[][] } {
  const T = R.length, m = R[0].length;
  const mu = new Array<number>(m).fill(0);
  for (const row of R) for (let j = 0; j < m; j++) mu[j] += row[j];
  for (let j = 0; j < m; j++) mu[j] /= T;
  const cov = Array.from({ length: m }, () => new Array<number>(m).fill(0));
  for (const row of R) {
    for (let i = 0; i < m; i++) {
      const di = row[i] - mu[i];
      for (let j = 0; j <= i; j++) cov[i][j] += di * (row[j] - mu[j]);
    }
  }
  for (let i = 0; i < m; i++) for (let j = 0; j <= i; j++) { cov[i][j] = (cov[i][j] / (T - 1)) * P; cov[j][i] = cov[i][j]; }
  return { mu: mu.map((v) => v * P), cov };
}

/** Largest (or smallest) mu'w over sum w = 1, lo <= w <= hi: fill the best assets first. */
function extremeReturn(mu: number[], lo: number[], hi: number[], sign: 1 | -1): number {
  const order = mu.map((_, i) => i).sort((a, b) => sign * (mu[b] - mu[a]));
  let left = 1, v = 0;
  for (let i = 0; i < mu.length; i++) { left -= lo[i]; v += mu[i] * lo[i]; }
  for (const i of order) {
    const add = Math.min(hi[i] - lo[i], left);
    v += mu[i] * add; left -= add;
    if (left <= 0) break;
  }
  return v;
}

export function portfolioOptimize(inp: PortfolioInput) {
  let S: number[][], mu: number[] | undefined;
  if ((inp.covariance === undefined) === (inp.returns === undefined)) throw new PricingError('give either covariance or returns');
  if (inp.returns !== undefined) {
    const P = inp.periodsPerYear ?? 252;
    if (!(P > 0)) throw new PricingError('periodsPerYear must be > 0');
    if (inp.returns.length < 2) throw new PricingError('returns needs at least 2 rows');
    // mu comes from the returns (an expectedReturns field beside them is an extra field, unused)
    ({ mu, cov: S } = momentsOf(inp.returns, P));
  } else {
    S = inp.covariance!;
    mu = inp.expectedReturns;
  }
  const m = S.length;
  if (m < 1) throw new PricingError('no assets');
  for (const row of S) if (row.length !== m) throw new PricingError('covariance must be square');
  if (mu !== undefined && mu.length !== m) throw new PricingError(`expectedReturns has ${mu.length} values for ${m} assets`);
  let scale = 0;
  for (const row of S) for (const v of row) scale = Math.max(scale, Math.abs(v));
  for (let i = 0; i < m; i++) for (let j = 0; j < i; j++) {
    if (Math.abs(S[i][j] - S[j][i]) > 1e-12 * scale) throw new PricingError('covariance is not symmetric');
  }
  const L = new Float64Array(m * m);
  for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) L[i * m + j] = S[i][j];
  if (!choleskyInPlace(L, m, 1e-10)) throw new PricingError('covariance is not positive definite (e.g. two identical assets)');
  for (let i = 0; i < m; i++) for (let j = i + 1; j < m; j++) L[i * m + j] = 0;

  const b = inp.bounds ?? [0, 1];
  let lo: number[], hi: number[];
  if (b.length === 2 && typeof b[0] === 'number') { lo = new Array(m).fill(b[0]); hi = new Array(m).fill(b[1]); }
  else {
    const pairs = b as [number, number][];
    if (pairs.length !== m || pairs.some((p) => !Array.isArray(p) || p.length !== 2)) throw new PricingError(`bounds must be one [lo, hi] pair or ${m} pairs`);
    lo = pairs.map((p) => p[0]); hi = pairs.map((p) => p[1]);
  }
  let sumLo = 0, sumHi = 0;
  for (let i = 0; i < m; i++) {
    if (!(lo[i] >= 0 && lo[i] <= hi[i] && hi[i] <= 1)) throw new PricingError('bounds must satisfy 0 <= lo <= hi <= 1');
    sumLo += lo[i]; sumHi += hi[i];
  }
  if (!(sumLo <= 1 && sumHi >= 1)) throw new PricingError('bounds are infeasible: need sum lo <= 1 <= sum hi');

  const rf = inp.riskFree ?? 0;
  const objective = inp.objective;
  if ((objective === 'maxSharpe' || objective === 'targetReturn') && mu === undefined) throw new PricingError(`${objective} needs expectedReturns (or returns)`);

  const unit = (i: number, s = 1) => { const v = new Float64Array(m); v[i] = s; return v; };
  const ones = new Float64Array(m).fill(1);
  let w: Float64Array;
  try {
    if (objective === 'minVariance' || objective === 'targetReturn') {
      const eqRows: ArrayLike<number>[] = [ones], eqRhs = [1];
      if (objective === 'targetReturn') {
        if (inp.targetReturn === undefined) throw new PricingError('missing field: targetReturn');
        const t = inp.targetReturn;
        if (t < extremeReturn(mu!, lo, hi, -1) || t > extremeReturn(mu!, lo, hi, 1)) throw new PricingError('targetReturn is out of reach of the feasible portfolios');
        eqRows.push(mu!); eqRhs.push(t);
      }
      const inRows: ArrayLike<number>[] = [], inRhs: number[] = [];
      for (let i = 0; i < m; i++) {
        if (lo[i] === hi[i]) { eqRows.push(unit(i)); eqRhs.push(lo[i]); continue; }
        inRows.push(unit(i)); inRhs.push(lo[i]);
        // hi_i is implied when the other assets' floors leave no more than hi_i.
        if (hi[i] < 1 - (sumLo - lo[i])) { inRows.push(unit(i, -1)); inRhs.push(-hi[i]); }
      }
      w = solveQp({ n: m, choleskyL: L, eqRows, eqRhs, inRows, inRhs });
    } else if (objective === 'maxSharpe') {
      if (!(extremeReturn(mu!, lo, hi, 1) > rf)) throw new PricingError('no feasible portfolio has an expected return above riskFree');
      // y = kappa w: min y'Sy, (mu - rf)'y = 1, lo kappa <= y <= hi kappa, kappa = 1'y >= 0.
      const ex = mu!.map((v) => v - rf);
      const eqRows: ArrayLike<number>[] = [ex], eqRhs = [1];
      const inRows: ArrayLike<number>[] = [ones], inRhs = [0];
      const row = (i: number, c: number, s: number) => { const v = new Float64Array(m).fill(-s * c); v[i] += s; return v; };
      for (let i = 0; i < m; i++) {
        if (lo[i] === hi[i]) { eqRows.push(row(i, lo[i], 1)); eqRhs.push(0); continue; }
        inRows.push(row(i, lo[i], 1)); inRhs.push(0); // y_i - lo_i 1'y >= 0
        if (hi[i] < 1 - (sumLo - lo[i])) { inRows.push(row(i, hi[i], -1)); inRhs.push(0); } // hi_i 1'y - y_i >= 0
      }
      const y = solveQp({ n: m, choleskyL: L, eqRows, eqRhs, inRows, inRhs });
      let k = 0;
      for (let i = 0; i < m; i++) k += y[i];
      w = y.map((v) => v / k);
    } else {
      w = riskParity(S, budgetsOf(inp.riskBudgets, m));
      for (let i = 0; i < m; i++) {
        if (w[i] < lo[i] - 1e-12 || w[i] > hi[i] + 1e-12) throw new PricingError(`the risk-parity portfolio breaks the bounds (asset ${i + 1}: ${w[i]})`);
      }
    }
  } catch (e) {
    if (e instanceof QpInfeasible) throw new PricingError(`no feasible portfolio: ${e.message}`);
    throw e;
  }

  const Sw = S.map((row) => row.reduce((s, v, j) => s + v * w[j], 0));
  let variance = 0;
  for (let i = 0; i < m; i++) variance += w[i] * Sw[i];
  const volatility = Math.sqrt(variance);
  const expectedReturn = mu === undefined ? null : mu.reduce((s, v, i) => s + v * w[i], 0);
  return {
    weights: Array.from(w),
    expectedReturn,
    volatility,
    sharpe: expectedReturn === null ? null : (expectedReturn - rf) / volatility,
    riskContributions: Array.from(w, (v, i) => (v * Sw[i]) / variance),
  };
}

function budgetsOf(budgets: number[] | undefined, m: number): Float64Array {
  if (budgets === undefined) return new Float64Array(m).fill(1 / m);
  if (budgets.length !== m) throw new PricingError(`riskBudgets has ${budgets.length} values for ${m} assets`);
  if (budgets.some((v) => !(v > 0))) throw new PricingError('riskBudgets must all be > 0');
  const total = budgets.reduce((a, v) => a + v, 0);
  return Float64Array.from(budgets, (v) => v / total);
}

/**
 * Risk budgeting: y minimises f(y) = y'Sy/2 - sum b_i ln y_i (strictly convex on y > 0; at its
 * minimum y_i (Sy)_i = b_i), so w = y / sum y has risk contributions b. Damped Newton from
 * y_i = sqrt(b_i) / sigma_i scaled to the best multiple; quadratic convergence to rounding.
 */
function riskParity(S: number[][], b: Float64Array): Float64Array {
  const m = b.length;
  let y = Float64Array.from(b, (v, i) => Math.sqrt(v / S[i][i]));
  const quad = (v: Float64Array) => { let s = 0; for (let i = 0; i < m; i++) { let t = 0; for (let j = 0; j < m; j++) t += S[i][j] * v[j]; s += v[i] * t; } return s; };
  y = y.map((v) => v / Math.sqrt(quad(y))); // along the ray the optimum has y'Sy = sum b = 1
  const f = (v: Float64Array) => { let s = quad(v) / 2; for (let i = 0; i < m; i++) s -= b[i] * Math.log(v[i]); return s; };
  const H = new Float64Array(m * m), g = new Float64Array(m), step = new Float64Array(m);
  let polish = false;
  for (let iter = 0; iter < 100; iter++) {
    for (let i = 0; i < m; i++) {
      let t = 0;
      for (let j = 0; j < m; j++) { t += S[i][j] * y[j]; H[i * m + j] = S[i][j]; }
      g[i] = t - b[i] / y[i];
      H[i * m + i] += b[i] / (y[i] * y[i]);
    }
    if (!choleskyInPlace(H, m)) throw new PricingError('risk parity: Newton system is not positive definite');
    // Solve H step = g.
    for (let i = 0; i < m; i++) { let s = g[i]; for (let k = 0; k < i; k++) s -= H[i * m + k] * step[k]; step[i] = s / H[i * m + i]; }
    for (let i = m - 1; i >= 0; i--) { let s = step[i]; for (let k = i + 1; k < m; k++) s -= H[k * m + i] * step[k]; step[i] = s / H[i * m + i]; }
    let rel = 0;
    for (let i = 0; i < m; i++) rel = Math.max(rel, Math.abs(step[i] / y[i]));
    let t = 1;
    while (y.some((v, i) => v - t * step[i] <= 0)) t /= 2;
    if (rel > 1e-3) {
      const f0 = f(y);
      for (let k = 0; k < 50; k++) {
        const yt = y.map((v, i) => v - t * step[i]);
        if (f(yt) <= f0) break;
        t /= 2;
      }
    }
    for (let i = 0; i < m; i++) y[i] -= t * step[i];
    // Quadratic convergence: once a full step is below 1e-9 the next one is at rounding level.
    if (polish) break;
    if (t === 1 && rel < 1e-9) polish = true;
  }
  let total = 0;
  for (let i = 0; i < m; i++) total += y[i];
  return y.map((v) => v / total);
}

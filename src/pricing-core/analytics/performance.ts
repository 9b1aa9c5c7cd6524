// Performance statistics of an equity curve or a return series (PRICING-CLI `performanceStats`).
import { PricingError } from '../core/types';
import { isConstant, mean, sampleStd } from './stats';

export interface PerformanceInput {
  equity?: ArrayLike<number>;
  returns?: ArrayLike<number>;
  periodsPerYear?: number;
  riskFree?: number;
}

export function performanceStats(inp: PerformanceInput) {
  if ((inp.equity === undefined) === (inp.returns === undefined)) throw new PricingError('give exactly one of equity or returns');
  const P = inp.periodsPerYear ?? 252;
  if (!(P > 0)) throw new PricingError('periodsPerYear must be > 0');
  const rfAnnual = inp.riskFree ?? 0;
  let E: Float64Array, r: Float64Array;
  if (inp.equity !== undefined) {
    E = Float64Array.from(inp.equity);
    for (const v of E) if (!(v > 0)) throw new PricingError('equity values must be > 0');
    r = new Float64Array(Math.max(E.length - 1, 0));
    for (let i = 1; i < E.length; i++) r[i - 1] = E[i] / E[i - 1] - 1;
  } else {
    r = Float64Array.from(inp.returns!);
    for (const v of r) if (!(v > -1)) throw new PricingError('returns must be > -1');
    E = new Float64Array(r.length + 1);
    E[0] = 1;
    for (let i = 0; i < r.length; i++) E[i + 1] = E[i] * (1 + r[i]);
  }
  const N = r.length;
  if (N < 4) throw new PricingError('performanceStats needs at least 4 periods');
  if (isConstant(r)) throw new PricingError('all returns are equal: volatility is zero');
  const rfp = Math.pow(1 + rfAnnual, 1 / P) - 1;
  const x = r.map((v) => v - rfp);
  const mr = mean(r), mx = mean(x);
  const sqrtP = Math.sqrt(P);
  let down = 0;
  for (const v of x) if (v < 0) down += v * v;
  const dd = Math.sqrt(down / N);

  // Drawdowns on E_0..E_N; spells of consecutive underwater indices, measured from the peak
  // index to recovery (or to N when the curve ends under water).
  let peakIdx = 0, maxDrawdown = 0, longest = 0, spellStart = -1;
  for (let i = 0; i <= N; i++) {
    if (E[i] >= E[peakIdx]) {
      if (spellStart >= 0) { longest = Math.max(longest, i - (spellStart - 1)); spellStart = -1; }
      peakIdx = i;
    } else {
      if (spellStart < 0) spellStart = i;
      maxDrawdown = Math.max(maxDrawdown, 1 - E[i] / E[peakIdx]);
    }
  }
  if (spellStart >= 0) longest = Math.max(longest, N - (spellStart - 1));

  const cagr = Math.pow(E[N] / E[0], P / N) - 1;
  let wins = 0, nonFlat = 0, gain = 0, loss = 0, best = -Infinity, worst = Infinity;
  for (const v of r) {
    if (v > 0) { wins++; gain += v; }
    if (v < 0) loss += v;
    if (v !== 0) nonFlat++;
    if (v > best) best = v;
    if (v < worst) worst = v;
  }
  let m2 = 0, m3 = 0, m4 = 0;
  for (const v of r) { const d = v - mr, d2 = d * d; m2 += d2; m3 += d2 * d; m4 += d2 * d2; }
  m2 /= N; m3 /= N; m4 /= N;
  const g1 = m3 / Math.pow(m2, 1.5), g2 = m4 / (m2 * m2) - 3;
  return {
    periods: N,
    totalReturn: E[N] / E[0] - 1,
    cagr,
    meanReturn: mr,
    annualVolatility: sampleStd(r, 0, N, mr) * sqrtP,
    sharpe: (mx / sampleStd(x, 0, N, mx)) * sqrtP,
    downsideDeviation: dd * sqrtP,
    sortino: dd > 0 ? (mx / dd) * sqrtP : null,
    maxDrawdown,
    maxDrawdownDuration: longest,
    calmar: maxDrawdown > 0 ? cagr / maxDrawdown : null,
    winRate: nonFlat > 0 ? wins / nonFlat : null,
    profitFactor: loss < 0 ? gain / -loss : null,
    bestPeriod: best,
    worstPeriod: worst,
    skew: (Math.sqrt(N * (N - 1)) / (N - 2)) * g1,
    excessKurtosis: ((N - 1) / ((N - 2) * (N - 3))) * ((N + 1) * g2 + 6),
  };
}

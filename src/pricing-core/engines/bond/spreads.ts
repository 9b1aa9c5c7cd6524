// Spreads of cash bonds and spread curves. Curves quoted as yield-to-maturity by tenor (how
// ChinaBond publishes its CGB, CDB, local-government and credit-rating curves, and how IRS
// par rates are quoted) are `TenorCurve`s: tenors in years, yields as decimals, linear
// interpolation, flat beyond the ends.
import type { YieldCurve } from '../../market/curves/discount-curve';
import { type BondFlows, zSpread } from './curve-risk';

export interface TenorCurve {
  tenors: readonly number[];
  yields: readonly number[];
}

export function validateTenorCurve(c: TenorCurve): void {
  if (c.tenors.length === 0 || c.tenors.length !== c.yields.length) throw new RangeError('a tenor curve needs as many yields as tenors (at least one)');
  for (let i = 1; i < c.tenors.length; i++) if (!(c.tenors[i] > c.tenors[i - 1])) throw new RangeError('curve tenors must increase');
}

/** Linear interpolation in tenor, flat extrapolation. */
export function interpolateYield(c: TenorCurve, t: number): number {
  const T = c.tenors, Y = c.yields, n = T.length;
  if (t <= T[0]) return Y[0];
  if (t >= T[n - 1]) return Y[n - 1];
  let lo = 0, hi = n - 1;
  while (hi - lo > 1) { const m = (lo + hi) >> 1; if (T[m] <= t) lo = m; else hi = m; }
  return Y[lo] + ((Y[hi] - Y[lo]) * (t - T[lo])) / (T[hi] - T[lo]);
}

export interface BondSpreads {
  /** Bond yield minus the government curve's yield at the bond's remaining maturity. */
  yieldSpread: number;
  /** Bond yield minus the swap curve's par rate at the same maturity (when a swap curve is given). */
  iSpread: number | null;
  /** Continuous spread over the government discount curve's zero rates (when one is given). */
  zSpread: number | null;
  benchmarkYield: number;
}

export function bondSpreads(
  bondYield: number, remainingYears: number,
  gov: TenorCurve, opts: { swap?: TenorCurve; govDiscount?: YieldCurve; flows?: BondFlows; dirtyPrice?: number } = {},
): BondSpreads {
  validateTenorCurve(gov);
  const bench = interpolateYield(gov, remainingYears);
  let z: number | null = null;
  if (opts.govDiscount && opts.flows && opts.dirtyPrice !== undefined) z = zSpread(opts.flows, opts.govDiscount, opts.dirtyPrice);
  return {
    yieldSpread: bondYield - bench,
    iSpread: opts.swap ? (validateTenorCurve(opts.swap), bondYield - interpolateYield(opts.swap, remainingYears)) : null,
    zSpread: z,
    benchmarkYield: bench,
  };
}

/** A spread curve (e.g. AAA credit minus CGB) on the given tenors. */
export function spreadCurve(curve: TenorCurve, base: TenorCurve, tenors: readonly number[] = curve.tenors): TenorCurve {
  validateTenorCurve(curve); validateTenorCurve(base);
  return { tenors: [...tenors], yields: tenors.map((t) => interpolateYield(curve, t) - interpolateYield(base, t)) };
}

export interface SeriesStats {
  count: number;
  current: number;
  mean: number;
  std: number;
  min: number;
  max: number;
  /** Share of observations at or below the current value, 0..1 (its percentile rank). */
  percentileRank: number;
  /** (current - mean) / std. */
  zScore: number;
  quantiles: { p5: number; p25: number; p50: number; p75: number; p95: number };
}

/** Quantile by linear interpolation between order statistics (type 7, as R and NumPy default). */
export function quantile(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * p, lo = Math.floor(h), hi = Math.min(n - 1, lo + 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** Statistics of a history (e.g. IRS minus bond yield at one tenor); the last value is current. Non-finite values are skipped. */
export function seriesStats(values: ArrayLike<number>): SeriesStats {
  const v = Float64Array.from(Array.from(values).filter(Number.isFinite));
  if (v.length === 0) throw new RangeError('no observations');
  const current = v[v.length - 1];
  let mean = 0;
  for (const x of v) mean += x;
  mean /= v.length;
  let ss = 0;
  for (const x of v) ss += (x - mean) ** 2;
  const std = v.length > 1 ? Math.sqrt(ss / (v.length - 1)) : 0;
  const sorted = Float64Array.from(v).sort();
  let le = 0;
  for (const x of v) if (x <= current) le++;
  return {
    count: v.length, current, mean, std, min: sorted[0], max: sorted[sorted.length - 1], percentileRank: le / v.length,
    zScore: std > 0 ? (current - mean) / std : 0,
    quantiles: { p5: quantile(sorted, 0.05), p25: quantile(sorted, 0.25), p50: quantile(sorted, 0.5), p75: quantile(sorted, 0.75), p95: quantile(sorted, 0.95) },
  };
}

// Pure helpers shared by the five spread / curve screens (/bondSpread, /creditSpread,
// /ridingStrategy, /swapBondSpreadAnalysis, /relativeValue): market-data curve replies as the
// pricing core's TenorCurve, the curve a bond is read off by issuer type and rating, spread
// histories of two series on their common dates, and their statistics. No React, no I/O.
import type { CurvePoint, HistorySeries } from '../../kit/market-data/client';
import { tenorYears as kitTenorYears } from '../../kit/market-data/pillars';
import { type SeriesStats, type TenorCurve, seriesStats } from '../../pricing-core/engines/bond/spreads';

/** Years of a dated market tenor (`1W`, `3M`, `10Y`); null for ON/TN and what is not a tenor (curves skip those). */
export function tenorYears(tenor: string): number | null {
  return /^\s*\d+[DWMY]\s*$/i.test(tenor) ? kitTenorYears(tenor) : null;
}

/** Tenor points of a curve reply (percent values) as a TenorCurve (decimal yields, years ascending). */
export function toTenorCurve(points: ReadonlyArray<Pick<CurvePoint, 'tenor' | 'value'>>): TenorCurve {
  const pts = points
    .map((p) => ({ t: tenorYears(p.tenor), y: p.value / 100 }))
    .filter((p): p is { t: number; y: number } => p.t !== null && Number.isFinite(p.y))
    .sort((a, b) => a.t - b.t);
  return { tenors: pts.map((p) => p.t), yields: pts.map((p) => p.y) };
}

/** A curve reply's business date: its newest point (the settlement of the analyses), else its as-of. */
export function curveDate(c: { asOf?: string; points: ReadonlyArray<Pick<CurvePoint, 'date'>> } | undefined): string | null {
  if (!c) return null;
  return c.points.reduce<string | null>((a, p) => (a === null || p.date > a ? p.date : a), null) ?? c.asOf ?? null;
}

/** The curve groups a bond screen offers (market-data ids `bond.{ISSUER}` and `credit.MTN.{RATING}`). */
export const GOV_CURVES = ['bond.CGB', 'bond.CDB', 'bond.LGB'] as const;
export const CREDIT_RATINGS = ['AAA', 'AA+', 'AA'] as const;
export const creditCurve = (rating: string) => `credit.MTN.${rating}`;

/**
 * The curve a bond's default yield is read from: its issuer's curve; policy banks (ADBC, EXIM)
 * on the CDB curve; credit, financial bonds and NCDs on the MTN curve of their rating. Null
 * when none applies (the desk types the yield).
 */
export function issuerCurveId(b: { issuerType: string; rating?: string | null }): string | null {
  switch (b.issuerType) {
    case 'CGB': return 'bond.CGB';
    case 'CDB': case 'ADBC': case 'EXIM': return 'bond.CDB';
    case 'LGB': return 'bond.LGB';
    default:
      return b.rating && (CREDIT_RATINGS as readonly string[]).includes(b.rating) ? creditCurve(b.rating) : null;
  }
}

/** The listed tenor nearest to `years` (ties to the shorter). */
export function nearestTenor(tenors: readonly string[], years: number): string | null {
  let best: string | null = null;
  let gap = Infinity;
  for (const t of tenors) {
    const y = tenorYears(t);
    if (y === null) continue;
    const g = Math.abs(y - years);
    if (g < gap - 1e-12) { gap = g; best = t; }
  }
  return best;
}

export interface SpreadSeries {
  /** Days since 1970-01-01, ascending: the dates both series have. */
  dates: Int32Array;
  /** (a - b) x scale on those dates (x100 turns percent points into bp). */
  values: Float64Array;
}

/** a - b on the dates both have (a history's dates ascend). */
export function spreadHistory(a: Pick<HistorySeries, 'dates' | 'values'>, b: Pick<HistorySeries, 'dates' | 'values'>, scale = 100): SpreadSeries {
  const n = Math.min(a.dates.length, b.dates.length);
  const dates = new Int32Array(n);
  const values = new Float64Array(n);
  let i = 0, j = 0, k = 0;
  while (i < a.dates.length && j < b.dates.length) {
    if (a.dates[i] < b.dates[j]) i++;
    else if (a.dates[i] > b.dates[j]) j++;
    else { dates[k] = a.dates[i]; values[k++] = (a.values[i++] - b.values[j++]) * scale; }
  }
  return { dates: dates.subarray(0, k), values: values.subarray(0, k) };
}

export interface SpreadStats extends SeriesStats {
  /** Percentile rank of the current value in the window, 0..100. */
  percentile: number;
  /** Date of the current value, days since 1970. */
  lastDate: number;
}

/** Statistics of a spread history (the last value is current); null when empty. */
export function spreadStats(s: SpreadSeries): SpreadStats | null {
  if (s.values.length === 0) return null;
  const st = seriesStats(s.values);
  return { ...st, percentile: st.percentileRank * 100, lastDate: s.dates[s.dates.length - 1] };
}

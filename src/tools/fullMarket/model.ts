// /fullMarket, the pure part: one pass over the tail of each stored series (typed arrays as
// MD.HISTORY gives them) for the figures of the anomaly scan, and the anomaly list from the
// user's thresholds. Statistics follow the pricing core's conventions (analytics/stats.ts:
// sample std, ddof 1; "constant" is exact; a window includes its last point, as `zScore`).
import { isConstant, mean, sampleStd } from '../../pricing-core/analytics/stats';

/** Why a figure of a series is not given. */
export type ScanGap = 'tooShort' | 'constant';

export interface ScanOptions {
  /** Band half-width in standard deviations of the 20-day levels. */
  k: number;
}

export interface SeriesScan {
  /** Latest level and its date (days since 1970-01-01), NaN / -1 when the series is empty. */
  last: number;
  lastDay: number;
  /** Latest daily change (last minus the figure before). */
  change: number | null;
  /** The latest change in standard deviations of the daily changes of the last 20 / 60. */
  z20: number | null;
  z60: number | null;
  /** Share of the last year's levels at or below the latest, percent (0-100]. */
  pct1y: number | null;
  /** 20-day mean and std of the levels, band = mean ± k std. */
  bandMean: number | null;
  bandStd: number | null;
  /** 1 above the band, -1 below, 0 inside, null when no band. */
  band: 1 | -1 | 0 | null;
  /** Why z20 / z60 / the band / the percentile are missing (null: computed). */
  gapZ20: ScanGap | null;
  gapZ60: ScanGap | null;
  gapBand: ScanGap | null;
  gapPct: ScanGap | null;
}

const YEAR_DAYS = 365;

/** z of the latest of the last `w` daily changes against those `w` changes. */
function zOfLastChange(v: Float64Array | ArrayLike<number>, n: number, w: number, diffs: Float64Array): { z: number | null; gap: ScanGap | null } {
  if (n < w + 1) return { z: null, gap: 'tooShort' };
  for (let i = 0; i < w; i++) diffs[i] = v[n - w + i] - v[n - w + i - 1];
  if (isConstant(diffs, 0, w)) return { z: null, gap: 'constant' };
  const m = mean(diffs, 0, w);
  return { z: (diffs[w - 1] - m) / sampleStd(diffs, 0, w, m), gap: null };
}

/** First index whose day is >= `day` (dates ascending). */
function lowerBound(dates: ArrayLike<number>, n: number, day: number): number {
  let lo = 0, hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (dates[mid] < day) lo = mid + 1; else hi = mid;
  }
  return lo;
}

const scratch = new Float64Array(60);

/** The scan figures of one series; only its last year (and 61 points) is read. */
export function scanSeries(dates: ArrayLike<number>, values: ArrayLike<number>, opts: ScanOptions): SeriesScan {
  const n = values.length;
  const z20 = zOfLastChange(values, n, 20, scratch);
  const z60 = zOfLastChange(values, n, 60, scratch);
  const last = n ? values[n - 1] : NaN;
  let bandMean: number | null = null, bandStd: number | null = null, band: SeriesScan['band'] = null, gapBand: ScanGap | null = null;
  if (n < 20) gapBand = 'tooShort';
  else if (isConstant(values, n - 20, n)) gapBand = 'constant';
  else {
    bandMean = mean(values, n - 20, n);
    bandStd = sampleStd(values, n - 20, n, bandMean);
    band = last > bandMean + opts.k * bandStd ? 1 : last < bandMean - opts.k * bandStd ? -1 : 0;
  }
  let pct1y: number | null = null, gapPct: ScanGap | null = null;
  if (n < 20) gapPct = 'tooShort';
  else {
    const from = lowerBound(dates, n, dates[n - 1] - YEAR_DAYS + 1);
    if (n - from < 20) gapPct = 'tooShort';
    else if (isConstant(values, from, n)) gapPct = 'constant';
    else {
      let below = 0;
      for (let i = from; i < n; i++) if (values[i] <= last) below++;
      pct1y = (100 * below) / (n - from);
    }
  }
  return {
    last, lastDay: n ? dates[n - 1] : -1, change: n > 1 ? last - values[n - 2] : null,
    z20: z20.z, z60: z60.z, pct1y, bandMean, bandStd, band,
    gapZ20: z20.gap, gapZ60: z60.gap, gapBand, gapPct,
  };
}

export interface ScanInput {
  id: string;
  dates: ArrayLike<number>;
  values: ArrayLike<number>;
}

/** Every series at once (the screen's and the bench's entry). */
export function scanAll<T extends ScanInput>(series: readonly T[], opts: ScanOptions): Array<{ series: T; scan: SeriesScan }> {
  return series.map((s) => ({ series: s, scan: scanSeries(s.dates, s.values, opts) }));
}

/** `a - b` on the days both have (dates ascending), for derived series (CNH-CNY spread). */
export function spreadSeries(a: ScanInput, b: ScanInput, id: string): ScanInput {
  const dates: number[] = [], values: number[] = [];
  let i = 0, j = 0;
  while (i < a.dates.length && j < b.dates.length) {
    if (a.dates[i] < b.dates[j]) i++;
    else if (a.dates[i] > b.dates[j]) j++;
    else { dates.push(a.dates[i]); values.push(a.values[i] - b.values[j]); i++; j++; }
  }
  return { id, dates: Int32Array.from(dates), values: Float64Array.from(values) };
}

export interface Thresholds {
  z: number;
  low: number;
  high: number;
  k: number;
}

export const DEFAULT_THRESHOLDS: Thresholds = { z: 2.5, low: 2, high: 98, k: 2 };

export type AnomalyKind = 'z20' | 'z60' | 'pctLow' | 'pctHigh' | 'bandUp' | 'bandDown';

export interface Anomaly {
  id: string;
  kind: AnomalyKind;
  /** The figure that tripped the threshold (z, percentile, or the level for a band break). */
  value: number;
}

/** The anomalies of a scan, strongest |z| first, then percentiles, then band breaks. */
export function anomalies(rows: ReadonlyArray<{ series: { id: string }; scan: SeriesScan }>, th: Thresholds): Anomaly[] {
  const out: Anomaly[] = [];
  for (const { series: { id }, scan: s } of rows) {
    if (s.z20 !== null && Math.abs(s.z20) >= th.z) out.push({ id, kind: 'z20', value: s.z20 });
    if (s.z60 !== null && Math.abs(s.z60) >= th.z) out.push({ id, kind: 'z60', value: s.z60 });
    if (s.pct1y !== null && s.pct1y <= th.low) out.push({ id, kind: 'pctLow', value: s.pct1y });
    if (s.pct1y !== null && s.pct1y >= th.high) out.push({ id, kind: 'pctHigh', value: s.pct1y });
    if (s.band === 1) out.push({ id, kind: 'bandUp', value: s.last });
    if (s.band === -1) out.push({ id, kind: 'bandDown', value: s.last });
  }
  const rank = (a: Anomaly) => (a.kind === 'z20' || a.kind === 'z60' ? 0 : a.kind.startsWith('pct') ? 1 : 2);
  return out.sort((a, b) => rank(a) - rank(b) || (rank(a) === 0 ? Math.abs(b.value) - Math.abs(a.value) : 0));
}

export type ThresholdField = keyof Thresholds;

/** Every bad threshold at once (the screen turns them into one alert in the user's words). */
export function checkThresholds(t: { [K in ThresholdField]: number | null }): Array<{ field: ThresholdField; problem: 'missing' | 'positive' | 'pctRange' | 'pctOrder' }> {
  const bad: Array<{ field: ThresholdField; problem: 'missing' | 'positive' | 'pctRange' | 'pctOrder' }> = [];
  for (const f of ['z', 'k'] as const) {
    const v = t[f];
    if (v === null || !Number.isFinite(v)) bad.push({ field: f, problem: 'missing' });
    else if (!(v > 0)) bad.push({ field: f, problem: 'positive' });
  }
  for (const f of ['low', 'high'] as const) {
    const v = t[f];
    if (v === null || !Number.isFinite(v)) bad.push({ field: f, problem: 'missing' });
    else if (v < 0 || v > 100) bad.push({ field: f, problem: 'pctRange' });
  }
  if (t.low !== null && t.high !== null && t.low >= 0 && t.high <= 100 && !(t.low < t.high)) bad.push({ field: 'high', problem: 'pctOrder' });
  return bad;
}

/** The level and its 20-day band at every point from the 20th (for the chart). */
export function bandSeries(values: ArrayLike<number>, k: number): { mean: (number | null)[]; upper: (number | null)[]; lower: (number | null)[] } {
  const n = values.length;
  const m: (number | null)[] = new Array(n).fill(null), up = m.slice(), lo = m.slice();
  for (let i = 19; i < n; i++) {
    const mu = mean(values, i - 19, i + 1), sd = sampleStd(values, i - 19, i + 1, mu);
    m[i] = mu; up[i] = mu + k * sd; lo[i] = mu - k * sd;
  }
  return { mean: m, upper: up, lower: lo };
}

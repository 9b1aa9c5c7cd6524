// Pure helpers for screens that show market figures as tables and history charts: the
// previous figure before a date (change vs previous day), the last change of a stepped
// series (policy rates), history windows, and history aligned on one time axis for uPlot.
// No React, no I/O: tested in figures.test.ts.
import { addDays, addMonths, fromISO, toISO, type CalendarDate } from '../../pricing-core/dates/date';
import type { HistoryReply, HistorySeries } from './client';
import type { Provenance } from './provenance';
import type { Observation, SeriesUnit } from './series';

/** History windows a screen offers (ALL = everything the server holds). */
export const HISTORY_RANGES = ['1M', '3M', '6M', '1Y', '3Y', 'ALL'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];

/** The earliest date anything is asked for with ALL (before every stored figure). */
export const EARLIEST = '2000-01-01';

/** First date of a history window ending on `to` (ISO). */
export function rangeFrom(range: HistoryRange, to: string): string {
  const d = fromISO(to);
  switch (range) {
    case '1M': return toISO(addMonths(d, -1));
    case '3M': return toISO(addMonths(d, -3));
    case '6M': return toISO(addMonths(d, -6));
    case '1Y': return toISO(addMonths(d, -12));
    case '3Y': return toISO(addMonths(d, -36));
    case 'ALL': return EARLIEST;
  }
}

/** Today on the desk (one definition: kit/dates). */
export { deskToday } from '../dates/desk-today';

/** Index of the last date < `day` in ascending `dates` (days since 1970), or -1. */
function lastIndexBefore(dates: Int32Array, day: number): number {
  let lo = 0;
  let hi = dates.length; // first index with dates[i] >= day
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (dates[mid] < day) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

export interface DatedValue {
  date: string;
  value: number;
}

/** The last stored figure strictly before `date` (the previous business day's figure). */
export function previousBefore(s: HistorySeries | undefined, date: string): DatedValue | null {
  if (!s || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const i = lastIndexBefore(s.dates, fromISO(date));
  return i < 0 ? null : { date: toISO(s.dates[i] as CalendarDate), value: s.values[i] };
}

/** The figure on or before `date`, from history. */
export function valueOn(s: HistorySeries | undefined, date: string): DatedValue | null {
  if (!s) return null;
  const i = lastIndexBefore(s.dates, fromISO(date) + 1);
  return i < 0 ? null : { date: toISO(s.dates[i] as CalendarDate), value: s.values[i] };
}

export interface LastChange {
  /** The date the current level was first set. */
  date: string;
  value: number;
  /** The level before it (null when history starts at the current level). */
  before: number | null;
}

/**
 * When a stepped series (a policy rate) last moved to its current level: walks back over
 * repeated figures (a re-import of the same level is not a change). `latest` may be newer
 * than the history (a push).
 */
export function lastChange(s: HistorySeries | undefined, latest?: Pick<Observation, 'date' | 'value'>): LastChange | null {
  const n = s?.dates.length ?? 0;
  let value: number;
  let date: string;
  let i: number;
  if (latest && (n === 0 || latest.date > toISO(s!.dates[n - 1] as CalendarDate))) {
    value = latest.value;
    date = latest.date;
    i = n - 1;
  } else {
    if (!s || n === 0) return null;
    value = s.values[n - 1];
    date = toISO(s.dates[n - 1] as CalendarDate);
    i = n - 2;
  }
  for (; i >= 0; i--) {
    if (s!.values[i] !== value) return { date, value, before: s!.values[i] };
    date = toISO(s!.dates[i] as CalendarDate);
  }
  return { date, value, before: null };
}

/**
 * Change from `prev` to `value` in the unit a desk quotes it in: basis points for rates in
 * percent (1.50 -> 1.52 is +2 bp), else the price difference.
 */
export function changeOf(unit: SeriesUnit, value: number | undefined, prev: number | undefined | null): number | null {
  if (typeof value !== 'number' || typeof prev !== 'number' || !Number.isFinite(value) || !Number.isFinite(prev)) return null;
  return unit === 'pct' ? (value - prev) * 100 : value - prev;
}

/** Relative change in percent (prices and indices), null for a zero base. */
export function changePct(value: number | undefined, prev: number | undefined | null): number | null {
  if (typeof value !== 'number' || typeof prev !== 'number' || prev === 0 || !Number.isFinite(value) || !Number.isFinite(prev)) return null;
  return ((value - prev) / Math.abs(prev)) * 100;
}

/** The provenance of point `i` of a history series (its run's batch). */
export function historyProvenance(h: Pick<HistoryReply, 'batches' | 'offline'>, s: HistorySeries, i: number): Provenance | null {
  if (i < 0 || i >= s.dates.length) return null;
  let batch: number | undefined;
  for (const [first, b] of s.runs) {
    if (first > i) break;
    batch = b;
  }
  const info = batch === undefined ? undefined : h.batches[String(batch)];
  if (!info) return null;
  return { source: info.source, sourceKind: info.sourceKind, asOf: toISO(s.dates[i] as CalendarDate), ...(h.offline ? { offline: true } : {}) };
}

/**
 * Every source the points of history series come from, once each (kind and source), with
 * the newest date it covers: what a chart of them must name (a sample history with one
 * imported figure is both).
 */
export function historySources(h: Pick<HistoryReply, 'batches' | 'offline'>, series: readonly HistorySeries[]): Provenance[] {
  const out = new Map<string, Provenance>();
  for (const s of series) {
    s.runs.forEach(([first, batch], k) => {
      const end = (k + 1 < s.runs.length ? s.runs[k + 1][0] : s.dates.length) - 1;
      const info = h.batches[String(batch)];
      if (!info || end < first) return;
      const asOf = toISO(s.dates[end] as CalendarDate);
      const key = `${info.sourceKind}|${info.source}`;
      const cur = out.get(key);
      if (!cur || asOf > cur.asOf) out.set(key, { source: info.source, sourceKind: info.sourceKind, asOf, ...(h.offline ? { offline: true } : {}) });
    });
  }
  return [...out.values()];
}

export interface AlignOptions {
  /** Multiplier per series (e.g. 100 to show a per-1 JPY spot against a per-100 fixing). */
  scale?: readonly number[];
  /**
   * `gaps` (default): a series without a figure on a date has a gap there. `step`: it keeps
   * its last level (figures that hold until changed: policy rates, LPR), and every series
   * is carried to `until`.
   */
  fill?: 'gaps' | 'step';
  /** Last date of the axis for `step` (e.g. today), ISO. */
  until?: string;
  /**
   * First date of the axis for `step`: earlier figures only give the level each series
   * holds on that date (so a window starts at the level then, not at its first change).
   */
  from?: string;
}

/** Seconds of local midnight of a day number (uPlot time axes in the kit plot local dates). */
export function daySeconds(day: number): number {
  const d = new Date(day * 86_400_000);
  return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()).getTime() / 1000;
}

/**
 * Local midnights of ascending days. Where the zone's offset is the same at both ends (no
 * daylight-saving change between, always so in Beijing) it is one addition per day, else a
 * Date per day.
 */
function daysToSeconds(days: Int32Array): Float64Array {
  const x = new Float64Array(days.length);
  if (days.length === 0) return x;
  const first = daySeconds(days[0]);
  const offset = first - days[0] * 86_400;
  const uniform = daySeconds(days[days.length - 1]) - days[days.length - 1] * 86_400 === offset;
  for (let i = 0; i < days.length; i++) x[i] = uniform ? days[i] * 86_400 + offset : daySeconds(days[i]);
  return x;
}

/** The sorted union of ascending day arrays (typed sort, then drop repeats). */
function unionDays(arrays: readonly Int32Array[], extra: readonly number[]): Int32Array {
  let n = extra.length;
  for (const a of arrays) n += a.length;
  const all = new Int32Array(n);
  let k = 0;
  for (const a of arrays) {
    all.set(a, k);
    k += a.length;
  }
  for (const d of extra) all[k++] = d;
  all.sort();
  let m = 0;
  for (let i = 0; i < n; i++) if (i === 0 || all[i] !== all[m - 1]) all[m++] = all[i];
  return all.subarray(0, m);
}

/**
 * Series on one time axis for uPlot: x = the union of their dates (local midnights, epoch
 * seconds), one column per series, `null` where a series has no figure (or its last level
 * with `fill: 'step'`). Series missing from the reply are all-null columns.
 */
export function alignHistory(series: ReadonlyArray<HistorySeries | undefined>, opts: AlignOptions = {}): [Float64Array, ...(number | null)[][]] {
  const step = opts.fill === 'step';
  const present = series.filter((s): s is HistorySeries => !!s && s.dates.length > 0);
  const start = step && opts.from ? fromISO(opts.from) : null;
  const extra: number[] = [];
  if (step && opts.until && present.length) extra.push(fromISO(opts.until));
  if (start !== null && present.some((s) => s.dates[0] < start)) extra.push(start);
  const all = unionDays(present.map((s) => s.dates), extra);
  const first = start === null ? 0 : all.findIndex((d) => d >= start);
  const axis = first <= 0 ? all : all.subarray(first);
  const x = daysToSeconds(axis);
  const cols = series.map((s, k) => {
    const col: (number | null)[] = new Array(all.length).fill(null);
    if (!s || s.dates.length === 0) return first <= 0 ? col : col.slice(first);
    const f = opts.scale?.[k] ?? 1;
    let j = 0;
    let last: number | null = null;
    for (let i = 0; i < all.length; i++) {
      while (j < s.dates.length && s.dates[j] < all[i]) j++;
      if (j < s.dates.length && s.dates[j] === all[i]) {
        last = s.values[j] * f;
        col[i] = last;
      } else if (step && last !== null) col[i] = last;
    }
    return first <= 0 ? col : col.slice(first);
  });
  return [x, ...cols];
}

/** The newest date among observations (the as-of of a table), or null. */
export function newestDate(obs: Iterable<Pick<Observation, 'date'> | undefined>): string | null {
  let best: string | null = null;
  for (const o of obs) if (o?.date && (best === null || o.date > best)) best = o.date;
  return best;
}

/**
 * One provenance standing for a set of figures when they share source and kind (for a
 * table header), else null (each row then shows its own). The as-of is the newest date.
 */
export function commonProvenance(obs: ReadonlyArray<Observation | undefined>): Provenance | null {
  const present = obs.filter((o): o is Observation => !!o);
  if (present.length === 0) return null;
  const first = present[0];
  if (!present.every((o) => o.source === first.source && o.sourceKind === first.sourceKind)) return null;
  const asOf = present.reduce((a, o) => (o.asOf > a ? o.asOf : a), first.asOf);
  return { source: first.source, sourceKind: first.sourceKind, asOf, ...(present.some((o) => o.offline) ? { offline: true } : {}) };
}

/**
 * Every distinct source (kind and source) among figures, newest as-of each: what a curve of
 * mixed figures (real tenors beside sample ones) must name, since commonProvenance cannot.
 */
export function distinctSources(obs: ReadonlyArray<Observation | undefined>): Provenance[] {
  const out = new Map<string, Provenance>();
  for (const o of obs) {
    if (!o) continue;
    const key = `${o.sourceKind}|${o.source}`;
    const cur = out.get(key);
    if (!cur || o.asOf > cur.asOf) out.set(key, { source: o.source, sourceKind: o.sourceKind, asOf: o.asOf, ...(o.offline ? { offline: true } : {}) });
  }
  return [...out.values()];
}

/** The business date `n` days before an ISO date (calendar days; for "1W ago" and similar). */
export function daysBefore(iso: string, n: number): string {
  return toISO(addDays(fromISO(iso), -n));
}

/** Figures that are not market data: they never share a line with real ones. */
const NOT_REAL = new Set(['sample', 'simulated']);

export interface BoundarySplit {
  /** Real figures (published, imported, vendor, live): the line as drawn solid. */
  real: HistorySeries;
  /**
   * Sample or simulated figures, each stretch joined to the real figure just before it (so
   * the line continues, marked); null when the series has only one kind.
   */
  other: HistorySeries | null;
  /** Where real figures stop and sample / simulated ones continue, oldest first. */
  boundaries: Array<{ date: string; day: number; real: Provenance; after: Provenance }>;
}

/**
 * Splits a history at the boundaries between real figures and sample / simulated ones (the
 * shipped history ends, the sample snapshot continues): what a chart draws as two
 * differently styled series with a marker, and a table labels. Pure.
 */
export function splitAtBoundary(h: Pick<HistoryReply, 'batches' | 'offline'>, s: HistorySeries): BoundarySplit {
  const n = s.dates.length;
  const realMask = new Uint8Array(n);
  const provAt: Array<Provenance | null> = new Array(n).fill(null);
  s.runs.forEach(([first, batch], k) => {
    const end = k + 1 < s.runs.length ? s.runs[k + 1][0] : n;
    const info = h.batches[String(batch)];
    for (let i = first; i < end; i++) {
      realMask[i] = info && !NOT_REAL.has(info.sourceKind) ? 1 : 0;
      if (info) provAt[i] = { source: info.source, sourceKind: info.sourceKind, asOf: toISO(s.dates[i] as CalendarDate) };
    }
  });
  let reals = 0;
  for (let i = 0; i < n; i++) reals += realMask[i];
  if (reals === 0 || reals === n) return { real: s, other: null, boundaries: [] };
  const pick = (keep: (i: number) => boolean): HistorySeries => {
    const idx: number[] = [];
    for (let i = 0; i < n; i++) if (keep(i)) idx.push(i);
    return { id: s.id, dates: Int32Array.from(idx, (i) => s.dates[i]), values: Float64Array.from(idx, (i) => s.values[i]), runs: [] };
  };
  const boundaries: BoundarySplit['boundaries'] = [];
  for (let i = 1; i < n; i++) {
    if (realMask[i - 1] && !realMask[i] && provAt[i - 1] && provAt[i]) {
      boundaries.push({ date: toISO(s.dates[i - 1] as CalendarDate), day: s.dates[i - 1], real: provAt[i - 1]!, after: provAt[i]! });
    }
  }
  return { real: pick((i) => realMask[i] === 1), other: pick((i) => !realMask[i] || (i + 1 < n && !realMask[i + 1])), boundaries };
}

/** The not-real kinds (sample, simulated) among the figures of a history reply: what a screen must say its numbers are. */
export function notRealKinds(h: Pick<HistoryReply, 'batches' | 'offline' | 'series'> | null | undefined, live: Iterable<Pick<Observation, 'sourceKind'>> = []): Array<'sample' | 'simulated'> {
  const kinds = new Set<'sample' | 'simulated'>();
  for (const p of h ? historySources(h, h.series) : []) if (p.sourceKind === 'sample' || p.sourceKind === 'simulated') kinds.add(p.sourceKind);
  for (const o of live) if (o.sourceKind === 'sample' || o.sourceKind === 'simulated') kinds.add(o.sourceKind);
  return [...kinds];
}

/**
 * Only the sample / simulated figures of a series (`real` false) or only the real ones: a
 * figure computed from several legs (a CNH-CNY spread) must not mix real and sample legs.
 */
export function pointsOfKind(h: Pick<HistoryReply, 'batches'>, s: HistorySeries, real: boolean): HistorySeries {
  const idx: number[] = [];
  s.runs.forEach(([first, batch], k) => {
    const end = k + 1 < s.runs.length ? s.runs[k + 1][0] : s.dates.length;
    const info = h.batches[String(batch)];
    const isReal = !!info && !NOT_REAL.has(info.sourceKind);
    if (isReal === real) for (let i = first; i < end; i++) idx.push(i);
  });
  return { id: s.id, dates: Int32Array.from(idx, (i) => s.dates[i]), values: Float64Array.from(idx, (i) => s.values[i]), runs: [] };
}

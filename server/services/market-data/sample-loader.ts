// Loads the shipped snapshot (sample/snapshot.json) into the market-data tables on first
// start: the catalogue, the published observations as they are, and for sample series a
// history generated backwards from the last value. Idempotent (md_meta sample_version) and
// safe when several instances start together on one PostgreSQL (advisory lock).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import chineseDays from 'chinese-days';
import type { Database } from '../../contracts';
import type { SeriesInfo } from '../../../src/kit/market-data/series';
import { addDays, fromISO, toISO, weekday, type CalendarDate } from '../../../src/pricing-core/dates/date';
import { mulberry32 } from '../../../src/pricing-core/math/random';
import { gaussian } from '../../market-feed/simulated-ticker';
import { appendInSlices, claimLoad, finishLoad, yieldToEventLoop, type LoadMarker } from './load-once';
import type { MarketDataStore, ObsRow } from './store';

interface HistorySpec {
  days: number;
  vol: number;
  log?: boolean;
  group?: string;
  derive?: { from: string; factor: number };
}

export type SnapshotEntry =
  | { info: SeriesInfo; last: number; history: HistorySpec }
  | { info: SeriesInfo; observations: Array<[string, number]> };

export interface Snapshot {
  format: 'desk-market-snapshot/1';
  version: string;
  asOf: string;
  notice: string;
  series: SnapshotEntry[];
}

let cached: Snapshot | null = null;

export function readSnapshot(): Snapshot {
  cached ??= JSON.parse(readFileSync(new URL('./sample/snapshot.json', import.meta.url), 'utf8')) as Snapshot;
  return cached;
}

const DAY_MS = 86_400_000;

/**
 * When a figure for date d was known: CN-calendar figures at 16:30 Beijing time that day
 * (fixings are out by then), others at 08:00 Beijing the next day (after the US close).
 * Never later than the load itself: nothing is known in the future.
 */
export function knownAtFor(date: number, calendar: string): number {
  return calendar === 'CN' ? date * DAY_MS + 8.5 * 3_600_000 : (date + 1) * DAY_MS;
}

/** Business day of a calendar, good enough for sample history (CN uses official holidays). */
export function isBusinessDay(date: CalendarDate, calendar: string): boolean {
  if (calendar === '24x7') return true;
  const wd = weekday(date);
  if (wd === 0 || wd === 6) return false;
  return calendar === 'CN' ? chineseDays.isWorkday(toISO(date)) : true;
}

/** The last `n` business days up to and including `end`, oldest first. */
export function businessDaysBack(end: CalendarDate, n: number, calendar: string): CalendarDate[] {
  const out: CalendarDate[] = [];
  for (let d = end; out.length < n; d = addDays(d, -1)) if (isBusinessDay(d, calendar)) out.push(d);
  return out.reverse();
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Seeded shocks per group and day, shared by every series of the group. */
class GroupShocks {
  private readonly paths = new Map<string, Float64Array>();
  get(group: string, n: number): Float64Array {
    let p = this.paths.get(group);
    if (!p || p.length < n) {
      const rand = mulberry32(hash(`group:${group}`));
      p = new Float64Array(Math.max(n, 1100));
      for (let i = 0; i < p.length; i++) p[i] = gaussian(rand);
      this.paths.set(group, p);
    }
    return p;
  }
}

/**
 * A sample history ending at `last` on the snapshot date, generated backwards: each step
 * back moves by the series' daily vol (shared with its group for 85 % of the variance) with
 * a weak pull towards the last value so long histories stay plausible.
 */
export function generateHistory(id: string, last: number, spec: HistorySpec, decimals: number, shocks: GroupShocks): Float64Array {
  const n = spec.days;
  const out = new Float64Array(n);
  const rand = mulberry32(hash(`series:${id}`));
  const common = spec.group ? shocks.get(spec.group, n) : null;
  const wc = common ? 0.92 : 0;
  const wi = common ? 0.39 : 1;
  const pull = 0.015;
  const f = 10 ** decimals;
  let x = spec.log ? Math.log(last) : last;
  const anchor = x;
  out[n - 1] = last;
  for (let i = n - 2; i >= 0; i--) {
    const z = wc * (common ? common[n - 1 - i] : 0) + wi * gaussian(rand);
    x = x + pull * (anchor - x) - spec.vol * z;
    out[i] = Math.round((spec.log ? Math.exp(x) : x) * f) / f;
  }
  return out;
}

export interface SampleLoadResult {
  loaded: boolean;
  version: string;
  series: number;
  rows: number;
}

export interface SampleLoadOptions {
  now?: () => number;
  /** Tests: load only the series this accepts (a derived series needs its source too). */
  filter?: (id: string) => boolean;
  snapshot?: Snapshot;
}

/**
 * The catalogue is written in one transaction (under an advisory lock, with a "loading"
 * marker another instance waits on); the 400k rows then go in slices of whole series, one
 * transaction each, yielding to the event loop between them, so the server keeps serving
 * (PGlite runs on this thread) during a first start.
 * A load cut short is finished by the next start (rows already stored are skipped).
 */
export async function loadSampleSnapshot(db: Database, store: MarketDataStore, opts: SampleLoadOptions = {}): Promise<SampleLoadResult> {
  const snap = opts.snapshot ?? readSnapshot();
  const now = (opts.now ?? Date.now)();
  const entries = opts.filter ? snap.series.filter((e) => opts.filter!(e.info.id)) : snap.series;
  const nos = await claimLoad(db, store, SAMPLE_MARKER, snap.version, (tx) => store.upsertSeries(tx, entries.map((e) => e.info), now));
  if (!nos) return { loaded: false, version: snap.version, series: 0, rows: 0 };
  const plan = await planRows(snap, entries, nos, now);
  await db.transaction(async (tx) => {
    for (const b of plan) b.batchId = await store.createBatch(tx, { kind: 'sample', source: b.source, sourceKind: b.sourceKind, fileName: `snapshot ${snap.version}` }, b.rows.length, now);
  });
  let rows = 0;
  for (const b of plan) {
    await appendInSlices(db, store, b.batchId, b.rows);
    rows += b.rows.length;
  }
  await finishLoad(db, store, SAMPLE_MARKER, snap.version, { sample_as_of: snap.asOf });
  return { loaded: true, version: snap.version, series: entries.length, rows };
}

const SAMPLE_MARKER: LoadMarker = { doneKey: 'sample_version', loadingKey: 'sample_loading', lock: 'desk-md-sample:' };

interface PlannedBatch {
  batchId: number;
  source: string;
  sourceKind: SeriesInfo['sourceKind'];
  rows: ObsRow[];
}

async function planRows(snap: Snapshot, entries: readonly SnapshotEntry[], nos: Map<string, number>, now: number): Promise<PlannedBatch[]> {
  const asOf = fromISO(snap.asOf);
  const shocks = new GroupShocks();
  const generated = new Map<string, { dates: CalendarDate[]; values: Float64Array }>();
  const bySpec = new Map(snap.series.map((e) => [e.info.id, e]));
  const generate = (id: string): { dates: CalendarDate[]; values: Float64Array } => {
    const hit = generated.get(id);
    if (hit) return hit;
    const e = bySpec.get(id);
    if (!e || !('history' in e)) throw new Error(`snapshot: ${id} has no generated history`);
    let res: { dates: CalendarDate[]; values: Float64Array };
    if (e.history.derive) {
      const src = generate(e.history.derive.from);
      const k = Math.min(e.history.days, src.dates.length);
      const f = 10 ** e.info.decimals;
      const values = src.values.slice(src.values.length - k).map((v) => Math.round(v * e.history.derive!.factor * f) / f);
      res = { dates: src.dates.slice(src.dates.length - k), values };
    } else {
      const dates = businessDaysBack(asOf, e.history.days, e.info.calendar);
      res = { dates, values: generateHistory(id, e.last, e.history, e.info.decimals, shocks) };
    }
    generated.set(id, res);
    return res;
  };
  // One batch per (source, kind): each point's provenance names its real source.
  const batches = new Map<string, PlannedBatch>();
  let n = 0;
  for (const e of entries) {
    if (++n % 50 === 0) await yieldToEventLoop();
    const key = `${e.info.sourceKind}\u0000${e.info.source}`;
    let b = batches.get(key);
    if (!b) batches.set(key, (b = { batchId: 0, source: e.info.source, sourceKind: e.info.sourceKind, rows: [] }));
    const seriesNo = nos.get(e.info.id)!;
    if ('observations' in e) {
      for (const [iso, value] of e.observations) {
        const date = fromISO(iso);
        b.rows.push({ seriesNo, date, knownAt: Math.min(now, knownAtFor(date, e.info.calendar)), value });
      }
    } else {
      const { dates, values } = generate(e.info.id);
      for (let i = 0; i < dates.length; i++) b.rows.push({ seriesNo, date: dates[i], knownAt: Math.min(now, knownAtFor(dates[i], e.info.calendar)), value: values[i] });
    }
  }
  return [...batches.values()];
}

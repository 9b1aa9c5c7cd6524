// Loads the real history shipped in history/ (ECB, Fed H.10, US Treasury, SOFR / €STR /
// SONIA, ECB AAA curve, EIA, World Bank gold) into the market-data tables on first start,
// once per database and HISTORY_VERSION (load-once.ts: advisory lock, loading marker,
// resumable slices). Every point is `published`, in a batch named after its source, so the
// screens show where each figure comes from. About 620k rows: the service runs this in the
// background after the catalogue is read (MarketData.historyReady), not before listening.
import { readFileSync } from 'node:fs';
import type { Database } from '../../contracts';
import type { SeriesInfo } from '../../../src/kit/market-data/series';
import { fromISO, toYMD, fromYMD, type CalendarDate } from '../../../src/pricing-core/dates/date';
import { HISTORY_FILES, PER_COLUMN_SOURCE, type HistoryFile } from './history/catalogue';
import { appendInSlices, claimLoad, finishLoad, yieldToEventLoop, type LoadMarker } from './load-once';
import { knownAtFor } from './sample-loader';
import type { MarketDataStore, ObsRow } from './store';

/** Bump when a shipped file changes: a database with an older version gets the new rows. */
export const HISTORY_VERSION = '2026-11-28.1';

const MARKER: LoadMarker = { doneKey: 'history_version', loadingKey: 'history_loading', lock: 'desk-md-history:' };
const DAY_MS = 86_400_000;

export interface HistoryLoadOptions {
  now?: () => number;
  files?: readonly HistoryFile[];
  /** Tests: load only the series this accepts (a cross needs nothing else: it is computed from the file). */
  filter?: (id: string) => boolean;
}

export interface HistoryLoadResult {
  loaded: boolean;
  version: string;
  series: number;
  rows: number;
  /** Rows per series id (what was read from the files). */
  counts: Map<string, number>;
}

/** A file of the shipped history as columns: header names, dates, then text cells per column. */
export interface CsvColumns {
  header: string[];
  dates: string[];
  cells: string[][];
}

/** The shipped files are plain (no quotes, one header row, ISO dates): a split is enough. */
export function readHistoryCsv(text: string): CsvColumns {
  const lines = text.split(/\r?\n/).filter((l) => l.length > 0);
  const header = lines[0].split(',');
  const dates: string[] = [];
  const cells: string[][] = header.map(() => []);
  for (let i = 1; i < lines.length; i++) {
    const parts = lines[i].split(',');
    dates.push(parts[0]);
    for (let c = 1; c < header.length; c++) cells[c].push(parts[c] ?? '');
  }
  return { header, dates, cells };
}

export function readHistoryFile(name: string): CsvColumns {
  return readHistoryCsv(readFileSync(new URL(`./history/${name}`, import.meta.url), 'utf8'));
}

/**
 * When a figure for `date` was known: daily figures by knownAtFor (next morning Beijing for
 * non-CN calendars); a monthly average only once its month is over.
 */
function knownAt(date: CalendarDate, info: SeriesInfo, now: number): number {
  if (info.calendar === 'monthly') {
    const { y, m } = toYMD(date);
    return Math.min(now, fromYMD(m === 12 ? y + 1 : y, m === 12 ? 1 : m + 1, 1) * DAY_MS);
  }
  return Math.min(now, knownAtFor(date, info.calendar));
}

export interface PlannedSeries {
  info: SeriesInfo;
  source: string;
  dates: CalendarDate[];
  values: number[];
}

/** Every series of a file with its points (crosses computed where both legs have a figure). */
export function planFile(f: HistoryFile, csv: CsvColumns, filter?: (id: string) => boolean): PlannedSeries[] {
  const col = (name: string) => {
    const i = csv.header.indexOf(name);
    if (i < 1) throw new Error(`history ${f.file}: no column ${name}`);
    return csv.cells[i];
  };
  if (csv.header[0] !== f.dateColumn) throw new Error(`history ${f.file}: first column is ${csv.header[0]}, expected ${f.dateColumn}`);
  const days = csv.dates.map((d) => fromISO(d));
  const out: PlannedSeries[] = [];
  for (const c of f.columns) {
    if (filter && !filter(c.info.id)) continue;
    const cells = col(c.column);
    const s: PlannedSeries = { info: c.info, source: PER_COLUMN_SOURCE.has(f.file) ? c.info.source : f.source, dates: [], values: [] };
    for (let i = 0; i < cells.length; i++) {
      if (cells[i] === '') continue;
      const v = Number(cells[i]);
      if (!Number.isFinite(v)) throw new Error(`history ${f.file}: ${c.column} on ${csv.dates[i]} is not a number: ${cells[i]}`);
      s.dates.push(days[i]);
      s.values.push(v);
    }
    out.push(s);
  }
  for (const x of f.crosses?.list ?? []) {
    if (filter && !filter(x.info.id)) continue;
    const num = col(x.num);
    const den = col(x.den);
    const p = 10 ** x.info.decimals;
    const s: PlannedSeries = { info: x.info, source: f.crosses!.source, dates: [], values: [] };
    for (let i = 0; i < num.length; i++) {
      if (num[i] === '' || den[i] === '') continue;
      s.dates.push(days[i]);
      s.values.push(Math.round((Number(num[i]) / Number(den[i])) * (x.factor ?? 1) * p) / p);
    }
    out.push(s);
  }
  return out;
}

/**
 * Loads the shipped history once. Returns loaded: false when this version is already in the
 * database (or another instance loaded it while this one waited).
 */
export async function loadHistory(db: Database, store: MarketDataStore, opts: HistoryLoadOptions = {}): Promise<HistoryLoadResult> {
  const now = (opts.now ?? Date.now)();
  const files = opts.files ?? HISTORY_FILES;
  const plans: PlannedSeries[] = [];
  for (const f of files) {
    plans.push(...planFile(f, readHistoryFile(f.file), opts.filter));
    await yieldToEventLoop();
  }
  const counts = new Map(plans.map((p) => [p.info.id, p.dates.length]));
  const nos = await claimLoad(db, store, MARKER, HISTORY_VERSION, (tx) => store.upsertSeries(tx, plans.map((p) => p.info), now));
  if (!nos) return { loaded: false, version: HISTORY_VERSION, series: 0, rows: 0, counts };
  // One batch per source: each point's provenance names its publisher.
  const bySource = new Map<string, PlannedSeries[]>();
  for (const p of plans) bySource.set(p.source, [...(bySource.get(p.source) ?? []), p]);
  const batches = await db.transaction(async (tx) => {
    const ids = new Map<string, number>();
    for (const [source, list] of bySource) {
      const n = list.reduce((a, p) => a + p.dates.length, 0);
      ids.set(source, await store.createBatch(tx, { kind: 'history', source, sourceKind: 'published', fileName: `history ${HISTORY_VERSION}` }, n, now));
    }
    return ids;
  });
  let rows = 0;
  for (const [source, list] of bySource) {
    const obs: ObsRow[] = [];
    for (const p of list) {
      const seriesNo = nos.get(p.info.id)!;
      for (let i = 0; i < p.dates.length; i++) obs.push({ seriesNo, date: p.dates[i], knownAt: knownAt(p.dates[i], p.info, now), value: p.values[i] });
    }
    await appendInSlices(db, store, batches.get(source)!, obs);
    rows += obs.length;
  }
  await finishLoad(db, store, MARKER, HISTORY_VERSION);
  return { loaded: true, version: HISTORY_VERSION, series: plans.length, rows, counts };
}

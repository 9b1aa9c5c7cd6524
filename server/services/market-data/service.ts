// MarketDataSvr's state and queries: the catalogue in memory, the store, the live cache and
// batch provenance, shared by the socket methods (methods.ts) and the import CLI.
import type { Database, NotificationBus } from '../../contracts';
import type { Logger } from '../../gateway/log';
import type { Provenance } from '../../../src/kit/market-data/provenance';
import { compareTenors, VOL_QUOTES, type Observation, type SeriesInfo, type VolQuote } from '../../../src/kit/market-data/series';
import { toISO, type CalendarDate } from '../../../src/pricing-core/dates/date';
import { marketEvent } from '../../market-feed/market-event';
import { runImport, type ImportRequest, type ImportResult } from './import/run-import';
import { todayInBeijing } from './import/validate';
import { LiveCache } from './live-cache';
import { loadHistory, type HistoryLoadOptions } from './history-loader';
import { loadSampleSnapshot, type SampleLoadOptions } from './sample-loader';
import { awaitStartup, onStartupFailure, startupTask } from '../../storage/startup-work';
import { END_OF_TIME, MarketDataStore, type BatchRecord, type ColumnarSeries, type StoredPoint } from './store';

export interface MarketDataDeps {
  db: Database;
  bus: NotificationBus;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  now?: () => number;
  /** Load the shipped snapshot on start (default true); options for tests. */
  sample?: boolean | SampleLoadOptions;
  /**
   * Load the shipped real history (history/) in the background after start. Default: when
   * the whole sample is loaded (sample unset or true); tests that load a sample subset opt in.
   */
  history?: boolean | HistoryLoadOptions;
}

/** The real series standing for a desk series' history, and its last date. */
export interface RealHistory {
  entry: SeriesEntry;
  until: CalendarDate;
}

export interface SeriesEntry {
  seriesNo: number;
  info: SeriesInfo;
}

export interface HistoryResult {
  /** `real`: the real series whose figures stand for this one's up to `real.until`. */
  series: Array<{ id: string; data: ColumnarSeries; real?: { id: string; until: string } }>;
  batches: Map<number, BatchRecord>;
}

export interface SurfaceResult {
  id: string;
  tenors: string[];
  quotes: VolQuote[];
  values: Array<Array<number | null>>;
  dates: Array<Array<string | null>>;
  points: Observation[];
}

const DAY_MS = 86_400_000;

export class MarketData {
  readonly store: MarketDataStore;
  readonly live: LiveCache;
  readonly now: () => number;
  readonly ready: Promise<void>;
  /** Resolves when the shipped real history is loaded (at once when it is not loaded here). */
  readonly historyReady: Promise<void>;
  /** 'loading' while the first start loads the real history; readiness reports it. */
  historyState: 'off' | 'loading' | 'loaded' | 'failed' = 'off';
  private realFor = new Map<string, RealHistory>();
  private byId = new Map<string, SeriesEntry>();
  private byGroup = new Map<string, SeriesEntry[]>();
  private readonly batchCache = new Map<number, BatchRecord>();
  private sampleAsOf: string | null = null;
  private started = false;

  constructor(private readonly deps: MarketDataDeps) {
    this.store = new MarketDataStore(deps.db);
    this.live = new LiveCache(deps.bus);
    this.now = deps.now ?? Date.now;
    // Once the database is available; started again (it is idempotent) after an outage.
    this.ready = startupTask(deps.db, 'market-data', () => this.start(), { log: (m) => deps.log.warn(m), lock: false });
    this.ready.catch(onStartupFailure((m) => deps.log.error(m), 'market data start'));
    this.historyReady = this.loadRealHistory();
  }

  /**
   * The real history (~620k rows) loads after the catalogue is read, in slices that yield to
   * the event loop, so the server listens and answers meanwhile; screens show the sample
   * until it is in (historyState, MD.STATUS).
   */
  private async loadRealHistory(): Promise<void> {
    const h = this.deps.history ?? (this.deps.sample === undefined || this.deps.sample === true);
    if (h === false) return;
    this.historyState = 'loading';
    try {
      await this.ready;
      const t0 = Date.now();
      const r = await loadHistory(this.deps.db, this.store, { now: this.now, ...(typeof h === 'object' ? h : {}) });
      if (r.loaded) this.deps.log.info(`market data: loaded REAL history ${r.version}: ${r.series} series, ${r.rows} rows in ${Date.now() - t0} ms`);
      await this.reloadCatalogue();
      this.historyState = 'loaded';
    } catch (e) {
      this.historyState = 'failed';
      this.deps.log.error('market data: real history failed to load', { err: String((e as Error)?.stack ?? e) });
    }
  }

  private async start(): Promise<void> {
    if (this.deps.sample !== false) {
      const t0 = Date.now();
      const r = await loadSampleSnapshot(this.deps.db, this.store, { now: this.now, ...(typeof this.deps.sample === 'object' ? this.deps.sample : {}) });
      if (r.loaded) this.deps.log.info(`market data: loaded SAMPLE snapshot ${r.version}: ${r.series} series, ${r.rows} rows in ${Date.now() - t0} ms`);
    }
    await this.reloadCatalogue();
    this.sampleAsOf = await this.store.getMeta('sample_as_of');
    this.started = true;
  }

  /** Awaits `ready`, failing at once (9503) while the database is down. */
  whenReady(): Promise<void> {
    return awaitStartup(this.ready, this.deps.db);
  }

  /** The catalogue is read (the snapshot loaded): false during the first start's load. */
  get loaded(): boolean {
    return this.started;
  }

  async reloadCatalogue(): Promise<void> {
    const all = await this.store.readSeries();
    const byId = new Map<string, SeriesEntry>();
    const byGroup = new Map<string, SeriesEntry[]>();
    for (const e of all) {
      byId.set(e.info.id, e);
      if (e.info.group) {
        const g = byGroup.get(e.info.group) ?? [];
        g.push(e);
        byGroup.set(e.info.group, g);
      }
    }
    for (const g of byGroup.values()) g.sort((a, b) => compareTenors(a.info.tenor ?? '', b.info.tenor ?? '') || a.info.id.localeCompare(b.info.id));
    this.byId = byId;
    this.byGroup = byGroup;
    await this.reloadRealEnds();
  }

  /** Which desk series have real history, and where it ends (after a load or an import). */
  private async reloadRealEnds(): Promise<void> {
    const reals = [...this.byId.values()].filter((e) => e.info.historyOf && this.byId.has(e.info.historyOf));
    const last = await this.store.latest(reals.map((e) => e.seriesNo), 10_000_000 as CalendarDate);
    const until = new Map(last.map((p) => [p.seriesNo, p.date]));
    const out = new Map<string, RealHistory>();
    for (const e of reals) if (until.has(e.seriesNo)) out.set(e.info.historyOf!, { entry: e, until: until.get(e.seriesNo)! });
    this.realFor = out;
  }

  /** The real history standing for a desk series up to its last date, if any. */
  realHistory(id: string): RealHistory | undefined {
    return this.realFor.get(id);
  }

  get snapshotAsOf(): string | null {
    return this.sampleAsOf;
  }

  series(id: string): SeriesEntry | undefined {
    return this.byId.get(id);
  }

  allSeries(): IterableIterator<SeriesEntry> {
    return this.byId.values();
  }

  group(id: string): SeriesEntry[] | undefined {
    return this.byGroup.get(id);
  }

  groups(): Array<{ id: string; size: number; kind: SeriesInfo['kind']; public: boolean }> {
    return [...this.byGroup].map(([id, g]) => ({ id, size: g.length, kind: g[0].info.kind, public: g.every((e) => e.info.public) }));
  }

  catalogueMap(): Map<string, SeriesInfo> {
    return new Map([...this.byId].map(([id, e]) => [id, e.info]));
  }

  today(): CalendarDate {
    return todayInBeijing(this.now());
  }

  async batches(ids: Iterable<number>): Promise<Map<number, BatchRecord>> {
    const want = [...new Set(ids)];
    const missing = want.filter((b) => !this.batchCache.has(b));
    if (missing.length) for (const [k, v] of await this.store.readBatches(missing)) this.batchCache.set(k, v);
    return new Map(want.filter((b) => this.batchCache.has(b)).map((b) => [b, this.batchCache.get(b)!]));
  }

  private provenanceOf(p: StoredPoint, b: BatchRecord | undefined): Provenance & { date: string } {
    const date = toISO(p.date);
    return {
      source: b ? batchSource(b) : 'unknown',
      sourceKind: b?.sourceKind ?? 'imported',
      asOf: date,
      date,
      knownAt: new Date(p.knownAt).toISOString(),
    };
  }

  /**
   * Latest figures. With neither asOf nor knownAt, an intraday series answers with its live
   * feed value when that is newer than the stored close.
   */
  async latest(entries: readonly SeriesEntry[], asOf?: CalendarDate, knownAt?: number): Promise<Observation[]> {
    const day = asOf ?? this.today();
    const reals = entries.map((e) => this.realFor.get(e.info.id));
    const nos = [...entries.map((e) => e.seriesNo), ...reals.filter((r): r is RealHistory => !!r).map((r) => r.entry.seriesNo)];
    const points = await this.store.latest(nos, day, knownAt ?? END_OF_TIME);
    const byNo = new Map(points.map((p) => [p.seriesNo, p]));
    // Up to the end of its real history a desk series answers with the real figure: the
    // sample's own figure on such a date is not shown (it is generated).
    entries.forEach((e, i) => {
      const r = reals[i];
      const own = byNo.get(e.seriesNo);
      const real = r && byNo.get(r.entry.seriesNo);
      if (real && (!own || own.date <= r.until)) byNo.set(e.seriesNo, real);
    });
    const batches = await this.batches(points.map((p) => p.batchId));
    const out: Observation[] = [];
    for (const e of entries) {
      const p = byNo.get(e.seriesNo);
      const live = asOf === undefined && knownAt === undefined && e.info.intraday ? this.live.get(e.info.id) : undefined;
      if (live && (!p || live.date >= toISO(p.date))) {
        out.push({
          id: e.info.id, value: live.value, ...(live.bid !== undefined ? { bid: live.bid, ask: live.ask } : {}),
          source: live.source, sourceKind: live.sourceKind, asOf: new Date(live.ts).toISOString(), date: live.date, knownAt: new Date(live.ts).toISOString(),
        });
        continue;
      }
      if (p) out.push({ id: e.info.id, value: p.value, ...this.provenanceOf(p, batches.get(p.batchId)) });
    }
    return out;
  }

  /**
   * Histories over [from, to]. A desk series with real history gets the real figures up to
   * the real series' last date and its own (sample / simulated / imported) after it, each
   * point with its batch, and `real` saying where the boundary is.
   */
  async history(entries: readonly SeriesEntry[], from: CalendarDate, to: CalendarDate, knownAt?: number): Promise<HistoryResult> {
    const reals = entries.map((e) => this.realFor.get(e.info.id));
    const nos = [...entries.map((e) => e.seriesNo), ...reals.filter((r): r is RealHistory => !!r).map((r) => r.entry.seriesNo)];
    const all = await this.store.history(nos, from, to, knownAt);
    let k = entries.length;
    const data = entries.map((_, i) => (reals[i] ? spliceHistory(all[k++], all[i], reals[i]!.until) : all[i]));
    const ids = new Set<number>();
    for (const d of data) {
      let prev = -1;
      for (let i = 0; i < d.batches.length; i++) if (d.batches[i] !== prev) ids.add((prev = d.batches[i]));
    }
    return {
      series: entries.map((e, i) => ({ id: e.info.id, data: data[i], ...(reals[i] ? { real: { id: reals[i]!.entry.info.id, until: toISO(reals[i]!.until) } } : {}) })),
      batches: await this.batches(ids),
    };
  }

  async versions(entry: SeriesEntry, date: CalendarDate) {
    const vs = await this.store.versions(entry.seriesNo, date);
    const batches = await this.batches(vs.map((v) => v.batchId));
    return vs.map((v) => {
      const b = batches.get(v.batchId);
      return { value: v.value, knownAt: new Date(v.knownAt).toISOString(), source: b ? batchSource(b) : 'unknown', sourceKind: b?.sourceKind ?? 'imported', fileName: b?.fileName, userName: b?.kind === 'import' ? b.userName : undefined };
    });
  }

  async surface(id: string, entries: readonly SeriesEntry[], asOf?: CalendarDate, knownAt?: number): Promise<SurfaceResult> {
    const points = await this.latest(entries, asOf, knownAt);
    const tenors = [...new Set(entries.map((e) => e.info.tenor!))].sort(compareTenors);
    const quotes = VOL_QUOTES.filter((q) => entries.some((e) => e.info.quote === q));
    const values = tenors.map(() => quotes.map((): number | null => null));
    const dates = tenors.map(() => quotes.map((): string | null => null));
    const info = new Map(entries.map((e) => [e.info.id, e.info]));
    for (const p of points) {
      const i = info.get(p.id)!;
      const r = tenors.indexOf(i.tenor!);
      const c = quotes.indexOf(i.quote!);
      values[r][c] = p.value;
      dates[r][c] = p.date;
    }
    return { id, tenors, quotes, values, dates, points };
  }

  async importFile(req: ImportRequest): Promise<ImportResult> {
    await this.ready;
    const result = await runImport(
      {
        db: this.deps.db,
        store: this.store,
        catalogue: () => this.catalogueMap(),
        seriesNo: (id) => this.byId.get(id)?.seriesNo,
        now: this.now,
        reference: async (ids) => {
          const entries = [...new Set(ids)].map((id) => (typeof id === 'string' ? this.byId.get(id.trim()) : undefined)).filter((e): e is SeriesEntry => !!e);
          const points = await this.store.latest(entries.map((e) => e.seriesNo), (this.today() + 1) as CalendarDate);
          const byNo = new Map(entries.map((e) => [e.seriesNo, e.info.id]));
          return new Map(points.map((p) => [byNo.get(p.seriesNo)!, p.value]));
        },
      },
      req,
    );
    if (result.ok) {
      await this.reloadRealEnds();
      this.deps.log.info(`market data: import ${req.fileName} by ${req.userName}: ${result.rows} rows, ${result.series.length} series`);
      await this.publishLatest(result.series);
    }
    return result;
  }

  /** Pushes the current latest value of each series on md.{id} (after an import). */
  async publishLatest(ids: readonly string[]): Promise<void> {
    const entries = ids.map((id) => this.byId.get(id)).filter((e): e is SeriesEntry => !!e);
    const points = await this.store.latest(entries.map((e) => e.seriesNo), (this.today() + 1) as CalendarDate);
    const batches = await this.batches(points.map((p) => p.batchId));
    const byNo = new Map(entries.map((e) => [e.seriesNo, e]));
    for (const p of points) {
      const b = batches.get(p.batchId);
      const e = marketEvent({
        id: byNo.get(p.seriesNo)!.info.id, value: p.value, date: toISO(p.date), ts: p.knownAt,
        source: b ? batchSource(b) : 'unknown', sourceKind: b?.sourceKind ?? 'imported',
      });
      this.deps.bus.publish(e.topic, { ...e, knownAt: new Date(p.knownAt).toISOString() });
    }
  }

  /** Knowledge instant of a YYYY-MM-DD: the end of that day in Beijing. */
  static endOfBeijingDay(d: CalendarDate): number {
    return (d + 1) * DAY_MS - 8 * 3_600_000 - 1;
  }
}

/** Real points up to `until`, then the desk series' own points after it (one columnar series). */
export function spliceHistory(real: ColumnarSeries, own: ColumnarSeries, until: CalendarDate): ColumnarSeries {
  let a = real.dates.length;
  while (a > 0 && real.dates[a - 1] > until) a--;
  let b = 0;
  while (b < own.dates.length && own.dates[b] <= until) b++;
  const n = a + own.dates.length - b;
  const dates = new Int32Array(n);
  const values = new Float64Array(n);
  const batches = new Int32Array(n);
  dates.set(real.dates.subarray(0, a));
  values.set(real.values.subarray(0, a));
  batches.set(real.batches.subarray(0, a));
  dates.set(own.dates.subarray(b), a);
  values.set(own.values.subarray(b), a);
  batches.set(own.batches.subarray(b), a);
  return { seriesNo: own.seriesNo, dates, values, batches };
}

export function batchSource(b: BatchRecord): string {
  if (b.kind === 'import') return b.userName ? `${b.source} (imported by ${b.userName})` : b.source;
  return b.source;
}

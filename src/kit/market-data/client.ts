// A small market-data client with no React in it (pages and workers): MarketDataSvr requests
// with an IndexedDB fallback, and live values kept per page (one socket subscription per
// series topic however many callers watch it). Data flow: README.md beside this file.
import type { Observation, SeriesInfo, VolQuote } from './series';
import { topicOf } from './series';
import type { SourceKind } from './provenance';
import type { MarketDataCache } from './cache';

export const MARKET_DATA_SERVER = 'MarketDataSvr';

/** What the client needs of the page's socket (src/socket-client SocketClient fits). */
export interface MarketSocket {
  request<T = unknown>(serverName: string, method: string, content: unknown, opts?: { timeoutMs?: number }): Promise<T>;
  subscribe(pattern: string, onEvent: (event: any) => void): () => void;
  status(): string;
  onStatus(cb: (s: any) => void): () => void;
}

/** A server answer other than success (Code != 0): not retried from the cache. */
export class MarketDataError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'MarketDataError';
  }
}

/** Every reply says whether it came from the browser's cache and when that was saved. */
export interface Freshness {
  offline: boolean;
  /** ISO time the cached reply was saved (offline replies only). */
  savedAt?: string;
}

export interface AsOfOptions {
  /** Business date YYYY-MM-DD: figures for that date or the last before it. */
  asOf?: string;
  /** As known at this instant (ISO timestamp, or a date = end of that day in Beijing). */
  knownAt?: string;
}

export interface CatalogReply extends Freshness {
  snapshotAsOf: string | null;
  signedIn: boolean;
  series: SeriesInfo[];
  groups: Array<{ id: string; size: number; kind: SeriesInfo['kind']; public: boolean }>;
}

export interface LatestReply extends Freshness {
  asOf: string;
  knownAt?: string;
  values: Observation[];
  missing: string[];
}

export interface BatchInfo {
  source: string;
  sourceKind: SourceKind;
  kind: 'sample' | 'history' | 'import' | 'feed' | 'vendor';
  fileName?: string;
  createdAt: string;
}

export interface HistorySeries {
  id: string;
  /** Days since 1970-01-01 (pricing-core CalendarDate); x 86400 for uPlot seconds. */
  dates: Int32Array;
  values: Float64Array;
  /** [first index, batch id]: the provenance of dates[i] is the last run starting at or before i. */
  runs: Array<[number, number]>;
  /** The figures up to `until` are the real series `id` (shipped history); after it the series' own. */
  real?: { id: string; until: string };
}

export interface HistoryReply extends Freshness {
  from: string;
  to: string;
  knownAt?: string;
  series: HistorySeries[];
  batches: Record<string, BatchInfo>;
  missing: string[];
}

export type CurvePoint = Observation & { tenor: string };

export interface CurveReply extends Freshness {
  id: string;
  asOf: string;
  knownAt?: string;
  points: CurvePoint[];
}

export interface SurfaceReply extends Freshness {
  id: string;
  asOf: string;
  tenors: string[];
  quotes: VolQuote[];
  /** values[tenor][quote], null where no figure exists. */
  values: Array<Array<number | null>>;
  dates: Array<Array<string | null>>;
  points: Observation[];
}

export interface FxMarketReply extends Freshness {
  pair: string;
  asOf: string;
  spot: Observation | null;
  pipFactor: number | null;
  forwardPoints: CurvePoint[];
  deposits: Record<string, CurvePoint[]>;
  surface: Omit<SurfaceReply, 'offline' | 'savedAt' | 'asOf'> | null;
}

export interface ImportRowError {
  line: number;
  column?: string;
  code: string;
  en: string;
  zh: string;
  detail?: string;
}

export type ImportReply =
  | { ok: true; format: 'csv' | 'xlsx' | 'json'; batchId: number; rows: number; unchanged: number; series: string[]; knownAt: string }
  | { ok: false; format?: 'csv' | 'xlsx' | 'json'; errors: ImportRowError[] };

const isUp = (s: string) => s === 'open' || s === 'loggedIn';

/** A push on md.{id} as an Observation (market-event shape: server/market-feed/market-event.ts). */
export function observationOfEvent(e: Record<string, unknown>): Observation | null {
  if (typeof e.id !== 'string' || typeof e.value !== 'number') return null;
  const kind = (e.sourceKind as SourceKind) ?? 'simulated';
  const intraday = kind === 'simulated' || kind === 'live' || kind === 'vendor';
  const ts = typeof e.ts === 'number' ? new Date(e.ts).toISOString() : undefined;
  return {
    id: e.id,
    value: e.value,
    ...(typeof e.bid === 'number' ? { bid: e.bid } : {}),
    ...(typeof e.ask === 'number' ? { ask: e.ask } : {}),
    date: String(e.date ?? ''),
    asOf: intraday && ts ? ts : String(e.date ?? ''),
    knownAt: typeof e.knownAt === 'string' ? e.knownAt : ts,
    source: String(e.source ?? ''),
    sourceKind: kind,
  };
}

type Listener = (values: ReadonlyMap<string, Observation>) => void;

interface Watched {
  refs: number;
  unsubscribe: () => void;
}

export interface MarketDataClientOptions {
  socket: MarketSocket;
  cache?: MarketDataCache | null;
  timeoutMs?: number;
  now?: () => number;
}

export class MarketDataClient {
  private readonly socket: MarketSocket;
  private readonly cache: MarketDataCache | null;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  /** Live values of watched series, shared by every caller on this page. */
  private readonly values = new Map<string, Observation>();
  private readonly watched = new Map<string, Watched>();
  private readonly listeners = new Set<{ ids: Set<string>; cb: Listener }>();
  private pendingSeed = new Set<string>();
  private seedScheduled = false;
  private wasUp: boolean;

  constructor(opts: MarketDataClientOptions) {
    this.socket = opts.socket;
    this.cache = opts.cache ?? null;
    this.timeoutMs = opts.timeoutMs ?? 15_000;
    this.now = opts.now ?? Date.now;
    this.wasUp = isUp(this.socket.status());
    this.socket.onStatus((s: string) => {
      const up = isUp(s);
      if (up === this.wasUp) return;
      this.wasUp = up;
      if (!up) this.markAllOffline();
      else this.seed([...this.watched.keys()]); // reconnected: refresh what we show
    });
  }

  // Requests ------------------------------------------------------------------------------

  /**
   * Sends a request; on success the reply is cached. When the socket is down or the request
   * fails in transport (timeout, aborted), the last cached reply for the same request is
   * returned with offline: true. A server answer (sign in, bad request) is thrown as is.
   */
  async call<T extends Freshness>(method: string, content: Record<string, unknown>): Promise<T> {
    const key = `${method} ${stableJson(content)}`;
    if (!isUp(this.socket.status())) {
      const hit = await this.fromCache<T>(key);
      if (hit) return hit;
    }
    let body: Record<string, unknown>;
    try {
      body = await this.socket.request<Record<string, unknown>>(MARKET_DATA_SERVER, method, JSON.stringify(content), { timeoutMs: this.timeoutMs });
    } catch (e) {
      const hit = await this.fromCache<T>(key);
      if (hit) return hit;
      throw e;
    }
    if (String(body.Code) !== '0') throw new MarketDataError(String(body.Code), String(body.msg ?? 'market data request failed'), body);
    const { Code: _code, ...rest } = body;
    void this.cache?.putReply(key, rest, this.now());
    return { ...(rest as object), offline: false } as T;
  }

  private async fromCache<T extends Freshness>(key: string): Promise<T | null> {
    const hit = await this.cache?.getReply<Record<string, unknown>>(key);
    if (!hit) return null;
    return markOffline({ ...(hit.body as object), offline: true, savedAt: new Date(hit.savedAt).toISOString() }) as T;
  }

  catalog(q: { prefix?: string; kind?: string; group?: string } = {}): Promise<CatalogReply> {
    return this.call('MD.CATALOG', q);
  }

  async latest(ids: readonly string[], opts: AsOfOptions = {}): Promise<LatestReply> {
    const r = await this.call<LatestReply>('MD.LATEST', { ids: [...ids], ...opts });
    if (!opts.asOf && !opts.knownAt && !r.offline) void this.cache?.putLatest(r.values);
    return r;
  }

  async history(ids: readonly string[], range: { from?: string; to?: string; knownAt?: string } = {}): Promise<HistoryReply> {
    // base64 columns: no number formatting on the server or parsing here (10 years x 50 series
    // is 180,000 points).
    const r = await this.call<HistoryReply & { series: Array<{ id: string; dates: string | number[]; values: string | number[]; runs: Array<[number, number]>; real?: HistorySeries['real'] }> }>(
      'MD.HISTORY',
      { ids: [...ids], ...range, encoding: 'base64' },
    );
    return {
      ...r,
      series: r.series.map((s) => ({
        id: s.id,
        dates: typeof s.dates === 'string' ? new Int32Array(fromBase64(s.dates)) : Int32Array.from(s.dates),
        values: typeof s.values === 'string' ? new Float64Array(fromBase64(s.values)) : Float64Array.from(s.values),
        runs: s.runs,
        ...(s.real ? { real: s.real } : {}),
      })),
    };
  }

  curve(id: string, opts: AsOfOptions = {}): Promise<CurveReply> {
    return this.call('MD.CURVE', { id, ...opts });
  }

  surface(id: string, opts: AsOfOptions = {}): Promise<SurfaceReply> {
    return this.call('MD.SURFACE', { id, ...opts });
  }

  fxMarket(pair: string, opts: AsOfOptions = {}): Promise<FxMarketReply> {
    return this.call('MD.FXMARKET', { pair, ...opts });
  }

  /** Every recorded version of one figure (corrections), oldest knowledge first. */
  versions(id: string, date: string): Promise<Freshness & { id: string; date: string; versions: Array<{ value: number; knownAt: string; source: string; sourceKind: SourceKind; fileName?: string; userName?: string }> }> {
    return this.call('MD.VERSIONS', { id, date });
  }

  /** Uploads a file (needs a session). Bad rows come back as { ok: false, errors }, not thrown. */
  async importFile(file: Blob | Uint8Array, fileName: string): Promise<ImportReply> {
    const bytes = file instanceof Uint8Array ? file : new Uint8Array(await file.arrayBuffer());
    const body = await this.socket.request<Record<string, unknown>>(MARKET_DATA_SERVER, 'MD.IMPORT', JSON.stringify({ fileName, data: toBase64(bytes) }), { timeoutMs: 120_000 });
    if (String(body.Code) === '0' || String(body.Code) === '2003') {
      const { Code: _c, msg: _m, ...rest } = body;
      return rest as unknown as ImportReply;
    }
    throw new MarketDataError(String(body.Code), String(body.msg ?? 'import failed'), body);
  }

  // Live values ---------------------------------------------------------------------------

  /** Current value of a watched series (undefined until its first figure). */
  get(id: string): Observation | undefined {
    return this.values.get(id);
  }

  /**
   * Watches series: `cb` gets the map of their current values now (what is known), after
   * the first fetch, and on every push. One md.{id} subscription per series per page.
   */
  watch(ids: readonly string[], cb: Listener): () => void {
    const entry = { ids: new Set(ids), cb };
    this.listeners.add(entry);
    const fresh: string[] = [];
    for (const id of entry.ids) {
      const w = this.watched.get(id);
      if (w) w.refs++;
      else {
        this.watched.set(id, { refs: 1, unsubscribe: this.socket.subscribe(topicOf(id), (e) => this.onPush(e)) });
        fresh.push(id);
      }
    }
    if (fresh.length) this.seed(fresh);
    cb(this.pick(entry.ids));
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      this.listeners.delete(entry);
      for (const id of entry.ids) {
        const w = this.watched.get(id);
        if (!w) continue;
        if (--w.refs === 0) {
          w.unsubscribe();
          this.watched.delete(id);
          this.values.delete(id);
        }
      }
    };
  }

  /** Number of md. topics this page subscribes to (tests, diagnostics). */
  get subscriptions(): number {
    return this.watched.size;
  }

  private pick(ids: Set<string>): Map<string, Observation> {
    const out = new Map<string, Observation>();
    for (const id of ids) {
      const v = this.values.get(id);
      if (v) out.set(id, v);
    }
    return out;
  }

  private notify(changed: Iterable<string>): void {
    const set = new Set(changed);
    for (const l of this.listeners) {
      for (const id of set) {
        if (l.ids.has(id)) {
          l.cb(this.pick(l.ids));
          break;
        }
      }
    }
  }

  private onPush(e: Record<string, unknown>): void {
    const o = observationOfEvent(e);
    if (!o || !this.watched.has(o.id)) return;
    this.values.set(o.id, o);
    this.notify([o.id]);
  }

  /** Batches the first fetch of series watched in the same tick into one MD.LATEST. */
  private seed(ids: readonly string[]): void {
    for (const id of ids) this.pendingSeed.add(id);
    if (this.seedScheduled) return;
    this.seedScheduled = true;
    queueMicrotask(() => {
      this.seedScheduled = false;
      const batch = [...this.pendingSeed].filter((id) => this.watched.has(id));
      this.pendingSeed = new Set();
      if (batch.length) void this.runSeed(batch);
    });
  }

  private async runSeed(ids: string[]): Promise<void> {
    let got: Observation[] = [];
    try {
      if (!isUp(this.socket.status())) throw new Error('offline');
      const r = await this.latest(ids);
      got = r.values;
    } catch {
      const cached = (await this.cache?.getLatest(ids)) ?? new Map<string, Observation>();
      got = [...cached.values()].map((o) => ({ ...o, offline: true }));
    }
    const changed: string[] = [];
    for (const o of got) {
      if (!this.watched.has(o.id)) continue;
      const cur = this.values.get(o.id);
      // A push that arrived while the request was under way is newer: keep it.
      if (cur && !cur.offline && cur.knownAt && o.knownAt && cur.knownAt > o.knownAt) continue;
      this.values.set(o.id, o);
      changed.push(o.id);
    }
    // Watchers learn that the fetch answered even when nothing changed (their loading ends).
    const answered = changed.length ? changed : ids.filter((id) => this.watched.has(id));
    if (answered.length) this.notify(answered);
  }

  private markAllOffline(): void {
    for (const [id, o] of this.values) this.values.set(id, { ...o, offline: true });
    if (this.values.size) this.notify(this.values.keys());
    void this.cache?.putLatest([...this.values.values()]);
  }
}

/** Marks every Observation in a cached reply offline: true (they carry provenance). */
function markOffline(body: Record<string, unknown>): Record<string, unknown> {
  const mark = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(mark);
    if (v && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      const o = v as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(o)) out[k] = mark(x);
      if (typeof o.sourceKind === 'string' && typeof o.asOf === 'string') out.offline = true;
      return out;
    }
    return v;
  };
  return mark(body) as Record<string, unknown>;
}

/** JSON with sorted keys: the same request always makes the same cache key. */
export function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v as object)
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/** Bytes of a base64 string in a fresh (aligned) ArrayBuffer. */
export function fromBase64(text: string): ArrayBuffer {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out.buffer;
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

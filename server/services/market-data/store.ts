// SQL of the market-data tables (migration 0003): series catalogue, batches, bitemporal
// observations and the columnar current-view chunks. Runs unchanged on PGlite and
// PostgreSQL. Writes happen inside a caller's transaction (all-or-nothing imports); reads
// use the pool. Dates are CalendarDate (days since 1970-01-01), times epoch milliseconds.
import type { Database } from '../../contracts';
import type { SourceKind } from '../../../src/kit/market-data/provenance';
import type { SeriesInfo } from '../../../src/kit/market-data/series';
import { fromYMD, toYMD, type CalendarDate } from '../../../src/pricing-core/dates/date';

type Query = Pick<Database, 'query'>;

/** "Now" for the current view: later than any real known_at. */
export const END_OF_TIME = 8_000_000_000_000_000;

export interface BatchSpec {
  /** sample: shipped snapshot; history: shipped real history files; import: a user's file; feed: the live feed; vendor: a vendor adapter. */
  kind: 'sample' | 'history' | 'import' | 'feed' | 'vendor';
  source: string;
  sourceKind: SourceKind;
  fileName?: string;
  userName?: string;
}

export interface BatchRecord extends BatchSpec {
  batchId: number;
  rowCount: number;
  createdAt: number;
}

export interface ObsRow {
  seriesNo: number;
  date: CalendarDate;
  knownAt: number;
  value: number;
}

export interface StoredPoint {
  seriesNo: number;
  date: CalendarDate;
  value: number;
  knownAt: number;
  batchId: number;
}

/** One series' history, columnar: dates[i] (days since 1970-01-01) and values[i]. */
export interface ColumnarSeries {
  seriesNo: number;
  dates: Int32Array;
  values: Float64Array;
  /** Batch of each point. */
  batches: Int32Array;
}

const INSERT_SLICE = 5_000;

export function yearOf(d: number): number {
  return toYMD(d as CalendarDate).y;
}

export function yearStart(y: number): number {
  return fromYMD(y, 1, 1);
}

// Little-endian on every platform Node and browsers run on; chunks are read back by the
// same code, so the byte order is ours to fix.
function toB64(a: Int32Array | Float64Array): string {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');
}

function bytesOf(b64: string, align: number): ArrayBuffer {
  const buf = Buffer.from(b64, 'base64');
  if (buf.byteOffset % align === 0 && buf.byteLength === buf.buffer.byteLength) return buf.buffer as ArrayBuffer;
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer;
}

export function decodeInt32(b64: string): Int32Array {
  const ab = bytesOf(b64, 4);
  return new Int32Array(ab, 0, ab.byteLength >> 2);
}

export function decodeFloat64(b64: string): Float64Array {
  const ab = bytesOf(b64, 8);
  return new Float64Array(ab, 0, ab.byteLength >> 3);
}

/** Batch ids of a chunk as runs "firstIndex:batch,...": a chunk rarely has more than one. */
export function encodeRuns(batches: Int32Array): string {
  const out: string[] = [];
  for (let i = 0; i < batches.length; i++) if (i === 0 || batches[i] !== batches[i - 1]) out.push(`${i}:${batches[i]}`);
  return out.join(',');
}

export function decodeRuns(text: string, n: number): Int32Array {
  const out = new Int32Array(n);
  const runs = text ? text.split(',').map((r) => r.split(':').map(Number)) : [];
  for (let k = 0; k < runs.length; k++) out.fill(runs[k][1], runs[k][0], k + 1 < runs.length ? runs[k + 1][0] : n);
  return out;
}

export class MarketDataStore {
  constructor(private readonly db: Database) {}

  // Catalogue ---------------------------------------------------------------------------

  async readSeries(q: Query = this.db): Promise<Array<{ seriesNo: number; info: SeriesInfo }>> {
    const { rows } = await q.query<{ series_no: number; info: string }>('SELECT series_no, info FROM md_series ORDER BY series_no');
    return rows.map((r) => ({ seriesNo: Number(r.series_no), info: JSON.parse(r.info) as SeriesInfo }));
  }

  /** Inserts or updates catalogue entries; returns id -> series_no for all of them. */
  async upsertSeries(tx: Query, infos: readonly SeriesInfo[], now: number): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (let i = 0; i < infos.length; i += 2000) {
      const part = infos.slice(i, i + 2000);
      const { rows } = await tx.query<{ id: string; series_no: number }>(
        `INSERT INTO md_series (id, grp, is_public, info, updated_at)
         SELECT id, NULLIF(grp, ''), pub, info, $5 FROM unnest($1::text[], $2::text[], $3::boolean[], $4::text[]) AS t(id, grp, pub, info)
         ON CONFLICT (id) DO UPDATE SET grp = EXCLUDED.grp, is_public = EXCLUDED.is_public, info = EXCLUDED.info, updated_at = EXCLUDED.updated_at
         RETURNING id, series_no`,
        [part.map((s) => s.id), part.map((s) => s.group ?? ''), part.map((s) => s.public), part.map((s) => JSON.stringify(s)), now],
      );
      for (const r of rows) out.set(r.id, Number(r.series_no));
    }
    return out;
  }

  // Batches -----------------------------------------------------------------------------

  async createBatch(tx: Query, spec: BatchSpec, rowCount: number, now: number): Promise<number> {
    const { rows } = await tx.query<{ batch_id: number }>(
      `INSERT INTO md_batch (kind, source, source_kind, file_name, user_name, row_count, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING batch_id`,
      [spec.kind, spec.source, spec.sourceKind, spec.fileName ?? null, spec.userName ?? null, rowCount, now],
    );
    return Number(rows[0].batch_id);
  }

  async readBatches(batchIds: readonly number[], q: Query = this.db): Promise<Map<number, BatchRecord>> {
    const out = new Map<number, BatchRecord>();
    if (batchIds.length === 0) return out;
    const { rows } = await q.query<Record<string, unknown>>(
      'SELECT batch_id, kind, source, source_kind, file_name, user_name, row_count, created_at FROM md_batch WHERE batch_id = ANY($1::bigint[])',
      [[...new Set(batchIds)]],
    );
    for (const r of rows) out.set(Number(r.batch_id), batchOf(r));
    return out;
  }

  async listBatches(limit: number, kind?: BatchSpec['kind']): Promise<BatchRecord[]> {
    const { rows } = await this.db.query<Record<string, unknown>>(
      `SELECT batch_id, kind, source, source_kind, file_name, user_name, row_count, created_at FROM md_batch
       WHERE ($1::text IS NULL OR kind = $1) ORDER BY batch_id DESC LIMIT $2`,
      [kind ?? null, limit],
    );
    return rows.map(batchOf);
  }

  // Writes ------------------------------------------------------------------------------

  /**
   * Appends observations (never updates a value): marks what each new row supersedes, or
   * is superseded by when it arrives with an older known_at, then rebuilds the current-view
   * chunks of every series and year touched. Run inside the caller's transaction.
   * `skipExisting`: a row identical in (series, date, known_at) to a stored one is dropped
   * (reloading a snapshot); otherwise such a row is an error.
   */
  async appendObservations(tx: Query, batchId: number, rows: readonly ObsRow[], opts: { skipExisting?: boolean } = {}): Promise<void> {
    if (rows.length === 0) return;
    const seriesNos = [...new Set(rows.map((r) => r.seriesNo))];
    const { rows: had } = await tx.query<{ series_no: number }>(
      'SELECT DISTINCT series_no FROM md_chunk WHERE series_no = ANY($1::int[])',
      [seriesNos],
    );
    const existing = new Set(had.map((r) => Number(r.series_no)));
    for (let i = 0; i < rows.length; i += INSERT_SLICE) {
      // PGlite runs on the server's thread: let sockets breathe between slices of a big write.
      if (i > 0) await new Promise<void>((r) => setImmediate(r));
      const part = rows.slice(i, i + INSERT_SLICE);
      await tx.query(
        `INSERT INTO md_obs (series_no, obs_date, known_at, value, batch_id)
         SELECT s, d, k, v, $5 FROM unnest($1::int[], $2::int[], $3::bigint[], $4::float8[]) AS t(s, d, k, v)
         ${opts.skipExisting ? 'ON CONFLICT (series_no, obs_date, known_at) DO NOTHING' : ''}`,
        [part.map((r) => r.seriesNo), part.map((r) => r.date), part.map((r) => r.knownAt), part.map((r) => r.value), batchId],
      );
    }
    // Supersession only where a series already had rows (a first load has nothing to mark).
    const touched = rows.filter((r) => existing.has(r.seriesNo));
    if (touched.length > 0) {
      await tx.query(
        `UPDATE md_obs o SET superseded_at = x.nxt
         FROM (SELECT series_no, obs_date, known_at,
                      lead(known_at) OVER (PARTITION BY series_no, obs_date ORDER BY known_at) AS nxt
               FROM md_obs
               WHERE (series_no, obs_date) IN (SELECT * FROM unnest($1::int[], $2::int[]))) x
         WHERE o.series_no = x.series_no AND o.obs_date = x.obs_date AND o.known_at = x.known_at
           AND o.superseded_at IS DISTINCT FROM x.nxt`,
        [touched.map((r) => r.seriesNo), touched.map((r) => r.date)],
      );
    }
    await this.rebuildChunks(tx, rows);
  }

  private async rebuildChunks(tx: Query, rows: readonly ObsRow[]): Promise<void> {
    const span = new Map<number, { lo: number; hi: number }>();
    for (const r of rows) {
      const s = span.get(r.seriesNo);
      if (!s) span.set(r.seriesNo, { lo: r.date, hi: r.date });
      else {
        if (r.date < s.lo) s.lo = r.date;
        if (r.date > s.hi) s.hi = r.date;
      }
    }
    const nos = [...span.keys()];
    const los = nos.map((n) => yearStart(yearOf(span.get(n)!.lo)));
    const his = nos.map((n) => yearStart(yearOf(span.get(n)!.hi) + 1) - 1);
    // string_agg keeps the read to one short row per series and year (per-row reads of a
    // first load cost seconds on PGlite); float8 text output is shortest-exact (PG >= 12).
    const { rows: agg } = await tx.query<{ series_no: number; y: number; d: string; v: string; b: string }>(
      `SELECT o.series_no, EXTRACT(YEAR FROM DATE '1970-01-01' + o.obs_date)::int AS y,
              string_agg(o.obs_date::text, ',' ORDER BY o.obs_date) AS d,
              string_agg(o.value::text, ',' ORDER BY o.obs_date) AS v,
              string_agg(o.batch_id::text, ',' ORDER BY o.obs_date) AS b
       FROM md_obs o JOIN unnest($1::int[], $2::int[], $3::int[]) AS t(s, lo, hi)
         ON o.series_no = t.s AND o.obs_date BETWEEN t.lo AND t.hi
       WHERE o.superseded_at IS NULL
       GROUP BY o.series_no, y`,
      [nos, los, his],
    );
    if (agg.length === 0) return;
    const toInt = (s: string) => Int32Array.from(s.split(','), Number);
    await tx.query(
      `INSERT INTO md_chunk (series_no, year, n, dates, vals, runs)
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[])
       ON CONFLICT (series_no, year) DO UPDATE SET n = EXCLUDED.n, dates = EXCLUDED.dates, vals = EXCLUDED.vals, runs = EXCLUDED.runs`,
      [
        agg.map((a) => Number(a.series_no)),
        agg.map((a) => Number(a.y)),
        agg.map((a) => a.d.split(',').length),
        agg.map((a) => toB64(toInt(a.d))),
        agg.map((a) => toB64(Float64Array.from(a.v.split(','), Number))),
        agg.map((a) => encodeRuns(toInt(a.b))),
      ],
    );
  }

  // Reads -------------------------------------------------------------------------------

  /**
   * Histories over [from, to]. Current view (knownAt undefined): the columnar chunks.
   * As known at `knownAt`: the bitemporal rows, filtered by their knowledge interval.
   */
  async history(seriesNos: readonly number[], from: number, to: number, knownAt?: number): Promise<ColumnarSeries[]> {
    if (seriesNos.length === 0) return [];
    if (knownAt !== undefined) return this.historyKnownAt(seriesNos, from, to, knownAt);
    const { rows } = await this.db.query<{ series_no: number; dates: string; vals: string; runs: string }>(
      `SELECT series_no, dates, vals, runs FROM md_chunk
       WHERE series_no = ANY($1::int[]) AND year BETWEEN $2 AND $3 ORDER BY series_no, year`,
      [seriesNos, yearOf(from), yearOf(to)],
    );
    const parts = new Map<number, Array<{ d: Int32Array; v: Float64Array; b: Int32Array }>>();
    for (const r of rows) {
      const no = Number(r.series_no);
      let list = parts.get(no);
      if (!list) parts.set(no, (list = []));
      const d = decodeInt32(r.dates);
      list.push({ d, v: decodeFloat64(r.vals), b: decodeRuns(r.runs, d.length) });
    }
    return seriesNos.map((no) => concatWithin(no, parts.get(no) ?? [], from, to));
  }

  private async historyKnownAt(seriesNos: readonly number[], from: number, to: number, knownAt: number): Promise<ColumnarSeries[]> {
    const { rows } = await this.db.query<{ series_no: number; d: string; v: string; b: string }>(
      `SELECT series_no, string_agg(obs_date::text, ',' ORDER BY obs_date) AS d,
              string_agg(value::text, ',' ORDER BY obs_date) AS v,
              string_agg(batch_id::text, ',' ORDER BY obs_date) AS b
       FROM md_obs
       WHERE series_no = ANY($1::int[]) AND obs_date BETWEEN $2 AND $3
         AND known_at <= $4 AND (superseded_at IS NULL OR superseded_at > $4)
       GROUP BY series_no`,
      [seriesNos, from, to, knownAt],
    );
    const bySeries = new Map(rows.map((r) => [Number(r.series_no), r]));
    return seriesNos.map((no) => {
      const r = bySeries.get(no);
      if (!r) return { seriesNo: no, dates: new Int32Array(0), values: new Float64Array(0), batches: new Int32Array(0) };
      return {
        seriesNo: no,
        dates: Int32Array.from(r.d.split(','), Number),
        values: Float64Array.from(r.v.split(','), Number),
        batches: Int32Array.from(r.b.split(','), Number),
      };
    });
  }

  /** Per series, the observation with the latest date <= asOf, as known at knownAt. */
  async latest(seriesNos: readonly number[], asOf: number, knownAt: number = END_OF_TIME): Promise<StoredPoint[]> {
    if (seriesNos.length === 0) return [];
    const { rows } = await this.db.query<Record<string, number>>(
      `SELECT s.series_no, o.obs_date, o.value, o.known_at, o.batch_id
       FROM unnest($1::int[]) AS s(series_no)
       CROSS JOIN LATERAL (
         SELECT obs_date, value, known_at, batch_id FROM md_obs
         WHERE series_no = s.series_no AND obs_date <= $2
           AND known_at <= $3 AND (superseded_at IS NULL OR superseded_at > $3)
         ORDER BY obs_date DESC, known_at DESC LIMIT 1) o`,
      [seriesNos, asOf, knownAt],
    );
    return rows.map(storedPoint);
  }

  /** Every version ever recorded of one series on one date, oldest knowledge first. */
  async versions(seriesNo: number, date: number): Promise<StoredPoint[]> {
    const { rows } = await this.db.query<Record<string, number>>(
      `SELECT series_no, obs_date, value, known_at, batch_id FROM md_obs
       WHERE series_no = $1 AND obs_date = $2 ORDER BY known_at`,
      [seriesNo, date],
    );
    return rows.map(storedPoint);
  }

  async getMeta(key: string, q: Query = this.db): Promise<string | null> {
    const { rows } = await q.query<{ value: string }>('SELECT value FROM md_meta WHERE key = $1', [key]);
    return rows[0]?.value ?? null;
  }

  async setMeta(tx: Query, key: string, value: string): Promise<void> {
    await tx.query('INSERT INTO md_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value', [key, value]);
  }
}

function storedPoint(r: Record<string, number>): StoredPoint {
  return {
    seriesNo: Number(r.series_no),
    date: Number(r.obs_date) as CalendarDate,
    value: Number(r.value),
    knownAt: Number(r.known_at),
    batchId: Number(r.batch_id),
  };
}

function batchOf(r: Record<string, unknown>): BatchRecord {
  return {
    batchId: Number(r.batch_id),
    kind: r.kind as BatchSpec['kind'],
    source: String(r.source),
    sourceKind: r.source_kind as SourceKind,
    fileName: (r.file_name as string | null) ?? undefined,
    userName: (r.user_name as string | null) ?? undefined,
    rowCount: Number(r.row_count),
    createdAt: Number(r.created_at),
  };
}

function concatWithin(seriesNo: number, parts: Array<{ d: Int32Array; v: Float64Array; b: Int32Array }>, from: number, to: number): ColumnarSeries {
  let n = 0;
  for (const p of parts) n += p.d.length;
  const dates = new Int32Array(n);
  const values = new Float64Array(n);
  const batches = new Int32Array(n);
  let k = 0;
  for (const p of parts) {
    // Chunks are whole years: only the first and last need trimming.
    let lo = 0;
    let hi = p.d.length;
    if (p.d.length && p.d[0] < from) lo = lowerBound(p.d, from);
    if (p.d.length && p.d[p.d.length - 1] > to) hi = lowerBound(p.d, to + 1);
    if (hi <= lo) continue;
    dates.set(p.d.subarray(lo, hi), k);
    values.set(p.v.subarray(lo, hi), k);
    batches.set(p.b.subarray(lo, hi), k);
    k += hi - lo;
  }
  return { seriesNo, dates: dates.subarray(0, k), values: values.subarray(0, k), batches: batches.subarray(0, k) };
}

function lowerBound(a: Int32Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

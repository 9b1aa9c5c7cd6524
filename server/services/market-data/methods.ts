// MarketDataSvr socket methods (docs/api/market-data.md). JSON content in, `{ Code: 0, ... }`
// out; a bad request throws ServiceError 2001, an unknown series or group 2002, an import
// with bad rows replies Code 2003 with every bad row, a non-public series read without a
// session 4003.
import { z } from 'zod';
import { isDatabaseUnavailable, ServiceError, type RequestContext, type ServiceHandler } from '../../contracts';
import { fromISO, toISO, type CalendarDate } from '../../../src/pricing-core/dates/date';
import type { Observation } from '../../../src/kit/market-data/series';
import { MarketData, batchSource, type SeriesEntry } from './service';

export const MARKET_DATA_SERVER = 'MarketDataSvr';
export const BAD_REQUEST = '2001';
export const UNKNOWN_SERIES = '2002';
export const IMPORT_REJECTED = '2003';
export const SIGN_IN_REQUIRED = '4003';

const MAX_IDS = 2000;
const MAX_HISTORY_IDS = 500;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD').transform((s, ctx) => {
  try {
    return fromISO(s);
  } catch {
    ctx.addIssue({ code: 'custom', message: `not a calendar date: ${s}` });
    return z.NEVER;
  }
});
/** A timestamp with its offset, or a date meaning the end of that day in Beijing. */
const knownAt = z.union([
  z.iso.datetime({ offset: true }).transform((s) => Date.parse(s)),
  isoDate.transform((d) => MarketData.endOfBeijingDay(d)),
]);
const seriesId = z.string().min(1).max(128);
const asOfFields = { asOf: isoDate.optional(), knownAt: knownAt.optional() };

const schemas = {
  catalog: z.object({ prefix: z.string().max(128).optional(), kind: z.string().max(32).optional(), group: z.string().max(128).optional() }),
  latest: z
    .object({ ids: z.array(seriesId).max(MAX_IDS).optional(), prefix: z.string().min(1).max(128).optional(), ...asOfFields })
    .refine((o) => o.ids || o.prefix, 'give ids or prefix'),
  history: z
    .object({
      id: seriesId.optional(),
      ids: z.array(seriesId).min(1).max(MAX_HISTORY_IDS).optional(),
      from: isoDate.optional(),
      to: isoDate.optional(),
      knownAt: knownAt.optional(),
      encoding: z.enum(['json', 'base64']).optional(),
    })
    .refine((o) => o.id || o.ids, 'give id or ids'),
  group: z.object({ id: seriesId, ...asOfFields }),
  fxMarket: z.object({ pair: z.string().regex(/^[A-Z]{6}$/, 'a six-letter pair'), ...asOfFields }),
  versions: z.object({ id: seriesId, date: isoDate }),
  import: z.object({ fileName: z.string().min(1).max(200), data: z.string().min(1) }),
  imports: z.object({ limit: z.number().int().min(1).max(500).optional() }),
};

function parse<T extends z.ZodType>(schema: T, content: string): z.output<T> {
  let raw: unknown;
  try {
    raw = content.trim() === '' ? {} : JSON.parse(content);
  } catch {
    throw new ServiceError(BAD_REQUEST, 'content is not JSON');
  }
  const r = schema.safeParse(raw);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new ServiceError(BAD_REQUEST, `${i.path.join('.') || 'content'}: ${i.message}`);
  }
  return r.data;
}

const b64 = (a: Int32Array | Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');

const signedIn = (ctx: RequestContext) => ctx.user !== null && ctx.user.inf5 !== '3';

/** Resolves ids to catalogue entries, refusing non-public series to anonymous callers. */
function resolve(md: MarketData, ids: readonly string[], ctx: RequestContext): { entries: SeriesEntry[]; missing: string[] } {
  const entries: SeriesEntry[] = [];
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    const e = md.series(id);
    if (e) entries.push(e);
    else missing.push(id);
  }
  guard(entries, ctx);
  return { entries, missing };
}

function guard(entries: readonly SeriesEntry[], ctx: RequestContext): void {
  if (signedIn(ctx)) return;
  const closed = entries.filter((e) => !e.info.public);
  if (closed.length) throw new ServiceError(SIGN_IN_REQUIRED, `sign in to read ${closed.slice(0, 3).map((e) => e.info.id).join(', ')}${closed.length > 3 ? ` and ${closed.length - 3} more` : ''}`);
}

function byPrefix(md: MarketData, prefix: string): string[] {
  const out: string[] = [];
  for (const e of md.allSeries()) if (e.info.id === prefix || e.info.id.startsWith(prefix.endsWith('.') ? prefix : `${prefix}.`)) out.push(e.info.id);
  return out;
}

function groupEntries(md: MarketData, id: string, ctx: RequestContext): SeriesEntry[] {
  const g = md.group(id);
  if (!g) throw new ServiceError(UNKNOWN_SERIES, `no curve or surface ${id}`);
  guard(g, ctx);
  return g;
}

function curvePoints(entries: readonly SeriesEntry[], obs: Observation[]) {
  const tenor = new Map(entries.map((e) => [e.info.id, e.info.tenor]));
  return obs.map((o) => ({ tenor: tenor.get(o.id), ...o }));
}

export function marketDataMethods(md: MarketData): Record<string, ServiceHandler> {
  const ready = async () => {
    try {
      await md.whenReady();
    } catch (e) {
      if (isDatabaseUnavailable(e)) throw e; // 9503: briefly, the client retries
      throw new ServiceError('9999', 'market data unavailable (see the server log)');
    }
  };
  const methods: Record<string, (content: string, ctx: RequestContext) => Promise<Record<string, unknown>>> = {
    'MD.CATALOG': async (content, ctx) => {
      const q = parse(schemas.catalog, content);
      const open = signedIn(ctx);
      const series = [...md.allSeries()]
        .map((e) => e.info)
        .filter((i) => (open || i.public) && (!q.prefix || i.id.startsWith(q.prefix)) && (!q.kind || i.kind === q.kind) && (!q.group || i.group === q.group));
      const groups = md.groups().filter((g) => (open || g.public) && (!q.prefix || g.id.startsWith(q.prefix)));
      return { snapshotAsOf: md.snapshotAsOf, signedIn: open, series, groups };
    },

    'MD.LATEST': async (content, ctx) => {
      const q = parse(schemas.latest, content);
      const ids = q.ids ?? [];
      if (q.prefix) {
        const found = byPrefix(md, q.prefix).filter((id) => signedIn(ctx) || md.series(id)!.info.public);
        if (found.length > MAX_IDS) throw new ServiceError(BAD_REQUEST, `prefix ${q.prefix} names ${found.length} series (at most ${MAX_IDS})`);
        ids.push(...found);
      }
      const { entries, missing } = resolve(md, ids, ctx);
      const values = await md.latest(entries, q.asOf, q.knownAt);
      const have = new Set(values.map((v) => v.id));
      return {
        asOf: toISO(q.asOf ?? md.today()),
        ...(q.knownAt !== undefined ? { knownAt: new Date(q.knownAt).toISOString() } : {}),
        values,
        missing: [...missing, ...entries.filter((e) => !have.has(e.info.id)).map((e) => e.info.id)],
      };
    },

    'MD.HISTORY': async (content, ctx) => {
      const q = parse(schemas.history, content);
      const to = q.to ?? md.today();
      const from = q.from ?? ((to - 365) as CalendarDate);
      if (from > to) throw new ServiceError(BAD_REQUEST, 'from is after to');
      const { entries, missing } = resolve(md, q.ids ?? [q.id!], ctx);
      const h = await md.history(entries, from, to, q.knownAt);
      const batches: Record<string, unknown> = {};
      for (const [id, b] of h.batches) batches[id] = { source: batchSource(b), sourceKind: b.sourceKind, kind: b.kind, fileName: b.fileName, createdAt: new Date(b.createdAt).toISOString() };
      return {
        from: toISO(from),
        to: toISO(to),
        ...(q.knownAt !== undefined ? { knownAt: new Date(q.knownAt).toISOString() } : {}),
        dateUnit: 'days since 1970-01-01',
        encoding: q.encoding ?? 'json',
        series: h.series.map(({ id, data, real }) => {
          const runs: Array<[number, number]> = [];
          for (let i = 0; i < data.batches.length; i++) if (i === 0 || data.batches[i] !== data.batches[i - 1]) runs.push([i, data.batches[i]]);
          // `real`: the figures up to real.until are the real series real.id (the boundary screens mark).
          const r = real ? { real } : {};
          // base64: little-endian Int32 dates and Float64 values, no number formatting either way.
          if (q.encoding === 'base64') return { id, n: data.dates.length, dates: b64(data.dates), values: b64(data.values), runs, ...r };
          return { id, dates: Array.from(data.dates), values: Array.from(data.values), runs, ...r };
        }),
        batches,
        missing,
      };
    },

    'MD.CURVE': async (content, ctx) => {
      const q = parse(schemas.group, content);
      const entries = groupEntries(md, q.id, ctx);
      const obs = await md.latest(entries, q.asOf, q.knownAt);
      return { id: q.id, asOf: toISO(q.asOf ?? md.today()), ...(q.knownAt !== undefined ? { knownAt: new Date(q.knownAt).toISOString() } : {}), points: curvePoints(entries, obs) };
    },

    'MD.SURFACE': async (content, ctx) => {
      const q = parse(schemas.group, content);
      const entries = groupEntries(md, q.id, ctx);
      if (!entries.every((e) => e.info.kind === 'vol')) throw new ServiceError(UNKNOWN_SERIES, `${q.id} is not a volatility surface`);
      return { asOf: toISO(q.asOf ?? md.today()), ...(await md.surface(q.id, entries, q.asOf, q.knownAt)) };
    },

    'MD.FXMARKET': async (content, ctx) => {
      const q = parse(schemas.fxMarket, content);
      const spot = md.series(`fx.${q.pair}`);
      if (!spot) throw new ServiceError(UNKNOWN_SERIES, `no spot for ${q.pair}`);
      const base = q.pair.slice(0, 3);
      const quote = q.pair === 'USDCNH' ? 'CNH' : q.pair.slice(3);
      const fwd = md.group(`fwd.${q.pair}`) ?? [];
      const depoBase = md.group(`depo.${base}`) ?? [];
      const depoQuote = md.group(`depo.${quote}`) ?? [];
      const vol = md.group(`vol.${q.pair}`) ?? [];
      guard([spot, ...fwd, ...depoBase, ...depoQuote, ...vol], ctx);
      const [spotObs, fwdObs, baseObs, quoteObs] = await Promise.all([
        md.latest([spot], q.asOf, q.knownAt),
        md.latest(fwd, q.asOf, q.knownAt),
        md.latest(depoBase, q.asOf, q.knownAt),
        md.latest(depoQuote, q.asOf, q.knownAt),
      ]);
      return {
        pair: q.pair,
        asOf: toISO(q.asOf ?? md.today()),
        spot: spotObs[0] ?? null,
        pipFactor: fwd[0]?.info.pipFactor ?? null,
        forwardPoints: curvePoints(fwd, fwdObs),
        deposits: { [base]: curvePoints(depoBase, baseObs), [quote]: curvePoints(depoQuote, quoteObs) },
        surface: vol.length ? await md.surface(`vol.${q.pair}`, vol, q.asOf, q.knownAt) : null,
      };
    },

    'MD.VERSIONS': async (content, ctx) => {
      const q = parse(schemas.versions, content);
      const { entries } = resolve(md, [q.id], ctx);
      if (!entries.length) throw new ServiceError(UNKNOWN_SERIES, `unknown series ${q.id}`);
      return { id: q.id, date: toISO(q.date), versions: await md.versions(entries[0], q.date) };
    },

    'MD.IMPORT': async (content, ctx) => {
      if (!signedIn(ctx)) throw new ServiceError(SIGN_IN_REQUIRED, 'sign in to import market data');
      const q = parse(schemas.import, content);
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(q.data)) throw new ServiceError(BAD_REQUEST, 'data must be base64');
      const r = await md.importFile({ bytes: new Uint8Array(Buffer.from(q.data, 'base64')), fileName: q.fileName, userName: ctx.user!.userName });
      if (!r.ok) return { Code: IMPORT_REJECTED, msg: `${r.errors.length} bad row(s): nothing imported`, ...r };
      return { ...r, knownAt: new Date(r.knownAt).toISOString() };
    },

    'MD.IMPORTS': async (content, ctx) => {
      if (!signedIn(ctx)) throw new ServiceError(SIGN_IN_REQUIRED, 'sign in to list imports');
      const q = parse(schemas.imports, content);
      const list = await md.store.listBatches(q.limit ?? 50, 'import');
      return { imports: list.map((b) => ({ batchId: b.batchId, fileName: b.fileName, userName: b.userName, rows: b.rowCount, source: b.source, at: new Date(b.createdAt).toISOString() })) };
    },

    'MD.STATUS': async () => ({
      snapshotAsOf: md.snapshotAsOf,
      history: md.historyState,
      series: [...md.allSeries()].length,
      liveSeries: md.live.size,
      today: toISO(md.today()),
      serverTime: new Date(md.now()).toISOString(),
    }),
  };
  const wrapped: Record<string, ServiceHandler> = {};
  for (const [name, fn] of Object.entries(methods)) {
    wrapped[name] = async (content, ctx) => {
      await ready();
      const body = await fn(content, ctx);
      return { Code: 0, ...body };
    };
  }
  return wrapped;
}


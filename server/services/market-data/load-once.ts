// First-start loads of shipped data (the sample snapshot, the real history files): once per
// database and version, safe when several instances start together on one PostgreSQL. The
// claim runs under an advisory lock: a finished version is skipped, a load another instance
// started recently is waited for, otherwise this instance writes a "loading" marker and
// loads. Rows go in per-series slices, one transaction each, yielding to the event loop
// between them (PGlite runs queries on the server's thread); a load cut short is finished by
// the next start (rows already stored are skipped).
import { randomBytes } from 'node:crypto';
import type { Database } from '../../contracts';
import type { MarketDataStore, ObsRow } from './store';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface LoadMarker {
  /** md_meta key holding the loaded version. */
  doneKey: string;
  /** md_meta key holding `version@epochMs@loader` while a load runs. */
  loadingKey: string;
  /** Advisory lock name (per schema). */
  lock: string;
}

const LOADING_STALE_MS = 10 * 60_000;
/**
 * The loading instance (one per store, i.e. per market-data service), in the "loading" marker:
 * its own load cut short by an outage is continued, not waited for; another's is waited for.
 */
const loaderIds = new WeakMap<MarketDataStore, string>();
function loaderId(store: MarketDataStore): string {
  let id = loaderIds.get(store);
  if (!id) loaderIds.set(store, (id = randomBytes(6).toString('hex')));
  return id;
}
const SLICE_ROWS = 8_000;

export const yieldToEventLoop = () => new Promise<void>((r) => setImmediate(r));

/**
 * Claims the load of `version`: null when it is already loaded (here or by another
 * instance, possibly after waiting for it), else what `onClaim` returned inside the claiming
 * transaction (e.g. the catalogue's series numbers).
 */
export async function claimLoad<T>(db: Database, store: MarketDataStore, m: LoadMarker, version: string, onClaim: (tx: Tx) => Promise<T>, waitMs = 500): Promise<T | null> {
  for (;;) {
    const r = await db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1 || current_schema()))`, [m.lock]);
      if ((await store.getMeta(m.doneKey, tx)) === version) return { state: 'done' as const };
      const [v, at, owner] = ((await store.getMeta(m.loadingKey, tx)) ?? '').split('@');
      if (v === version && owner !== loaderId(store) && Date.now() - Number(at) < LOADING_STALE_MS) return { state: 'wait' as const };
      await store.setMeta(tx, m.loadingKey, `${version}@${Date.now()}@${loaderId(store)}`);
      return { state: 'go' as const, value: await onClaim(tx) };
    });
    if (r.state === 'done') return null;
    if (r.state === 'go') return r.value;
    await new Promise((res) => setTimeout(res, waitMs));
  }
}

/** Marks `version` loaded (with extra meta) and drops the loading marker, in one transaction. */
export async function finishLoad(db: Database, store: MarketDataStore, m: LoadMarker, version: string, extra: Record<string, string> = {}): Promise<void> {
  await db.transaction(async (tx) => {
    await store.setMeta(tx, m.doneKey, version);
    for (const [k, v] of Object.entries(extra)) await store.setMeta(tx, k, v);
    await tx.query('DELETE FROM md_meta WHERE key = $1', [m.loadingKey]);
  });
}

/** Appends a batch's rows (grouped by series) in slices of whole series, one transaction each. */
export async function appendInSlices(db: Database, store: MarketDataStore, batchId: number, rows: readonly ObsRow[]): Promise<void> {
  for (const slice of slicesBySeries(rows, SLICE_ROWS)) {
    await yieldToEventLoop();
    await db.transaction((tx) => store.appendObservations(tx, batchId, slice, { skipExisting: true }));
  }
}

function slicesBySeries(rows: readonly ObsRow[], size: number): ObsRow[][] {
  const out: ObsRow[][] = [];
  let start = 0;
  while (start < rows.length) {
    let end = Math.min(rows.length, start + size);
    while (end < rows.length && rows[end].seriesNo === rows[end - 1].seriesNo) end++;
    out.push(rows.slice(start, end));
    start = end;
  }
  return out;
}

// An import, all or nothing: parse -> validate every row -> one transaction that records a
// batch (who, which file, when) and appends the rows. A file with any bad row changes
// nothing and reports every bad row with its line and reason.
import type { Database } from '../../../contracts';
import type { SeriesInfo } from '../../../../src/kit/market-data/series';
import { ImportFailure, rowError, type ImportRowError } from './errors';
import { parseImportFile, type FileFormat } from './parse';
import { validateRows } from './validate';
import type { MarketDataStore, ObsRow } from '../store';

export interface ImportRequest {
  bytes: Uint8Array;
  fileName: string;
  userName: string;
}

export type ImportResult =
  | { ok: true; format: FileFormat; batchId: number; rows: number; unchanged: number; series: string[]; knownAt: number }
  | { ok: false; format?: FileFormat; errors: ImportRowError[] };

export interface ImportDeps {
  db: Database;
  store: MarketDataStore;
  catalogue: () => ReadonlyMap<string, SeriesInfo>;
  seriesNo: (id: string) => number | undefined;
  now: () => number;
  /** Last stored value of each known series named in the file (the unit-slip check). */
  reference: (ids: readonly unknown[]) => Promise<ReadonlyMap<string, number>>;
}

/** Errors beyond this many are counted, not listed (a wrong file can have a million). */
export const MAX_REPORTED_ERRORS = 1000;

export async function runImport(deps: ImportDeps, req: ImportRequest): Promise<ImportResult> {
  let parsed;
  try {
    parsed = await parseImportFile(req.bytes);
  } catch (e) {
    if (e instanceof ImportFailure) return { ok: false, errors: [e.toRowError()] };
    throw e;
  }
  const now = deps.now();
  const { rows, errors } = validateRows(parsed.rows, deps.catalogue(), now, await deps.reference(parsed.rows.map((r) => r.series)));
  const all = [...parsed.errors.map((e) => rowError(e.line, e.code, e.column, e.detail)), ...errors].sort((a, b) => a.line - b.line);
  if (all.length > 0) return { ok: false, format: parsed.format, errors: all.slice(0, MAX_REPORTED_ERRORS) };
  if (rows.length === 0) return { ok: false, format: parsed.format, errors: [rowError(0, 'empty')] };

  const obs: ObsRow[] = rows.map((r) => ({ seriesNo: deps.seriesNo(r.seriesId)!, date: r.date, knownAt: r.knownAt ?? now, value: r.value }));
  const outcome = await deps.db.transaction(async (tx) => {
    // Rows that name their known_at may repeat what is stored: the same value is a no-op,
    // another value at the same instant is a contradiction and fails the import.
    const explicit = rows.map((r, i) => [r, obs[i]] as const).filter(([r]) => r.knownAt !== undefined);
    const skip = new Set<ObsRow>();
    const conflicts: ImportRowError[] = [];
    if (explicit.length > 0) {
      const { rows: stored } = await tx.query<{ series_no: number; obs_date: number; known_at: number; value: number }>(
        `SELECT o.series_no, o.obs_date, o.known_at, o.value FROM md_obs o
         JOIN unnest($1::int[], $2::int[], $3::bigint[]) AS t(s, d, k) ON o.series_no = t.s AND o.obs_date = t.d AND o.known_at = t.k`,
        [explicit.map(([, o]) => o.seriesNo), explicit.map(([, o]) => o.date), explicit.map(([, o]) => o.knownAt)],
      );
      const byKey = new Map(stored.map((s) => [`${s.series_no}|${s.obs_date}|${Number(s.known_at)}`, Number(s.value)]));
      for (const [r, o] of explicit) {
        const v = byKey.get(`${o.seriesNo}|${o.date}|${o.knownAt}`);
        if (v === undefined) continue;
        if (v === o.value) skip.add(o);
        else conflicts.push(rowError(r.line, 'conflict', 'known_at', `stored ${v}`));
      }
    }
    if (conflicts.length > 0) return { conflicts };
    const fresh = obs.filter((o) => !skip.has(o));
    const batchId = await deps.store.createBatch(
      tx,
      { kind: 'import', source: parsed.source ?? `file ${req.fileName}`, sourceKind: 'imported', fileName: req.fileName, userName: req.userName },
      fresh.length,
      now,
    );
    await deps.store.appendObservations(tx, batchId, fresh);
    return { batchId, fresh: fresh.length, unchanged: skip.size };
  });
  if ('conflicts' in outcome) return { ok: false, format: parsed.format, errors: outcome.conflicts!.slice(0, MAX_REPORTED_ERRORS) };
  return {
    ok: true,
    format: parsed.format,
    batchId: outcome.batchId,
    rows: outcome.fresh,
    unchanged: outcome.unchanged,
    series: [...new Set(rows.map((r) => r.seriesId))],
    knownAt: now,
  };
}

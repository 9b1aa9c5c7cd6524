// Server backend: a node-postgres pool. BIGINT columns are parsed to numbers (all ours are
// epoch milliseconds or serial ids, far below 2^53) so rows look the same as PGlite's.
import pg from 'pg';
import type { Database } from '../contracts';

const INT8_OID = 20;

export interface PostgresOptions {
  databaseUrl: string;
  /** Schema to use (search_path); it must exist. Tests isolate themselves this way. */
  schema?: string;
  max?: number;
}

export async function openPostgresDatabase(opts: PostgresOptions): Promise<Database & { poolStats(): { total: number; idle: number; waiting: number } }> {
  const types = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === INT8_OID && format !== 'binary') return (v: string) => Number(v);
      return pg.types.getTypeParser(oid, format as 'text');
    },
  };
  const pool = new pg.Pool({
    connectionString: opts.databaseUrl,
    max: opts.max ?? 10,
    types: types as pg.CustomTypesConfig,
    ...(opts.schema ? { options: `-c search_path=${quoteIdent(opts.schema)}` } : {}),
  });
  // An idle client losing its server connection must not crash the process.
  pool.on('error', () => {});
  await pool.query('SELECT 1'); // fail fast on a bad URL
  let closed = false;
  return {
    kind: 'postgres',
    /** Pool clients, for /metrics. */
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async query<T>(sql: string, params?: unknown[]) {
      const r = await pool.query(sql, params);
      return { rows: r.rows as T[] };
    },
    async transaction<R>(fn: (tx: Pick<Database, 'query'>) => Promise<R>): Promise<R> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query<T>(sql: string, params?: unknown[]) {
            const r = await client.query(sql, params);
            return { rows: r.rows as T[] };
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export function quoteIdent(name: string): string {
  return '"' + name.replace(/"/g, '""') + '"';
}

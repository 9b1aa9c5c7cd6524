// Database metrics without touching the backends: a Database that times every statement and
// transaction (desk_db_query_seconds) and counts what is running now (desk_db_pool_connections
// in_use), plus the PostgreSQL pool's own counts when the backend reports them.
import type { Database } from '../contracts';
import { dbQuerySeconds, watchDatabasePool } from './metrics';

export interface InstrumentedDatabase extends Database {
  /** Stops reporting the gauges (the database itself is closed with close()). */
  unwatch(): void;
}

export function instrumentDatabase(db: Database): InstrumentedDatabase {
  let inUse = 0;
  async function timed<R>(kind: 'query' | 'transaction', run: () => Promise<R>): Promise<R> {
    const t0 = performance.now();
    inUse++;
    try {
      const r = await run();
      dbQuerySeconds.observe({ kind, outcome: 'ok' }, (performance.now() - t0) / 1000);
      return r;
    } catch (e) {
      dbQuerySeconds.observe({ kind, outcome: 'error' }, (performance.now() - t0) / 1000);
      throw e;
    } finally {
      inUse--;
    }
  }
  const unwatch = watchDatabasePool(() => ({ in_use: inUse, ...(db.poolStats?.() ?? {}) }));
  return {
    kind: db.kind,
    available: () => db.available(),
    whenAvailable: () => db.whenAvailable(),
    query: (sql, params) => timed('query', () => db.query(sql, params)),
    // Statements inside a transaction are counted in the transaction's time.
    transaction: (fn) => timed('transaction', () => db.transaction(fn)),
    close: () => db.close(),
    unwatch,
  };
}

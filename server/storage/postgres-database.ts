// Server backend: a node-postgres pool. BIGINT columns are parsed to numbers (all ours are
// epoch milliseconds or serial ids, far below 2^53) so rows look the same as PGlite's.
//
// Outages (issue 19): the pool and every client it hands out have 'error' listeners, so a
// lost connection never becomes an unhandled error; a transaction whose connection dies
// settles at once with DatabaseUnavailableError. The database is 'connecting' until the
// first successful connect + `prepare` (migrations), 'up', then 'down' after a connection
// error: while not up, queries fail at once (no waiting on a dead server) and a probe with
// backoff brings it back up when the server answers again. No restart by hand is needed.
import pg from 'pg';
import { DatabaseUnavailableError, UNAVAILABLE_CODE, type Database } from '../contracts';

const INT8_OID = 20;

export interface PostgresOptions {
  databaseUrl: string;
  /** Schema to use (search_path); it must exist. Tests isolate themselves this way. */
  schema?: string;
  max?: number;
  /** Run once on the first successful connection before the database is up (migrations). */
  prepare?: (db: Database) => Promise<unknown>;
  /** false (CLIs, tests): the first failed connect rejects `whenAvailable` and closes. Default true. */
  retry?: boolean;
  /** Outage and recovery messages. */
  log?: (msg: string) => void;
  /** Probe backoff: first and largest delay between connection attempts. */
  probeDelayMs?: { first: number; max: number };
}

export type PostgresState = 'connecting' | 'up' | 'down' | 'closed';

// SQLSTATE classes and codes that mean "the server is not there for us right now".
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOENT']);
const UNAVAILABLE_MESSAGE = /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended|after calling end on the pool/i;

/** True for a driver error that says the connection or server is gone, not that the SQL failed. */
export function isConnectionError(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown } | null;
  if (!err) return false;
  const code = typeof err.code === 'string' ? err.code : '';
  if (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code)) return true;
  return typeof err.message === 'string' && UNAVAILABLE_MESSAGE.test(err.message);
}

export function openPostgresDatabase(opts: PostgresOptions): Database & { state(): PostgresState; poolStats(): { total: number; idle: number; waiting: number } } {
  const log = opts.log ?? (() => {});
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
    // Fail a connection attempt to an unreachable host in seconds, not the OS's minutes.
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(opts.schema ? { options: `-c search_path=${quoteIdent(opts.schema)}` } : {}),
  });
  let state: PostgresState = 'connecting';
  let waiters: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];
  let lastError = '';
  const first = opts.probeDelayMs?.first ?? 250;
  const maxDelay = opts.probeDelayMs?.max ?? 2_000;

  const settleWaiters = (err?: Error) => {
    const w = waiters;
    waiters = [];
    for (const x of w) (err ? x.reject(err) : x.resolve());
  };
  const markDown = (e: unknown) => {
    if (state !== 'up') return;
    state = 'down';
    log(`database unavailable (${describe(e)}); requests needing it get ${UNAVAILABLE_CODE} until it is back`);
    void probe();
  };
  // An idle client losing its connection (server stopped or restarted) must not crash the process.
  pool.on('error', (e) => markDown(e));
  // Nor one that is checked out: pg emits 'error' on the client, which without a listener throws.
  pool.on('connect', (client) => client.on('error', (e) => markDown(e)));

  /** One statement or transaction on the pool, driver errors of the lost-connection kind translated. */
  const run = async <R>(work: () => Promise<R>): Promise<R> => {
    try {
      return await work();
    } catch (e) {
      if (!isConnectionError(e)) throw e;
      if (state === 'closed') throw new DatabaseUnavailableError('database closed', { cause: e });
      markDown(e);
      throw new DatabaseUnavailableError(undefined, { cause: e });
    }
  };

  const raw: Database = {
    kind: 'postgres',
    available: () => true,
    whenAvailable: () => Promise.resolve(),
    async query<T>(sql: string, params?: unknown[]) {
      const r = await run(() => pool.query(sql, params));
      return { rows: r.rows as T[] };
    },
    transaction: <R>(fn: (tx: Pick<Database, 'query'>) => Promise<R>) => run(() => transactionOn(pool, fn)),
    close: async () => {},
  };

  const gate = () => {
    if (state !== 'up') throw new DatabaseUnavailableError(state === 'closed' ? 'database closed' : undefined);
  };

  let probing = false;
  async function probe(): Promise<void> {
    if (probing) return;
    probing = true;
    let delay = first;
    let prepared = state !== 'connecting';
    try {
      while (state === 'connecting' || state === 'down') {
        try {
          if (!prepared) {
            await raw.query('SELECT 1');
            await opts.prepare?.(raw);
            prepared = true;
          } else {
            await raw.query('SELECT 1');
          }
          if (!isOpen()) return;
          const was = state;
          state = 'up';
          lastError = '';
          if (was === 'down') log('database available again');
          settleWaiters();
          return;
        } catch (e) {
          if (!isOpen()) return;
          const msg = describe(e);
          if (opts.retry === false) {
            state = 'closed';
            await pool.end().catch(() => {});
            const cause = rootCause(e);
            settleWaiters(cause instanceof Error ? cause : new Error(msg));
            return;
          }
          if (msg !== lastError) log(`database not reachable yet (${msg}); retrying`);
          lastError = msg;
          await new Promise((r) => setTimeout(r, delay).unref());
          delay = Math.min(maxDelay, delay * 2);
        }
      }
    } finally {
      probing = false;
    }
  }
  const isOpen = () => (state as PostgresState) !== 'closed';
  void probe();

  return {
    kind: 'postgres',
    state: () => state,
    /** Pool clients, for /metrics. */
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    available: () => state === 'up',
    whenAvailable() {
      if (state === 'up') return Promise.resolve();
      if (state === 'closed') return Promise.reject(new DatabaseUnavailableError('database closed'));
      return new Promise<void>((resolve, reject) => waiters.push({ resolve, reject }));
    },
    async query<T>(sql: string, params?: unknown[]) {
      gate();
      return raw.query<T>(sql, params);
    },
    async transaction<R>(fn: (tx: Pick<Database, 'query'>) => Promise<R>): Promise<R> {
      gate();
      return raw.transaction(fn);
    },
    async close() {
      if (state === 'closed') return;
      state = 'closed';
      settleWaiters(new DatabaseUnavailableError('database closed'));
      await pool.end();
    },
  };
}

/**
 * BEGIN, fn, COMMIT on one client. Every statement races the client's 'error' event, so a
 * connection lost mid-transaction rejects the statement under way (and any later one) at
 * once; the broken client is then destroyed rather than returned to the pool.
 */
async function transactionOn<R>(pool: pg.Pool, fn: (tx: Pick<Database, 'query'>) => Promise<R>): Promise<R> {
  const client = await pool.connect();
  let broken: Error | null = null;
  let fail: (e: Error) => void = () => {};
  const lost = new Promise<never>((_, reject) => (fail = reject));
  lost.catch(() => {});
  const onError = (e: Error) => {
    broken ??= e;
    fail(e);
  };
  client.on('error', onError);
  const q = (sql: string, params?: unknown[]) => (broken ? Promise.reject(broken) : Promise.race([client.query(sql, params), lost]));
  try {
    await q('BEGIN');
    const result = await fn({
      async query<T>(sql: string, params?: unknown[]) {
        const r = await q(sql, params);
        return { rows: r.rows as T[] };
      },
    });
    await q('COMMIT');
    return result;
  } catch (e) {
    if (!broken && isConnectionError(e)) broken = e as Error;
    if (!broken) await q('ROLLBACK').catch(() => {});
    throw broken && !isConnectionError(e) ? broken : e;
  } finally {
    client.off('error', onError);
    client.release(broken ?? undefined);
  }
}

function describe(e: unknown): string {
  const err = (rootCause(e) ?? null) as { code?: unknown; message?: unknown } | null;
  const msg = typeof err?.message === 'string' && err.message ? err.message : String(e);
  return typeof err?.code === 'string' ? `${err.code}: ${msg}` : msg;
}

/** The driver's own error under a DatabaseUnavailableError. */
function rootCause(e: unknown): unknown {
  return e instanceof DatabaseUnavailableError && (e as { cause?: unknown }).cause !== undefined ? (e as { cause?: unknown }).cause : e;
}

export function quoteIdent(name: string): string {
  return '"' + name.replace(/"/g, '""') + '"';
}

// Start-up work shared by every instance on one database (sample loads, the demo user):
// run once the database is available, again after an outage cuts it short, and by one
// instance at a time (a PostgreSQL advisory lock), so two instances starting together never
// race into duplicate keys (issue 19: "bonds_owner_code").
import { DatabaseUnavailableError, isDatabaseUnavailable, type Database } from '../contracts';

/** The advisory lock of one kind of start-up work, per schema (parallel test schemas do not wait on each other). */
export function startupLockSql(name: string): string {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`start-up work name must be [a-z0-9-]: ${name}`);
  return `SELECT pg_advisory_xact_lock(hashtext('desk-startup:${name}:' || current_schema()))`;
}

/**
 * Runs `work` holding the start-up lock `name`: a second instance waits for the first to
 * finish, then runs `work` itself, which must therefore be idempotent (find what the first
 * did and do nothing). On PostgreSQL the lock is held by a transaction on its own pooled
 * connection while `work` uses others. PGlite needs no lock (one process per data dir, see
 * data-dir-lock.ts) and could not take one this way: it serialises every query behind an
 * open transaction.
 */
export async function runOnceAcrossInstances<T>(db: Database, name: string, work: () => Promise<T>): Promise<T> {
  if (db.kind !== 'postgres') return work();
  return db.transaction(async (tx) => {
    await tx.query(startupLockSql(name));
    return work();
  });
}

export interface StartupTaskOptions {
  log?: (msg: string) => void;
  /** false: no start-up lock (work that coordinates instances itself, or only reads). Default true. */
  lock?: boolean;
}

/**
 * `work` under the start-up lock `name` (unless `lock: false`), started once the database is available and started
 * again (it is idempotent) whenever an outage interrupts it. Rejects with another failure
 * (logged by the caller) or when the database is closed.
 */
export async function startupTask<T>(db: Database, name: string, work: () => Promise<T>, opts: StartupTaskOptions = {}): Promise<T> {
  for (;;) {
    await db.whenAvailable();
    try {
      return await (opts.lock === false ? work() : runOnceAcrossInstances(db, name, work));
    } catch (e) {
      if (!isDatabaseUnavailable(e)) throw e;
      opts.log?.(`${name}: interrupted by a database outage; it runs again once the database is back`);
    }
  }
}

/**
 * The failure handler of a start-up task: logs `what failed: ...`, except the end a stop
 * gives it (the database closed before the work could run), which is no failure.
 */
export function onStartupFailure(log: (msg: string) => void, what: string): (e: unknown) => void {
  return (e) => {
    if (!isDatabaseUnavailable(e)) log(`${what} failed: ${(e as Error)?.stack ?? e}`);
  };
}

/**
 * What a request does about start-up work it depends on: waits while the database is up,
 * fails at once (9503) while it is down, so no request hangs through an outage.
 */
export async function awaitStartup(ready: Promise<unknown>, db: Pick<Database, 'available'>): Promise<void> {
  let done = false;
  void ready.then(() => (done = true), () => (done = true));
  await Promise.resolve(); // an already settled `ready` counts as done
  if (!done && !db.available()) throw new DatabaseUnavailableError();
  await ready;
}

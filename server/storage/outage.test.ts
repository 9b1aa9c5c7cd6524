// PostgreSQL stopped and started under an open Database (issue 19), on a private throwaway
// cluster (private-postgres.ts) so the machine's shared one is never touched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, type Database } from '../contracts';
import { openDatabase } from './index';
import { migrations } from './migrations/index';
import { postgresBinDir, startPrivatePostgres, type PrivatePostgres } from './private-postgres';

const bin = postgresBinDir();
if (!bin) console.warn('outage.test.ts skipped: no PostgreSQL server binaries (initdb, pg_ctl); set PG_BIN');

async function within<T>(ms: number, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`not settled within ${ms} ms`)), ms)));
  try {
    return await Promise.race([p, t]);
  } finally {
    clearTimeout(timer);
  }
}

describe.skipIf(!bin)('PostgreSQL outage under an open database', () => {
  let pgs: PrivatePostgres;
  let db: Database;
  const log: string[] = [];
  beforeAll(async () => {
    pgs = await startPrivatePostgres();
    db = await openDatabase({ dataDir: '', databaseUrl: pgs.url, waitForServer: true, log: (m) => log.push(m) });
    await within(10_000, db.whenAvailable());
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    pgs?.dispose();
  });

  it('settles a transaction in flight with DatabaseUnavailableError, fails fast while down, recovers by itself', async () => {
    await db.query('CREATE TABLE outage_probe (v TEXT)');
    await db.query(`INSERT INTO outage_probe VALUES ('before')`);
    // Outcomes captured at once: both reject while the other is being awaited.
    const outcome = (p: Promise<unknown>) => p.then(() => 'resolved', (e: unknown) => e);
    const inFlight = outcome(db.transaction(async (tx) => {
      await tx.query(`INSERT INTO outage_probe VALUES ('lost')`);
      await tx.query('SELECT pg_sleep(20)');
    }));
    const plain = outcome(db.query('SELECT pg_sleep(20)'));
    await new Promise((r) => setTimeout(r, 200));
    pgs.stop('immediate');
    // Both settle (they used to hang, and the pooled client's 'error' killed the process).
    expect(await within(3_000, inFlight)).toBeInstanceOf(DatabaseUnavailableError);
    expect(await within(3_000, plain)).toBeInstanceOf(DatabaseUnavailableError);
    expect(db.available()).toBe(false);
    const t0 = Date.now();
    await expect(db.query('SELECT 1')).rejects.toMatchObject({ code: '9503' });
    await expect(db.transaction(async (tx) => tx.query('SELECT 1'))).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(Date.now() - t0).toBeLessThan(500); // no waiting on a dead server
    expect(log.some((m) => m.startsWith('database unavailable'))).toBe(true);

    pgs.start();
    await within(10_000, db.whenAvailable());
    const { rows } = await db.query<{ v: string }>('SELECT v FROM outage_probe ORDER BY v');
    expect(rows.map((r) => r.v)).toEqual(['before']); // the interrupted transaction left nothing
    expect(log).toContain('database available again');
  }, 30_000);

  it('opens while the server is down and migrates once it is up', async () => {
    await db.query('CREATE SCHEMA late');
    pgs.stop('fast');
    await within(3_000, db.query('SELECT 1').catch(() => {})); // db notices the outage
    const late = await openDatabase({ dataDir: '', databaseUrl: pgs.url, schema: 'late', waitForServer: true });
    try {
      expect(late.available()).toBe(false);
      await expect(late.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailableError);
      await new Promise((r) => setTimeout(r, 500));
      pgs.start();
      await within(10_000, late.whenAvailable());
      const { rows } = await late.query<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id');
      expect(rows.map((r) => r.id)).toEqual(migrations.map((m) => m.id));
      await within(10_000, db.whenAvailable());
    } finally {
      await late.close();
    }
  }, 30_000);

  it('without waitForServer, a first connection that fails rejects (CLIs and tests)', async () => {
    await expect(openDatabase({ dataDir: '', databaseUrl: 'postgres://postgres@127.0.0.1:1/none' })).rejects.toThrow(/ECONNREFUSED|connect/);
  });
});

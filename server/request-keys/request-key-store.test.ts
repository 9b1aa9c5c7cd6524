// The request-key store on both backends: once per user and key, concurrent repeats wait for
// the first, another user's same key is theirs, a second instance and a restart see the key,
// a lapsed lease is taken over, and keys expire after the retention.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../contracts';
import { openDatabase } from '../storage/index';
import { BACKENDS, TEST_DATABASE_URL, openTestDatabase, type TestDatabase } from '../storage/test-backends';
import { RequestKeyStore, requestFingerprint } from './request-key-store';

const fp = requestFingerprint('ShareSvr', 'ATS.SHARESVR.SAVE', '{"name":"a"}');
let n = 0;
const freshId = () => `key-${process.pid}-${++n}-abcdef`;

describe.each(BACKENDS)('RequestKeyStore on %s', (kind) => {
  let t: TestDatabase;
  let clock = 1_700_000_000_000;
  const now = () => clock;
  const open = (db: Database = t.db, leaseMs = 30_000) => RequestKeyStore.open(db, { now, sweepEveryMs: 0, leaseMs });

  beforeAll(async () => {
    t = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  /** A unit of work that counts its runs and takes `ms`. */
  function counted(ms = 0, reply: Record<string, unknown> = { Code: '0000', id: 'item-1' }) {
    const c = {
      runs: 0,
      work: async () => {
        c.runs++;
        if (ms) await new Promise((r) => setTimeout(r, ms));
        return { ...reply, run: c.runs };
      },
    };
    return c;
  }

  it('runs the work once per user and key and answers a repeat with the first reply', async () => {
    const store = await open();
    const key = { user: 'alice', requestId: freshId(), fingerprint: fp };
    const c = counted();
    expect(await store.once(key, c.work)).toEqual({ reply: { Code: '0000', id: 'item-1', run: 1 }, replayed: false });
    expect(await store.once(key, c.work)).toEqual({ reply: { Code: '0000', id: 'item-1', run: 1 }, replayed: true });
    expect(c.runs).toBe(1);
    store.close();
  });

  it('a repeat arriving while the first still runs waits for its result, in this process and from another instance', async () => {
    const a = await open();
    const b = await open(); // a second instance on the same database
    const key = { user: 'alice', requestId: freshId(), fingerprint: fp };
    const c = counted(150);
    const results = await Promise.all([a.once(key, c.work), a.once(key, c.work), b.once(key, c.work)]);
    expect(c.runs).toBe(1);
    expect(results.map((r) => r.reply)).toEqual([1, 2, 3].map(() => ({ Code: '0000', id: 'item-1', run: 1 })));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    a.close();
    b.close();
  });

  it("keeps keys per user: another user's same key runs their own request", async () => {
    const store = await open();
    const requestId = freshId();
    const c = counted();
    const alice = await store.once({ user: 'alice', requestId, fingerprint: fp }, c.work);
    const bob = await store.once({ user: 'bob', requestId, fingerprint: fp }, c.work);
    expect(c.runs).toBe(2);
    expect(bob).toEqual({ reply: { Code: '0000', id: 'item-1', run: 2 }, replayed: false });
    expect(alice.reply.run).toBe(1);
    store.close();
  });

  it('refuses a key reused for a different request with 1002, without running it', async () => {
    const store = await open();
    const requestId = freshId();
    const c = counted();
    await store.once({ user: 'alice', requestId, fingerprint: fp }, c.work);
    const other = requestFingerprint('ShareSvr', 'ATS.SHARESVR.DELETE', '{"id":"x"}');
    await expect(store.once({ user: 'alice', requestId, fingerprint: other }, c.work)).rejects.toMatchObject({ code: '1002' });
    expect(c.runs).toBe(1);
    store.close();
  });

  it('holds across a restart of the process: the key is read back from the database', async () => {
    const key = { user: 'alice', requestId: freshId(), fingerprint: fp };
    const c = counted();
    const before = await open();
    await before.once(key, c.work);
    before.close();
    // Reopen the database itself (a new process would): the PGlite dir or the PostgreSQL schema.
    const db = kind === 'pglite' ? await reopenPglite(t) : await openDatabase({ dataDir: '', databaseUrl: TEST_DATABASE_URL, schema: t.location });
    if (kind === 'pglite') {
      const removeDir = t.dispose;
      t = { ...t, db, dispose: async () => { await db.close(); await removeDir(); } };
    }
    const after = await open(db);
    expect(await after.once(key, c.work)).toEqual({ reply: { Code: '0000', id: 'item-1', run: 1 }, replayed: true });
    expect(c.runs).toBe(1);
    after.close();
    if (kind === 'postgres') await db.close();
  });

  /** A claim row of an owner that died: nobody will complete or renew it. */
  async function deadClaim(key: { user: string; requestId: string; fingerprint: string }, leaseMs: number) {
    await t.db.query(`INSERT INTO request_keys (user_key, request_id, fingerprint, state, reply, owner, lease_until, created_at) VALUES ($1, $2, $3, 'running', NULL, 'dead:1', $4, $5)`, [
      key.user,
      key.requestId,
      key.fingerprint,
      clock + leaseMs,
      clock,
    ]);
  }

  it('a claim whose owner died is taken over once its lease lapses', async () => {
    const key = { user: 'alice', requestId: freshId(), fingerprint: fp };
    const store = await open(t.db);
    await deadClaim(key, 60);
    const c = counted();
    const pending = store.once(key, c.work);
    await new Promise((r) => setTimeout(r, 40));
    expect(c.runs).toBe(0); // still leased to the dead owner
    clock += 100; // the lease lapses
    expect((await pending).replayed).toBe(false);
    expect(c.runs).toBe(1);
    store.close();
  });

  it.runIf(kind === 'pglite')('on the embedded database, opening ends the leases of claims left by a dead process at once', async () => {
    const key = { user: 'alice', requestId: freshId(), fingerprint: fp };
    await deadClaim(key, 60_000);
    const store = await open(t.db);
    const c = counted();
    expect((await store.once(key, c.work)).replayed).toBe(false);
    expect(c.runs).toBe(1);
    store.close();
  });

  it('keys expire after the retention: swept, and a late repeat runs again', async () => {
    const store = await open();
    const key = { user: 'alice', requestId: freshId(), fingerprint: fp };
    const c = counted();
    await store.once(key, c.work);
    clock += 24 * 3_600_000 - 1;
    expect((await store.once(key, c.work)).replayed).toBe(true);
    clock += 2;
    expect(await store.sweep()).toBeGreaterThanOrEqual(1);
    const { rows } = await t.db.query('SELECT 1 FROM request_keys WHERE user_key = $1 AND request_id = $2', [key.user, key.requestId]);
    expect(rows).toHaveLength(0);
    expect((await store.once(key, c.work)).replayed).toBe(false);
    expect(c.runs).toBe(2);
    store.close();
  });
});

// PGlite: one process per data dir, so the test's handle is closed before the "restarted" one
// opens; the reopened handle serves the remaining tests and is closed by afterAll.
async function reopenPglite(t: TestDatabase): Promise<Database> {
  await t.db.close();
  return openDatabase({ dataDir: t.location });
}

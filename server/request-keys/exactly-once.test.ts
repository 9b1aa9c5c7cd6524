// Exactly once through real sockets (issue 19, PROTOCOL.md section 3): ShareSvr behind the
// gateway with the request-key store, on both backends. A save re-sent with the same
// requestId after a reconnect, and after a restart of the server, creates one item and is
// answered with the first reply; another user's same key is theirs; two copies racing on two
// sockets create one item; reads and requests without a key run as sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../contracts';
import { openDatabase } from '../storage/index';
import { BACKENDS, TEST_DATABASE_URL, openTestDatabase, type TestDatabase } from '../storage/test-backends';
import { startTestGateway, type TestGateway } from '../gateway/test-support';
import { TestClient } from '../gateway/test-client';
import { insertUser } from '../services/login/users';
import { registerShareService, SHARE_SERVER } from '../services/share/index';
import { ShareMethod } from '../../src/kit/share/rules';
import { newRequestId } from '../../src/wire/request-id';
import { RequestKeyStore } from './request-key-store';

interface Server {
  g: TestGateway;
  store: RequestKeyStore;
}

async function startServer(db: Database): Promise<Server> {
  const store = await RequestKeyStore.open(db, { sweepEveryMs: 0 });
  const g = await startTestGateway({ requestKeys: store });
  registerShareService(g.registry, { db, log: () => {}, freeItemCap: 0 }); // the fake sessions are free accounts
  return { g, store };
}

async function stopServer(s: Server): Promise<void> {
  await s.g.close();
  s.store.close();
}

describe.each(BACKENDS)('exactly once through the gateway on %s', (kind) => {
  let t: TestDatabase;
  let server: Server;
  const clients: TestClient[] = [];
  let names = 0;

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    // The fake session authority knows alice and bob; ShareSvr finds them in the users table.
    await insertUser(t.db, { userName: 'alice', passwordHash: 'x', phone: '13900000001', role: 'bank' }, 1);
    await insertUser(t.db, { userName: 'bob', passwordHash: 'x', phone: '13900000002', role: 'bank' }, 1);
    server = await startServer(t.db);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    if (server) await stopServer(server);
    await t?.dispose();
  });

  async function signedIn(user: 'alice' | 'bob'): Promise<{ c: TestClient; sid: string }> {
    const c = await TestClient.open(server.g.url, '2');
    clients.push(c);
    const r = await c.connect({ connType: 'P', userName: user, pwd: user === 'alice' ? 'secret1' : 'secret2' });
    return { c, sid: r.sid };
  }

  const saveContent = (name: string) => JSON.stringify({ tool: 'optionCalculator', name, payload: { spot: 7.1 }, version: 1 });
  const save = (c: TestClient, name: string, requestId?: string) => c.request(SHARE_SERVER, ShareMethod.save, saveContent(name), '', requestId ? { requestId } : {});
  async function itemsNamed(c: TestClient, name: string): Promise<Array<{ id: string }>> {
    const r = (await c.request(SHARE_SERVER, ShareMethod.list, JSON.stringify({ tool: 'optionCalculator' }))) as { items: Array<{ id: string; name: string }> };
    return r.items.filter((i) => i.name === name);
  }
  const uniqueName = () => `Exactly once ${kind} ${++names}`;

  it('a save re-sent with the same requestId after a reconnect is answered with the first reply and stored once', async () => {
    const name = uniqueName();
    const key = newRequestId();
    const first = await signedIn('alice');
    const r1 = await save(first.c, name, key);
    expect(r1).toMatchObject({ Code: '0000', item: { name } });
    first.c.close(); // the reply "lost" with the socket; the SharedWorker re-sends on a new one
    const again = await TestClient.open(server.g.url, '3');
    clients.push(again);
    expect(await again.connect({ connType: 'S' }, first.sid)).toMatchObject({ body: { Code: '0000' } });
    const r2 = await save(again, name, key);
    expect(r2).toEqual(r1);
    expect(await itemsNamed(again, name)).toEqual([expect.objectContaining({ id: (r1.item as { id: string }).id })]);
  });

  it('after a restart of the server (new process state, same database) the repeat is still answered once', async () => {
    const name = uniqueName();
    const key = newRequestId();
    const before = await signedIn('alice');
    const r1 = await save(before.c, name, key);
    await stopServer(server);
    // The database is reopened as a new process would: the PGlite dir or the PostgreSQL schema.
    let db: Database;
    if (kind === 'pglite') {
      await t.db.close();
      db = await openDatabase({ dataDir: t.location });
      const removeDir = t.dispose;
      t = { ...t, db, dispose: async () => { await db.close(); await removeDir(); } };
    } else {
      db = await openDatabase({ dataDir: '', databaseUrl: TEST_DATABASE_URL, schema: t.location });
      const dropSchema = t.dispose;
      t = { ...t, db, dispose: async () => { await db.close(); await dropSchema(); } };
    }
    server = await startServer(db);
    const after = await signedIn('alice');
    expect(await save(after.c, name, key)).toEqual(r1);
    expect(await itemsNamed(after.c, name)).toHaveLength(1);
  });

  it("keeps keys per user: bob's request with alice's key is bob's own save", async () => {
    const name = uniqueName();
    const key = newRequestId();
    const alice = await signedIn('alice');
    const bob = await signedIn('bob');
    const ra = await save(alice.c, name, key);
    const rb = await save(bob.c, name, key);
    expect(rb).toMatchObject({ Code: '0000', item: { owner: 'bob', name } });
    expect((rb.item as { id: string }).id).not.toBe((ra.item as { id: string }).id);
    expect(await itemsNamed(alice.c, name)).toHaveLength(1);
    expect(await itemsNamed(bob.c, name)).toHaveLength(1);
  });

  it('two copies of one request racing on two sockets create one item, both answered alike', async () => {
    const name = uniqueName();
    const key = newRequestId();
    const [a, b] = [await signedIn('alice'), await signedIn('alice')];
    const [ra, rb] = await Promise.all([save(a.c, name, key), save(b.c, name, key)]);
    expect(ra).toEqual(rb);
    expect(await itemsNamed(a.c, name)).toHaveLength(1);
  });

  it('requests without a key run as sent, reads ignore the key, and a malformed key is refused', async () => {
    const { c } = await signedIn('alice');
    const name = uniqueName();
    await save(c, name);
    await save(c, name); // no key: two saves, two items (optionCalculator allows equal names)
    expect(await itemsNamed(c, name)).toHaveLength(2);
    const key = newRequestId();
    const list = () => c.request(SHARE_SERVER, ShareMethod.list, JSON.stringify({ tool: 'optionCalculator' }), '', { requestId: key });
    const before = ((await list()).items as unknown[]).length;
    await save(c, uniqueName());
    expect(((await list()).items as unknown[]).length).toBe(before + 1);
    expect(await save(c, uniqueName(), 'bad key!')).toMatchObject({ Code: '1002' });
  });
});

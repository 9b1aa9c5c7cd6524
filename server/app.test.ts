// The whole server in-process (app.ts) under the failures of issue 19: a graceful stop with
// handlers in flight, PostgreSQL stopped and restarted under load (a private throwaway
// cluster, never the machine's shared one), and two instances starting together.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './app';
import { loadConfig } from './config';
import type { Logger } from './gateway/log';
import { TestClient } from './gateway/test-client';
import { openDatabase } from './storage/index';
import { postgresBinDir, startPrivatePostgres, type PrivatePostgres } from './storage/private-postgres';
import { TEST_DATABASE_URL, createTestSchema, dropTestSchema } from './storage/test-backends';
import { sampleBonds } from './services/bonds/service';
import { BOND_SERVER, BondMethod } from '../src/kit/bonds/contract';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function config(env: Record<string, string>) {
  return loadConfig({ PORT: '0', HOST: '127.0.0.1', MARKET_FEED: 'off', LOG_LEVEL: 'error', DIST_DIR: '/nonexistent', ...env });
}

/** A logger keeping every line, to look for errors afterwards. */
function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const rec = (level: string) => (msg: string, extra?: Record<string, unknown>) => void lines.push(`${level} ${msg}${extra ? ' ' + JSON.stringify(extra) : ''}`);
  return { lines, debug: () => {}, info: rec('info'), warn: rec('warn'), error: rec('error') };
}

const wsUrl = (app: RunningServer) => `ws://127.0.0.1:${app.address.port}/gw/ws`;
const httpUrl = (app: RunningServer, p: string) => `http://127.0.0.1:${app.address.port}${p}`;

async function until(cond: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** A search_path in the URL, so a server started from config works in its own schema. */
const inSchema = (url: string, schema: string) => `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;

describe('graceful stop with handlers in flight', () => {
  it('answers every request sent before the stop, refuses (9503) those after, and only then closes sockets and the database', async () => {
    const schema = await createTestSchema();
    const url = inSchema(TEST_DATABASE_URL, schema);
    let db: Awaited<ReturnType<typeof openDatabase>> | undefined;
    try {
      const app = await startServer(config({ DATABASE_URL: url, SHUTDOWN_DRAIN_MS: '10000' }), {
        log: recordingLogger(),
        marketDataSample: false,
        newsSample: false,
        register: (registry, deps) => {
          // A slow write: the request is acknowledged only after its row is committed.
          registry.register('Probe', 'slowWrite', async (content) => {
            await sleep(300);
            await deps.db.query('INSERT INTO stop_probe (n) VALUES ($1)', [Number(content)]);
            return { Code: '0000', n: Number(content) };
          });
        },
      });
      await app.db.whenAvailable();
      await app.db.query('CREATE TABLE stop_probe (n INTEGER PRIMARY KEY)');
      const clients = await Promise.all([TestClient.open(wsUrl(app), '2'), TestClient.open(wsUrl(app), '1')]);
      const closes = clients.map((c) => c.closed);
      // 100 per socket: 64 run at once, the rest wait in the connection's queue.
      const sent = clients.flatMap((c, k) => Array.from({ length: 100 }, (_, i) => c.request('Probe', 'slowWrite', String(k * 1000 + i))));
      await sleep(100); // the first handlers are running, the rest queued
      const stopped = app.stop('test');
      await sleep(20);
      expect(app.ready()).toBe(false);
      expect(await clients[0].request('Probe', 'slowWrite', '99999')).toEqual({ Code: '9503', msg: 'server stopping, retry' });
      const replies = await Promise.all(sent);
      expect(replies.filter((r) => r.Code !== '0000')).toEqual([]);
      expect((await Promise.all(closes)).map((c) => c.code)).toEqual([1001, 1001]);
      await stopped;
      // Everything acknowledged is stored; the refused request was never run.
      db = await openDatabase({ dataDir: '', databaseUrl: TEST_DATABASE_URL, schema });
      const { rows } = await db.query<{ n: number }>('SELECT n FROM stop_probe ORDER BY n');
      expect(rows.map((r) => r.n)).toEqual(replies.map((r) => r.n as number).sort((a, b) => a - b));
      expect(rows).toHaveLength(200);
    } finally {
      await db?.close();
      await dropTestSchema(schema);
    }
  }, 30_000);
});

const bin = postgresBinDir();
if (!bin) console.warn('app.test.ts: the PostgreSQL outage test is skipped: no PostgreSQL server binaries (initdb, pg_ctl); set PG_BIN');

describe.skipIf(!bin)('PostgreSQL stopped and started under a running server', () => {
  let pgs: PrivatePostgres;
  let app: RunningServer | undefined;
  const log = recordingLogger();
  beforeAll(async () => {
    pgs = await startPrivatePostgres();
  }, 60_000);
  afterAll(async () => {
    await app?.stop('test end');
    pgs?.dispose();
  });

  it('starts without the database, serves through an outage (9503 fast, pricing and pushes on), recovers by itself', async () => {
    // 1. Started while the database is down: alive, not ready; ready once it is back.
    pgs.stop('fast');
    app = await startServer(config({ DATABASE_URL: pgs.url, MARKET_FEED: 'sim', DEMO_USER: 'demo:demo1234', SHUTDOWN_DRAIN_MS: '2000' }), { log, marketDataSample: false, newsSample: false });
    const running = app;
    expect((await fetch(httpUrl(running, '/healthz'))).status).toBe(200);
    const notReady = await fetch(httpUrl(running, '/readyz'));
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({ ready: false, database: 'unavailable' });
    const anon = await TestClient.open(wsUrl(running), '2');
    expect(await anon.connect({ connType: 'P', userName: 'demo', pwd: 'demo1234' })).toMatchObject({ body: { Code: '9503' } });
    pgs.start();
    await until(async () => (await fetch(httpUrl(running, '/readyz'))).status === 200, '/readyz 200 after the database came up', 15_000);

    // 2. Signed in, subscribed to FX, a steady load of database and pricing requests.
    const user = await TestClient.open(wsUrl(running), '2');
    const login = await user.connect({ connType: 'P', userName: 'demo', pwd: 'demo1234' });
    expect(login.body).toMatchObject({ Code: '0000' });
    const sid = login.sid;
    expect(await user.subscribe('md.fx.*')).toMatchObject({ Code: '0000' });
    const dbRequest = () => user.request('LoginSvr', 'SYS.ATS.LOGIN', JSON.stringify({ method: 'realTimeUserInfo', userName: 'demo', sid }));
    const pricing = () => user.request('OptPricingSvr', 'ATS.OPTPRICINGSVR.VERSION', '');
    expect(await dbRequest()).toMatchObject({ Code: '0001' });
    const codes: string[] = [];
    let loading = true;
    const load = (async () => {
      while (loading) {
        const t0 = Date.now();
        const [a, b] = await Promise.all([dbRequest(), pricing()]);
        codes.push(String(a.Code));
        expect(Date.now() - t0).toBeLessThan(5_000); // never hangs on a dead database
        expect(b.McpVersion).toBeTypeOf('string');
        await sleep(25);
      }
    })();

    // 3. The database goes away: requests needing it fail fast with 9503, the rest goes on.
    await sleep(300);
    pgs.stop('immediate');
    await until(() => codes.at(-1) === '9503', 'a 9503 reply during the outage');
    const t0 = Date.now();
    expect(await dbRequest()).toMatchObject({ Code: '9503' });
    expect(Date.now() - t0).toBeLessThan(1_000);
    const pushesBefore = user.notifications.length;
    await user.waitForNotifications(pushesBefore + 3, 5_000); // FX pushes keep coming
    expect(await pricing()).toMatchObject({ McpVersion: expect.any(String) });
    expect((await fetch(httpUrl(running, '/healthz'))).status).toBe(200);
    expect((await fetch(httpUrl(running, '/readyz'))).status).toBe(503);

    // 4. It comes back: ready again and answering, without a restart.
    pgs.start();
    await until(async () => (await fetch(httpUrl(running, '/readyz'))).status === 200, '/readyz 200 after the restart', 15_000);
    await until(() => codes.at(-1) === '0001', 'database requests answered again');
    loading = false;
    await load;
    expect(new Set(codes)).toEqual(new Set(['0001', '9503'])); // nothing else (no 9999, no hang)
    expect(log.lines.filter((l) => l.startsWith('error'))).toEqual([]);
    expect(log.lines.some((l) => l.includes('database available again'))).toBe(true);
    anon.close();
    user.close();
    // The login via CONNECT refused during the first outage works now.
    const again = await TestClient.open(wsUrl(running), '1');
    expect((await again.connect({ connType: 'P', userName: 'demo', pwd: 'demo1234' })).body).toMatchObject({ Code: '0000' });
    again.close();
  }, 60_000);
});

describe('two instances starting together on one PostgreSQL database', () => {
  it('load the shared start-up data once each, without a duplicate-key error', async () => {
    const schema = await createTestSchema();
    const url = inSchema(TEST_DATABASE_URL, schema);
    const logs = [recordingLogger(), recordingLogger()];
    const env = { DATABASE_URL: url, DEMO_USER: 'demo:demo1234' };
    const apps = await Promise.all(logs.map((log) => startServer(config(env), { log, marketDataSample: false, newsSample: true })));
    try {
      await Promise.all(apps.map((a) => a.demoUserReady));
      await until(() => apps.every((a) => a.ready()), 'both instances ready');
      // The bonds sample is loaded on start: wait for it through a request that needs it.
      const c = await TestClient.open(wsUrl(apps[1]), '2');
      const login = await c.connect({ connType: 'P', userName: 'demo', pwd: 'demo1234' });
      expect(login.body).toMatchObject({ Code: '0000' });
      const search = await c.request(BOND_SERVER, BondMethod.search, '{}', login.sid);
      c.close();
      expect(search.Code).toBe('0000');
      await until(async () => (await apps[0].db.query<{ n: number }>('SELECT count(*)::int AS n FROM news_articles')).rows[0].n > 0, 'news sample');
      await sleep(300);
      const errors = logs.flatMap((l) => l.lines.filter((x) => x.startsWith('error')));
      expect(errors.join('\n')).not.toMatch(/duplicate key/);
      expect(errors).toEqual([]);
      const bonds = await apps[0].db.query<{ n: number }>('SELECT count(*)::int AS n FROM bonds WHERE owner_id IS NULL');
      expect(bonds.rows[0].n).toBe(sampleBonds().length);
      const users = await apps[0].db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE lower(user_name) = 'demo'`);
      expect(users.rows[0].n).toBe(1);
    } finally {
      await Promise.all(apps.map((a) => a.stop('test end')));
      await dropTestSchema(schema);
    }
  }, 60_000);
});

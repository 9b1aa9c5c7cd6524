// The scale-out path end to end: two real `npm run server` processes sharing one PostgreSQL
// database (a fresh one per run) and one NATS server. Quotes published by the only instance
// that runs a market feed reach a socket on the other, and a logout made on one instance
// pushes to the session's channel on the other.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataType } from '../../src/wire';
import { type TestServer, startServer } from '../../tests/e2e/support/server';
import { TestClient } from '../gateway/test-client';

const PG_URL = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';
const NATS_URL = process.env.NATS_URL_TEST ?? 'nats://127.0.0.1:4222';
const dbName = `gw_scaleout_${process.pid}_${Date.now()}`;
const dbUrl = (() => {
  const u = new URL(PG_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

function startInstance(env: Record<string, string>): Promise<TestServer> {
  return startServer({ requireBuild: false, env: { DATABASE_URL: dbUrl, NATS_URL, LOG_LEVEL: 'warn', ...env } });
}

const wsUrl = (s: TestServer) => `${s.baseUrl.replace('http', 'ws')}/gw/ws`;

let a: TestServer | undefined;
let b: TestServer | undefined;

beforeAll(async () => {
  await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
  // One at a time: A migrates the fresh database and creates the demo user first.
  a = await startInstance({ MARKET_FEED: 'sim', DEMO_USER: 'scaleout:scaleout123' });
  b = await startInstance({ MARKET_FEED: 'off' });
}, 200_000);

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
}, 60_000);

describe('two gateway processes on PostgreSQL and NATS', () => {
  it('fans quotes published by one instance out to sockets on the other', async () => {
    const onB = await TestClient.open(wsUrl(b!), DataType.gzip);
    await onB.connect({ connType: 'A' });
    expect((await onB.subscribe('md.fx.USDCNY')).Code).toBe('0000');
    const [quote] = (await onB.waitForNotifications(1, 15_000)) as Array<Record<string, unknown>>;
    expect(quote.topic).toBe('md.fx.USDCNY');
    expect(quote.pair).toBe('USDCNY');
    expect(Number(quote.ask)).toBeGreaterThan(Number(quote.bid));
    onB.close();
  });

  it('a logout on one instance pushes to the session channel subscribed on the other', async () => {
    const onA = await TestClient.open(wsUrl(a!), DataType.byte);
    const connect = await onA.connect({ connType: 'P', userName: 'scaleout', pwd: 'scaleout123' });
    const sid = (connect.body as { sid: string }).sid;
    expect((connect.body as { Code: string }).Code).toBe('0000');
    expect((await onA.subscribe(`SYS.ATS.LOGIN.${sid}`, sid)).Code).toBe('0000');

    const onB = await TestClient.open(wsUrl(b!), DataType.json);
    // B knows the session: it lives in the shared database, not in A's memory.
    const check = await onB.request('LoginSvr', 'SYS.ATS.LOGIN', JSON.stringify({ method: 'userInfo', parameter: sid }), sid);
    expect(check.Code).toBe('0001');
    const logout = await onB.request('LoginSvr', 'SYS.ATS.LOGIN', JSON.stringify({ method: 'logout', sid }), sid);
    expect(logout.Code).toBe('0001');

    const [push] = (await onA.waitForNotifications(1, 15_000)) as Array<Record<string, unknown>>;
    expect(push).toEqual({ topic: `SYS.ATS.LOGIN.${sid}`, method: 'logout', sid });
    onA.close();
    onB.close();
  });
});

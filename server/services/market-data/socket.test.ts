// MarketDataSvr behind the real gateway: anonymous reads and subscriptions of public series,
// a session for the rest, and an import's change reaching a subscribed socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataType } from '../../../src/wire';
import { silentLogger } from '../../gateway/log';
import { TestClient } from '../../gateway/test-client';
import { startTestGateway, type TestGateway } from '../../gateway/test-support';
import { openTestDatabase, type TestDatabase } from '../../storage/test-backends';
import { registerMarketDataService, type MarketDataService } from './index';

describe('MarketDataSvr through the gateway', () => {
  let t: TestDatabase;
  let g: TestGateway;
  let svc: MarketDataService;
  beforeAll(async () => {
    t = await openTestDatabase('pglite');
    g = await startTestGateway({ log: silentLogger });
    svc = registerMarketDataService(g.registry, {
      db: t.db, bus: g.bus, log: silentLogger, marketFeed: 'off',
      sample: { filter: (id) => id.startsWith('fx.') || id.startsWith('rate.SHIBOR.') || id.startsWith('vol.USDCNY.') },
    });
    await svc.ready;
  }, 60_000);
  afterAll(async () => {
    svc?.close();
    await g?.close();
    await t?.dispose();
  });

  it('anonymous sockets subscribe to public series only; a session opens the rest', async () => {
    const anon = await TestClient.open(g.url, DataType.json);
    expect(await anon.subscribe('md.fx.*')).toMatchObject({ Code: '0000' });
    expect(await anon.subscribe('md.rate.SHIBOR.*')).toMatchObject({ Code: '0000' });
    expect(await anon.subscribe('md.vol.USDCNY.**')).toMatchObject({ Code: '4003', msg: expect.stringMatching(/sign in/) });
    expect(await anon.subscribe('md.vol.**')).toMatchObject({ Code: '4003' });
    const r = await anon.request('MarketDataSvr', 'MD.LATEST', JSON.stringify({ ids: ['rate.SHIBOR.3M'] }));
    expect(r).toMatchObject({ Code: 0, values: [expect.objectContaining({ id: 'rate.SHIBOR.3M', sourceKind: 'sample' })] });
    anon.close();
    const user = await TestClient.open(g.url, DataType.json);
    const login = await user.connect({ userName: 'alice', pwd: 'secret1', connType: 'P' });
    expect(login.body).toMatchObject({ Code: '0000' });
    expect(await user.subscribe('md.vol.USDCNY.**')).toMatchObject({ Code: '0000' });
    user.close();
  });

  it('an anonymous wide pattern receives the public series it matches, not nothing (PROTOCOL section 4)', async () => {
    const anon = await TestClient.open(g.url, DataType.json);
    expect(await anon.subscribe('md.**')).toMatchObject({ Code: '0000', topic: 'md.**', scope: 'public' });
    g.bus.publish('md.vol.USDCNY.1M.ATM', { id: 'vol.USDCNY.1M.ATM', value: 4.9 }); // not public: not delivered
    g.bus.publish('md.rate.SHIBOR.3M', { id: 'rate.SHIBOR.3M', value: 1.61 });
    g.bus.publish('md.nosuch.series', { id: 'nosuch.series', value: 1 }); // not in the catalogue: not delivered
    g.bus.publish('md.fx.USDCNY', { id: 'fx.USDCNY', value: 7.1 });
    const got = (await anon.waitForNotifications(2)) as Array<{ topic: string }>;
    await new Promise((r) => setTimeout(r, 150));
    expect(anon.notifications.map((n) => (n as { topic: string }).topic)).toEqual(['md.rate.SHIBOR.3M', 'md.fx.USDCNY']);
    expect(got).toHaveLength(2);
    anon.close();
    // Signed in, the same pattern is delivered whole.
    const user = await TestClient.open(g.url, DataType.json);
    await user.connect({ userName: 'alice', pwd: 'secret1', connType: 'P' });
    const r = await user.subscribe('md.**');
    expect(r).toMatchObject({ Code: '0000' });
    expect(r).not.toHaveProperty('scope');
    g.bus.publish('md.vol.USDCNY.1M.ATM', { id: 'vol.USDCNY.1M.ATM', value: 4.95 });
    const [push] = (await user.waitForNotifications(1)) as Array<{ topic: string }>;
    expect(push.topic).toBe('md.vol.USDCNY.1M.ATM');
    user.close();
  });

  it('an import pushes the changed series to a subscribed socket', async () => {
    const user = await TestClient.open(g.url, DataType.json);
    const { body } = await user.connect({ userName: 'alice', pwd: 'secret1', connType: 'P' });
    const sid = (body as { sid: string }).sid;
    await user.subscribe('md.rate.SHIBOR.*');
    const csv = 'series,date,value\nrate.SHIBOR.3M,2026-11-20,1.6\n';
    const r = await user.request('MarketDataSvr', 'MD.IMPORT', JSON.stringify({ fileName: 'shibor.csv', data: Buffer.from(csv).toString('base64') }), sid);
    expect(r).toMatchObject({ Code: 0, ok: true, rows: 1 });
    const [push] = (await user.waitForNotifications(1)) as Array<Record<string, unknown>>;
    expect(push).toMatchObject({ topic: 'md.rate.SHIBOR.3M', id: 'rate.SHIBOR.3M', value: 1.6, date: '2026-11-20', sourceKind: 'imported' });
    user.close();
  });
});

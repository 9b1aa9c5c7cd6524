import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gzipSync } from 'node:zlib';
import { ServiceError } from '../contracts';
import { Command, DataType, Format, encodeFrame } from '../../src/wire';
import { nodeZlibCodec } from '../../src/wire/node-zlib';
import { silentLogger } from './log';
import { TestClient } from './test-client';
import { type TestGateway, startTestGateway, tick } from './test-support';

const dataTypes = [DataType.json, DataType.byte, DataType.gzip];

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway({ log: silentLogger, maxBodyBytes: 1_000_000, maxRunningPerConnection: 4 });
  gw.registry.register('Echo', 'echo', (content, ctx) => ({ Code: '0000', content, user: ctx.user?.userName ?? null, sid: ctx.sid }));
  gw.registry.register('Echo', 'delay', async (content) => {
    const { ms, tag } = JSON.parse(content);
    await tick(ms);
    return { tag };
  });
  gw.registry.register('Echo', 'slot', async (content) => {
    const { ms, tag } = JSON.parse(content);
    running.max = Math.max(running.max, ++running.now);
    await tick(ms);
    running.now--;
    return { tag };
  });
  gw.registry.register('Echo', 'boom', () => {
    throw new Error('secret internals');
  });
  gw.registry.register('Echo', 'refuse', () => {
    throw new ServiceError('1006', 'password format');
  });
  gw.registry.register('Echo', 'bigint', () => ({ n: BigInt(1) }));
  gw.registry.register('Echo', 'record', (content) => {
    recorded.push(content);
  });
});
afterAll(async () => {
  await gw.close();
});
const recorded: string[] = [];
const running = { now: 0, max: 0 };

describe.each(dataTypes)('gateway, dataType %s', (dt) => {
  it('answers CONNECT A, P and S with the documented codes', async () => {
    const c = await TestClient.open(gw.url, dt);
    const a = await c.connect({ connType: 'A' });
    expect(a).toMatchObject({ command: Command.CONNECT, format: Format.REPLY, body: { Code: '0000', connType: 'A' } });
    const bad = await c.connect({ connType: 'P', userName: 'alice', pwd: 'wrong' });
    expect(bad.body).toMatchObject({ Code: '1001', connType: 'P' });
    const p = await c.connect({ connType: 'P', userName: 'alice', pwd: 'secret1' });
    const sid = (p.body as { sid: string }).sid;
    expect(p.body).toMatchObject({ Code: '0000', connType: 'P' });
    expect(p.sid).toBe(sid);
    // The connection now carries alice's session to handlers.
    expect(await c.request('Echo', 'echo', 'x')).toMatchObject({ user: 'alice', sid });
    c.close();

    const s = await TestClient.open(gw.url, dt);
    expect((await s.connect({ connType: 'S' }, sid)).body).toMatchObject({ Code: '0000', connType: 'S', sid });
    expect((await s.connect({ connType: 'S' }, 'sid-nobody')).body).toMatchObject({ Code: '1009' });
    expect(await s.request('Echo', 'echo', 'x')).toMatchObject({ user: null, sid: null });
    s.close();
  });

  it('authorises each SEND by the sid in its own header', async () => {
    const user = await gw.authority.loginWithPassword('bob', 'secret2');
    const c = await TestClient.open(gw.url, dt);
    expect(await c.request('Echo', 'echo', '{"a":1}', user!.sid)).toEqual({ Code: '0000', content: '{"a":1}', user: 'bob', sid: user!.sid });
    expect(await c.request('Echo', 'echo', '', 'sid-forged')).toMatchObject({ user: null, sid: 'sid-forged' });
    c.close();
  });

  it('matches replies by sequence number when they come back out of order', async () => {
    const c = await TestClient.open(gw.url, dt);
    const order: string[] = [];
    const slow = c.request('Echo', 'delay', JSON.stringify({ ms: 150, tag: 'slow' })).then((b) => (order.push('slow'), b));
    const fast = c.request('Echo', 'delay', JSON.stringify({ ms: 1, tag: 'fast' })).then((b) => (order.push('fast'), b));
    expect(await slow).toEqual({ tag: 'slow' });
    expect(await fast).toEqual({ tag: 'fast' });
    expect(order).toEqual(['fast', 'slow']);
    c.close();
  });

  it('replies 4004 for unknown servers and methods, 9999 for a failing handler, a ServiceError code as given', async () => {
    const c = await TestClient.open(gw.url, dt);
    expect(await c.request('Nope', 'x', '')).toMatchObject({ Code: '4004' });
    expect(await c.request('Echo', 'nope', '')).toMatchObject({ Code: '4004' });
    expect(await c.request('Echo', 'boom', '')).toEqual({ Code: '9999', msg: 'server error' });
    expect(await c.request('Echo', 'refuse', '')).toEqual({ Code: '1006', msg: 'password format' });
    expect(await c.request('Echo', 'bigint', '')).toEqual({ Code: '9999', msg: 'server error' });
    expect(await c.request('Echo', 'echo', 'still open')).toMatchObject({ content: 'still open' });
    c.close();
  });

  it('runs fire-and-forget SENDs without replying', async () => {
    const c = await TestClient.open(gw.url, dt);
    c.fireAndForget('Echo', 'record', `ff-${dt}`);
    await c.request('Echo', 'echo', 'barrier');
    expect(recorded).toContain(`ff-${dt}`);
    c.close();
  });

  it('delivers notifications for exact, * and ** subscriptions, once per connection', async () => {
    const c = await TestClient.open(gw.url, dt);
    expect(await c.subscribe('md.fx.*')).toMatchObject({ Code: '0000', topic: 'md.fx.*' });
    await c.subscribe('md.**');
    await c.subscribe(JSON.stringify({ topic: 'news.cn' }));
    gw.bus.publish('md.fx.USDCNY', { pair: 'USDCNY', bid: 7.1 });
    gw.bus.publish('md.fx.USDCNY.spot', { n: 2 });
    gw.bus.publish('news.cn', { topic: 'news.cn', n: 3 });
    gw.bus.publish('other.x', { n: 4 });
    const got = await c.waitForNotifications(3);
    await tick(50);
    expect(got).toEqual([
      { pair: 'USDCNY', bid: 7.1, topic: 'md.fx.USDCNY' },
      { n: 2, topic: 'md.fx.USDCNY.spot' },
      { topic: 'news.cn', n: 3 },
    ]);
    c.fireAndForget('gateway', 'unsubscribe', 'md.**');
    await c.request('Echo', 'echo', 'barrier');
    gw.bus.publish('md.fx.USDCNY.spot', { n: 5 });
    gw.bus.publish('md.fx.EURUSD', { n: 6 });
    await c.waitForNotifications(4);
    expect(c.notifications[3]).toEqual({ n: 6, topic: 'md.fx.EURUSD' });
    c.close();
  });

  it('keeps the login channel to the session that owns it', async () => {
    const alice = (await gw.authority.loginWithPassword('alice', 'secret1'))!;
    const mine = await TestClient.open(gw.url, dt);
    await mine.connect({ connType: 'S' }, alice.sid);
    expect(await mine.subscribe(`SYS.ATS.LOGIN.${alice.sid}`)).toMatchObject({ Code: '0000' });
    const byHeader = await TestClient.open(gw.url, dt);
    expect(await byHeader.subscribe(JSON.stringify({ method: 'SYS.ATS.LOGIN', sid: alice.sid }), alice.sid)).toMatchObject({
      Code: '0000',
      topic: `SYS.ATS.LOGIN.${alice.sid}`,
    });
    const thief = await TestClient.open(gw.url, dt);
    expect(await thief.subscribe(`SYS.ATS.LOGIN.${alice.sid}`)).toMatchObject({ Code: '4003' });
    expect(await thief.subscribe('SYS.ATS.LOGIN.*')).toMatchObject({ Code: '4003' });
    expect(await thief.subscribe('SYS.**')).toMatchObject({ Code: '4003' });
    expect(await thief.subscribe('**')).toMatchObject({ Code: '4003' });
    expect(await thief.subscribe('*.ATS.LOGIN.x')).toMatchObject({ Code: '4003' });
    expect(await thief.subscribe('md..x')).toMatchObject({ Code: '1002' });
    expect(await thief.subscribe('md.**')).toMatchObject({ Code: '0000' });

    gw.authority.revoke(alice.sid);
    gw.bus.publish(`SYS.ATS.LOGIN.${alice.sid}`, { method: 'logout', sid: alice.sid });
    expect(await mine.waitForNotifications(1)).toEqual([{ method: 'logout', sid: alice.sid, topic: `SYS.ATS.LOGIN.${alice.sid}` }]);
    await byHeader.waitForNotifications(1);
    await tick(50);
    expect(thief.notifications).toEqual([]);
    // The logout push evicts the cached session: the sid no longer authorises anything.
    expect(await mine.request('Echo', 'echo', '')).toMatchObject({ user: null });
    expect(await byHeader.request('Echo', 'echo', '', alice.sid)).toMatchObject({ user: null });
    for (const c of [mine, byHeader, thief]) c.close();
  });

  it('closes a malformed connection with 1002 and keeps serving others', async () => {
    const bystander = await TestClient.open(gw.url, dt);
    const c = await TestClient.open(gw.url, dt);
    if (dt === DataType.json) c.sendRaw('{"command":9,"format":0,"seq":1}');
    else {
      const f = encodeFrame({ command: Command.SEND, format: Format.REQUEST, seq: 1, body: new Uint8Array([123, 125]) });
      new DataView(f.buffer).setUint16(4, 24);
      c.sendRaw(f);
    }
    expect((await c.closed).code).toBe(1002);
    expect(await bystander.request('Echo', 'echo', 'ok')).toMatchObject({ content: 'ok' });
    bystander.close();
  });

  it('closes with 1009 for a body over the bound, including a gzip bomb', async () => {
    const big = await TestClient.open(gw.url, dt);
    const content = 'x'.repeat(1_100_000);
    if (dt === DataType.json) big.sendRaw(JSON.stringify({ command: 3, format: 0, seq: 1, sid: '', body: { serverName: 'Echo', method: 'echo', content } }));
    else big.send({ command: Command.SEND, format: Format.REQUEST, seq: 1, body: { serverName: 'Echo', method: 'echo', content } });
    expect((await big.closed).code).toBe(1009);
    if (dt !== DataType.json) {
      const bomber = await TestClient.open(gw.url, dt);
      const bomb = gzipSync(Buffer.alloc(20_000_000, 0x20));
      bomber.sendRaw(encodeFrame({ command: Command.SEND, format: Format.REQUEST, seq: 1, body: bomb }));
      expect((await bomber.closed).code).toBe(1009);
    }
  });

  it('runs at most 4 handlers per connection (this gateway’s setting) and queues the rest, refusing none', async () => {
    const c = await TestClient.open(gw.url, dt);
    running.max = 0;
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => c.request('Echo', 'slot', JSON.stringify({ ms: 30, tag: i }))));
    expect(replies).toEqual(Array.from({ length: 10 }, (_, i) => ({ tag: i })));
    expect(running.max).toBe(4);
    c.close();
  });

  it('closes with 1000 on CLOSE', async () => {
    const c = await TestClient.open(gw.url, dt);
    c.send({ command: Command.CLOSE, format: Format.REQUEST });
    expect((await c.closed).code).toBe(1000);
  });
});

describe('gateway limits and policies', () => {
  it('encodes a notification once per data type, whatever the number of recipients', async () => {
    const clients = await Promise.all(Array.from({ length: 4 }, () => TestClient.open(gw.url, DataType.gzip)));
    for (const c of clients) await c.subscribe('md.once.*');
    const gzip = vi.spyOn(nodeZlibCodec, 'gzip');
    try {
      gw.bus.publish('md.once.x', { n: 1 });
      for (const c of clients) expect(await c.waitForNotifications(1)).toEqual([{ n: 1, topic: 'md.once.x' }]);
      expect(gzip).toHaveBeenCalledTimes(1);
    } finally {
      gzip.mockRestore();
    }
    for (const c of clients) c.close();
  });

  it('closes an idle connection with 4000 while heartbeats keep another open', async () => {
    const g = await startTestGateway({ log: silentLogger, idleTimeoutMs: 300 });
    const idle = await TestClient.open(g.url, DataType.byte);
    const alive = await TestClient.open(g.url, DataType.json);
    const beat = setInterval(() => alive.sendRaw('ping'), 60);
    expect((await idle.closed).code).toBe(4000);
    await tick(300);
    expect(alive.ws.readyState).toBe(alive.ws.OPEN);
    clearInterval(beat);
    expect((await alive.closed).code).toBe(4000);
    await g.close();
  });

  it('pings every socket (so proxies see server traffic) without counting pongs as client activity', async () => {
    const g = await startTestGateway({ log: silentLogger, pingIntervalMs: 40, idleTimeoutMs: 400 });
    const c = await TestClient.open(g.url, DataType.byte);
    let pings = 0;
    c.ws.on('ping', () => pings++); // ws answers each with a pong by itself
    // Silent apart from the automatic pongs: still closed as idle.
    expect((await c.closed).code).toBe(4000);
    expect(pings).toBeGreaterThanOrEqual(3);
    await g.close();
  });

  it('drops a consumer that stops reading and keeps serving the others', async () => {
    const g = await startTestGateway({ log: silentLogger, maxBufferedBytes: 1024 * 1024 });
    const slow = await TestClient.open(g.url, DataType.byte);
    const fast = await TestClient.open(g.url, DataType.byte);
    await slow.subscribe('md.flood');
    await fast.subscribe('md.flood');
    // Stop reading: the kernel buffers fill, then the gateway's queue grows.
    (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const pad = 'p'.repeat(8_000);
    let sent = 0;
    // Small bursts, so the reading client (same event loop) never falls 1 MB behind.
    while (g.gateway.stats().connections === 2 && sent < 20_000) {
      g.bus.publish('md.flood', { n: sent++, pad });
      if (sent % 10 === 0) await tick(2);
    }
    await tick(50);
    expect(g.gateway.stats().connections).toBe(1);
    expect(fast.ws.readyState).toBe(fast.ws.OPEN);
    await fast.waitForNotifications(sent, 15_000);
    expect((fast.notifications.at(-1) as { n: number }).n).toBe(sent - 1);
    expect(await fast.request('gateway', 'nope', '')).toMatchObject({ Code: '4004' });
    fast.close();
    await g.close();
  });

  it('accepts only allowed browser origins', async () => {
    const g = await startTestGateway({ log: silentLogger });
    await expect(TestClient.open(g.url, DataType.byte, { Origin: 'https://evil.example' })).rejects.toThrow('HTTP 403');
    (await TestClient.open(g.url, DataType.byte, { Origin: g.origin })).close();
    (await TestClient.open(g.url, DataType.byte, { Origin: `http://localhost:${g.port}` })).close();
    (await TestClient.open(g.url, DataType.byte)).close();
    await expect(TestClient.open(g.url, DataType.byte, { Origin: `http://localhost:${g.port + 1}` })).rejects.toThrow('HTTP 403');
    await g.close();

    const listed = await startTestGateway({ log: silentLogger, allowedOrigins: ['https://desk.example.com'] });
    (await TestClient.open(listed.url, DataType.byte, { Origin: 'https://desk.example.com' })).close();
    (await TestClient.open(listed.url, DataType.byte, { Origin: listed.origin })).close();
    await expect(TestClient.open(listed.url, DataType.byte, { Origin: 'https://other.example.com' })).rejects.toThrow('HTTP 403');
    await listed.close();
  });

  it('survives an event that cannot be encoded', async () => {
    const c = await TestClient.open(gw.url, DataType.byte);
    await c.subscribe('md.bad.*');
    gw.bus.publish('md.bad.x', { n: BigInt(1) as unknown as number });
    gw.bus.publish('md.bad.y', { n: 2 });
    expect(await c.waitForNotifications(1)).toEqual([{ n: 2, topic: 'md.bad.y' }]);
    c.close();
  });

  it('closes every socket with 1001 on shutdown and refuses new ones', async () => {
    const g = await startTestGateway({ log: silentLogger });
    const a = await TestClient.open(g.url, DataType.byte);
    const b = await TestClient.open(g.url, DataType.json);
    const closing = g.close();
    expect((await a.closed).code).toBe(1001);
    expect((await b.closed).code).toBe(1001);
    await closing;
  });

  it('refuses unknown paths and data types at the upgrade', async () => {
    await expect(TestClient.open(gw.url.replace('/gw/ws', '/other'), DataType.byte)).rejects.toThrow('HTTP 404');
    await expect(TestClient.open(gw.url, '7' as DataType)).rejects.toThrow('HTTP 400');
  });

  it('caches session checks briefly', async () => {
    const user = (await gw.authority.loginWithPassword('bob', 'secret2'))!;
    const c = await TestClient.open(gw.url, DataType.byte);
    const before = gw.authority.checks;
    for (let i = 0; i < 5; i++) await c.request('Echo', 'echo', '', user.sid);
    expect(gw.authority.checks - before).toBe(1);
    c.close();
  });
});

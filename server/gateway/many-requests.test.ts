// Many requests on one socket (all tabs of a browser share it): none is refused for
// waiting, each is answered once under its own sequence number, other connections are not
// starved, and queued bytes stay inside the inbound byte budget. Real sockets.
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Command, DataType, Format, type WireMessage, decodeMessage, encodeMessage } from '../../src/wire';
import { silentLogger } from './log';
import { QUEUED_FRAME_OVERHEAD } from './request-queue';
import { TestClient } from './test-client';
import { gatewayPerTest } from './test-scope';
import { tick, until } from './test-support';

const { clients, start: startGateway } = gatewayPerTest();

/** A raw socket that records every reply it gets (the test sends frames itself). */
async function rawSocket(url: string, dt: DataType): Promise<{ ws: WebSocket; replies: WireMessage[]; send(seq: number, method: string, content: string): void }> {
  const ws = new WebSocket(`${url}?dataType=${dt}`, { perMessageDeflate: false });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  clients.push(ws);
  const replies: WireMessage[] = [];
  ws.on('message', (d: Buffer, isBinary) => {
    const r = decodeMessage(isBinary ? new Uint8Array(d) : d.toString('utf8'));
    if (r.ok && r.message.format === Format.REPLY) replies.push(r.message);
  });
  const send = (seq: number, method: string, content: string) =>
    ws.send(encodeMessage({ command: Command.SEND, format: Format.REQUEST, seq, body: { serverName: 'Q', method, content } }, dt));
  return { ws, replies, send };
}

/** Busy for `ms` of CPU, as a pricing handler would be. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe('1,000 requests at once on one socket', () => {
  it.each([DataType.byte, DataType.json, DataType.gzip])('dataType %s: every one answered once, under its own seq, none refused', async (dt) => {
    const gw = await startGateway({ log: silentLogger });
    gw.registry.register('Q', 'echo', async (content) => {
      await tick(Math.random() * 4); // replies come back out of order
      return { Code: '0000', content };
    });
    const c = await rawSocket(gw.url, dt);
    for (let seq = 1; seq <= 1_000; seq++) {
      c.send(seq, 'echo', `n${seq}`);
      // Heartbeats and a subscription among them go through the same queue, in order.
      if (seq % 250 === 0) c.ws.send(encodeMessage({ command: Command.HEARTBEAT, format: Format.REQUEST, seq: 0 }, dt));
    }
    c.ws.send(encodeMessage({ command: Command.SEND, format: Format.REQUEST, seq: 1_001, body: { serverName: 'gateway', method: 'subscribe', content: 'md.q.*' } }, dt));
    await until(() => c.replies.length >= 1_001, '1,001 replies', 10_000);
    await tick(50);
    expect(c.replies.length).toBe(1_001);
    const bySeq = new Map(c.replies.map((m) => [m.seq, m.body as Record<string, unknown>]));
    expect(bySeq.size).toBe(1_001);
    for (let seq = 1; seq <= 1_000; seq++) expect(bySeq.get(seq)).toEqual({ Code: '0000', content: `n${seq}` });
    expect(bySeq.get(1_001)).toEqual({ Code: '0000', topic: 'md.q.*' });
    expect(gw.gateway.stats()).toMatchObject({ queued: 0, inflightBytes: 0 });
  });
});

describe('fairness between connections', () => {
  it('one connection’s 1,000 queued requests do not keep another’s single request waiting', async () => {
    const gw = await startGateway({ log: silentLogger });
    // CPU-bound and synchronous: nothing yields unless the gateway does.
    gw.registry.register('Q', 'work', (content) => {
      busy(1);
      return { Code: '0000', content };
    });
    const a = await rawSocket(gw.url, DataType.byte);
    const b = await rawSocket(gw.url, DataType.byte);
    for (let seq = 1; seq <= 1_000; seq++) a.send(seq, 'work', 'a');
    await until(() => a.replies.length > 0, 'A’s first reply', 10_000);
    b.send(1, 'work', 'b');
    await until(() => b.replies.length === 1, 'B’s reply', 20_000);
    const aDoneWhenB = a.replies.length;
    await until(() => a.replies.length === 1_000, 'all of A’s replies', 20_000);
    expect(b.replies[0]).toMatchObject({ seq: 1, body: { content: 'b' } });
    // B is served within a few scheduler turns of A's queue, not after all of it.
    expect(aDoneWhenB).toBeLessThan(500);
  });
});

describe('queued requests and memory', () => {
  it('counts queued bytes in the inbound budget and frees them when the socket closes', async () => {
    const gw = await startGateway({ log: silentLogger, maxRunningPerConnection: 1 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let ran = 0;
    gw.registry.register('Q', 'hold', async () => {
      ran++;
      await gate;
      return { Code: '0000' };
    });
    const c = await rawSocket(gw.url, DataType.byte);
    const content = 'x'.repeat(10_000);
    for (let seq = 1; seq <= 50; seq++) c.send(seq, 'hold', content);
    await until(() => gw!.gateway.stats().queued === 49, '49 queued', 10_000);
    const held = gw.gateway.stats().inflightBytes;
    expect(held).toBeGreaterThan(49 * (10_000 + QUEUED_FRAME_OVERHEAD));
    expect(held).toBeLessThan(49 * (10_200 + QUEUED_FRAME_OVERHEAD));

    c.ws.close();
    await until(() => gw!.gateway.stats().connections === 0, 'the socket to be gone', 10_000);
    expect(gw.gateway.stats()).toMatchObject({ queued: 0, inflightBytes: 0 });
    release();
    await tick(50);
    expect(ran).toBe(1); // the dropped requests never ran
  });

  it('handles queued frames in the order sent: requests before a CLOSE are answered, those after it dropped', async () => {
    const gw = await startGateway({ log: silentLogger, maxRunningPerConnection: 1 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    gw.registry.register('Q', 'hold', async (content) => {
      await gate;
      return { Code: '0000', content };
    });
    const c = await rawSocket(gw.url, DataType.byte);
    const closed = new Promise<number>((r) => c.ws.once('close', (code) => r(code)));
    for (let seq = 1; seq <= 11; seq++) c.send(seq, 'hold', `before ${seq}`);
    c.ws.send(encodeMessage({ command: Command.CLOSE, format: Format.REQUEST, seq: 0 }, DataType.byte));
    for (let seq = 12; seq <= 21; seq++) c.send(seq, 'hold', `after ${seq}`);
    await until(() => gw!.gateway.stats().queued === 21, '20 requests and the CLOSE queued', 10_000);
    release();
    expect(await closed).toBe(1000);
    expect(c.replies.map((m) => m.seq).sort((x, y) => x - y)).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
    expect(gw.gateway.stats().queued).toBe(0);
    await until(() => gw!.gateway.stats().connections === 0, 'the socket to be gone', 10_000);
    expect(gw.gateway.stats().inflightBytes).toBe(0);
  });

  it('a connection holding queued bytes counts against the server-wide budget (the next big message is closed 1013)', async () => {
    const gw = await startGateway({ log: silentLogger, maxRunningPerConnection: 1, maxInflightBytes: 600_000, maxQueuedBytesPerConnection: 0 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    gw.registry.register('Q', 'hold', async () => {
      await gate;
      return { Code: '0000' };
    });
    gw.registry.register('Q', 'size', (content) => ({ Code: '0000', n: content.length }));
    const a = await rawSocket(gw.url, DataType.byte);
    for (let seq = 1; seq <= 41; seq++) a.send(seq, 'hold', 'x'.repeat(10_000));
    await until(() => gw!.gateway.stats().queued === 40, '40 queued', 10_000);
    const b = await TestClient.open(gw.url, DataType.byte);
    clients.push(b);
    b.fireAndForget('Q', 'size', 'y'.repeat(300_000));
    expect((await b.closed).code).toBe(1013);

    // Once A's queue drains, the same message fits.
    release();
    await until(() => a.replies.length === 41, 'A’s 41 replies', 10_000);
    const c = await TestClient.open(gw.url, DataType.byte);
    clients.push(c);
    expect(await c.request('Q', 'size', 'y'.repeat(300_000))).toEqual({ Code: '0000', n: 300_000 });
  });

  it('stops reading a socket whose queue passes its limit and resumes as it drains: all answered, memory bounded', async () => {
    const limit = 64 * 1024;
    const gw = await startGateway({ log: silentLogger, maxRunningPerConnection: 2, maxQueuedBytesPerConnection: limit });
    gw.registry.register('Q', 'slow', async (content) => {
      await tick(1);
      return { Code: '0000', n: content.length };
    });
    const c = await rawSocket(gw.url, DataType.byte);
    for (let seq = 1; seq <= 500; seq++) c.send(seq, 'slow', 'z'.repeat(2_000)); // ~1 MB, 16 x the limit
    let maxHeld = 0;
    const sample = setInterval(() => (maxHeld = Math.max(maxHeld, gw!.gateway.stats().inflightBytes)), 1);
    try {
      await until(() => c.replies.length === 500, '500 replies', 30_000);
    } finally {
      clearInterval(sample);
    }
    expect(new Set(c.replies.map((m) => m.seq)).size).toBe(500);
    expect(c.replies.every((m) => (m.body as { n: number }).n === 2_000)).toBe(true);
    expect(maxHeld).toBeGreaterThan(limit / 2); // it did queue
    // The limit, plus what ws had already read (a TCP chunk or two) when reading stopped.
    expect(maxHeld).toBeLessThan(limit + 256 * 1024);
  });
});

describe('a client that reads replies slowly', () => {
  it('slows its own requests down instead of being dropped as a slow consumer', async () => {
    // 400 replies of 50 kB = 20 MB, far past the 8 MiB slow-consumer limit if all were sent at once.
    const gw = await startGateway({ log: silentLogger });
    gw.registry.register('Q', 'big', () => ({ Code: '0000', pad: 'p'.repeat(50_000) }));
    const c = await rawSocket(gw.url, DataType.byte);
    const socket = (c.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    socket.pause(); // the browser is busy: nothing read for a while
    for (let seq = 1; seq <= 400; seq++) c.send(seq, 'big', '');
    await tick(500);
    expect(gw.gateway.stats().connections).toBe(1);
    expect(gw.gateway.stats().queued).toBeGreaterThan(0); // the rest waits for the socket to drain
    socket.resume();
    await until(() => c.replies.length === 400, '400 replies', 30_000);
    expect(new Set(c.replies.map((m) => m.seq)).size).toBe(400);
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
  });
});

describe('handler timeout with a queue', () => {
  it('starts a queued request’s deadline when its handler starts, not when it arrived', async () => {
    const gw = await startGateway({ log: silentLogger, maxRunningPerConnection: 1, handlerTimeoutMs: 150 });
    gw.registry.register('Q', 'hang', () => new Promise(() => {}));
    gw.registry.register('Q', 'slowish', async () => {
      await tick(100);
      return { Code: '0000', done: true };
    });
    const c = await TestClient.open(gw.url, DataType.byte);
    clients.push(c);
    const hung = c.request('Q', 'hang', '');
    // Waits ~150 ms behind the hung handler, then runs 100 ms: 250 ms after it was sent.
    const queued = c.request('Q', 'slowish', '');
    expect(await hung).toEqual({ Code: '9999', msg: 'timeout' });
    expect(await queued).toEqual({ Code: '0000', done: true });
  });
});

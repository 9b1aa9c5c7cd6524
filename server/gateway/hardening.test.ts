// Limits against hostile clients, over real sockets: per-address socket cap, handler
// deadline, server-wide bound on inbound bytes held.
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Command, DataType, Format, type WireMessage, decodeMessage, encodeMessage } from '../../src/wire';
import { silentLogger } from './log';
import { normaliseAddress } from './per-address-limit';
import { TestClient } from './test-client';
import { type TestGateway, startTestGateway } from './test-support';

const tick = (ms = 20) => new Promise((r) => setTimeout(r, ms));
async function until(cond: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await tick(5);
  }
}

let gw: TestGateway | null = null;
const clients: Array<{ close(): void }> = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await gw?.close();
  gw = null;
});
async function open(url: string, dt: DataType = DataType.byte): Promise<TestClient> {
  const c = await TestClient.open(url, dt);
  clients.push(c);
  return c;
}

describe('per-address connection cap', () => {
  it('refuses the socket past the cap with HTTP 429, per address, and frees the slot on close', async () => {
    gw = await startTestGateway({ log: silentLogger, maxConnectionsPerIp: 3 });
    const held = [await open(gw.url), await open(gw.url, DataType.json), await open(gw.url, DataType.gzip)];
    await expect(TestClient.open(gw.url, DataType.byte)).rejects.toThrow('HTTP 429');
    // Another loopback address (all of 127/8 is local on Linux) has its own allowance.
    const other = new WebSocket(`${gw.url}?dataType=2`, { localAddress: '127.0.0.2' });
    clients.push(other);
    await new Promise((resolve, reject) => other.once('open', resolve).once('error', reject));
    expect(gw.gateway.stats().connections).toBe(4);

    held[0].close();
    await until(() => gw!.gateway.stats().connections === 3, 'the closed socket to be gone');
    const again = await open(gw.url);
    expect((await again.connect({ connType: 'A' })).body).toMatchObject({ Code: '0000' });
    await expect(TestClient.open(gw.url, DataType.byte)).rejects.toThrow('HTTP 429');
  });

  it('counts IPv4-mapped IPv6 addresses as the IPv4 address', () => {
    expect(normaliseAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normaliseAddress('::1')).toBe('::1');
    expect(normaliseAddress(undefined)).toBe('');
  });
});

describe('handler timeout', () => {
  it('replies 9999 "timeout", frees the in-flight slot and drops the late result', async () => {
    gw = await startTestGateway({ log: silentLogger, handlerTimeoutMs: 100, maxInFlight: 1 });
    gw.registry.register('Slow', 'hang', () => new Promise(() => {}));
    let lateDone = false;
    gw.registry.register('Slow', 'late', async () => {
      await tick(250);
      lateDone = true;
      return { Code: '0000', late: true };
    });
    gw.registry.register('Slow', 'echo', (content) => ({ Code: '0000', content }));
    const c = await open(gw.url);
    let frames = 0;
    c.ws.on('message', () => frames++);

    expect(await c.request('Slow', 'hang', '')).toEqual({ Code: '9999', msg: 'timeout' });
    // With one slot per connection, this only works if the hung handler gave its slot back.
    expect(await c.request('Slow', 'echo', 'a')).toEqual({ Code: '0000', content: 'a' });

    expect(await c.request('Slow', 'late', '')).toEqual({ Code: '9999', msg: 'timeout' });
    const seen = frames;
    await until(() => lateDone, 'the late handler to finish');
    await tick(50);
    expect(frames).toBe(seen);

    // Fire-and-forget frames that hang free their slot too.
    c.fireAndForget('Slow', 'hang', '');
    await tick(150);
    expect(await c.request('Slow', 'echo', 'b')).toEqual({ Code: '0000', content: 'b' });
  });

  it('leaves handlers alone that finish in time', async () => {
    gw = await startTestGateway({ log: silentLogger, handlerTimeoutMs: 300 });
    gw.registry.register('Slow', 'quick', async () => {
      await tick(30);
      return { Code: '0000' };
    });
    const c = await open(gw.url, DataType.json);
    expect(await c.request('Slow', 'quick', '')).toEqual({ Code: '0000' });
  });
});

describe('server-wide inbound byte budget', () => {
  it('closes with 1013 the socket whose message would pass the budget; others go on', async () => {
    gw = await startTestGateway({ log: silentLogger, maxInflightBytes: 1_000_000, maxBodyBytes: 4_000_000 });
    gw.registry.register('Echo', 'size', (content) => ({ Code: '0000', n: content.length }));
    const big = encodeMessage(
      { command: Command.SEND, format: Format.REQUEST, seq: 7, body: { serverName: 'Echo', method: 'size', content: 'x'.repeat(700_000) } },
      DataType.byte,
    ) as Uint8Array;
    const first = big.subarray(0, 600_000);
    const rest = big.subarray(600_000);

    const a = await open(gw.url);
    const replies: WireMessage[] = [];
    a.ws.on('message', (d: Buffer) => {
      const r = decodeMessage(new Uint8Array(d));
      if (r.ok) replies.push(r.message);
    });
    // A starts a big message and does not finish it yet: the server holds ~600 kB for it.
    a.ws.send(first, { binary: true, fin: false });
    await until(() => gw!.gateway.stats().inflightBytes >= 600_000, 'A’s bytes to arrive');

    const b = await open(gw.url);
    b.ws.send(first, { binary: true, fin: false });
    // B has the close frame; the server no longer reads it and stops counting its bytes at
    // once, even though its socket lingers for the close handshake.
    await until(() => b.ws.readyState === WebSocket.CLOSING, 'B to get its close frame');
    expect(gw.gateway.stats().inflightBytes).toBeLessThan(700_000);

    // A was within budget: its message completes and is answered, then nothing is held.
    a.ws.send(rest, { binary: true, fin: true });
    await until(() => replies.length === 1, 'A’s reply');
    expect(replies[0]).toMatchObject({ seq: 7, body: { Code: '0000', n: 700_000 } });
    expect((await b.closed).code).toBe(1013);
    expect(a.ws.readyState).toBe(WebSocket.OPEN);
    await until(() => gw!.gateway.stats().connections === 1, 'B to be gone');
    expect(gw.gateway.stats().inflightBytes).toBe(0);

    // The budget is free again for a newcomer.
    const c = await open(gw.url);
    expect(await c.request('Echo', 'size', 'y'.repeat(700_000))).toEqual({ Code: '0000', n: 700_000 });
    expect(gw.gateway.stats().inflightBytes).toBe(0);
  });
});

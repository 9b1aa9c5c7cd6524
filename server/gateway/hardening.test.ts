// Limits against hostile clients, over real sockets: per-address socket cap and rate of
// new sockets, handler deadline, server-wide bound on inbound bytes held.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Command, DataType, Format, type WireMessage, decodeMessage, encodeMessage } from '../../src/wire';
import { GATEWAY_DEFAULTS } from './defaults';
import { silentLogger } from './log';
import { normaliseAddress } from './per-address-limit';
import { TestClient, UpgradeRefused } from './test-client';
import { gatewayPerTest } from './test-scope';
import { tick, until } from './test-support';

const { clients, start: startGateway } = gatewayPerTest();
async function open(url: string, dt: DataType = DataType.byte): Promise<TestClient> {
  const c = await TestClient.open(url, dt);
  clients.push(c);
  return c;
}

describe('per-address connection cap', () => {
  it('refuses the socket past the cap with HTTP 429, per address, and frees the slot on close', async () => {
    const gw = await startGateway({ log: silentLogger, maxConnectionsPerIp: 3 });
    const held = [await open(gw.url), await open(gw.url, DataType.json), await open(gw.url, DataType.gzip)];
    await expect(TestClient.open(gw.url, DataType.byte)).rejects.toMatchObject({ status: 429, retryAfter: '10' });
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

  it('accepts 2,000 sockets from one address with the default limits (an office behind one NAT)', async () => {
    // Both ends live in this process: 4,000 descriptors plus the test runner's own.
    const fdLimit = Number(/Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? Infinity);
    expect(fdLimit, 'open-file limit too low for 2,000 loopback sockets: raise `ulimit -n`').toBeGreaterThan(4_500);
    const { maxConnectionsPerIp, connectionRatePerIp, connectionBurstPerIp } = GATEWAY_DEFAULTS;
    const gw = await startGateway({ log: silentLogger, maxConnectionsPerIp, connectionRatePerIp, connectionBurstPerIp });
    gw.registry.register('Echo', 'me', (_c, ctx) => ({ Code: '0000', conn: ctx.connId }));
    const sockets: TestClient[] = [];
    for (let i = 0; i < 2_000; i += 200) {
      sockets.push(...(await Promise.all(Array.from({ length: 200 }, () => open(gw!.url)))));
    }
    expect(gw.gateway.stats().connections).toBe(2_000);
    // Every one of them is served.
    const replies = await Promise.all(sockets.map((c) => c.request('Echo', 'me', '')));
    expect(new Set(replies.map((r) => r.conn)).size).toBe(2_000);
  });

  it('refuses new sockets past the burst with HTTP 429 and Retry-After, per address, then lets them in at the rate', async () => {
    const gw = await startGateway({ log: silentLogger, connectionBurstPerIp: 5, connectionRatePerIp: 2 });
    for (let i = 0; i < 5; i++) (await open(gw.url)).close();
    // Closed again: the rate counts openings, not open sockets.
    await until(() => gw!.gateway.stats().connections === 0, 'the five to close');
    const refused = await TestClient.open(gw.url, DataType.byte).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UpgradeRefused);
    expect(refused).toMatchObject({ status: 429, retryAfter: '1' });
    // Another address has its own bucket.
    const other = await TestClient.open(gw.url, DataType.byte, {}, { localAddress: '127.0.0.2' });
    clients.push(other);
    await tick(600); // one token back at 2 per second
    await open(gw.url);
    await expect(TestClient.open(gw.url, DataType.byte)).rejects.toMatchObject({ status: 429 });
  });

  it('counts IPv4-mapped IPv6 addresses as the IPv4 address', () => {
    expect(normaliseAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normaliseAddress('::1')).toBe('::1');
    expect(normaliseAddress(undefined)).toBe('');
  });
});

describe('handler timeout', () => {
  it('replies 9999 "timeout", frees the in-flight slot and drops the late result', async () => {
    const gw = await startGateway({ log: silentLogger, handlerTimeoutMs: 100, maxRunningPerConnection: 1 });
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
    const gw = await startGateway({ log: silentLogger, handlerTimeoutMs: 300 });
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
    const gw = await startGateway({ log: silentLogger, maxInflightBytes: 1_000_000, maxBodyBytes: 4_000_000 });
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

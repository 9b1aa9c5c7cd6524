// The gateway behind a reverse proxy, with a real proxy process in front (test-proxy.ts):
// origins and per-client limits with and without TRUST_PROXY, and clients forging
// X-Forwarded-* headers. All of 127/8 is local on Linux, so 127.0.0.2 plays the proxy's
// address and 127.0.0.3/.4 two users' addresses.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DataType } from '../../src/wire';
import { startServer, type TestServer } from '../../tests/e2e/support/server';
import { silentLogger } from './log';
import { TestClient, UpgradeRefused } from './test-client';
import { type TestProxy, type TestProxyOptions, startTestProxy } from './test-proxy';
import { type TestGateway, startTestGateway } from './test-support';

const PROXY_ADDRESS = '127.0.0.2';
const ALICE = '127.0.0.3';
const BOB = '127.0.0.4';

const open: Array<{ close(): void }> = [];
const stoppers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of open.splice(0)) c.close();
  for (const stop of stoppers.splice(0).reverse()) await stop();
});

async function gateway(opts: Parameters<typeof startTestGateway>[0] = {}): Promise<TestGateway> {
  const g = await startTestGateway({ log: silentLogger, ...opts });
  // Tells the test which address the gateway believes the client has.
  g.registry.register('Who', 'ami', (_content, ctx) => ({ Code: '0000', address: ctx.remoteAddress }));
  stoppers.push(() => g.close());
  return g;
}

async function proxy(opts: Omit<TestProxyOptions, 'localAddress'>): Promise<TestProxy> {
  const p = await startTestProxy({ localAddress: PROXY_ADDRESS, ...opts });
  stoppers.push(() => p.stop());
  return p;
}

/** Opens a socket as a browser at `from` would; resolves the client or the refusal. */
async function connect(url: string, from: string, headers: Record<string, string> = {}): Promise<TestClient | UpgradeRefused> {
  try {
    const c = await TestClient.open(url, DataType.byte, headers, { localAddress: from });
    open.push(c);
    return c;
  } catch (e) {
    if (e instanceof UpgradeRefused) return e;
    throw e;
  }
}

async function addressSeen(c: TestClient | UpgradeRefused): Promise<unknown> {
  if (!(c instanceof TestClient)) throw new Error(`refused: ${c.message}`);
  return (await c.request('Who', 'ami', '')).address;
}

const status = (c: TestClient | UpgradeRefused) => (c instanceof UpgradeRefused ? c.status : 101);

const nginxLike = { keepHost: false, forwardedHeaders: true, proto: 'https' } as const;
const browserAt = (site: string) => ({ Host: new URL(site).host, Origin: site });

describe('origins behind a proxy', () => {
  it('needs no setting when the proxy keeps the Host header: the page’s own origin passes, a foreign one does not', async () => {
    const g = await gateway();
    const p = await proxy({ keepHost: true, forwardedHeaders: true, proto: 'https', upstreamPort: g.port });
    // A proxy on another port: the page's origin is the proxy's, not the gateway's.
    expect(status(await connect(p.url, ALICE, { Origin: `http://127.0.0.1:${p.port}` }))).toBe(101);
    // A TLS terminator for desk.bank.example in front of 127.0.0.1:<port>.
    const desk = await connect(p.url, ALICE, browserAt('https://desk.bank.example'));
    expect(status(desk)).toBe(101);
    expect((await (desk as TestClient).connect({ connType: 'A' })).body).toMatchObject({ Code: '0000' });
    expect(status(await connect(p.url, ALICE, { Host: 'desk.bank.example', Origin: 'https://evil.example' }))).toBe(403);
    expect(status(await connect(p.url, ALICE, { Host: 'desk.bank.example', Origin: 'https://desk.bank.example:8443' }))).toBe(403);
    expect(status(await connect(p.url, ALICE, { Origin: `http://127.0.0.1:${g.port}` }))).toBe(101); // the gateway's own origin stays allowed
  });

  it('reads X-Forwarded-Host and -Proto only from a proxy TRUST_PROXY names', async () => {
    const untrusting = await gateway();
    const trusting = await gateway({ trustProxy: { kind: 'list', subnets: [`${PROXY_ADDRESS}/32`] } });
    const pu = await proxy({ ...nginxLike, upstreamPort: untrusting.port });
    const pt = await proxy({ ...nginxLike, upstreamPort: trusting.port });
    // The proxy rewrites Host to the upstream; only a trusted X-Forwarded-Host names the page's host.
    expect(status(await connect(pu.url, ALICE, browserAt('https://desk.bank.example')))).toBe(403);
    expect(status(await connect(pt.url, ALICE, browserAt('https://desk.bank.example')))).toBe(101);
    // The scheme is known too: the proxy said https.
    expect(status(await connect(pt.url, ALICE, { Host: 'desk.bank.example', Origin: 'http://desk.bank.example' }))).toBe(403);
    expect(status(await connect(pt.url, ALICE, { Host: 'desk.bank.example', Origin: 'https://evil.example' }))).toBe(403);
  });
});

describe('per-client limits behind a proxy', () => {
  it('counts each client by its own address with TRUST_PROXY, everyone as the proxy without', async () => {
    const trusting = await gateway({ maxConnectionsPerIp: 2, trustProxy: { kind: 'list', subnets: [`${PROXY_ADDRESS}/32`] } });
    const pt = await proxy({ ...nginxLike, upstreamPort: trusting.port });
    const a1 = await connect(pt.url, ALICE);
    expect(await addressSeen(a1)).toBe(ALICE);
    expect(status(await connect(pt.url, ALICE))).toBe(101);
    const refused = await connect(pt.url, ALICE);
    expect(refused).toBeInstanceOf(UpgradeRefused);
    expect((refused as UpgradeRefused).status).toBe(429);
    expect(Number((refused as UpgradeRefused).retryAfter)).toBeGreaterThan(0);
    // Bob behind the same proxy is not affected by Alice's sockets.
    expect(await addressSeen(await connect(pt.url, BOB))).toBe(BOB);
    expect(status(await connect(pt.url, BOB))).toBe(101);

    const untrusting = await gateway({ maxConnectionsPerIp: 2 });
    const pu = await proxy({ ...nginxLike, upstreamPort: untrusting.port });
    expect(await addressSeen(await connect(pu.url, ALICE))).toBe(PROXY_ADDRESS);
    expect(status(await connect(pu.url, BOB))).toBe(101);
    expect(status(await connect(pu.url, BOB))).toBe(429); // the proxy's address holds two already
  });

  it('takes the client two hops back with TRUST_PROXY=2 (an outer and an inner proxy)', async () => {
    const g = await gateway({ trustProxy: { kind: 'hops', hops: 2 } });
    const inner = await proxy({ ...nginxLike, upstreamPort: g.port });
    const outer = await startTestProxy({ keepHost: true, forwardedHeaders: true, proto: 'https', upstreamPort: inner.port, localAddress: '127.0.0.5' });
    stoppers.push(() => outer.stop());
    expect(await addressSeen(await connect(outer.url, ALICE, browserAt('https://desk.bank.example')))).toBe(ALICE);
    // Through the inner proxy alone, two hops back is what the client wrote: nothing there, so the furthest known hop.
    expect(await addressSeen(await connect(inner.url, BOB))).toBe(BOB);
  });
});

describe('a client forging X-Forwarded-* gains nothing', () => {
  const forged = (i: number) => ({ 'X-Forwarded-For': `198.51.100.${i}`, 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' });

  it.each([
    ['no TRUST_PROXY', undefined],
    ['TRUST_PROXY naming only the proxy', { kind: 'list', subnets: [`${PROXY_ADDRESS}/32`] }],
  ] as const)('straight to the gateway, %s: counted and checked as its own address', async (_name, trustProxy) => {
    const g = await gateway({ maxConnectionsPerIp: 2, trustProxy });
    expect(status(await connect(g.url, ALICE, { ...forged(1), Origin: 'https://evil.example' }))).toBe(403);
    expect(await addressSeen(await connect(g.url, ALICE, forged(2)))).toBe(ALICE);
    expect(status(await connect(g.url, ALICE, forged(3)))).toBe(101);
    expect(status(await connect(g.url, ALICE, forged(4)))).toBe(429);
  });

  it('through a trusted proxy that appends: the rightmost untrusted hop is the client, not what it wrote', async () => {
    const g = await gateway({ maxConnectionsPerIp: 2, trustProxy: { kind: 'hops', hops: 1 } });
    const p = await proxy({ ...nginxLike, upstreamPort: g.port });
    expect(await addressSeen(await connect(p.url, ALICE, forged(1)))).toBe(ALICE);
    expect(status(await connect(p.url, ALICE, forged(2)))).toBe(101);
    expect(status(await connect(p.url, ALICE, forged(3)))).toBe(429);
  });
});

describe('npm run server behind a proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ requireBuild: false, env: { TRUST_PROXY: PROXY_ADDRESS, MAX_CONNECTIONS_PER_IP: '2', MARKET_FEED: 'off', LOG_LEVEL: 'error' } });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('reads TRUST_PROXY from the environment: origin from X-Forwarded-Host, limits per client', async () => {
    const p = await proxy({ ...nginxLike, upstreamPort: server.port });
    const desk = await connect(p.url, ALICE, browserAt('https://desk.bank.example'));
    expect(status(desk)).toBe(101);
    expect((await (desk as TestClient).connect({ connType: 'A' })).body).toMatchObject({ Code: '0000' });
    expect(status(await connect(p.url, ALICE, browserAt('https://desk.bank.example')))).toBe(101);
    expect(status(await connect(p.url, ALICE, browserAt('https://desk.bank.example')))).toBe(429);
    expect(status(await connect(p.url, BOB, browserAt('https://desk.bank.example')))).toBe(101);
    expect(status(await connect(p.url, BOB, { Host: 'desk.bank.example', Origin: 'https://evil.example' }))).toBe(403);
    // Straight to the server (not through the trusted proxy), forged headers are ignored.
    const direct = `ws://127.0.0.1:${server.port}/gw/ws`;
    expect(status(await connect(direct, '127.0.0.1', { 'X-Forwarded-Host': 'evil.example', Origin: 'https://evil.example' }))).toBe(403);
  });
});

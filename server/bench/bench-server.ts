// Child process for the gateway benchmarks, so the server's CPU and RSS are its own.
// `gateway`: the real Gateway (test doubles for sessions) with cheap Bench handlers.
// `bare`: a plain `ws` server doing the least possible: echo bytes, broadcast given bytes.
// Prints `PORT <n>` once listening. Control: Bench/burst (gateway) or text `burst:N:SIZE`
// (bare) publishes N events of about SIZE bytes to every subscriber / every client.
import { Command, Format, encodeMessage } from '../../src/wire';
import type { SessionUser } from '../contracts';
import { FakeSessionAuthority, startTestGateway } from '../gateway/test-support';
import { serveBenchKind, startBareServer } from './bench-support';

const kind = process.argv[2];

class BenchAuthority extends FakeSessionAuthority {
  override async checkSession(sid: string): Promise<SessionUser | null> {
    return sid.startsWith('bench-') ? { sid, userName: sid.slice(6), inf5: '2' } : null;
  }
}

function event(i: number, size: number) {
  return { topic: 'md.fx.USDCNY', pair: 'USDCNY', bid: 7.1 + i * 1e-4, ask: 7.1012, mid: 7.1006, ts: Date.now(), pad: 'x'.repeat(Math.max(0, size - 110)) };
}

async function gateway(): Promise<number> {
  const g = await startTestGateway({ authority: new BenchAuthority(), maxRunningPerConnection: 64, maxBufferedBytes: 64 * 1024 * 1024 });
  g.registry.register('Bench', 'echo', (content) => ({ Code: '0000', content }));
  g.registry.register('Bench', 'rss', () => ({ rss: process.memoryUsage().rss, ...g.gateway.stats() }));
  // Server-side cost of a burst: publish, trie match, encode once, send to every socket.
  // The in-process bus delivers on microtasks, all drained before setImmediate fires.
  g.registry.register('Bench', 'burst', async (content) => {
    const { count, size } = JSON.parse(content);
    const t0 = performance.now();
    for (let i = 0; i < count; i++) g.bus.publish('md.fx.USDCNY', event(i, size));
    await new Promise((r) => setImmediate(r));
    return { Code: '0000', ms: performance.now() - t0 };
  });
  return g.port;
}

function bare(): Promise<number> {
  return startBareServer((ws, data: Buffer, isBinary, clients) => {
    if (isBinary) return void ws.send(data); // echo
    const text = data.toString();
    if (text === 'rss') return void ws.send(JSON.stringify({ rss: process.memoryUsage().rss, connections: clients.size }));
    if (text === 'ping') return;
    const [, n, size] = text.split(':').map(Number);
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      const bytes = encodeMessage({ command: Command.SEND, format: Format.NOTIFY, seq: 0, body: event(i, size) }, '2');
      for (const c of clients) if (c !== ws) c.send(bytes);
    }
    ws.send(JSON.stringify({ ms: performance.now() - t0 }));
  });
}

await serveBenchKind(kind === 'bare' ? 'bare' : 'gateway', { gateway, bare });

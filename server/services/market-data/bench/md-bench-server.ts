// Child process for md-fanout.bench.ts. `gateway`: the real Gateway with its trie and the
// market-data push shape (market-event.ts) of an FX option screen's series; `bare`: a plain
// ws server broadcasting the same events, encoded once, to every client (the floor).
// Prints `PORT <n>`. Control: Bench/burst {count} (gateway) or text `burst:N` (bare).
import { Command, Format, encodeMessage } from '../../../../src/wire';
import { serveBenchKind, startBareServer } from '../../../bench/bench-support';
import { startTestGateway } from '../../../gateway/test-support';
import { beijingDate, marketEvent, type MarketEvent } from '../../../market-feed/market-event';
import { readSnapshot } from '../sample-loader';

/** The series an FX option tab on USDCNY watches: spot, forward points, the vol surface. */
export const SCREEN_PATTERNS = ['md.fx.USDCNY', 'md.fwd.USDCNY.*', 'md.vol.USDCNY.**'];

function events(count: number): MarketEvent[] {
  const ids = readSnapshot().series.map((e) => e.info.id).filter((id) => id === 'fx.USDCNY' || id.startsWith('fwd.USDCNY.') || id.startsWith('vol.USDCNY.'));
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const id = ids[i % ids.length];
    const value = id.startsWith('fx.') ? 7.118 + i * 1e-4 : 3.45 + i * 1e-3;
    return marketEvent({ id, value, ...(id.startsWith('fx.') ? { bid: value - 5e-4, ask: value + 5e-4 } : {}), date: beijingDate(now), ts: now + i, source: 'simulated feed', sourceKind: 'simulated' });
  });
}

async function gateway(): Promise<number> {
  const g = await startTestGateway({ maxBufferedBytes: 64 * 1024 * 1024 });
  g.registry.register('Bench', 'rss', () => ({ rss: process.memoryUsage().rss, ...g.gateway.stats() }));
  g.registry.register('Bench', 'burst', async (content) => {
    const list = events(JSON.parse(content).count);
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (const e of list) g.bus.publish(e.topic, e);
    await new Promise((r) => setImmediate(r)); // the in-process bus drains on microtasks first
    const c = process.cpuUsage(c0);
    return { Code: '0000', ms: performance.now() - t0, cpuMs: (c.user + c.system) / 1000 };
  });
  return g.port;
}

function bare(): Promise<number> {
  return startBareServer((ws, data: Buffer, _isBinary, clients) => {
    const text = data.toString();
    if (!text.startsWith('burst:')) return;
    const list = events(Number(text.split(':')[1]));
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (const e of list) {
      const bytes = encodeMessage({ command: Command.SEND, format: Format.NOTIFY, seq: 0, body: e }, '2');
      for (const c of clients) if (c !== ws) c.send(bytes);
    }
    const c = process.cpuUsage(c0);
    ws.send(JSON.stringify({ ms: performance.now() - t0, cpuMs: (c.user + c.system) / 1000 }));
  });
}

const kind = process.argv[2];
if (kind === 'gateway' || kind === 'bare') await serveBenchKind(kind, { gateway, bare });

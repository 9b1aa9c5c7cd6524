// Live market pushes to 1,000 subscribed tabs. Each tab subscribes as an FX option screen on
// USDCNY does (md.fx.USDCNY, md.fwd.USDCNY.*, md.vol.USDCNY.**); a burst publishes that
// screen's series in the market-data push shape. Gateway: bus -> subscription trie -> encode
// once per data type -> send. Floor: a bare ws server encoding each event once and looping
// over its clients. Each server times its own burst in a child process; the bench process
// counts arrivals to prove every delivery happened.
import { type BenchServer, alternateServers, awaitDeliveries, machine, median, openBenchControl, openSockets, printSection, subscribeAll } from '../../bench/bench-support';
import { SCREEN_PATTERNS } from './bench/md-bench-server';

const TABS = 1_000;
const EVENTS = 60;
const BURSTS = 5;
const script = new URL('./bench/md-bench-server.ts', import.meta.url).pathname;

async function run(kind: 'gateway' | 'bare', server: BenchServer): Promise<Array<{ ms: number; cpuMs: number }>> {
  const url = server.url + '?dataType=2';
  let received = 0;
  const tabs = await openSockets(url, TABS, 200, (ws) => ws.on('message', () => received++));
  const control = await openBenchControl(url);
  if (kind === 'gateway') await subscribeAll(tabs, SCREEN_PATTERNS, control);
  const times: Array<{ ms: number; cpuMs: number }> = [];
  for (let b = 0; b < BURSTS; b++) {
    received = 0;
    const r = await control.burst(kind, EVENTS);
    times.push({ ms: r.ms as number, cpuMs: r.cpuMs as number });
    await awaitDeliveries(kind, () => received, TABS * EVENTS);
  }
  for (const ws of [...tabs, control.socket]) ws.terminate();
  return times.slice(1); // the first burst warms the JIT
}

const runs = await alternateServers(['bare', 'gateway', 'bare', 'gateway'], (server, kind) => run(kind, server), {
  script,
  log: (kind, all) => console.log(kind, all.flat().map((t) => `${t.ms.toFixed(1)}/${t.cpuMs.toFixed(1)}`).join(' ')),
});
const times = { gateway: runs.gateway.flat(), bare: runs.bare.flat() };
const frames = TABS * EVENTS;
// CPU time of the server process during its burst: wall time on these shared cores also
// counts other engineers' jobs.
const g = median(times.gateway.map((t) => t.cpuMs));
const b = median(times.bare.map((t) => t.cpuMs));
const gWall = median(times.gateway.map((t) => t.ms));
const bWall = median(times.bare.map((t) => t.ms));
printSection(`
### Live market pushes to ${TABS.toLocaleString('en')} tabs (server/services/market-data/md-fanout.bench.ts)

Machine: ${machine()}. ${TABS.toLocaleString('en')} sockets (dataType 2), each subscribed as an FX option
screen on USDCNY is (\`${SCREEN_PATTERNS.join('`, `')}\`: spot, forward points, the whole vol
surface). A burst publishes ${EVENTS} market-data pushes (\`{topic, id, value, date, ts, source,
sourceKind}\`, FX spot also \`pair, bid, ask, mid\`) on those series = ${frames.toLocaleString('en')} frames. Each
server times its own burst in a child process; the clients confirm every frame arrived.
Median of ${times.gateway.length} bursts per server over two alternating runs.
Floor: a bare \`ws\` server encoding each event once and sending it to every client in a loop
(no topics, no subscriptions).

| server | median burst, CPU ms | frames per CPU second | per push to 1,000 tabs | median burst, wall ms |
|---|---|---|---|---|
| bare ws broadcast (floor) | ${b.toFixed(1)} | ${(frames / (b / 1000)).toFixed(0)} | ${(b / EVENTS).toFixed(2)} ms | ${bWall.toFixed(1)} |
| gateway: bus -> trie (3 patterns a tab) -> encode once -> send | ${g.toFixed(1)} | ${(frames / (g / 1000)).toFixed(0)} | ${(g / EVENTS).toFixed(2)} ms | ${gWall.toFixed(1)} |

Gateway/floor throughput ratio (CPU): **${(b / g).toFixed(2)}** (wall: ${(bWall / gWall).toFixed(2)}). CPU time is that of
the server process over its burst (from the first publish until every frame is handed to its
socket); wall time on this shared 2-core machine also counts other engineers' jobs.
`);

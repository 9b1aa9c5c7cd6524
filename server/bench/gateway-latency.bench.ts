// Request/reply latency through the gateway: 300 sockets each sending 20 requests one after
// another (all sockets at once), to a cheap echo handler. Peer: a bare `ws` server that
// echoes the same frame bytes back without decoding. Server in a child process; clients
// here, identical on both sides (encode the request, decode the reply).
import type WebSocket from 'ws';
import { Command, Format, decodeMessage, encodeMessage } from '../../src/wire';
import { type BenchServer, alternateServers, highestRps, machine, openSockets, percentile, printSection } from './bench-support';

const SOCKETS = 300;
const REQUESTS = 20;

function nextMessage(ws: WebSocket): Promise<Buffer> {
  return new Promise((resolve) => ws.once('message', (d: Buffer) => resolve(d)));
}

async function run(server: BenchServer): Promise<{ p50: number; p99: number; max: number; rps: number }> {
  const sockets = await openSockets(server.url + '?dataType=2', SOCKETS);
  const latencies: number[] = [];
  const oneSocket = async (ws: WebSocket, n: number, record: boolean) => {
    for (let i = 1; i <= n; i++) {
      const frame = encodeMessage(
        { command: Command.SEND, format: Format.REQUEST, seq: i, sid: '', body: { serverName: 'Bench', method: 'echo', content: `{"i":${i},"q":"USDCNY 1M 25D RR"}` } },
        '2',
      );
      const t0 = performance.now();
      const reply = nextMessage(ws);
      ws.send(frame);
      const r = decodeMessage(new Uint8Array(await reply));
      const dt = performance.now() - t0;
      if (!r.ok || r.message.seq !== i) throw new Error('bad reply');
      if (record) latencies.push(dt);
    }
  };
  await Promise.all(sockets.map((ws) => oneSocket(ws, 3, false))); // warm-up
  const t0 = performance.now();
  await Promise.all(sockets.map((ws) => oneSocket(ws, REQUESTS, true)));
  const wall = (performance.now() - t0) / 1000;
  for (const ws of sockets) ws.terminate();
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1)!, rps: latencies.length / wall };
}

// Alternate peer and gateway twice each: the shared machine's load drifts.
const runs = await alternateServers(['bare', 'gateway', 'bare', 'gateway'], (server) => run(server));
const g = highestRps(runs.gateway);
const b = highestRps(runs.bare);
const f = (x: number) => x.toFixed(2);
printSection(`
### Gateway request/reply latency (server/bench/gateway-latency.bench.ts)

Machine: ${machine()}. ${SOCKETS} sockets x ${REQUESTS} sequential requests each, all sockets
concurrently, dataType 2, server in a child process, clients in the bench process.
Gateway: full decode, route to a \`Bench/echo\` handler, encode the reply. Peer: bare \`ws\`
server echoing the frame bytes (no decoding, no routing). Two alternating runs per
server; the row is each server's run with the higher throughput.

| server | p50 ms | p99 ms | max ms | requests/s |
|---|---|---|---|---|
| bare ws echo (peer) | ${f(b.p50)} | ${f(b.p99)} | ${f(b.max)} | ${b.rps.toFixed(0)} |
| gateway | ${f(g.p50)} | ${f(g.p99)} | ${f(g.max)} | ${g.rps.toFixed(0)} |

Throughput ratio gateway/peer: **${(g.rps / b.rps).toFixed(2)}**; p50 ratio: ${(g.p50 / b.p50).toFixed(2)}.
`);

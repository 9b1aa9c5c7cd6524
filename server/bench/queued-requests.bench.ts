// 1,000 requests sent at once on one socket (a bulk screen, or ten busy tabs sharing the
// browser's one socket): the gateway runs 64 at a time and queues the rest. Throughput of
// the whole burst, and the latency of a lone request on a second socket meanwhile (the
// queue's fairness). Peer: a bare `ws` server echoing the frame bytes (no decoding, no
// routing, no queue). Server in a child process; clients here, identical on both sides.
import type WebSocket from 'ws';
import { Command, Format, decodeMessage, encodeMessage } from '../../src/wire';
import { type BenchServer, alternateServers, highestRps, machine, openSockets, percentile, printSection } from './bench-support';

const BURST = 1_000;
const ROUNDS = 50;

const frame = (seq: number) =>
  encodeMessage({ command: Command.SEND, format: Format.REQUEST, seq, sid: '', body: { serverName: 'Bench', method: 'echo', content: `{"i":${seq},"q":"USDCNY 1M 25D RR"}` } }, '2');

/** Sends BURST frames at once on `ws`; resolves when every seq came back exactly once. */
function burst(ws: WebSocket, base: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const seen = new Uint8Array(BURST);
    let left = BURST;
    const onMessage = (d: Buffer) => {
      const r = decodeMessage(new Uint8Array(d));
      const i = r.ok ? r.message.seq - base : -1;
      if (i < 0 || i >= BURST || seen[i]) return reject(new Error('bad or repeated reply'));
      seen[i] = 1;
      if (--left === 0) {
        ws.off('message', onMessage);
        resolve();
      }
    };
    ws.on('message', onMessage);
    for (let i = 0; i < BURST; i++) ws.send(frame(base + i));
  });
}

async function run(server: BenchServer): Promise<{ rps: number; burstMs: number; loneP50: number; loneP99: number }> {
  const [bulk, lone] = await openSockets(server.url + '?dataType=2', 2);
  await burst(bulk, 1); // warm-up
  const burstMs: number[] = [];
  const loneMs: number[] = [];
  let stop = false;
  // A second socket asking one thing at a time while the bursts run.
  const loneLoop = (async () => {
    for (let seq = 1; !stop; seq++) {
      const t0 = performance.now();
      const reply = new Promise<Buffer>((r) => lone.once('message', (d: Buffer) => r(d)));
      lone.send(frame(seq));
      const r = decodeMessage(new Uint8Array(await reply));
      if (!r.ok || r.message.seq !== seq) throw new Error('bad lone reply');
      loneMs.push(performance.now() - t0);
    }
  })();
  const t0 = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    const t = performance.now();
    await burst(bulk, 1_000_000 + round * BURST);
    burstMs.push(performance.now() - t);
  }
  const wall = (performance.now() - t0) / 1000;
  stop = true;
  await loneLoop;
  bulk.terminate();
  lone.terminate();
  burstMs.sort((a, b) => a - b);
  loneMs.sort((a, b) => a - b);
  return { rps: (ROUNDS * BURST) / wall, burstMs: percentile(burstMs, 50), loneP50: percentile(loneMs, 50), loneP99: percentile(loneMs, 99) };
}

// Alternate peer and gateway three times each: the shared machine's load drifts.
const runs = await alternateServers(['bare', 'gateway', 'bare', 'gateway', 'bare', 'gateway'], (server) => run(server));
const g = highestRps(runs.gateway);
const b = highestRps(runs.bare);
const f = (x: number) => x.toFixed(2);
printSection(`
### Many requests on one socket (server/bench/queued-requests.bench.ts)

Machine: ${machine()}. One socket sends ${BURST.toLocaleString('en')} requests at once and waits for
all replies, ${ROUNDS} times; meanwhile a second socket sends one request at a time. dataType 2,
server in a child process, clients in the bench process. Gateway: runs 64 handlers per
connection and queues the rest (decode, route to \`Bench/echo\`, encode, reply by seq); the lone
socket is served round-robin beside the queue. Peer: bare \`ws\` server echoing the frame bytes
(no decoding, no routing, no queue). Three alternating runs per server; the row is each
server's run with the highest throughput.

| server | requests/s (bursts) | burst of ${BURST.toLocaleString('en')}, p50 ms | lone request p50 ms | lone request p99 ms |
|---|---|---|---|---|
| bare ws echo (peer) | ${b.rps.toFixed(0)} | ${f(b.burstMs)} | ${f(b.loneP50)} | ${f(b.loneP99)} |
| gateway | ${g.rps.toFixed(0)} | ${f(g.burstMs)} | ${f(g.loneP50)} | ${f(g.loneP99)} |

Throughput ratio gateway/peer: **${(g.rps / b.rps).toFixed(2)}**; lone-request p99 ratio: ${(g.loneP99 / b.loneP99).toFixed(2)}.
`);

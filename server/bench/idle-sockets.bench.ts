// Memory of 10,000 idle authenticated sockets. Each socket CONNECTs with connType S (a
// session id the bench server's test authority accepts), then sends a heartbeat. Server RSS
// is read from /proc for the child process alone. Peer: a bare `ws` server holding the same
// number of idle sockets (no sessions, no codec state).
import type WebSocket from 'ws';
import { Command, Format, encodeMessage } from '../../src/wire';
import { type BenchServer, machine, openSockets, printSection, sleep, spawnBenchServer } from './bench-support';

const SOCKETS = 10_000;
const MB = 1024 * 1024;

async function run(kind: 'gateway' | 'bare', server: BenchServer): Promise<{ base: number; loaded: number; seconds: number }> {
  await sleep(1_000);
  const base = server.rssBytes();
  const t0 = performance.now();
  let replies = 0;
  const sockets = await openSockets(server.url + '?dataType=3', SOCKETS, 250, (ws, i) => {
    if (kind !== 'gateway') return;
    ws.on('message', () => replies++);
    ws.send(encodeMessage({ command: Command.CONNECT, format: Format.REQUEST, seq: 1, sid: `bench-u${i}`, body: { userName: '', pwd: '', connType: 'S' } }, '3'));
  });
  if (kind === 'gateway') {
    while (replies < SOCKETS) await sleep(100);
    sockets.forEach((ws: WebSocket, i) => {
      const f = encodeMessage({ command: Command.HEARTBEAT, format: Format.REQUEST, seq: 0, sid: `bench-u${i}` }, '3');
      ws.send(f);
    });
  } else {
    for (const ws of sockets) ws.send('ping');
  }
  const seconds = (performance.now() - t0) / 1000;
  await sleep(3_000);
  const loaded = server.rssBytes();
  for (const ws of sockets) ws.terminate();
  return { base, loaded, seconds };
}

const r: Record<string, { base: number; loaded: number; seconds: number }> = {};
for (const kind of ['bare', 'gateway'] as const) {
  const server = await spawnBenchServer(kind);
  try {
    r[kind] = await run(kind, server);
  } finally {
    await server.stop();
  }
  console.log(kind, r[kind]);
}
const per = (x: { base: number; loaded: number }) => (x.loaded - x.base) / SOCKETS / 1024;
const g = r.gateway;
const b = r.bare;
printSection(`
### ${SOCKETS.toLocaleString('en')} idle authenticated sockets (server/bench/idle-sockets.bench.ts)

Machine: ${machine()}. Server in a child process (fd limit raised to the hard limit); RSS
from /proc of that process only, 3 s after the last heartbeat. Gateway sockets are
dataType 3, each CONNECTed with connType S (session checked through the authority and
cached) and then sent one heartbeat. Peer: bare \`ws\` server with the same number of
sockets, each sent one text frame.

| server | RSS empty | RSS with ${SOCKETS.toLocaleString('en')} sockets | per socket | time to open + authenticate |
|---|---|---|---|---|
| bare ws (peer) | ${(b.base / MB).toFixed(0)} MB | ${(b.loaded / MB).toFixed(0)} MB | ${per(b).toFixed(1)} KB | ${b.seconds.toFixed(1)} s |
| gateway | ${(g.base / MB).toFixed(0)} MB | ${(g.loaded / MB).toFixed(0)} MB | ${per(g).toFixed(1)} KB | ${g.seconds.toFixed(1)} s |

Gateway RSS with ${SOCKETS.toLocaleString('en')} sockets: **${(g.loaded / MB).toFixed(0)} MB** (target < 1024 MB); per-socket
cost ratio gateway/peer: ${(per(g) / per(b)).toFixed(2)}.
`);

// A morning login wave against the rest of the desk (issue 19): WAVE_USERS (300) sockets log in
// with production Argon2id (CONNECT P) all at once while 10 other sockets keep sending cheap
// requests one after another. Reported: logins per second and the p50/p99 of the other
// requests during the wave, with hashing on the hashing threads (ours), on the gateway's
// thread (before), and the peer: the same requests with no wave at all (bare requests).
// Server in a child process (login/bench/login-wave-server.ts), clients here.
import type WebSocket from 'ws';
import { Command, Format, decodeMessage, encodeMessage } from '../../../src/wire';
import { type BenchServer, machine, openSockets, percentile, printSection, sleep, spawnBenchServer } from '../../bench/bench-support';
import { passwordHashThreads } from './passwords';

const USERS = Number(process.env.WAVE_USERS ?? 300);
const DESKS = 10;
const BARE_MS = 4_000;
const script = new URL('./bench/login-wave-server.ts', import.meta.url).pathname;

interface Run {
  logins: number;
  ok: number;
  seconds: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
}

function frame(seq: number, command: number, body: unknown): Uint8Array {
  return encodeMessage({ command: command as never, format: Format.REQUEST, seq, sid: '', body }, '2') as Uint8Array;
}

function reply(ws: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) =>
    ws.once('message', (d: Buffer) => {
      const r = decodeMessage(new Uint8Array(d));
      resolve(r.ok ? ((r.message.body ?? {}) as Record<string, unknown>) : {});
    }),
  );
}

async function run(mode: 'inline' | 'pool' | 'bare', server: BenchServer): Promise<Run> {
  {
    const desks = await openSockets(server.url + '?dataType=2', DESKS);
    const loginSockets = mode === 'bare' ? [] : await openSockets(server.url + '?dataType=2', USERS, 100);
    // Warm-up: one login starts the hashing thread and its WebAssembly module.
    if (loginSockets.length) {
      const p = reply(loginSockets[0]);
      loginSockets[0].send(frame(1, Command.CONNECT, { userName: 'wave0', pwd: 'wave-secret-1', connType: 'P' }));
      await p;
    }
    console.error(`[login-wave] ${mode}: sockets open, warm`);
    let stop = false;
    const latencies: number[] = [];
    const desk = async (ws: WebSocket) => {
      for (let seq = 1; !stop; seq++) {
        const t0 = performance.now();
        const p = reply(ws);
        ws.send(frame(seq, Command.SEND, { serverName: 'Bench', method: 'echo', content: `{"q":"USDCNY 1M","i":${seq}}` }));
        await p;
        latencies.push(performance.now() - t0);
        await sleep(5); // a desk's steady trickle, not a flood
      }
    };
    const running = desks.map((ws) => desk(ws));
    await sleep(300);
    latencies.length = 0; // only what happens during the wave (or the bare window) counts
    const t0 = performance.now();
    let ok = 0;
    if (mode === 'bare') await sleep(BARE_MS);
    else {
      const answers = await Promise.all(
        loginSockets.map((ws, i) => {
          const p = reply(ws);
          ws.send(frame(2, Command.CONNECT, { userName: `wave${i}`, pwd: 'wave-secret-1', connType: 'P' }));
          return p;
        }),
      );
      ok = answers.filter((a) => a.Code === '0000').length;
    }
    const seconds = (performance.now() - t0) / 1000;
    console.error(`[login-wave] ${mode}: wave done in ${seconds.toFixed(1)} s`);
    stop = true;
    const measured = [...latencies].sort((a, b) => a - b);
    await Promise.all(running);
    for (const ws of [...desks, ...loginSockets]) ws.terminate();
    return { logins: mode === 'bare' ? 0 : USERS, ok, seconds, p50: percentile(measured, 50), p99: percentile(measured, 99), max: measured.at(-1) ?? NaN, requests: measured.length };
  }
}

/** One server per hashing mode; the peer runs on the pool server before its wave. */
async function withServer<T>(mode: 'inline' | 'pool', fn: (s: BenchServer) => Promise<T>): Promise<T> {
  const server = await spawnBenchServer(mode as never, script);
  console.error(`[login-wave] ${mode}: server up`);
  try {
    return await fn(server);
  } finally {
    await server.stop();
  }
}

const [bare, pool] = await withServer('pool', async (s) => [await run('bare', s), await run('pool', s)]);
const inline = await withServer('inline', (s) => run('inline', s));
const results = { pool, inline, bare };
const f = (x: number) => x.toFixed(1);
const row = (name: string, r: Run) =>
  `| ${name} | ${r.logins ? `${r.ok}/${r.logins}` : '-'} | ${r.logins ? (r.ok / r.seconds).toFixed(1) : '-'} | ${f(r.p50)} | ${f(r.p99)} | ${f(r.max)} | ${r.requests} |`;
printSection(`
### Login wave: Argon2id on hashing threads (server/services/login/login-wave.bench.ts)

Machine: ${machine()}. ${USERS} sockets log in at once (CONNECT P, Argon2id m=19 MiB, t=2, p=1)
while ${DESKS} other sockets each send a cheap request, wait for its reply, pause 5 ms, and
again. Latency columns are those other requests during the wave. Ours: hashing on
${passwordHashThreads()} hashing thread(s) (PASSWORD_HASH_THREADS default: cores - 1, 1..4).
Before: the same derivations on the gateway's thread. Peer: the same requests with no wave
(${BARE_MS / 1000} s). Server in a child process, real LoginSvr on a fresh embedded database.

| run | logins ok | logins/s | other p50 ms | other p99 ms | other max ms | other requests |
|---|---|---|---|---|---|---|
${row('hashing threads (ours)', results.pool)}
${row('gateway thread (before)', results.inline)}
${row('no wave (bare requests, peer)', results.bare)}

p99 of other requests during the wave, ours / peer: **${(results.pool.p99 / results.bare.p99).toFixed(1)}x**; before / peer: ${(results.inline.p99 / results.bare.p99).toFixed(1)}x.
`);

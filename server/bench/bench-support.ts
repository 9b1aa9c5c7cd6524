// Helpers shared by the gateway benchmarks: spawning the server child (and, in the child,
// the bare peer server), opening many sockets, the control socket, alternating runs,
// percentiles, Markdown.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { Command, Format, decodeMessage, encodeMessage } from '../../src/wire';

export interface BenchServer {
  port: number;
  url: string;
  child: ChildProcess;
  rssBytes(): number;
  stop(): Promise<void>;
}

/**
 * Starts server/bench/bench-server.ts `kind` (or another bench server script speaking the
 * same `PORT n` line) in a child process with a raised fd limit.
 */
export function spawnBenchServer(kind: 'gateway' | 'bare', script = new URL('./bench-server.ts', import.meta.url).pathname): Promise<BenchServer> {
  // `ulimit -n` up to the hard limit: 10,000 sockets need more than the usual 1,024 fds.
  const child = spawn('sh', ['-c', `ulimit -n $(ulimit -Hn) 2>/dev/null; exec "${process.execPath}" --import tsx "${script}" ${kind}`], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`bench server exited ${code}`)));
    child.stdout!.on('data', (d) => {
      out += d;
      const m = out.match(/PORT (\d+)/);
      if (!m) return;
      const port = Number(m[1]);
      resolve({
        port,
        url: `ws://127.0.0.1:${port}/gw/ws`,
        child,
        rssBytes() {
          const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
          return Number(status.match(/VmRSS:\s+(\d+) kB/)![1]) * 1024;
        },
        stop() {
          return new Promise((r) => {
            child.removeAllListeners('exit');
            child.once('exit', () => r());
            child.kill('SIGTERM');
          });
        },
      });
    });
  });
}

/** Opens `n` sockets, `batch` at a time. */
export async function openSockets(url: string, n: number, batch = 200, onOpen?: (ws: WebSocket, i: number) => void): Promise<WebSocket[]> {
  const out: WebSocket[] = [];
  for (let i = 0; i < n; i += batch) {
    const group = await Promise.all(
      Array.from({ length: Math.min(batch, n - i) }, (_, j) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(url, { perMessageDeflate: false });
          ws.once('open', () => {
            onOpen?.(ws, i + j);
            resolve(ws);
          });
          ws.once('error', reject);
        }),
      ),
    );
    out.push(...group);
  }
  return out;
}

export { machine, median, percentile } from '../../scripts/bench-kit';

export function printSection(md: string): void {
  process.stdout.write(`<!-- bench:begin -->\n${md.trim()}\n\n<!-- bench:end -->\n`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** In a bench server child: starts the server for argv `kind`, prints `PORT n`, exits on SIGTERM. */
export async function serveBenchKind(kind: 'gateway' | 'bare', start: Record<'gateway' | 'bare', () => Promise<number>>): Promise<void> {
  const port = await start[kind]();
  process.stdout.write(`PORT ${port}\n`);
  process.on('SIGTERM', () => process.exit(0));
}

/**
 * The peer of the gateway benchmarks: a plain `ws` server on /gw/ws (random loopback port)
 * keeping the set of its clients; `onMessage` does the rest. Resolves to the port.
 */
export async function startBareServer(onMessage: (ws: WebSocket, data: Buffer, isBinary: boolean, clients: Set<WebSocket>) => void): Promise<number> {
  const server = createServer();
  const wss = new WebSocketServer({ server, path: '/gw/ws', perMessageDeflate: false });
  const clients = new Set<WebSocket>();
  wss.on('connection', (ws) => {
    clients.add(ws);
    ws.on('close', () => clients.delete(ws));
    ws.on('message', (data: Buffer, isBinary) => onMessage(ws, data, isBinary, clients));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

export interface BenchControl {
  socket: WebSocket;
  /** The next reply on the control socket: JSON text (bare) or a decoded wire body (gateway). */
  reply(): Promise<Record<string, unknown>>;
  /** A `Bench/<method>` request to the gateway, answered by its reply. */
  request(method: string, content: string): Promise<Record<string, unknown>>;
  /**
   * One burst of `count` events (of about `size` bytes, if the server takes a size): `Bench/burst`
   * on the gateway, text `burst:N[:SIZE]` on the bare peer. Resolves to the server's timing.
   */
  burst(kind: 'gateway' | 'bare', count: number, size?: number): Promise<Record<string, unknown>>;
}

/** One more socket on `url` to drive the bench server (bursts, rss) while the others listen. */
export async function openBenchControl(url: string): Promise<BenchControl> {
  const socket = (await openSockets(url, 1))[0];
  const reply = () =>
    new Promise<Record<string, unknown>>((resolve) => {
      socket.once('message', (d: Buffer, isBinary: boolean) => {
        if (!isBinary) return resolve(JSON.parse(d.toString()));
        const r = decodeMessage(new Uint8Array(d));
        resolve(r.ok ? (r.message.body as Record<string, unknown>) : {});
      });
    });
  const request = (method: string, content: string) => {
    const p = reply();
    socket.send(encodeMessage({ command: Command.SEND, format: Format.REQUEST, seq: 1, body: { serverName: 'Bench', method, content } }, '2'));
    return p;
  };
  const burst = (kind: 'gateway' | 'bare', count: number, size?: number) => {
    if (kind === 'gateway') return request('burst', JSON.stringify({ count, size }));
    const p = reply();
    socket.send(size === undefined ? `burst:${count}` : `burst:${count}:${size}`);
    return p;
  };
  return { socket, reply, request, burst };
}

/** Waits (up to 30 s) until `received()` reaches `expected`; throws if frames went missing. */
export async function awaitDeliveries(kind: string, received: () => number, expected: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (received() < expected && Date.now() < deadline) await sleep(50);
  if (received() !== expected) throw new Error(`${kind}: ${received()} of ${expected} delivered`);
}

/** Subscribes every socket to each of `patterns` and waits until the gateway counts them all. */
export async function subscribeAll(sockets: WebSocket[], patterns: string[], control: BenchControl): Promise<void> {
  for (const pattern of patterns) {
    const sub = encodeMessage({ command: Command.SEND, format: Format.SEND, seq: 0, body: { serverName: 'gateway', method: 'subscribe', content: pattern } }, '2');
    for (const ws of sockets) ws.send(sub);
  }
  while (((await control.request('rss', '')).subscriptions as number) < sockets.length * patterns.length) await sleep(100);
}

/**
 * Runs `run` on a fresh server child of each kind in `order`, alternating because the shared
 * machine's load drifts; logs each kind's results so far with `log`.
 */
export async function alternateServers<R>(
  order: ReadonlyArray<'bare' | 'gateway'>,
  run: (server: BenchServer, kind: 'bare' | 'gateway') => Promise<R>,
  opts: { script?: string; log?: (kind: 'bare' | 'gateway', results: R[]) => void } = {},
): Promise<Record<'bare' | 'gateway', R[]>> {
  const runs: Record<'bare' | 'gateway', R[]> = { bare: [], gateway: [] };
  for (const kind of order) {
    const server = await spawnBenchServer(kind, opts.script);
    try {
      runs[kind].push(await run(server, kind));
    } finally {
      await server.stop();
    }
    if (opts.log) opts.log(kind, runs[kind]);
    else console.log(kind, runs[kind].at(-1));
  }
  return runs;
}

/** The run with the best throughput (least disturbed by other load). */
export const highestRps = <R extends { rps: number }>(xs: R[]): R => xs.reduce((a, c) => (c.rps > a.rps ? c : a));

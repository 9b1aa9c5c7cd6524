// Helpers shared by the gateway benchmarks: spawning the server child, opening many
// sockets, percentiles, Markdown.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';

export interface BenchServer {
  port: number;
  url: string;
  child: ChildProcess;
  rssBytes(): number;
  stop(): Promise<void>;
}

/** Starts server/bench/bench-server.ts `kind` in a child process with a raised fd limit. */
export function spawnBenchServer(kind: 'gateway' | 'bare'): Promise<BenchServer> {
  const script = new URL('./bench-server.ts', import.meta.url).pathname;
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

// A real `npm run server` (server/main.ts under tsx) for e2e specs and server tests: random
// port, temporary DATA_DIR, optional DEMO_USER, serving the built dist/. Specs can kill it (crash or
// graceful) and restart it on the same port and DATA_DIR to test reconnects. It never
// builds anything: `npm run test:e2e` builds first.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { E2E_CLOCK } from './clock';

export interface ServerOptions {
  /** Extra environment (e.g. DEMO_USER: 'demo:demo1234', MARKET_FEED: 'off'). DESK_CLOCK defaults to E2E_CLOCK. */
  env?: Record<string, string>;
  /** Reuse a data folder (kept on stop); default a fresh temporary one (removed on stop). */
  dataDir?: string;
  /** Require the built web app in dist/ (default true; socket-only tests pass false). */
  requireBuild?: boolean;
}

export interface TestServer {
  readonly baseUrl: string;
  readonly port: number;
  readonly dataDir: string;
  /** Everything the server printed so far. */
  log(): string;
  /** GET /api/stats (gateway connection counts). */
  stats(): Promise<{ connections: number; subscriptions: number; authenticated: number; [k: string]: unknown }>;
  /** Ends the process: SIGKILL simulates a crash, SIGTERM a graceful shutdown. */
  kill(signal?: 'SIGKILL' | 'SIGTERM'): Promise<void>;
  /** Starts it again on the same port and DATA_DIR; resolves once /healthz answers 200. */
  restart(): Promise<void>;
  /** Kills it and removes a temporary DATA_DIR. */
  stop(): Promise<void>;
}

const STARTUP_TIMEOUT_MS = 150_000; // a first start loads the sample data into a new database; a loaded machine takes its time

function launch(env: Record<string, string>, onOutput: (s: string) => void): ChildProcess {
  // node --import tsx (not npx): one process, so killing its pid really stops the server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => onOutput(d.toString()));
  child.stderr!.on('data', (d) => onOutput(d.toString()));
  return child;
}

async function waitFor<T>(what: string, probe: () => Promise<T | null> | T | null, timeoutMs: number, logTail: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== null) return v;
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms; server output:\n${logTail().slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startServer(opts: ServerOptions = {}): Promise<TestServer> {
  if (opts.requireBuild !== false && !existsSync(join(process.cwd(), 'dist', 'index.html'))) throw new Error('no dist/index.html: run `npx vite build` (npm run test:e2e does) first');
  const ownDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'desk-e2e-'));
  let output = '';
  const append = (s: string) => (output += s);
  const baseEnv = { HOST: '127.0.0.1', DATA_DIR: dataDir, DESK_CLOCK: E2E_CLOCK, ...opts.env };

  let child = launch({ ...baseEnv, PORT: '0' }, append);
  let failed: Error | null = null;
  child.once('exit', (code, sig) => (failed = new Error(`server exited early (${code ?? sig})`)));
  const port = await waitFor(
    'server did not print its address',
    () => {
      if (failed) throw new Error(`${(failed as Error).message}:\n${output.slice(-4000)}`);
      const m = /Server listening on http:\/\/[^\s:]+:(\d+)/.exec(output);
      return m ? Number(m[1]) : null;
    },
    STARTUP_TIMEOUT_MS,
    () => output,
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const healthy = () =>
    waitFor('server not healthy', () => fetch(`${baseUrl}/healthz`).then((r) => (r.ok ? true : null), () => null), STARTUP_TIMEOUT_MS, () => output);
  await healthy();

  const kill = async (signal: 'SIGKILL' | 'SIGTERM' = 'SIGKILL') => {
    const c = child;
    if (c.exitCode !== null || c.signalCode !== null) return;
    const gone = exited(c);
    c.kill(signal);
    await gone;
  };

  return {
    baseUrl,
    port,
    dataDir,
    log: () => output,
    async stats() {
      const r = await fetch(`${baseUrl}/api/stats`);
      if (!r.ok) throw new Error(`/api/stats answered ${r.status}`);
      return r.json();
    },
    kill,
    async restart() {
      await kill();
      output += '\n--- restart ---\n';
      child = launch({ ...baseEnv, PORT: String(port) }, append);
      await healthy();
    },
    async stop() {
      await kill();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Sets the socket settings every page of `context` starts with (localStorage key
 * `deskSocketConfig`, read by src/socket-client), e.g. a short reconnect delay.
 */
export async function setSocketConfig(context: BrowserContext, config: Record<string, unknown>): Promise<void> {
  await context.addInitScript((value) => localStorage.setItem('deskSocketConfig', value), JSON.stringify(config));
}

/** Polls `probe` until it returns a non-null value (for counts that settle asynchronously). */
export async function eventually<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v !== null && v !== undefined && v !== false) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

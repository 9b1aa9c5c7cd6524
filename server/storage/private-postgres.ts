// Tests only: a throwaway PostgreSQL cluster of our own (initdb in a temp dir, a free port),
// which a test may stop and start under a running server without touching the machine's
// shared cluster. Needs the PostgreSQL server binaries (PG_BIN, else the Debian path); as
// root the cluster runs as the `postgres` user (initdb refuses root).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const BIN_DIRS = [process.env.PG_BIN, '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/14/bin'].filter(Boolean) as string[];

/** The directory holding initdb and pg_ctl, or null when this machine has none. */
export function postgresBinDir(): string | null {
  for (const d of BIN_DIRS) if (fs.existsSync(path.join(d, 'initdb')) && fs.existsSync(path.join(d, 'pg_ctl'))) return d;
  return null;
}

export interface PrivatePostgres {
  url: string;
  port: number;
  /** pg_ctl stop; `immediate` drops every connection at once (a crash, as far as clients see). */
  stop(mode?: 'immediate' | 'fast'): void;
  start(): void;
  /** Stops the server (if running) and deletes its directory. Safe to call twice. */
  dispose(): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

// A test process that dies before its afterAll still stops its clusters and deletes them.
const live = new Set<PrivatePostgres>();
process.once('exit', () => {
  for (const h of [...live]) {
    try {
      h.dispose();
    } catch {
      // best effort on the way out
    }
  }
});

/** Creates and starts a cluster (trust auth, database `test`). Throws when the binaries are absent. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL server binaries not found (set PG_BIN)');
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-private-pg-'));
  const data = path.join(dir, 'data');
  const run = (cmd: string, args: string[]) => {
    const full = asRoot ? ['runuser', '-u', 'postgres', '--', path.join(bin, cmd), ...args] : [path.join(bin, cmd), ...args];
    const r = spawnSync(full[0], full.slice(1), { encoding: 'utf8', timeout: 60_000 });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout || r.error}`);
  };
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const port = await freePort();
  let running = false;
  let disposed = false;
  const handle: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/test`,
    port,
    start() {
      // Sockets in the data dir's parent (ours), not /var/run/postgresql; fsync off: throwaway.
      run('pg_ctl', ['-D', data, '-w', '-t', '30', '-l', path.join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`, 'start']);
      running = true;
    },
    stop(mode = 'immediate') {
      run('pg_ctl', ['-D', data, '-w', '-t', '30', '-m', mode, 'stop']);
      running = false;
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      live.delete(handle);
      try {
        if (running) handle.stop('immediate');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  live.add(handle);
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
    handle.start();
    run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'test']);
  } catch (e) {
    handle.dispose();
    throw e;
  }
  return handle;
}

// `npm run import -- FILE [FILE...] [--user NAME]`: imports market data files (CSV, XLSX,
// JSON; docs/market-data.md) straight into the database the server uses: DATABASE_URL
// (PostgreSQL) when set, else the embedded database in DATA_DIR (./data). Each file is all
// or nothing; every bad row is printed as FILE:LINE[:COLUMN]: reason. Exit 0 when every
// file imported, 1 when one was rejected, 2 on a usage or database error.
//
// Why the database and not a running server: it needs no account or network and works
// before the first start. The embedded database is single-process (storage/data-dir-lock.ts),
// so with PGlite stop the server first or import from the UI; with PostgreSQL the server may
// keep running, and with NATS_URL set the import's md.{id} pushes reach its subscribers.
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import os from 'node:os';
import { createBus } from '../../bus/index';
import { createConsoleLogger } from '../../gateway/log';
import { openDatabase } from '../../storage/index';
import { MarketData, type MarketDataDeps } from './service';

export function parseArgs(argv: string[]): { files: string[]; user: string } | string {
  const files: string[] = [];
  let user = `cli:${os.userInfo().username}`;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--user') {
      const v = argv[++i];
      if (!v) return '--user needs a name';
      user = v;
    } else if (a === '--help' || a === '-h') return 'usage';
    else if (a.startsWith('--')) return `unknown option ${a}`;
    else files.push(a);
  }
  return files.length ? { files, user } : 'usage';
}

const USAGE = 'usage: npm run import -- FILE [FILE...] [--user NAME]   (CSV, XLSX or JSON; see docs/market-data.md)';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

const consoleIo: CliIo = { out: (l) => console.log(l), err: (l) => console.error(l) };

/** The whole CLI; returns the exit code. `env` and `io` are injectable for tests. */
export async function runImportCli(argv: string[], env: NodeJS.ProcessEnv = process.env, io: CliIo = consoleIo, opts: { now?: () => number; sample?: MarketDataDeps['sample'] } = {}): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    io.err(args === 'usage' ? USAGE : `${args}\n${USAGE}`);
    return 2;
  }
  const databaseUrl = env.DATABASE_URL || undefined;
  const dataDir = resolve(env.DATA_DIR || './data');
  let db;
  try {
    db = await openDatabase({ dataDir, databaseUrl });
  } catch (e) {
    const msg = String((e as Error).message ?? e);
    io.err(/in use by process/.test(msg)
      ? `${msg}\nThe embedded database allows one process: stop the server, or import from the app (drag the file onto the market data import), or use PostgreSQL (DATABASE_URL).`
      : `cannot open the database: ${msg}`);
    return 2;
  }
  const log = createConsoleLogger((env.LOG_LEVEL as 'info') || 'warn');
  const bus = await createBus(env.NATS_URL || undefined, log);
  let failed = false;
  try {
    // The real history is the server's to load (in the background): an import does not wait for it.
    const md = new MarketData({ db, bus, log, now: opts.now, sample: opts.sample, history: false });
    await md.ready;
    for (const file of args.files) {
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(readFileSync(file));
      } catch (e) {
        io.err(`${file}: ${(e as Error).message}`);
        failed = true;
        continue;
      }
      const r = await md.importFile({ bytes, fileName: basename(file), userName: args.user });
      if (r.ok) {
        io.out(`${file}: imported ${r.rows} observation(s) of ${r.series.length} series as ${r.format}${r.unchanged ? ` (${r.unchanged} already stored)` : ''}`);
      } else {
        failed = true;
        io.err(`${file}: nothing imported, ${r.errors.length} bad row(s):`);
        for (const e of r.errors) io.err(`${file}:${e.line}${e.column ? `:${e.column}` : ''}: ${e.en} / ${e.zh}${e.detail ? ` (${e.detail})` : ''}`);
      }
    }
  } finally {
    await bus.close();
    await db.close();
  }
  return failed ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  runImportCli(process.argv.slice(2)).then((code) => process.exit(code), (e) => {
    console.error(e);
    process.exit(2);
  });
}

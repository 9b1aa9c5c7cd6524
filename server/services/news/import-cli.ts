// `npm run import-news -- [options] FILE...`: imports RSS 2.0 / Atom 1.0 files into the news
// table, each file all or nothing, re-imports recognised by guid/link (docs/api/news.md).
//
// Two ways in:
//  - directly into the database named by DATA_DIR / DATABASE_URL (as the server reads them).
//    The embedded database (PGlite) is one process's alone (server/storage/data-dir-lock.ts):
//    while the server runs on that DATA_DIR this refuses, saying so, and suggests --server.
//    With PostgreSQL it writes while servers run; with NATS_URL set the servers get the
//    `news.new` push too, otherwise open screens see the articles when they next load.
//  - through a running server (--server http://host:port): the file goes to NewsSvr IMPORT
//    over the socket as a user listed in the server's NEWS_IMPORTERS (--user or
//    NEWS_IMPORT_USER, password in NEWS_IMPORT_PASSWORD); the server stores and pushes.
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import WebSocket from 'ws';
import { Command, DataType, Format, decodeMessage, encodeMessage } from '../../../src/wire';
import { NEWS_LIMITS, NEWS_SERVER, NewsCode, NewsMethod, type NewsImportProblem } from '../../../src/tools/news/contract';
import { ConfigError, loadConfig } from '../../config';
import type { Database, NotificationBus } from '../../contracts';
import { createBus } from '../../bus/index';
import { createConsoleLogger } from '../../gateway/log';
import { openDatabase } from '../../storage/index';
import { parseFeed, type FeedOptions } from './feed';
import { NewsFailure } from './service';
import { createNewsService } from './index';

const USAGE = `Usage: npm run import-news -- [options] FILE...
Imports RSS 2.0 and Atom 1.0 files (checked by content, whatever their names) into the news.
Each file is imported all or nothing; articles already imported (same source and guid/link)
are updated when their text changed, else left alone.

  --source NAME      source shown for the articles (default: the feed's title)
  --lang CODE        language when the feed does not say (zh, en, ...)
  --assume-tz +08:00 time zone for dates written without one (default: refuse such dates)
  --dry-run          check the files and show what would be imported; write nothing
  --server URL       import through the running server at URL (http://host:port) instead of
                     opening the database; as --user (or NEWS_IMPORT_USER), password in
                     NEWS_IMPORT_PASSWORD; the user must be listed in the server's NEWS_IMPORTERS
  --user NAME
  --json             print one JSON result per file

Database: DATA_DIR (embedded, default ./data) or DATABASE_URL (PostgreSQL), as for the server.`;

export interface CliArgs {
  files: string[];
  opts: FeedOptions;
  dryRun: boolean;
  server?: string;
  user?: string;
  json: boolean;
}

export function parseArgs(argv: string[]): CliArgs | { error: string } {
  const a: CliArgs = { files: [], opts: {}, dryRun: false, json: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${arg} needs a value`);
      return v;
    };
    try {
      if (arg === '--source') a.opts.source = value();
      else if (arg === '--lang') a.opts.lang = value();
      else if (arg === '--assume-tz') {
        const z = value();
        if (!/^(?:Z|[+-]\d{2}:?\d{2})$/.test(z)) return { error: `--assume-tz must be an offset such as +08:00, got ${z}` };
        a.opts.assumeTimeZone = z;
      } else if (arg === '--dry-run') a.dryRun = true;
      else if (arg === '--server') a.server = value();
      else if (arg === '--user') a.user = value();
      else if (arg === '--json') a.json = true;
      else if (arg === '--help' || arg === '-h') return { error: '' };
      else if (arg.startsWith('--')) return { error: `unknown option ${arg}` };
      else a.files.push(arg);
    } catch (e) {
      return { error: (e as Error).message };
    }
  }
  if (a.files.length === 0) return { error: 'no file given' };
  return a;
}

interface FileResult {
  file: string;
  ok: boolean;
  code?: string;
  msg?: string;
  errors?: NewsImportProblem[];
  [k: string]: unknown;
}

function printResult(r: FileResult, json: boolean): void {
  if (json) { console.log(JSON.stringify(r)); return; }
  if (r.ok) {
    const fmt = r.format === 'atom1' ? 'Atom 1.0' : 'RSS 2.0';
    const what = r.dryRun ? `${r.items} items would be imported (dry run, nothing written)` : `${r.items} items: ${r.inserted} new, ${r.updated} updated, ${r.unchanged} unchanged`;
    console.log(`${r.file}: ${fmt}, source "${r.source}": ${what}`);
    return;
  }
  console.error(`${r.file}: NOT imported: ${r.msg}`);
  for (const p of r.errors ?? []) console.error(`  - ${p.message}`);
}

/** The clear refusal when the embedded database belongs to a running server. */
export function lockedMessage(dataDir: string, pid: string): string {
  return [
    `The embedded database in ${dataDir} is in use by process ${pid} (the server, most likely).`,
    'Only one process may open it, so nothing was imported. Either:',
    '  - import through the running server (it stores the articles and pushes them to open screens):',
    '      NEWS_IMPORT_PASSWORD=... npm run import-news -- --server http://127.0.0.1:8080 --user NAME FILE...',
    '    with NAME listed in the server\'s NEWS_IMPORTERS; or',
    '  - stop the server, run this command again, then start the server.',
  ].join('\n');
}

function readFile(file: string): Uint8Array | FileResult {
  try {
    const size = statSync(file).size;
    if (size > NEWS_LIMITS.fileBytes) return { file, ok: false, code: NewsCode.tooLarge, msg: `the file is ${size} bytes, at most ${NEWS_LIMITS.fileBytes}` };
    return readFileSync(file);
  } catch (e) {
    return { file, ok: false, code: 'io', msg: (e as Error).message };
  }
}

async function direct(args: CliArgs): Promise<number> {
  const config = loadConfig();
  let db: Database;
  try {
    db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  } catch (e) {
    const m = /is in use by process (\d+)/.exec((e as Error).message);
    if (m) { console.error(lockedMessage(config.dataDir, m[1])); return 2; }
    throw e;
  }
  let bus: NotificationBus | undefined;
  if (config.natsUrl) bus = await createBus(config.natsUrl, createConsoleLogger('warn'));
  const svc = createNewsService({ db, bus, importers: [] });
  let failed = 0;
  try {
    for (const file of args.files) {
      const bytes = readFile(file);
      if (!(bytes instanceof Uint8Array)) { printResult(bytes, args.json); failed++; continue; }
      try {
        const r = await svc.importFile(bytes, args.opts);
        printResult({ file, ok: true, ...r }, args.json);
      } catch (e) {
        if (!(e instanceof NewsFailure)) throw e;
        printResult({ file, ok: false, code: e.code, msg: e.message, errors: e.extra.errors as NewsImportProblem[] | undefined }, args.json);
        failed++;
      }
    }
  } finally {
    await bus?.close();
    await db.close();
  }
  if (!args.json && config.databaseUrl && !config.natsUrl) console.log('No live push (NATS_URL not set): open news screens show these articles when they next load the list.');
  return failed ? 1 : 0;
}

function dryRun(args: CliArgs): number {
  let failed = 0;
  for (const file of args.files) {
    const bytes = readFile(file);
    if (!(bytes instanceof Uint8Array)) { printResult(bytes, args.json); failed++; continue; }
    const r = parseFeed(bytes, args.opts);
    if (r.ok) printResult({ file, ok: true, dryRun: true, format: r.feed.format, source: r.feed.source, items: r.feed.articles.length }, args.json);
    else {
      const msg = r.kind === 'itemsInvalid' ? `${r.problems.length} item problem(s)` : r.kind === 'tooLarge' ? 'too large' : 'not a feed that can be imported';
      printResult({ file, ok: false, code: r.kind, msg, errors: r.problems }, args.json);
      failed++;
    }
  }
  return failed ? 1 : 0;
}

/** A minimal socket client: CONNECT with a password, SEND requests, CLOSE. */
class ServerSession {
  private seq = 0;
  private readonly pending = new Map<number, (body: Record<string, unknown>) => void>();
  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: Buffer, isBinary) => {
      const r = decodeMessage(isBinary ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : data.toString('utf8'));
      if (!r.ok || r.message.format !== Format.REPLY) return;
      this.pending.get(r.message.seq)?.((r.message.body ?? {}) as Record<string, unknown>);
      this.pending.delete(r.message.seq);
    });
    ws.on('close', () => { for (const f of this.pending.values()) f({ Code: 'closed', msg: 'the server closed the connection' }); this.pending.clear(); });
  }

  static open(base: string): Promise<ServerSession> {
    const u = new URL(base);
    u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
    u.pathname = '/gw/ws';
    u.search = `?dataType=${DataType.gzip}`;
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(u.href, { perMessageDeflate: false });
      ws.once('open', () => resolve(new ServerSession(ws)));
      ws.once('error', (e) => reject(new Error(`cannot reach ${base}: ${e.message}`)));
    });
  }

  private call(command: number, body: unknown, sid = ''): Promise<Record<string, unknown>> {
    const seq = ++this.seq;
    const p = new Promise<Record<string, unknown>>((resolve) => this.pending.set(seq, resolve));
    this.ws.send(encodeMessage({ command: command as never, format: Format.REQUEST, seq, sid, body }, DataType.gzip));
    return p;
  }

  connect(userName: string, pwd: string) { return this.call(Command.CONNECT, { connType: 'P', userName, pwd }); }
  request(serverName: string, method: string, content: unknown, sid: string) { return this.call(Command.SEND, { serverName, method, content: JSON.stringify(content) }, sid); }
  close() { this.ws.close(); }
}

async function viaServer(args: CliArgs): Promise<number> {
  const user = args.user ?? process.env.NEWS_IMPORT_USER;
  const pwd = process.env.NEWS_IMPORT_PASSWORD;
  if (!user || !pwd) { console.error('--server needs a user (--user or NEWS_IMPORT_USER) and its password in NEWS_IMPORT_PASSWORD'); return 2; }
  const s = await ServerSession.open(args.server!);
  try {
    const c = await s.connect(user, pwd);
    if (c.Code !== '0000') { console.error(`login to ${args.server} failed: ${String(c.msg ?? c.Code)}`); return 2; }
    const sid = String(c.sid);
    let failed = 0;
    try {
      for (const file of args.files) {
        const bytes = readFile(file);
        if (!(bytes instanceof Uint8Array)) { printResult(bytes, args.json); failed++; continue; }
        const r = await s.request(NEWS_SERVER, NewsMethod.import, {
          fileName: basename(file), data: Buffer.from(bytes).toString('base64'),
          source: args.opts.source, lang: args.opts.lang, assumeTimeZone: args.opts.assumeTimeZone,
        }, sid);
        if (r.Code === NewsCode.ok) printResult({ ...r, file, ok: true }, args.json);
        else {
          printResult({ file, ok: false, code: String(r.Code), msg: String(r.msg ?? r.Code), errors: r.errors as NewsImportProblem[] | undefined }, args.json);
          failed++;
          if (r.Code === NewsCode.forbidden || r.Code === NewsCode.sessionInvalid) break;
        }
      }
    } finally {
      await s.request('LoginSvr', 'logout', { sid }, sid);
    }
    return failed ? 1 : 0;
  } finally {
    s.close();
  }
}

export async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if ('error' in args) {
    if (args.error) console.error(`import-news: ${args.error}\n`);
    console.error(USAGE);
    return args.error ? 2 : 0;
  }
  try {
    if (args.dryRun) return dryRun(args);
    if (args.server) return await viaServer(args);
    return await direct(args);
  } catch (e) {
    console.error(e instanceof ConfigError ? `Configuration error: ${e.message}` : `import-news: ${(e as Error).message}`);
    return 2;
  }
}

if (process.argv[1] && import.meta.url.endsWith(basename(process.argv[1]))) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}

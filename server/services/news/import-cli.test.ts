// `npm run import-news` as an operator runs it: a separate process on DATA_DIR. Directly into
// the embedded database; refused with a clear message while a server holds that database;
// through the running server with --server (stored, pushed on news.new, listed).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Command, DataType, Format } from '../../../src/wire';
import { NEWS_SERVER, NEWS_TOPIC, NewsMethod } from '../../../src/tools/news/contract';
import { TestClient } from '../../gateway/test-client';
import { startServer, type TestServer } from '../../../tests/e2e/support/server';
import { parseArgs } from './import-cli';

const dir = mkdtempSync(join(tmpdir(), 'news-cli-'));
const file = (name: string, text: string) => { const p = join(dir, name); writeFileSync(p, text); return p; };
const feed = (guid: string, title: string) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Desk wire</title>
<item><title>${title}</title><guid>${guid}</guid><pubDate>Mon, 23 Nov 2026 09:20:00 +0800</pubDate><category>PBOC</category><description>Body</description></item>
</channel></rss>`;
// Named like a feed, but a web page: content decides.
const page = file('looks-like-a-feed.xml', '<!DOCTYPE html><html><body>page</body></html>');
const good = file('wire.rss', feed('cli-1', 'Imported by the CLI'));
const badItem = file('bad.atom', `<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Atom</title>
<entry><title>ok</title><id>urn:ok</id><published>2026-11-23T00:00:00Z</published></entry>
<entry><title>no date</title><id>urn:bad</id></entry>
</feed>`);

function cli(args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/services/news/import-cli.ts', ...args], {
    cwd: process.cwd(), env: { ...process.env, ...env }, encoding: 'utf8', timeout: 120_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('arguments', () => {
  it('reads options and files; refuses unknown options and bad zones', () => {
    expect(parseArgs(['--source', 'CFETS', '--lang', 'zh', '--assume-tz', '+08:00', 'a.xml', 'b.xml'])).toMatchObject({
      files: ['a.xml', 'b.xml'], opts: { source: 'CFETS', lang: 'zh', assumeTimeZone: '+08:00' }, dryRun: false,
    });
    expect(parseArgs(['--bogus', 'a.xml'])).toEqual({ error: 'unknown option --bogus' });
    expect(parseArgs(['--assume-tz', 'Asia/Shanghai', 'a.xml'])).toMatchObject({ error: expect.stringMatching(/offset/) });
    expect(parseArgs([])).toEqual({ error: 'no file given' });
    expect(parseArgs(['--source'])).toEqual({ error: '--source needs a value' });
  });
});

describe('directly into the embedded database', () => {
  const dataDir = join(dir, 'data-direct');
  it('imports, recognises a re-import, refuses a bad file (nothing written) and a page named .xml', () => {
    const env = { DATA_DIR: dataDir };
    const first = cli([good], env);
    expect(first.err).toBe('');
    expect(first.out).toMatch(/wire\.rss: RSS 2\.0, source "Desk wire": 1 items: 1 new, 0 updated, 0 unchanged/);
    expect(first.code).toBe(0);
    const again = cli(['--json', good, badItem, page], env);
    expect(again.code).toBe(1);
    const lines = again.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ ok: true, inserted: 0, unchanged: 1 });
    expect(lines[1]).toMatchObject({ ok: false, code: '3605', errors: [{ item: 2, line: 4, field: 'published', key: 'noDate' }] });
    expect(lines[2]).toMatchObject({ ok: false, code: '3604', errors: [{ key: 'htmlPage' }] });
    const plain = cli([badItem], env);
    expect(plain.err).toMatch(/bad\.atom: NOT imported: 1 item problem; nothing was imported\n {2}- Item 2 \(line 4, column 1\): The item has no date/);
    expect(cli(['--dry-run', badItem], env).code).toBe(1);
    expect(cli(['--dry-run', good], env).out).toMatch(/1 items would be imported \(dry run, nothing written\)/);
  }, 180_000);
});

describe('while a server holds the embedded database', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      requireBuild: false,
      dataDir: join(dir, 'data-server'),
      env: { DEMO_USER: 'demo:demo12345', NEWS_IMPORTERS: 'demo', MARKET_FEED: 'off', LOG_LEVEL: 'warn' },
    });
  }, 120_000);
  afterAll(async () => { await server?.stop(); });

  it('refuses to open it, says why and what to do, and imports nothing', async () => {
    const r = cli([good], { DATA_DIR: server.dataDir });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/is in use by process \d+ \(the server, most likely\)/);
    expect(r.err).toMatch(/nothing was imported/);
    expect(r.err).toMatch(/--server http:\/\/127\.0\.0\.1:8080 --user NAME/);
    expect(server.log()).toMatch(/News: loaded \d+ SAMPLE articles/);
  }, 120_000);

  it('--server: imports through the server, which stores it and pushes news.new to open screens', async () => {
    const watcher = await TestClient.open(`ws://127.0.0.1:${server.port}/gw/ws`, DataType.gzip);
    const login = await watcher.connect({ connType: 'P', userName: 'demo', pwd: 'demo12345' });
    const sid = String((login.body as { sid: string }).sid);
    expect(await watcher.subscribe(NEWS_TOPIC)).toMatchObject({ Code: '0000' });

    const viaServer = file('via-server.xml', feed('cli-2', 'Imported through the server'));
    const r = cli(['--server', server.baseUrl, '--user', 'demo', viaServer], { DATA_DIR: server.dataDir, NEWS_IMPORT_PASSWORD: 'demo12345' });
    expect(r.err).toBe('');
    expect(r.out).toMatch(/via-server\.xml: RSS 2\.0, source "Desk wire": 1 items: 1 new/);
    expect(r.code).toBe(0);

    const [push] = (await watcher.waitForNotifications(1)) as { topic?: string; ids?: number[]; count?: number }[];
    expect(JSON.stringify(push)).toContain('"count":1');
    const list = await watcher.request(NEWS_SERVER, NewsMethod.list, JSON.stringify({ q: 'through the server' }), sid);
    expect(list).toMatchObject({ Code: '0000', total: 1, articles: [{ title: 'Imported through the server', tags: ['PBOC'] }] });
    // the refused direct import above wrote nothing
    expect(await watcher.request(NEWS_SERVER, NewsMethod.list, JSON.stringify({ q: 'Imported by the CLI' }), sid)).toMatchObject({ Code: '0000', total: 0 });

    const wrong = cli(['--server', server.baseUrl, '--user', 'demo', viaServer], { NEWS_IMPORT_PASSWORD: 'wrong-password' });
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/login to .* failed/);
    watcher.send({ command: Command.CLOSE, format: Format.SEND });
    watcher.close();
  }, 120_000);
});

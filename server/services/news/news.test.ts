// NewsSvr on both backends, reached the way the gateway reaches it: a handler per method,
// content as JSON text, the caller only from ctx.user. Users are rows of the real users table.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationBus, RequestContext } from '../../contracts';
import { BACKENDS, openTestDatabase, type TestDatabase } from '../../storage/test-backends';
import { GatewayServiceRegistry } from '../../gateway/service-registry';
import { insertUser } from '../login/users';
import { NEWS_SERVER, NEWS_TOPIC, NewsCode, NewsMethod, type NewsArticleSummary } from '../../../src/tools/news/contract';
import { createNewsHandlers, createNewsService, registerNewsService, type NewsHandlers } from './index';
import { sampleFeedFiles } from './sample';

interface User { name: string }

const NOW = Date.UTC(2026, 10, 23, 12);

function rss(source: string, items: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">\n<channel><title>${source}</title><link>https://wire.example.com/</link>\n${items}\n</channel></rss>`;
}
function item(guid: string, o: { title?: string; day?: number; hour?: number; tags?: string[]; body?: string; lang?: string } = {}): string {
  const d = new Date(Date.UTC(2026, 10, o.day ?? 20, o.hour ?? 1)).toUTCString().replace('GMT', '+0000');
  return `<item${o.lang ? ` xml:lang="${o.lang}"` : ''}><title>${o.title ?? `Title ${guid}`}</title><guid>${guid}</guid><link>https://wire.example.com/n/${guid}</link><pubDate>${d}</pubDate>
    ${(o.tags ?? []).map((t) => `<category>${t}</category>`).join('')}<description><![CDATA[${o.body ?? `<p>Body of ${guid}</p>`}]]></description></item>`;
}

class RecordingBus implements NotificationBus {
  readonly events: { topic: string; event: Record<string, unknown> }[] = [];
  publish(topic: string, event: Record<string, unknown>) { this.events.push({ topic, event }); }
  onEvent() {}
  async close() {}
}

describe.each(BACKENDS)('NewsSvr on %s', (kind) => {
  let t: TestDatabase;
  let h: NewsHandlers;
  let bus: RecordingBus;
  let clock = NOW;
  let n = 0;
  const users: Record<'a' | 'b' | 'importer', User> = {} as never;

  async function addUser(): Promise<User> {
    const i = ++n;
    const u = { name: `News${i}x${process.pid}` };
    await insertUser(t.db, { userName: u.name, passwordHash: 'x', phone: null, role: 'bank' }, clock);
    return u;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function call(user: User | null, method: string, content: object | string = {}): Promise<any> {
    const ctx: RequestContext = { sid: user ? `sid-${user.name}` : null, user: user ? { userName: user.name, sid: `sid-${user.name}`, inf5: '2' } : null, connId: 1, remoteAddress: '127.0.0.1' };
    return h[method](typeof content === 'string' ? content : JSON.stringify(content), ctx);
  }
  const importXml = (user: User, xml: string, extra: object = {}) => call(user, NewsMethod.import, { data: Buffer.from(xml).toString('base64'), ...extra });
  const titles = (r: { articles: NewsArticleSummary[] }) => r.articles.map((a) => a.title);

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    bus = new RecordingBus();
    users.a = await addUser();
    users.b = await addUser();
    users.importer = await addUser();
    h = createNewsHandlers({ db: t.db, bus, now: () => ++clock, importers: [users.importer.name.toUpperCase()], log: () => {} });
    const feed = rss('Desk wire', [
      item('lpr', { title: 'LPR fixing unchanged', day: 20, tags: ['LPR', 'Rates'] }),
      item('omo', { title: 'PBOC reverse repo 100% of maturities', day: 23, hour: 1, tags: ['PBOC', 'OMO'], body: '<p>Open market operations: 7-day reverse repo.</p>' }),
      item('fed', { title: 'Fed holds rates', day: 19, tags: ['Fed', 'rates'] }),
      item('cfets', { title: '外汇交易中心公布节假日安排', day: 21, tags: ['CFETS'], lang: 'zh', body: '<p>银行间外汇市场休市安排</p>' }),
      item('fix', { title: 'USD/CNY central parity', day: 23, hour: 2, tags: ['FX', 'CFETS'] }),
    ].join('\n'));
    const r = await importXml(users.importer, feed);
    expect(r).toMatchObject({ Code: NewsCode.ok, format: 'rss2', source: 'Desk wire', items: 5, inserted: 5, updated: 0, unchanged: 0 });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('every method needs a session (anonymous callers get 1009)', async () => {
    for (const m of Object.values(NewsMethod)) expect(await call(null, m, { id: 1 }), m).toMatchObject({ Code: NewsCode.sessionInvalid });
  });

  it('lists newest first with tags, and pages by cursor without gaps or repeats', async () => {
    const all = await call(users.a, NewsMethod.list, {});
    expect(titles(all)).toEqual(['USD/CNY central parity', 'PBOC reverse repo 100% of maturities', '外汇交易中心公布节假日安排', 'LPR fixing unchanged', 'Fed holds rates']);
    expect(all).toMatchObject({ total: 5, nextCursor: null });
    expect(all.articles[1]).toMatchObject({ source: 'Desk wire', sourceUrl: 'https://wire.example.com/', link: 'https://wire.example.com/n/omo', lang: 'en', tags: ['OMO', 'PBOC'], sample: false, collected: false });
    expect(all.articles[1].summary).toBe('Open market operations: 7-day reverse repo.');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await call(users.a, NewsMethod.list, { pageSize: 2, cursor });
      expect(page.total).toBe(5);
      seen.push(...titles(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(titles(all));
  });

  it('filters by tag (any letter case), source, language and words (all must match, literally)', async () => {
    expect(titles(await call(users.a, NewsMethod.list, { tag: 'rates' }))).toEqual(['LPR fixing unchanged', 'Fed holds rates']);
    expect(titles(await call(users.a, NewsMethod.list, { tag: 'cfets' }))).toEqual(['USD/CNY central parity', '外汇交易中心公布节假日安排']);
    expect(titles(await call(users.a, NewsMethod.list, { lang: 'zh' }))).toEqual(['外汇交易中心公布节假日安排']);
    expect(titles(await call(users.a, NewsMethod.list, { lang: 'zh-CN' }))).toEqual(['外汇交易中心公布节假日安排']);
    expect(titles(await call(users.a, NewsMethod.list, { q: '节假日' }))).toEqual(['外汇交易中心公布节假日安排']);
    expect(titles(await call(users.a, NewsMethod.list, { q: '休市' }))).toEqual(['外汇交易中心公布节假日安排']); // found in the text
    expect(titles(await call(users.a, NewsMethod.list, { q: 'pboc REPO' }))).toEqual(['PBOC reverse repo 100% of maturities']);
    expect(titles(await call(users.a, NewsMethod.list, { q: '100%' }))).toEqual(['PBOC reverse repo 100% of maturities']);
    expect((await call(users.a, NewsMethod.list, { q: '%' })).total).toBe(1); // % is a character, not a wildcard
    expect((await call(users.a, NewsMethod.list, { q: '_' })).total).toBe(0);
    expect((await call(users.a, NewsMethod.list, { source: 'desk WIRE' })).total).toBe(5);
    expect((await call(users.a, NewsMethod.list, { source: 'other' })).total).toBe(0);
    expect(await call(users.a, NewsMethod.list, { lang: 'not a language' })).toMatchObject({ Code: NewsCode.badRequest, field: 'lang' });
    expect(await call(users.a, NewsMethod.list, { pageSize: 0 })).toMatchObject({ Code: NewsCode.badRequest, field: 'pageSize' });
    expect(await call(users.a, NewsMethod.list, { cursor: 'bm90IGEgY3Vyc29y' })).toMatchObject({ Code: NewsCode.badRequest, field: 'cursor' });
    expect(await call(users.a, NewsMethod.list, 'not json')).toMatchObject({ Code: NewsCode.badRequest, field: 'content' });
  });

  it('tags and sources with counts', async () => {
    const tags = await call(users.a, NewsMethod.tags, {});
    expect(tags.tags[0]).toEqual({ tag: 'CFETS', count: 2 });
    expect(tags.tags).toContainEqual({ tag: expect.stringMatching(/^rates$/i), count: 2 });
    expect((await call(users.a, NewsMethod.tags, { lang: 'zh' })).tags).toEqual([{ tag: 'CFETS', count: 1 }]);
    expect((await call(users.a, NewsMethod.sources, {})).sources).toEqual([{ source: 'Desk wire', count: 5, sample: false, latest: Date.UTC(2026, 10, 23, 2) }]);
  });

  it('gets one article with its sanitised HTML; unknown and malformed ids find nothing', async () => {
    const [first] = (await call(users.a, NewsMethod.list, { q: 'central parity' })).articles;
    const got = await call(users.a, NewsMethod.get, { id: first.id });
    expect(got.article).toMatchObject({ id: first.id, title: 'USD/CNY central parity', html: '<p>Body of fix</p>', tags: ['CFETS', 'FX'], author: null, collected: false });
    expect(await call(users.a, NewsMethod.get, { id: String(first.id) })).toMatchObject({ Code: NewsCode.ok });
    for (const id of [999_999_999, -1, 0, 1.5, "1' OR '1'='1", [1]]) expect(await call(users.a, NewsMethod.get, { id }), String(id)).toMatchObject({ Code: NewsCode.notFound });
    expect(await call(users.a, NewsMethod.get, {})).toMatchObject({ Code: NewsCode.badRequest, field: 'id' });
  });

  it('collections are per user: A never sees or changes B\'s, whatever the content names', async () => {
    const ids = Object.fromEntries((await call(users.a, NewsMethod.list, {})).articles.map((a: NewsArticleSummary) => [a.title.split(' ')[0], a.id]));
    const c1 = await call(users.a, NewsMethod.collect, { id: ids.LPR });
    expect(c1).toMatchObject({ Code: NewsCode.ok, collected: true });
    expect(await call(users.a, NewsMethod.collect, { id: ids.Fed })).toMatchObject({ collected: true });
    expect((await call(users.a, NewsMethod.collect, { id: ids.LPR })).collectedAt).toBe(c1.collectedAt); // idempotent
    expect(await call(users.b, NewsMethod.collect, { id: ids.PBOC })).toMatchObject({ collected: true });
    expect(await call(users.a, NewsMethod.collect, { id: 987_654_321 })).toMatchObject({ Code: NewsCode.notFound });

    // A's collection, most recently collected first; B's is B's alone, even when B names A.
    expect(titles(await call(users.a, NewsMethod.collection, {}))).toEqual(['Fed holds rates', 'LPR fixing unchanged']);
    const bView = await call(users.b, NewsMethod.collection, { user: users.a.name, userName: users.a.name, userId: 1, owner: users.a.name });
    expect(titles(bView)).toEqual(['PBOC reverse repo 100% of maturities']);
    expect(bView.total).toBe(1);

    // Flags in lists and articles are the caller's.
    const flags = async (u: User) => Object.fromEntries((await call(u, NewsMethod.list, {})).articles.map((a: NewsArticleSummary) => [a.title.split(' ')[0], a.collected]));
    expect(await flags(users.a)).toMatchObject({ LPR: true, Fed: true, PBOC: false });
    expect(await flags(users.b)).toMatchObject({ LPR: false, Fed: false, PBOC: true });
    expect((await call(users.b, NewsMethod.get, { id: ids.LPR })).article.collected).toBe(false);

    // B removing A's bookmark removes nothing of A's.
    expect(await call(users.b, NewsMethod.uncollect, { id: ids.LPR, user: users.a.name })).toMatchObject({ Code: NewsCode.ok, removed: false });
    expect(titles(await call(users.a, NewsMethod.collection, {}))).toEqual(['Fed holds rates', 'LPR fixing unchanged']);
    expect(await call(users.a, NewsMethod.uncollect, { id: ids.Fed })).toMatchObject({ removed: true, collected: false });
    expect(titles(await call(users.a, NewsMethod.collection, {}))).toEqual(['LPR fixing unchanged']);
    expect(await call(users.a, NewsMethod.uncollect, { id: 987_654_321 })).toMatchObject({ Code: NewsCode.notFound });

    // Filters and paging apply to the collection too.
    await call(users.a, NewsMethod.collect, { id: ids['外汇交易中心公布节假日安排'] });
    expect(titles(await call(users.a, NewsMethod.collection, { lang: 'zh' }))).toEqual(['外汇交易中心公布节假日安排']);
    const p1 = await call(users.a, NewsMethod.collection, { pageSize: 1 });
    const p2 = await call(users.a, NewsMethod.collection, { pageSize: 1, cursor: p1.nextCursor });
    expect([...titles(p1), ...titles(p2)]).toEqual(['外汇交易中心公布节假日安排', 'LPR fixing unchanged']);
    expect(p2.nextCursor).toBeNull();
  });

  it('re-importing a feed adds nothing; changed items are updated in place (bookmarks kept) and pushed', async () => {
    const lprId = (await call(users.a, NewsMethod.list, { q: 'LPR fixing' })).articles[0].id;
    await call(users.a, NewsMethod.collect, { id: lprId });
    bus.events.length = 0;
    const same = rss('Desk wire', [item('lpr', { title: 'LPR fixing unchanged', day: 20, tags: ['LPR', 'Rates'] })].join('\n'));
    expect(await importXml(users.importer, same)).toMatchObject({ Code: NewsCode.ok, inserted: 0, updated: 0, unchanged: 1 });
    expect(bus.events).toEqual([]); // nothing new, no push
    const changed = rss('Desk wire', [
      item('lpr', { title: 'LPR fixing unchanged (corrected)', day: 20, tags: ['LPR'] }),
      item('new-1', { title: 'New item', day: 23, hour: 3, tags: ['Rates'] }),
    ].join('\n'));
    const r = await importXml(users.importer, changed);
    expect(r).toMatchObject({ inserted: 1, updated: 1, unchanged: 0, updatedIds: [lprId] });
    const got = await call(users.a, NewsMethod.get, { id: lprId });
    expect(got.article).toMatchObject({ title: 'LPR fixing unchanged (corrected)', tags: ['LPR'], collected: true });
    expect(bus.events).toEqual([{ topic: NEWS_TOPIC, event: { ids: r.ids, count: 1, updatedIds: [lprId], updatedCount: 1, sources: ['Desk wire'], tags: ['LPR', 'Rates'], langs: ['en'], at: expect.any(Number) } }]);
    expect((await call(users.a, NewsMethod.list, {})).total).toBe(6);
    // The same guid under another source is another article.
    expect(await importXml(users.importer, same, { source: 'Other wire' })).toMatchObject({ inserted: 1 });
    expect((await call(users.a, NewsMethod.list, { source: 'Other wire' })).total).toBe(1);
  });

  it('a feed with one bad item imports nothing and says which item and where', async () => {
    const before = (await call(users.a, NewsMethod.list, {})).total;
    bus.events.length = 0;
    const feed = rss('Desk wire', [item('ok-1', { day: 22 }), '<item><title>no date</title><guid>bad-1</guid></item>', item('ok-2', { day: 22 })].join('\n'));
    const r = await importXml(users.importer, feed);
    expect(r).toMatchObject({ Code: NewsCode.itemsInvalid, errors: [{ item: 2, line: 6, column: 1, field: 'pubDate', key: 'noDate' }] });
    expect(r.msg).toMatch(/nothing was imported/);
    expect((await call(users.a, NewsMethod.list, {})).total).toBe(before);
    expect((await call(users.a, NewsMethod.list, { q: 'ok-1' })).total).toBe(0);
    expect(bus.events).toEqual([]);
  });

  it('stores the sanitised HTML: script injection in a feed is harmless when read back', async () => {
    const evil = rss('Evil wire', item('xss', {
      title: 'Hostile &lt;img src=x onerror=alert(1)&gt;',
      body: '<p onclick="alert(1)">Hi</p><script>alert(document.cookie)</script><img src="javascript:alert(1)"><a href="jav&#x09;ascript:alert(1)">x</a><svg onload=alert(1)></svg><iframe src="https://evil.example/"></iframe>',
    }));
    const r = await importXml(users.importer, evil);
    const got = await call(users.a, NewsMethod.get, { id: r.ids[0] });
    expect(got.article.html).toBe('<p>Hi</p><a>x</a>');
    expect(got.article.title).toBe('Hostile');
    expect(got.article.summary).toBe('Hi x');
  });

  it('IMPORT: only NEWS_IMPORTERS, base64 only, within the size limit, content checked', async () => {
    const feed = rss('Desk wire', item('z'));
    expect(await importXml(users.a, feed)).toMatchObject({ Code: NewsCode.forbidden });
    expect(await call(users.importer, NewsMethod.import, {})).toMatchObject({ Code: NewsCode.badRequest, field: 'data' });
    expect(await call(users.importer, NewsMethod.import, { data: 'not base64!' })).toMatchObject({ Code: NewsCode.badRequest, field: 'data' });
    expect(await call(users.importer, NewsMethod.import, { data: 'A'.repeat(8 * 1024 * 1024) })).toMatchObject({ Code: NewsCode.tooLarge });
    expect(await importXml(users.importer, '<html><body>a page</body></html>')).toMatchObject({ Code: NewsCode.feedInvalid, errors: [{ key: 'htmlPage' }] });
    expect(await importXml(users.importer, feed, { assumeTimeZone: 'Asia/Shanghai' })).toMatchObject({ Code: NewsCode.badRequest, field: 'assumeTimeZone' });
  });

  it('loads the sample feeds into an empty table only, flagged as samples', async () => {
    const fresh = await openTestDatabase(kind);
    try {
      const registry = new GatewayServiceRegistry();
      await registerNewsService(registry, { db: fresh.db, sample: true, log: () => {} }).sampleLoaded;
      await insertUser(fresh.db, { userName: 'reader', passwordHash: 'x', phone: null, role: 'bank' }, NOW);
      const hs = createNewsHandlers({ db: fresh.db });
      const ctx: RequestContext = { sid: 's', user: { userName: 'reader', sid: 's', inf5: '2' }, connId: 1, remoteAddress: '::1' };
      const list = (await hs[NewsMethod.list]('{"pageSize":100}', ctx)) as { total: number; articles: NewsArticleSummary[] };
      const expected = sampleFeedFiles().map((f) => (readFileSync(f, 'utf8').match(/<(item|entry)>/g) ?? []).length).reduce((a, b) => a + b, 0);
      expect(list.total).toBe(expected);
      expect(expected).toBeGreaterThanOrEqual(6);
      expect(list.articles.every((a) => a.sample && a.source === 'sample')).toBe(true);
      expect(list.articles.every((a) => /示例|Sample/.test(a.title) && /非真实|not real/i.test(a.summary))).toBe(true);
      expect(new Set(list.articles.map((a) => a.lang))).toEqual(new Set(['zh', 'en']));
      expect(list.articles.every((a) => a.publishedAt >= Date.UTC(2026, 10, 15) && a.publishedAt <= Date.UTC(2026, 10, 24))).toBe(true);
      // A second start does not duplicate them; a table with news gets none.
      await registerNewsService(new GatewayServiceRegistry(), { db: fresh.db, sample: true, log: () => {} }).sampleLoaded;
      expect(((await hs[NewsMethod.list]('{}', ctx)) as { total: number }).total).toBe(expected);
      const svc = createNewsService({ db: t.db });
      expect(await (await import('./sample')).loadSampleNews(t.db, svc)).toBe(0);
      for (const m of Object.values(NewsMethod)) expect(registry.lookup(NEWS_SERVER, m), m).toBeTypeOf('function');
    } finally {
      await fresh.dispose();
    }
  });
});

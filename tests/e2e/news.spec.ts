// /news in real Chromium against a real server (NewsSvr, the demo user allowed to import):
// the shipped sample articles labelled SAMPLE; a feed carrying script injection imported
// through the service and rendered harmless (no script runs, no handler in the DOM); its
// arrival announced live in another tab; collecting an article and finding it in "my
// collection", which another user does not see. Screenshots: docs/screenshots/news-{zh,en}.png.
import { E2E_CLOCK } from './support/clock';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { startServer, type TestServer } from './support/server';
import { DEMO, expect, openTool, screenshot, test as base } from './support/tools';
import { registerUser, signedInAs, type Account } from './support/users';

// The shared fixture, with the demo user allowed to import feeds (NEWS_IMPORTERS).
const test = base.extend({
  server: [
    async ({}, use) => {
      const server = await startServer({ env: { DEMO_USER: `${DEMO.user}:${DEMO.password}`, NEWS_IMPORTERS: DEMO.user, MARKET_HISTORY: 'off' } });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});
test.describe.configure({ mode: 'serial' });

const HOSTILE_TITLE = 'Desk wire: rates note with an injected script';

/** An RSS 2.0 feed whose article HTML tries every usual way to run script. */
function hostileFeed(): Buffer {
  const html = [
    '<p>Rates note. <strong>Nothing below may run.</strong></p>',
    '<script>window.__pwned = "script"</script>',
    '<img src="x" onerror="window.__pwned = \'img\'">',
    '<a href="javascript:window.__pwned=\'link\'">a javascript link</a>',
    '<svg onload="window.__pwned=\'svg\'"><script>window.__pwned=\'svg-script\'</script></svg>',
    '<iframe src="javascript:parent.__pwned=\'iframe\'"></iframe>',
    '<div style="background:url(javascript:alert(1))" onmouseover="window.__pwned=\'hover\'">hover me</div>',
    '<p><a href="https://example.com/rates">the original note</a></p>',
  ].join('');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Desk wire</title><link>https://example.com/</link><description>e2e feed</description>
<item><title>${HOSTILE_TITLE}</title><guid>e2e-hostile-1</guid><link>https://example.com/rates</link>
<pubDate>${new Date(Date.parse(E2E_CLOCK) - 60_000).toUTCString()}</pubDate><category>Rates</category><category>E2E</category>
<description><![CDATA[${html}]]></description></item></channel></rss>`;
  return Buffer.from(xml, 'utf8');
}

/** `name` signed in on the news page (its session stored before the app starts). */
async function onNewsAs(browser: Browser, baseUrl: string, user: Account, lang: 'zh' | 'en'): Promise<{ ctx: BrowserContext; page: Page }> {
  const { context: ctx, page } = await signedInAs(browser, user, lang);
  await page.goto(`${baseUrl}/news`);
  await expect(page.locator('[data-pane="news"]')).toBeVisible();
  return { ctx, page };
}

const words = {
  en: { all: 'All news', collection: 'My collection', importTitle: 'Import a feed (importers only)', imported: /Imported hostile\.xml: 1 new/, sample: 'SAMPLE', empty: /Your collection is empty/, newArticles: /1 new articles/, show: 'Show', collect: (t: string) => `Collect ${t}`, uncollect: (t: string) => `Remove ${t} from collection`, search: 'Search' },
  zh: { all: '全部资讯', collection: '我的收藏', importTitle: '导入订阅源（限有导入权限的用户）', imported: /已导入/, sample: '样例', empty: /收藏夹为空/, newArticles: /条新资讯/, show: '显示', collect: (t: string) => `收藏 ${t}`, uncollect: (t: string) => `取消收藏 ${t}`, search: '搜索' },
} as const;

const rows = (scope: Page | Locator) => scope.locator('.news-table tbody tr');

test('a feed with script injection is imported, announced live and rendered harmless (en)', async ({ page }) => {
  await page.addInitScript(() => { (window as unknown as { __pwned?: string }).__pwned = undefined; });
  const pane = await openTool(page, 'news', 'en');
  await expect(rows(pane).first()).toBeVisible();
  await expect(pane.locator('.news-table')).toContainText(words.en.sample); // shipped samples say so

  // a second tab of another window, same user, waits for the live arrival
  const other = await page.context().newPage();
  await other.goto(page.url());
  await expect(rows(other.locator('[data-pane="news"]')).first()).toBeVisible();

  await pane.getByText(words.en.importTitle).click();
  await pane.locator('.news-import input[type="file"]').setInputFiles({ name: 'hostile.xml', mimeType: 'application/rss+xml', buffer: hostileFeed() });
  await expect(pane.getByRole('status').filter({ hasText: words.en.imported })).toBeVisible();

  const banner = other.getByTestId('news-arrivals');
  await expect(banner).toContainText(words.en.newArticles);
  await banner.getByRole('button', { name: words.en.show }).click();
  await expect(other.locator('.news-table')).toContainText(HOSTILE_TITLE);
  await other.close();

  // open it: the text is there, nothing of the attack is
  await pane.getByRole('button', { name: HOSTILE_TITLE, exact: true }).click();
  const body = pane.getByTestId('news-body');
  await expect(body).toContainText('Nothing below may run.');
  await expect(body.getByRole('link', { name: 'the original note' })).toHaveAttribute('rel', 'noopener noreferrer');
  await body.getByText('hover me').hover();
  await page.waitForTimeout(300);
  const found = await page.evaluate(() => {
    const all = [...document.querySelectorAll('*')];
    return {
      pwned: (window as unknown as { __pwned?: string }).__pwned ?? null,
      handlers: all.flatMap((el) => [...el.attributes].filter((a) => a.name.startsWith('on')).map((a) => `${el.tagName}.${a.name}`)),
      jsUrls: all.flatMap((el) => [...el.attributes].filter((a) => /^\s*javascript:/i.test(a.value)).map((a) => `${el.tagName}.${a.name}`)),
      inBody: [...document.querySelectorAll('[data-testid="news-body"] script, [data-testid="news-body"] iframe, [data-testid="news-body"] svg, [data-testid="news-body"] [style]')].length,
    };
  });
  expect(found).toEqual({ pwned: null, handlers: [], jsUrls: [], inBody: 0 });
  await screenshot(page, 'news-en');
});

test('collect an article, see it in my collection; another user does not (en, zh)', async ({ page, browser, server }) => {
  const pane = await openTool(page, 'news', 'en');
  await expect(rows(pane).first()).toBeVisible();
  const first = rows(pane).first();
  const title = (await first.locator('.news-row__title').textContent())!.trim();
  await first.getByRole('button', { name: words.en.collect(title) }).click();
  await expect(first.getByRole('button', { name: words.en.uncollect(title) })).toHaveAttribute('aria-pressed', 'true');
  await pane.getByRole('radio', { name: words.en.collection }).check();
  await expect(rows(pane)).toHaveCount(1);
  await expect(rows(pane).first()).toContainText(title);
  // the collection survives a reload (it is the server's, per user)
  await page.reload();
  await expect(pane.getByRole('radio', { name: words.en.collection })).toBeChecked();
  await expect(rows(pane)).toHaveCount(1);

  // another user: an empty collection, and the article not starred for them
  const tag = String(Date.now() % 100000).padStart(5, '0');
  const bob = await onNewsAs(browser, server.baseUrl, await registerUser(server, `bob${tag}`, `138${tag}002`), 'zh');
  const bobPane = bob.page.locator('[data-pane="news"]');
  await expect(rows(bobPane).first()).toBeVisible();
  await expect(bobPane.getByRole('button', { name: words.zh.collect(title) })).toHaveAttribute('aria-pressed', 'false');
  await bobPane.getByRole('radio', { name: words.zh.collection }).check();
  await expect(bobPane.getByText(words.zh.empty)).toBeVisible();
  await expect(rows(bobPane)).toHaveCount(0);
  // bob's own collection in zh, then the article open, for the zh screenshot
  await bobPane.getByRole('radio', { name: words.zh.all }).check();
  await rows(bobPane).nth(1).locator('.news-row__title').click();
  await expect(bobPane.getByTestId('news-article')).toBeVisible();
  await screenshot(bob.page, 'news-zh');
  await bob.ctx.close();

  // uncollecting removes it from the demo user's collection
  await rows(pane).first().getByRole('button', { name: words.en.uncollect(title) }).click();
  await expect(rows(pane)).toHaveCount(0);
  await expect(pane.getByText(words.en.empty)).toBeVisible();
});

// Many requests from many tabs on the browser's one shared socket: two tabs fire 500
// requests each at once through the SharedWorker; the server queues what it cannot run at
// once and every request is answered, none refused (the server once answered the 65th
// request in flight with Code 4029, which no tab handled).
import { expect, test, type Page } from '@playwright/test';
import { eventually, startServer, type TestServer } from './support/server';

let server: TestServer;
test.beforeAll(async () => {
  server = await startServer({ env: { MARKET_FEED: 'off', MARKET_HISTORY: 'off' } });
});
test.afterAll(async () => {
  await server?.stop();
});

async function fire(page: Page, n: number): Promise<Array<{ Code?: unknown; McpVersion?: unknown; error?: string }>> {
  return page.evaluate(async (count) => {
    const socket = (window as any).deskSocket;
    return Promise.all(
      Array.from({ length: count }, () =>
        socket.request('OptPricingSvr', 'ATS.OPTPRICINGSVR.VERSION', '').catch((e: Error & { code?: string }) => ({ error: `${e.code ?? ''} ${e.message}` })),
      ),
    );
  }, n);
}

test('1,000 requests at once from two tabs on the one shared socket are all answered', async ({ browser }) => {
  const context = await browser.newContext();
  const tabs: Page[] = [];
  for (let i = 0; i < 2; i++) {
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.waitForFunction(() => ['open', 'loggedIn'].includes((window as any).deskSocket?.status()), undefined, { timeout: 20_000 });
    tabs.push(page);
  }
  await eventually('both tabs on the worker', async () => (await tabs[0].evaluate(() => (window as any).deskSocket.stats())).tabs === 2);
  expect((await server.stats()).connections).toBe(1);

  const [a, b] = await Promise.all(tabs.map((t) => fire(t, 500)));
  for (const replies of [a, b]) {
    expect(replies).toHaveLength(500);
    expect(replies.filter((r) => r.error !== undefined || r.Code !== 0)).toEqual([]);
    expect(replies.every((r) => typeof r.McpVersion === 'string')).toBe(true);
  }
  expect((await server.stats()).connections).toBe(1);
  await context.close();
});

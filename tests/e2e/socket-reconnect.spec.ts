// The shared socket survives the server dying: the SharedWorker reconnects after the
// reconnect delay, re-subscribes (quotes flow again) and sends the requests made while the
// server was down.
import { expect, test } from '@playwright/test';
import { eventually, setSocketConfig, startServer, type TestServer } from './support/server';

let server: TestServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

test('killing and restarting the server is survived: reconnect, resubscribe, queued request answered', async ({ browser }) => {
  const context = await browser.newContext();
  await setSocketConfig(context, { reconnectDelayMs: 300 });
  await context.addInitScript(() => {
    const w = window as any;
    w.__socketEvents = [];
    addEventListener('socketStatus', (e) => w.__socketEvents.push((e as CustomEvent).detail.status));
  });
  const page = await context.newPage();
  const other = await context.newPage();
  for (const p of [page, other]) {
    await p.goto(`${server.baseUrl}/login`);
    await p.waitForFunction(() => (window as any).deskSocket?.status() === 'loggedIn', undefined, { timeout: 20_000 });
  }
  await page.evaluate(() => {
    const w = window as any;
    w.__quotes = [];
    w.deskSocket.subscribe('md.fx.USDCNY', (e: any) => w.__quotes.push(e));
  });
  await page.waitForFunction(() => (window as any).__quotes.length > 0, undefined, { timeout: 15_000 });
  expect((await server.stats()).connections).toBe(1);

  await server.kill('SIGKILL');
  await page.waitForFunction(() => ['closed', 'connecting'].includes((window as any).deskSocket.status()), undefined, { timeout: 10_000 });
  // Asked while the server is down: queued in the worker, sent after the reconnect.
  await page.evaluate(() => {
    const w = window as any;
    w.__quotes = [];
    w.__whileDown = w.deskSocket.request('OptPricingSvr', 'ATS.OPTPRICINGSVR.VERSION', '', { timeoutMs: 90_000 });
  });
  await new Promise((r) => setTimeout(r, 1000)); // a few failed reconnect attempts meanwhile

  await server.restart();
  const reply = await page.evaluate(() => (window as any).__whileDown);
  expect(reply).toMatchObject({ Code: 0 });
  expect(typeof reply.McpVersion).toBe('string');
  await page.waitForFunction(() => (window as any).__quotes.length > 0, undefined, { timeout: 15_000 });
  const quote = await page.evaluate(() => (window as any).__quotes[0]);
  expect(quote).toMatchObject({ topic: 'md.fx.USDCNY', pair: 'USDCNY' });

  // Still one socket for both tabs, and both saw the connection drop and come back.
  await eventually('one socket after the restart', async () => (await server.stats()).connections === 1);
  for (const p of [page, other]) {
    const events: string[] = await p.evaluate(() => (window as any).__socketEvents);
    expect(events).toEqual(['open', 'closed', 'open']);
    expect(await p.evaluate(() => (window as any).deskSocket.status())).toBe('loggedIn');
  }
  await context.close();
});

// One WebSocket per browser (not per tab): the SharedWorker owns it, and without
// SharedWorker the tabs elect a leader that relays for the others. Sessions are shared the
// same way: logging out in one tab logs out every tab (the server's logout push on
// SYS.ATS.LOGIN.{sid} reaches each tab through the shared socket, and the cleared
// localStorage reaches them as a storage event); all end on /login without a sid.
// Last, the shared socket survives the server dying: the SharedWorker reconnects after the
// reconnect delay, re-subscribes (quotes flow again) and sends the requests made while the
// server was down. (One server for the whole file: starting one costs more than the tests.)
import { expect, test, type Page } from '@playwright/test';
import { eventually, setSocketConfig, startServer, type TestServer } from './support/server';

let server: TestServer;
test.beforeAll(async () => {
  server = await startServer({ env: { DEMO_USER: 'demo:demo1234', MARKET_HISTORY: 'off' } });
});
test.afterAll(async () => {
  await server?.stop();
});

type Stats = { tabs: number; mode: string; status: string; socketsOpened: number };

async function socketReady(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as any).deskSocket?.status() === 'loggedIn', undefined, { timeout: 20_000 });
}
const ready = socketReady;

async function pageStats(page: Page): Promise<Stats> {
  return page.evaluate(() => (window as any).deskSocket.stats());
}

test('three tabs share exactly one socket at the server (SharedWorker)', async ({ browser }) => {
  const context = await browser.newContext();
  const pages: Page[] = [];
  for (let i = 0; i < 3; i++) {
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await socketReady(page);
    pages.push(page);
  }
  expect((await pageStats(pages[0])).mode).toBe('shared-worker');
  await eventually('three tabs attached to the worker', async () => (await pageStats(pages[2])).tabs === 3);
  expect((await server.stats()).connections).toBe(1);

  // Every tab can use it: a request from the third tab is answered.
  const version = await pages[2].evaluate(() => (window as any).deskSocket.request('OptPricingSvr', 'ATS.OPTPRICINGSVR.VERSION', ''));
  expect(version).toMatchObject({ Code: 0 });
  expect(typeof version.McpVersion).toBe('string');

  // A closed tab is noticed (its Web Lock is released) and the socket stays single.
  await pages[1].close();
  await eventually('closed tab detached', async () => (await pageStats(pages[0])).tabs === 2);
  expect((await server.stats()).connections).toBe(1);
  await context.close();
  await eventually('socket closed with the last tab', async () => (await server.stats()).connections === 0);
});

test('without SharedWorker the tabs elect a leader and still share one socket', async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    delete (window as any).SharedWorker;
  });
  const pages: Page[] = [];
  for (let i = 0; i < 3; i++) {
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await socketReady(page);
    pages.push(page);
  }
  const modes = await Promise.all(pages.map(async (p) => (await pageStats(p)).mode));
  expect(modes).toEqual(['elected', 'elected', 'elected']);
  await eventually('three tabs attached to the leader', async () => (await pageStats(pages[2])).tabs === 3);
  expect((await server.stats()).connections).toBe(1);

  // Quotes reach a follower through the leader.
  const quote = await pages[2].evaluate(
    () =>
      new Promise<any>((resolve) => {
        const off = (window as any).deskSocket.subscribe('md.fx.USDCNY', (e: any) => {
          off();
          resolve(e);
        });
      }),
  );
  expect(quote).toMatchObject({ topic: 'md.fx.USDCNY', pair: 'USDCNY' });

  // The leader (first tab) closes: another tab takes over with a new single socket, and
  // the remaining tabs keep working.
  await pages[0].close();
  await eventually('a new leader serves the remaining tabs', async () => {
    const s = await pageStats(pages[2]);
    return s.tabs === 2 && s.status === 'loggedIn';
  });
  const again = await pages[2].evaluate(() => (window as any).deskSocket.request('OptPricingSvr', 'ATS.OPTPRICINGSVR.VERSION', ''));
  expect(again).toMatchObject({ Code: 0 });
  await eventually('exactly one socket after the handover', async () => (await server.stats()).connections === 1);
  await context.close();
});

test('logout in one tab logs out all tabs', async ({ browser }) => {
  const context = await browser.newContext();
  const first = await context.newPage();
  await first.goto(`${server.baseUrl}/login`);
  await ready(first);
  // Log in through the login page; this tab then checks its new session itself.
  await first.getByTestId('method-password').click();
  await first.getByTestId('field-userName').fill('demo');
  await first.getByTestId('field-password').fill('demo1234');
  await first.getByTestId('login-submit').click();
  await first.waitForURL((u) => u.pathname !== '/login', { timeout: 15_000 });
  const sid = (await first.evaluate(() => localStorage.getItem('sid')))!;
  expect(sid).toBeTruthy();
  await eventually('the logging-in tab holds its login channel', async () => {
    const stats = await first.evaluate(() => (window as any).deskSocket.stats());
    return stats.patterns[`SYS.ATS.LOGIN.${sid}`] === 1 && stats.sid === sid;
  });
  const pages = [first, await context.newPage(), await context.newPage()];
  for (const p of pages.slice(1)) {
    await p.goto(`${server.baseUrl}/`);
    await ready(p);
  }
  // Each tab checked the session and holds the login channel (one server subscription).
  await eventually('every tab subscribed to the login channel', async () => {
    const stats = await first.evaluate(() => (window as any).deskSocket.stats());
    return stats.patterns[`SYS.ATS.LOGIN.${sid}`] === 3;
  });
  for (const p of pages) expect(new URL(p.url()).pathname).not.toBe('/login');

  await pages[1].getByTestId('user-menu').click();
  await pages[1].getByTestId('logout').click();

  for (const p of pages) {
    await p.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });
    expect(await p.evaluate(() => localStorage.getItem('sid'))).toBeNull();
  }
  // The session is dead at the server too.
  const check = await first.evaluate(
    (s) => (window as any).deskSocket.request('LoginSvr', 'SYS.ATS.LOGIN', { method: 'userInfo', parameter: s }),
    sid,
  );
  expect(check.Code).not.toBe('0001');
  await context.close();
});

test('a stale stored session is rejected: warning toast, /login, sid cleared, socket back to anonymous', async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return; // only before the first load, not after the reload
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('sid', 'stale-session-id');
    localStorage.setItem('username', 'demo');
    localStorage.setItem('loginTime', String(Date.now()));
  });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/`);
  await expect(page.getByText('请重新登录')).toBeVisible({ timeout: 15_000 });
  await page.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });
  expect(await page.evaluate(() => localStorage.getItem('sid'))).toBeNull();
  await ready(page);
  const stats = await page.evaluate(() => (window as any).deskSocket.stats());
  expect(stats.sid).toBeNull();
  await context.close();
});

// Kills and restarts the server: keep this test last in the file.
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

// Logging out in one tab logs out every tab: the server's logout push on
// SYS.ATS.LOGIN.{sid} reaches every tab through the shared socket (and the cleared
// localStorage reaches them as a storage event); all end on /login without a sid.
import { expect, test, type Page } from '@playwright/test';
import { eventually, startServer, type TestServer } from './support/server';

let server: TestServer;
test.beforeAll(async () => {
  server = await startServer({ env: { DEMO_USER: 'demo:demo1234' } });
});
test.afterAll(async () => {
  await server?.stop();
});

const ready = (p: Page) => p.waitForFunction(() => (window as any).deskSocket?.status() === 'loggedIn', undefined, { timeout: 20_000 });

test('logout in one tab logs out all tabs', async ({ browser }) => {
  const context = await browser.newContext();
  const first = await context.newPage();
  await first.goto(`${server.baseUrl}/login`);
  await ready(first);
  // Log in over the socket exactly as the login page does, and store the session.
  const sid: string = await first.evaluate(async () => {
    const reply = await (window as any).deskSocket.request('LoginSvr', 'SYS.ATS.LOGIN', { method: 'login', parameter: { userName: 'demo', password: 'demo1234' } });
    if (reply.Code !== '0001') throw new Error(`login failed: ${JSON.stringify(reply)}`);
    localStorage.setItem('sid', reply.sid);
    localStorage.setItem('username', reply.username);
    localStorage.setItem('takerId', reply.institution_shortname ?? '');
    localStorage.setItem('loginTime', String(Date.now()));
    return reply.sid;
  });
  const pages = [first, await context.newPage(), await context.newPage()];
  for (const p of pages) {
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

// Offline from the first visit: the page fetches /config.json and the reference files before
// its first service worker controls it, yet after the server stops a reload still gets them
// from the worker (their precached offline copies), so the free-version limit holds offline.
// Once the server is back, an operator's new config.json wins over the offline copy.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { sessionStorageInit, startAppServer, type AppServer } from './support/app-server';

// The CI machine is shared by many jobs: give page loads room.
const expect = baseExpect.configure({ timeout: 15_000 });

const dist = join(process.cwd(), 'dist');
const builtJson = (file: string) => JSON.parse(readFileSync(join(dist, file), 'utf8'));
// Served instead of the built file: what an operator set on this server (not the build's 20).
const served = { VITE_APP_REQ_NUM: 2, VITE_APP_LINK_TYPES: ['partner'] };
const edited = { VITE_APP_REQ_NUM: 7, VITE_APP_LINK_TYPES: ['partner'] };

let server: AppServer | null = null;
test.afterAll(async () => { await server?.close(); });

/** What the page's own fetch answers, bypassing the HTTP cache: only the worker can answer offline. */
function startupFiles(page: Page) {
  return page.evaluate(async () => {
    const get = async (path: string) => {
      try {
        const res = await fetch(path, { cache: 'no-store' });
        return { status: res.status, body: await res.json() };
      } catch (e) {
        return { status: 0, body: String(e) };
      }
    };
    return { config: await get('/config.json'), countries: await get('/countries.json'), currencies: await get('/currencies.json') };
  });
}

test('first visit, server stopped, reload: config.json and the reference files answer from the worker', async ({ page }) => {
  server = await startAppServer(dist, { files: { '/config.json': JSON.stringify(served) } });
  const port = Number(new URL(server.url).port);
  await page.addInitScript((s) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
  }, sessionStorageInit({ lang: 'en', role: 'internal', extra: { userInfo: JSON.stringify({ userName: 'alice', inf5: '0' }) } }));

  // First visit: nothing controls the page yet when it reads config.json. Wait only for the
  // worker to take control (it activates once its precache is complete); fetch nothing here.
  await page.goto(`${server.url}/test`);
  await expect(page.getByTestId('test-gated')).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  expect(await page.evaluate(async () => (await caches.match('/config.json')) === undefined)).toBe(true); // no runtime copy

  await server.close();
  server = null;
  await page.reload();
  await expect(page.getByTestId('test-gated')).toBeVisible();
  const offline = await startupFiles(page);
  expect(offline.config).toEqual({ status: 200, body: served });
  expect(offline.countries).toEqual({ status: 200, body: builtJson('countries.json') });
  expect(offline.currencies).toEqual({ status: 200, body: builtJson('currencies.json') });
  expect(offline.countries.body.length).toBeGreaterThan(10);

  // The app itself started with the served limit (2), not the no-limit default.
  const run = page.getByTestId('test-gated');
  for (let i = 0; i < 3; i++) await run.click();
  await expect(page.getByTestId('test-gated-done')).toHaveText('Done: 2');
  await expect(page.getByRole('alert').filter({ hasText: 'operations are used up (limit 2)' })).toBeVisible();

  // The server is back with an operator's edit: the network answers first ...
  server = await startAppServer(dist, { port, files: { '/config.json': JSON.stringify(edited) } });
  await page.reload();
  await expect(page.getByTestId('test-gated')).toBeVisible();
  expect((await startupFiles(page)).config).toEqual({ status: 200, body: edited });
  // ... and offline again, the newer copy answers, not the first visit's offline copy.
  await server.close();
  server = null;
  await page.reload();
  await expect(page.getByTestId('test-gated')).toBeVisible();
  expect((await startupFiles(page)).config).toEqual({ status: 200, body: edited });
});

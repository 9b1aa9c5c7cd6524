// PWA: after a first visit the service worker serves the shell with the network cut.
import { readFileSync } from 'node:fs';
import { expect as baseExpect, test } from '@playwright/test';
import { sessionStorageInit, startAppServer, type AppServer } from './support/app-server';

// The CI machine is shared by many jobs: give page loads room.
const expect = baseExpect.configure({ timeout: 15_000 });

let server: AppServer;
test.beforeAll(async () => { server = await startAppServer(); });
test.afterAll(async () => { await server.close(); });

test('the app opens offline from the service worker, tabs and last state intact', async ({ page, context }) => {
  await page.addInitScript((s) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
  }, sessionStorageInit({ lang: 'en', role: 'internal', extra: { tabs: JSON.stringify([{ name: 'test', label: 'Test' }, { name: 'news', label: 'News' }]) } }));
  await page.goto(`${server.url}/test`);
  await expect(page.getByTestId('home-shell')).toBeVisible();
  // the worker installs, precaches and (clientsClaim) controls this page
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  // no fetch of config.json here: its precached offline copy answers (app-shell-offline-first-visit.spec.ts)

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('home-shell')).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toContainText('You are offline');
  expect(await page.evaluate(async () => (await fetch('/config.json')).json())).toEqual(JSON.parse(readFileSync('dist/config.json', 'utf8')));
  await expect(page.locator('[data-tab]')).toHaveCount(2);
  await page.getByTestId('test-counter').click();
  await expect(page.getByTestId('test-count')).toHaveText('Count: 1');
  // a deep link to another tool also comes from the cache (navigateFallback)
  await page.goto(`${server.url}/news`);
  await expect(page.locator('[data-pane="news"]')).toBeVisible();
  await context.setOffline(false);
});

test('a new version waits for the user: "new version ready - reload"', async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('Lang')) localStorage.setItem('Lang', 'en');
  });
  await page.goto(`${server.url}/login`);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);

  // deploy: the server now serves a changed sw.js; the page finds it on an update check
  server.setServiceWorkerSuffix(`build ${Date.now()}`);
  await page.evaluate(async () => { await (await navigator.serviceWorker.getRegistration())?.update(); });
  const prompt = page.getByTestId('update-prompt');
  await expect(prompt).toContainText('A new version is ready');
  // nothing reloads under the user until they choose to
  const marker = await page.evaluate(() => ((window as unknown as { marker: number }).marker = Math.random()));
  await page.waitForTimeout(1000);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(marker);

  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  server.setServiceWorkerSuffix('');
});

// Operation-count gate (SPEC section 4) through the /test tool's counted operation, with
// the limit served from an intercepted /config.json.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { sessionStorageInit, startAppServer, type AppServer } from './support/app-server';

// The CI machine is shared by many jobs: give page loads room.
const expect = baseExpect.configure({ timeout: 15_000 });

let server: AppServer;
test.beforeAll(async () => { server = await startAppServer(); });
test.afterAll(async () => { await server.close(); });
test.use({ serviceWorkers: 'block' });

async function open(page: Page, inf5: string, limit: number, lang: 'zh' | 'en') {
  await page.route('**/config.json', (route) => route.fulfill({ json: { VITE_APP_REQ_NUM: limit, VITE_APP_LINK_TYPES: [] } }));
  await page.addInitScript((s) => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.clear();
      for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
    }
    const w = window as unknown as { gateEvents: string[] };
    w.gateEvents = [];
    for (const name of ['opNumChange', 'opNumExceed', 'exceeded', 'opNumForbidden']) addEventListener(name, () => w.gateEvents.push(name));
  }, sessionStorageInit({ lang, role: 'internal', extra: { userInfo: JSON.stringify({ userName: 'alice', inf5 }) } }));
  await page.goto(`${server.url}/test`);
  await expect(page.getByTestId('test-gated')).toBeVisible();
}
const events = (page: Page) => page.evaluate(() => (window as unknown as { gateEvents: string[] }).gateEvents);

test('free version: counted up to the limit, then blocked with a grouped toast (en)', async ({ page }) => {
  await open(page, '0', 2, 'en');
  const run = page.getByTestId('test-gated');
  await run.click();
  await run.click();
  await expect(page.getByTestId('test-gated-done')).toHaveText('Done: 2');
  expect(await page.evaluate(() => localStorage.getItem('opNum'))).toBe('2');
  await run.click();
  await run.click();
  await run.click();
  await expect(page.getByTestId('test-gated-done')).toHaveText('Done: 2');
  const toast = page.getByRole('alert').filter({ hasText: 'operations are used up (limit 2)' });
  await expect(toast).toContainText('contact support');
  await expect(toast.getByTestId('toast-count')).toHaveText('3');
  expect(await events(page)).toEqual(['opNumChange', 'opNumChange', 'exceeded', 'opNumExceed', 'opNumExceed', 'opNumExceed']);
});

test('forbidden users are blocked at once (zh)', async ({ page }) => {
  await open(page, '3', 100, 'zh');
  await page.getByTestId('test-gated').click();
  await expect(page.getByRole('alert')).toContainText('禁止使用');
  await expect(page.getByRole('alert')).toContainText('联系客服');
  await expect(page.getByTestId('test-gated-done')).toHaveText('已执行：0');
  expect(await events(page)).toEqual(['opNumForbidden']);
});

test('licensed users are not counted', async ({ page }) => {
  await open(page, '2', 1, 'en');
  for (let i = 0; i < 3; i++) await page.getByTestId('test-gated').click();
  await expect(page.getByTestId('test-gated-done')).toHaveText('Done: 3');
  expect(await page.evaluate(() => localStorage.getItem('opNum'))).toBeNull();
  expect(await events(page)).toEqual([]);
});

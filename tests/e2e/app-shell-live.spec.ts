// The shell against the real server (npm run server): embedded third-party login from a
// link, the header's live connection status and core version, and the session check
// rejecting a stale sid.
import { expect as baseExpect, test } from '@playwright/test';
import { startServer, type TestServer } from './support/server';

// The CI machine is shared by many jobs: give page loads room.
const expect = baseExpect.configure({ timeout: 20_000 });

let server: TestServer;
test.beforeAll(async () => { server = await startServer({ env: { DEMO_USER: 'demo:demo1234', MARKET_HISTORY: 'off' } }); });
test.afterAll(async () => { await server.stop(); });
test.use({ serviceWorkers: 'block' });

test('embedded login link signs in after 1 s and opens the tool with live status and core version', async ({ page }) => {
  await page.goto(`${server.baseUrl}/optionCalculator?type=partner&lang=en&username=demo&password=demo1234`);
  await expect(page.getByTestId('auto-login')).toBeVisible();
  await expect(page.locator('.tab--active')).toContainText('FX Option Calculator');
  expect(await page.evaluate(() => [localStorage.getItem('sourceType'), localStorage.getItem('Lang'), localStorage.getItem('username')]))
    .toEqual(['partner', 'en', 'demo']);
  expect(await page.evaluate(() => localStorage.getItem('sid'))).toBeTruthy();
  await expect(page.getByTestId('conn-status')).toHaveAttribute('data-status', /^(open|loggedIn)$/);
  await expect(page.getByTestId('mcp-version')).not.toContainText('unknown');
  await expect(page.getByTestId('user-menu')).toContainText('demo');

  // account panels from the user menu open as tabs beside the tools
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'License' }).click();
  await expect(page).toHaveURL(/\/license$/);
  await expect(page.locator('[data-pane="license"]').getByTestId('license')).toBeVisible();
  await expect(page.locator('[data-tab]')).toHaveCount(2);
  await page.screenshot({ path: 'docs/screenshots/shell-license-en.png' });
});

test('a link type outside config.json is ignored and the user goes to /login', async ({ page }) => {
  await page.goto(`${server.baseUrl}/irsCal?type=other&username=demo&password=demo1234`);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('sid'))).toBeNull();
});

test('a stored sid the server does not know: "please log in again", then /login', async ({ page }) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('sid', 'not-a-session');
    localStorage.setItem('loginTime', String(Date.now()));
    localStorage.setItem('Lang', 'en');
  });
  await page.goto(`${server.baseUrl}/irsCal`);
  await expect(page.getByText('Please log in again')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('sid'))).toBeNull();
});

// Issue 20 §4: with the server stopped and the page reloaded (the service worker serves the
// shell), a market-table screen shows the tables cached while online, a pricing screen says
// it priced in this browser, and the header names the core version it last got, not
// "unknown". The server is killed (context.setOffline does not cut the SharedWorker's socket).
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { MCP_VERSION } from '../../src/pricing-core/version';
import { startServer, type TestServer } from './support/server';
import { registerUser, signedInAs, uniqueTag, type Account } from './support/users';

const expect = baseExpect.configure({ timeout: 20_000 });

let server: TestServer;
let user: Account;

test.beforeAll(async () => {
  test.setTimeout(300_000); // a first start loads the sample data; the machine is shared
  server = await startServer();
  const tag = uniqueTag();
  user = await registerUser(server, `olive${tag}`, `139${tag}020`);
});
test.afterAll(async () => {
  await server?.stop();
});

const tableRows = (page: Page) => page.getByTestId('interest-rate').locator('table.kit-rt tbody tr');
/** The first table's row texts (names and figures). */
const firstTable = (page: Page) => page.getByTestId('interest-rate').locator('table.kit-rt').first().locator('tbody tr').allInnerTexts();

test('server down, page reloaded: cached market tables, offline pricing said, cached core version', async ({ browser }) => {
  test.setTimeout(360_000);
  const { context, page } = await signedInAs(browser, user, 'en', { serviceWorkers: 'allow', socketConfig: { reconnectDelayMs: 500 } });
  page.on('pageerror', (e) => console.log('pageerror', e.message));

  // Online: the market tables and the pricing screen, as the user left them.
  await page.goto(`${server.baseUrl}/interestRate`);
  await expect(page.getByTestId('conn-status')).toHaveAttribute('data-status', /^(open|loggedIn)$/);
  await expect(page.getByTestId('mcp-version')).toContainText(MCP_VERSION);
  // a first server start loads the shipped market snapshot: reads fail until it is in
  await expect(async () => {
    await page.reload();
    await expect(tableRows(page).first()).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 150_000 });
  await expect(tableRows(page).first().locator('td[data-value]').first()).toHaveAttribute('data-value', /\d/);
  const online = await firstTable(page);
  expect(online.length).toBeGreaterThan(0);

  await page.goto(`${server.baseUrl}/foreignExchangeSwap`);
  const results = page.getByRole('region', { name: /Results/ });
  await expect(results).not.toHaveAttribute('aria-busy', 'true');
  await expect(results.locator('dd[data-value]').nth(1)).toHaveAttribute('data-value', /\d/);
  await expect(page.getByTestId('offline-pricing')).toHaveCount(0);
  // the service worker controls the page (it serves the shell on reload) and the pricing worker is loaded
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 60_000 });
  await page.goto(`${server.baseUrl}/interestRate`);
  await expect(tableRows(page).first()).toBeVisible();

  await server.kill('SIGKILL');
  await expect(page.getByTestId('conn-status')).not.toHaveAttribute('data-status', /^(open|loggedIn)$/);

  // Reloaded with the server gone: the cached tables, not empty ones.
  await page.reload();
  await expect(page.getByTestId('interest-rate')).toBeVisible();
  await expect(page.getByTestId('conn-status')).not.toHaveAttribute('data-status', /^(open|loggedIn)$/);
  await expect(page.getByTestId('mcp-version')).toContainText(MCP_VERSION);
  await expect(page.getByTestId('mcp-version')).not.toContainText('unknown');
  await expect(tableRows(page).first()).toBeVisible();
  // the same rows, each figure's source now marked offline (from the browser cache)
  await expect.poll(async () => (await firstTable(page)).map((r) => r.replace(/\s*OFFLINE\s*$/, ''))).toEqual(online.map((r) => r.replace(/\s+$/, '')));
  for (const r of await firstTable(page)) expect(r).toMatch(/OFFLINE\s*$/);

  // The pricing screen, opened offline, prices in the browser worker and says so.
  await page.goto(`${server.baseUrl}/foreignExchangeSwap`);
  await expect(results).not.toHaveAttribute('aria-busy', 'true');
  await expect(results.locator('dd[data-value]').nth(1)).toHaveAttribute('data-value', /\d/);
  await expect(page.getByTestId('offline-pricing')).toBeVisible();
  await expect(page.getByTestId('offline-pricing')).toContainText('Offline pricing');
  await expect(page.getByTestId('mcp-version')).toContainText(MCP_VERSION);
  await context.close();
});

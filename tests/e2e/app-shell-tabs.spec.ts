// Home shell journeys: tools open as tabs, switching keeps each tab's state and scroll,
// /exchangeSpread is the one tab that unmounts, tabs persist in localStorage `tabs`,
// the language toggle persists in `Lang`. Screenshots of the shell go to docs/screenshots/.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { sessionStorageInit, startAppServer, type AppServer } from './support/app-server';

// The CI machine is shared by many jobs: give page loads room.
const expect = baseExpect.configure({ timeout: 15_000 });

let server: AppServer;
test.beforeAll(async () => { server = await startAppServer(); });
test.afterAll(async () => { await server.close(); });
test.use({ viewport: { width: 1440, height: 860 }, serviceWorkers: 'block' });

async function seed(page: Page, storage: Record<string, string>) {
  await page.addInitScript((s) => {
    if (sessionStorage.getItem('seeded')) return; // only before the first load of the test
    sessionStorage.setItem('seeded', '1');
    localStorage.clear();
    for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
  }, storage);
}

const storedTabs = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('tabs') ?? '[]').map((t: { name: string }) => t.name));

for (const lang of ['zh', 'en'] as const) {
  const L = lang === 'zh'
    ? { test: '测试', first: '快捷计算', second: '外汇策略筛选', spread: '汇率利差监控', count3: '计数：3', na: '尚未提供' }
    : { test: 'Test', first: 'Quick Calculation', second: 'FX Strategy Filter', spread: 'FX Interest Spread Monitor', count3: 'Count: 3', na: 'not available yet' };

  test(`tabs keep state when switched (${lang})`, async ({ page }) => {
    await seed(page, sessionStorageInit({ lang, role: 'internal' }));
    await page.goto(`${server.url}/test`);
    const testPane = page.locator('[data-pane="test"]');
    await expect(testPane.getByTestId('test-count')).toBeVisible();

    // tool-local state: a counter and the pane's scroll position
    for (let i = 0; i < 3; i++) await testPane.getByTestId('test-counter').click();
    await testPane.evaluate((el) => { el.scrollTop = 1500; });

    // open more tools from the menu; each becomes a tab
    await page.locator('[data-tool="fastCalculation"]').click();
    await expect(page).toHaveURL(/\/fastCalculation$/);
    await expect(page.locator('[data-pane="fastCalculation"]').getByText(L.na)).toBeVisible();
    await page.locator('[data-tool="fxStrategyFilter"]').click();
    await expect(page.locator('[data-tab]')).toHaveCount(3);
    await expect(page.locator('.tab--active')).toContainText(L.second);
    expect(await storedTabs(page)).toEqual(['test', 'fastCalculation', 'fxStrategyFilter']);
    // the hidden test pane is still mounted
    await expect(testPane).toBeHidden();
    await expect(testPane).toHaveCount(1);

    // back to the first tab: same counter, same scroll
    await page.locator('[data-tab="test"] [role="tab"]').click();
    await expect(page).toHaveURL(/\/test$/);
    await expect(testPane.getByTestId('test-count')).toHaveText(L.count3);
    expect(await testPane.evaluate((el) => el.scrollTop)).toBe(1500);

    // /exchangeSpread is not kept alive: its pane unmounts when switched away from
    await page.locator('[data-tool="exchangeSpread"]').click();
    await expect(page.locator('[data-pane="exchangeSpread"]')).toHaveCount(1);
    await page.locator('[data-tab="fastCalculation"] [role="tab"]').click();
    await expect(page.locator('[data-pane="exchangeSpread"]')).toHaveCount(0);
    await expect(page.locator('[data-tab="exchangeSpread"]')).toContainText(L.spread);

    if (lang === 'zh') {
      await page.locator('[data-tab="test"] [role="tab"]').click();
      await page.screenshot({ path: 'docs/screenshots/shell-zh.png' });
    }

    // closing the active tab activates its right neighbour
    await page.locator('[data-tab="fastCalculation"] [role="tab"]').click();
    await page.locator('[data-tab="fastCalculation"] .tab__close').click();
    await expect(page).toHaveURL(/\/fxStrategyFilter$/);
    expect(await storedTabs(page)).toEqual(['test', 'fxStrategyFilter', 'exchangeSpread']);

    // a reload restores the tabs from localStorage; the URL names the active one
    await page.reload();
    await expect(page.locator('[data-tab]')).toHaveCount(3);
    await expect(page.locator('.tab--active')).toContainText(L.second);
    expect(await page.evaluate(() => localStorage.getItem('lastPath'))).toBe('fxStrategyFilter');
  });
}

test('language toggle switches every label and persists in Lang', async ({ page }) => {
  await seed(page, sessionStorageInit({ lang: 'zh', role: 'internal', extra: { tabs: JSON.stringify([{ name: 'test', label: '测试' }, { name: 'irsCal', label: '利率互换计算器' }, { name: 'optionCalculator', label: '外汇期权计算器' }]) } }));
  await page.goto(`${server.url}/test`);
  await expect(page.getByRole('navigation')).toContainText('外汇及商品期权');
  await expect(page.locator('[data-tab="irsCal"]')).toContainText('利率互换计算器');
  await page.getByTestId('lang-toggle').click();
  await expect(page.getByRole('navigation')).toContainText('FX & Commodity Options');
  await expect(page.locator('[data-tab="irsCal"]')).toContainText('Interest Rate Swap Calculator');
  await expect(page.getByTestId('test-count')).toHaveText('Count: 0');
  expect(await page.evaluate(() => localStorage.getItem('Lang'))).toBe('en');
  await page.locator('[data-pane="test"]').getByTestId('test-counter').click();
  await page.screenshot({ path: 'docs/screenshots/shell-en.png' });
  await page.reload();
  await expect(page.getByRole('navigation')).toContainText('Fixed Income');
});

test('clients and internal users see different menus', async ({ page }) => {
  await seed(page, sessionStorageInit({ role: 'bank' }));
  await page.goto(`${server.url}/`);
  const menu = page.getByTestId('main-menu');
  await expect(menu.locator('[data-tool="agentTransaction"]')).toHaveCount(1);
  await expect(menu.locator('[data-tool="backTest"]')).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem('Role', 'internal'));
  await page.reload();
  await expect(menu.locator('[data-tool="backTest"]')).toHaveCount(1);
  await expect(menu.locator('[data-tool="agentTransaction"]')).toHaveCount(0);
});

test('a tool whose code cannot be loaded says so (after one automatic reload) and leaves other tabs alone', async ({ page }) => {
  await seed(page, sessionStorageInit({ lang: 'en', role: 'internal', extra: { tabs: JSON.stringify([{ name: 'fastCalculation', label: 'Quick Calculation' }]) } }));
  await page.route('**/assets/test-tool-*.js', (route) => route.abort());
  await page.goto(`${server.url}/test`);
  const pane = page.locator('[data-pane="test"]');
  await expect(pane.getByTestId('load-error')).toContainText('could not be loaded');
  await expect(pane.getByRole('button', { name: 'Reload' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('chunkReloadAt'))).not.toBeNull();
  await page.locator('[data-tab="fastCalculation"] [role="tab"]').click();
  await expect(page.locator('[data-pane="fastCalculation"]').getByTestId('not-available')).toBeVisible();
});

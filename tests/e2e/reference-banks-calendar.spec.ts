// Reference screens of bank quotes, holiday calendars and the add-in page, in real Chromium,
// in en (binding names) and zh: the holiday query (/calendarManament in the shell, /calendar
// public) with the month grid of UI-CONTRACT section 4, a year without an official notice,
// the joint value-day view; bank settlement and sale quotes (/bankExchangeMa, /bankExchange,
// /bankExchangeEn) sorted, exported and flashing on a pushed change; /downLoad with SPEC
// section 9's figures. Screenshots: docs/screenshots/<route>-{zh,en}.png.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { DEMO, expect, openTool, resultsRegion, resultValue, screenshot, test, type Lang } from './support/tools';
import { publishMarketFigures } from './support/market-data';
import type { TestServer } from './support/server';

/** A public route in a fresh browser context without a session. */
async function openPublic(browser: Browser, server: TestServer, route: string, lang: Lang): Promise<{ page: Page; ctx: BrowserContext }> {
  const ctx = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  const page = await ctx.newPage();
  await page.addInitScript((l) => localStorage.setItem('Lang', l), lang);
  await page.goto(`${server.baseUrl}/${route}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang === 'en' ? 'en' : 'zh-CN');
  await expect(page.getByTestId('public-layout')).toHaveAttribute('data-route', route);
  expect(await page.evaluate(() => localStorage.getItem('sid'))).toBeNull();
  return { page, ctx };
}

/** Full-page screenshot of a public route (its main area scrolls inside the layout). */
async function publicScreenshot(page: Page, name: string): Promise<void> {
  const vp = page.viewportSize() ?? { width: 1440, height: 900 };
  const need = await page.evaluate(() => {
    const main = document.querySelector<HTMLElement>('.public__main');
    if (!main) return 0;
    main.scrollTop = 0;
    return Math.ceil(main.getBoundingClientRect().top + main.scrollHeight + 4);
  });
  const height = Math.min(Math.max(vp.height, need), 6000);
  if (height !== vp.height) await page.setViewportSize({ width: vp.width, height });
  await page.waitForTimeout(1000); // charts follow the resize
  await page.screenshot({ path: `docs/screenshots/${name}.png` });
  if (height !== vp.height) await page.setViewportSize(vp);
}

const cal = {
  en: { currency: 'Currency', year: 'Year', month: 'Month', joint: 'Joint with (second currency)', springFestival: 'Spring Festival', national: 'National Day', makeUp: 'Make-up working day (National Day)', noNotice: /No official notice yet/, query: 'Query', yearTable: /Holidays and make-up days in 2026/ },
  zh: { currency: '币种', year: '年份', month: '月份', joint: '联合日历（第二币种）', springFestival: '春节', national: '国庆节', makeUp: '国庆节调休上班', noNotice: /尚无官方通知/, query: '查询', yearTable: /2026 年节假日与调休/ },
} as const;

/** Fills the holiday query and presses Enter in the last field. */
async function queryCalendar(scope: Page | Locator, lang: Lang, currency: string, year: string, month: string) {
  const L = cal[lang];
  const ccy = scope.getByRole('combobox', { name: L.currency, exact: true });
  await ccy.fill(currency);
  await ccy.press('Tab');
  await yearField(scope, lang).fill(year);
  const m = monthField(scope, lang);
  await m.fill(month);
  await m.press('Enter');
}

/** Year is a text box, Month a combobox (typed, with the month names suggested). */
const yearField = (scope: Page | Locator, lang: Lang) => scope.getByRole('textbox', { name: cal[lang].year, exact: true });
const monthField = (scope: Page | Locator, lang: Lang) => scope.getByRole('combobox', { name: cal[lang].month, exact: true });

const day = (scope: Page | Locator, iso: string) => resultsRegion(scope).locator(`[data-date="${iso}"]`);

test.describe('holiday query', () => {
  test('CNY October 2026 in en: National Day closed, the make-up Saturday open; a year without a notice', async ({ page }) => {
    const pane = await openTool(page, 'calendarManament', 'en');
    await queryCalendar(pane, 'en', 'CNY', '2026', 'October');
    const region = resultsRegion(pane);
    await expect(region).not.toHaveAttribute('aria-busy', 'true');
    await expect(day(pane, '2026-10-01')).toHaveAttribute('data-business-day', 'false');
    await expect(day(pane, '2026-10-07')).toHaveAttribute('data-business-day', 'false');
    await expect(day(pane, '2026-10-08')).toHaveAttribute('data-business-day', 'true');
    await expect(day(pane, '2026-10-10')).toHaveAttribute('data-business-day', 'true');
    await expect(day(pane, '2026-10-11')).toHaveAttribute('data-business-day', 'false');
    // every day of the month, none of another month
    await expect(region.locator('[data-date]')).toHaveCount(31);
    // non-trading days in a coloured font, the names under the day
    const red = await day(pane, '2026-10-01').evaluate((el) => getComputedStyle(el).color);
    const plain = await day(pane, '2026-10-08').evaluate((el) => getComputedStyle(el).color);
    expect(red).not.toBe(plain);
    await expect(day(pane, '2026-10-01')).toContainText(cal.en.national);
    await expect(day(pane, '2026-10-10')).toContainText(cal.en.makeUp);
    await expect(region.getByRole('grid', { name: 'CNY October 2026' })).toBeVisible();
    expect(await resultValue(pane, 'Business days')).toBe(String(await region.locator('[data-business-day="true"]').count()));
    // Month takes 1-12 too; the year's table lists the Spring Festival
    await monthField(pane, 'en').fill('10');
    await monthField(pane, 'en').press('Enter');
    await expect(monthField(pane, 'en')).toHaveValue('October');
    await expect(pane.getByRole('table', { name: cal.en.yearTable })).toContainText(cal.en.springFestival);
    await day(pane, '2026-10-01').click();
    await expect(pane.getByTestId('calendar-selected')).toContainText('National Day');
    await expect(pane.getByTestId('calendar-source')).toContainText('chinese-days');
    await expect(pane.getByTestId('calendar-source')).toContainText('2008-2026');
    await screenshot(page, 'calendarManament-en');

    // 2027: the State Council notice is not held -> said plainly, no grid
    await yearField(pane, 'en').fill('2027');
    await yearField(pane, 'en').press('Enter');
    await expect(region.getByRole('alert')).toContainText(cal.en.noNotice);
    await expect(region.getByRole('alert')).toContainText('2008-2026');
    await expect(region.locator('[data-date]')).toHaveCount(0);
    await expect(yearField(pane, 'en')).toHaveValue('2027'); // kept as typed
    // the projection only on request, and flagged as such
    await pane.getByRole('button', { name: 'Show the 2027 CNY projection (not official)' }).click();
    await expect(region.getByRole('grid', { name: 'CNY October 2027 (projected)' })).toBeVisible();
    await expect(pane.getByTestId('calendar-projected')).toContainText('2027 CNY holidays projected (no official notice yet)');
    await expect(day(pane, '2027-10-01')).toHaveAttribute('data-business-day', 'false');
    await pane.getByRole('checkbox', { name: /Show a projection/ }).uncheck();
    await expect(region.getByRole('alert')).toContainText(cal.en.noNotice);
    await expect(region.locator('[data-date]')).toHaveCount(0);
    // a bad month is an error in the field; the query keeps the last inputs
    await monthField(pane, 'en').fill('Octember');
    await monthField(pane, 'en').press('Enter');
    await expect(monthField(pane, 'en')).toHaveAttribute('aria-invalid', 'true');
    await expect(region.getByRole('alert')).toContainText('Correct the marked inputs first');
    await expect(monthField(pane, 'en')).toHaveValue('Octember');
  });

  test('joint USD/CNY value days: the make-up Saturday is no value day (en)', async ({ page }) => {
    const pane = await openTool(page, 'calendarManament', 'en');
    await queryCalendar(pane, 'en', 'CNY', '2026', 'October');
    const joint = pane.getByRole('combobox', { name: cal.en.joint });
    await joint.fill('USD');
    await joint.press('Enter');
    await expect(resultsRegion(pane).getByRole('grid', { name: 'USD/CNY value days October 2026' })).toBeVisible();
    await expect(day(pane, '2026-10-10')).toHaveAttribute('data-business-day', 'false');
    await expect(day(pane, '2026-10-12')).toHaveAttribute('data-business-day', 'false'); // Columbus Day
    await expect(day(pane, '2026-10-09')).toHaveAttribute('data-business-day', 'true');
    await joint.fill('');
    await joint.press('Enter');
    await expect(day(pane, '2026-10-10')).toHaveAttribute('data-business-day', 'true');
  });

  test('Spring Festival 2026 in zh, keyboard to the next month', async ({ page }) => {
    const pane = await openTool(page, 'calendarManament', 'zh');
    await queryCalendar(pane, 'zh', 'CNY', '2026', '二月');
    await expect(day(pane, '2026-02-16')).toHaveAttribute('data-business-day', 'false');
    await expect(day(pane, '2026-02-23')).toHaveAttribute('data-business-day', 'false');
    await expect(day(pane, '2026-02-14')).toHaveAttribute('data-business-day', 'true');
    await expect(day(pane, '2026-02-28')).toHaveAttribute('data-business-day', 'true');
    await expect(day(pane, '2026-02-17')).toContainText(cal.zh.springFestival);
    await expect(day(pane, '2026-02-14')).toContainText('春节调休上班');
    await expect(resultsRegion(pane).getByRole('grid', { name: 'CNY 2026年2月' })).toBeVisible();
    await screenshot(page, 'calendarManament-zh');
    // October in zh by "10月", then PageDown moves the grid (and the Month field) to November
    await monthField(pane, 'zh').fill('10月');
    await monthField(pane, 'zh').press('Enter');
    await expect(day(pane, '2026-10-01')).toHaveAttribute('data-business-day', 'false');
    await expect(day(pane, '2026-10-10')).toHaveAttribute('data-business-day', 'true');
    await day(pane, '2026-10-08').click();
    await page.keyboard.press('PageDown');
    await expect(monthField(pane, 'zh')).toHaveValue('11月');
    await expect(day(pane, '2026-11-08')).toBeFocused();
    // 2027 without a notice
    await yearField(pane, 'zh').fill('2027');
    await yearField(pane, 'zh').press('Enter');
    await expect(resultsRegion(pane).getByRole('alert')).toContainText(cal.zh.noNotice);
  });

  for (const lang of ['en', 'zh'] as const) {
    test(`public /calendar without a session (${lang})`, async ({ browser, server }) => {
      const { page, ctx } = await openPublic(browser, server, 'calendar', lang);
      await queryCalendar(page, lang, 'CNY', '2026', lang === 'en' ? 'October' : '10');
      await expect(day(page, '2026-10-01')).toHaveAttribute('data-business-day', 'false');
      await expect(day(page, '2026-10-10')).toHaveAttribute('data-business-day', 'true');
      await expect(day(page, '2026-10-01')).toContainText(cal[lang].national);
      await publicScreenshot(page, `calendar-${lang}`);
      await ctx.close();
    });
  }
});

const bank = {
  en: { table: 'All quotes', spotSelling: 'Spot selling', sample: 'SAMPLE', exportCsv: 'Export CSV', exportXlsx: 'Export Excel', amount: 'Amount', bestBank: 'Best bank', pay: 'CNY to pay', best: 'Best bank per currency', history: /history \(by bank\)/, filter: 'Currency filter' },
  zh: { table: '全部牌价', spotSelling: '现汇卖出价', sample: '样例', exportCsv: '导出 CSV', exportXlsx: '导出 Excel', amount: '金额', bestBank: '最优银行', pay: '需支付人民币', best: '各币种最优银行', history: /历史（各银行）/, filter: '币种筛选' },
} as const;

/** The quotes table once its 36 rows (6 banks x 6 currencies) are on screen. */
async function quotesTable(scope: Page | Locator, lang: Lang): Promise<Locator> {
  const table = scope.getByRole('table', { name: bank[lang].table });
  await expect(table.locator('tbody tr')).toHaveCount(36);
  return table;
}

/** data-value of every cell of a column (by header text) in row order. */
async function columnValues(table: Locator, header: string): Promise<number[]> {
  return table.evaluate((t, h) => {
    // header text without the sort arrow
    const heads = [...t.querySelectorAll('thead th')].map((th) => th.textContent?.replace(/[▲▼]/g, '').trim());
    const j = heads.indexOf(h);
    if (j < 0) throw new Error(`no column ${h}`);
    return [...t.querySelectorAll('tbody tr')].map((tr) => Number(tr.children[j]?.getAttribute('data-value')));
  }, header);
}

test.describe('bank settlement and sale quotes', () => {
  test('shell (en): sample badge, sort, export, compare an amount', async ({ page }) => {
    const pane = await openTool(page, 'bankExchangeMa', 'en');
    const table = await quotesTable(pane, 'en');
    await expect(pane.getByTestId('bank-sources')).toContainText(bank.en.sample);
    await expect(pane.getByTestId('bank-sources')).toContainText('2026-11-20');
    // sort by spot selling: ascending, then descending
    const sortBtn = table.getByRole('button', { name: bank.en.spotSelling, exact: true });
    await sortBtn.click();
    await expect(table.getByRole('columnheader', { name: bank.en.spotSelling })).toHaveAttribute('aria-sort', 'ascending');
    const asc = await columnValues(table, bank.en.spotSelling);
    expect(asc.every(Number.isFinite)).toBe(true);
    expect(new Set(asc).size).toBeGreaterThan(1);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    await sortBtn.click();
    const desc = await columnValues(table, bank.en.spotSelling);
    expect(desc).toEqual([...asc].sort((a, b) => b - a));
    // export what is shown (CSV), header and 36 rows with full-precision figures
    const [csv] = await Promise.all([page.waitForEvent('download'), pane.getByRole('button', { name: bank.en.exportCsv }).first().click()]);
    const text = readFileSync((await csv.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Spot selling');
    expect(lines).toHaveLength(37);
    expect(lines[1]).toContain(String(desc[0]));
    const [xlsx] = await Promise.all([page.waitForEvent('download'), pane.getByRole('button', { name: bank.en.exportXlsx }).first().click()]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    // filter to USD: 6 banks
    await pane.getByLabel(bank.en.filter).selectOption('USD');
    await expect(table.locator('tbody tr')).toHaveCount(6);
    const usdSell = await columnValues(table, bank.en.spotSelling);
    // 10,000 USD bought at the lowest spot selling rate
    const amount = pane.getByLabel(bank.en.amount);
    await amount.fill('10k');
    await amount.press('Enter');
    const minSell = Math.min(...usdSell);
    await expect.poll(async () => Number(await resultValue(pane, bank.en.pay))).toBeCloseTo((10_000 * minSell) / 100, 6);
    await expect(pane.getByRole('table', { name: bank.en.best })).toBeVisible();
    const chart = pane.getByRole('figure', { name: bank.en.history });
    await expect(chart).toHaveAttribute('data-series', '6');
    await expect.poll(async () => Number(await chart.getAttribute('data-points'))).toBeGreaterThan(100);
    await screenshot(page, 'bankExchangeMa-en');
  });

  test('shell (zh) screenshot', async ({ page }) => {
    const pane = await openTool(page, 'bankExchangeMa', 'zh');
    await quotesTable(pane, 'zh');
    await expect(pane.getByTestId('bank-sources')).toContainText(bank.zh.sample);
    await expect.poll(() => resultValue(pane, bank.zh.pay)).not.toBeNull();
    await screenshot(page, 'bankExchangeMa-zh');
  });

  for (const lang of ['zh', 'en'] as const) {
    test(`public /bankExchange without a session (${lang})`, async ({ browser, server }) => {
      const { page, ctx } = await openPublic(browser, server, 'bankExchange', lang);
      await quotesTable(page, lang);
      await expect(page.getByTestId('bank-sources')).toContainText(bank[lang].sample);
      await expect.poll(() => resultValue(page, bank[lang].pay)).not.toBeNull();
      await publicScreenshot(page, `bankExchange-${lang}`);
      await ctx.close();
    });
  }

  test('public /bankExchangeEn is English whatever the interface language', async ({ browser, server }) => {
    const { page, ctx } = await openPublic(browser, server, 'bankExchangeEn', 'zh');
    await quotesTable(page, 'en');
    await expect(page.getByTestId('bank-exchange')).toContainText('Bank FX Settlement and Sale Quotes');
    await expect(page.getByTestId('bank-sources')).toContainText('SAMPLE');
    await expect(page.getByRole('link', { name: '中文版' })).toBeVisible();
    await publicScreenshot(page, 'bankExchangeEn-en');
    await ctx.close();
  });

  test('a new quote is pushed live, flashes, and moves the best bank (en)', async ({ page, server }) => {
    const pane = await openTool(page, 'bankExchangeMa', 'en');
    const table = await quotesTable(pane, 'en');
    await pane.getByLabel(bank.en.filter).selectOption('USD');
    await expect(table.locator('tbody tr')).toHaveCount(6);
    const usdSell = await columnValues(table, bank.en.spotSelling);
    const lower = Math.round((Math.min(...usdSell) - 1) * 100) / 100;
    const icbc = table.locator('tbody tr', { hasText: 'ICBC' });
    const col = await table.evaluate((t, h) => [...t.querySelectorAll('thead th')].findIndex((th) => th.textContent?.replace(/[▲▼]/g, '').trim() === h), bank.en.spotSelling);
    const cell = icbc.locator(`:scope > *:nth-child(${col + 1})`);
    await publishMarketFigures(server, DEMO.user, DEMO.password, [{ id: 'bank.ICBC.USD.spotSell', date: '2026-11-23', value: lower }]);
    await expect(cell).toHaveAttribute('data-value', String(lower));
    await expect(cell.locator('[data-flash]')).toHaveAttribute('data-dir', 'down');
    await expect(cell).toContainText('Best');
    await expect.poll(() => resultValue(pane, bank.en.bestBank)).toBe('ICBC');
  });
});

test.describe('spreadsheet add-in page', () => {
  const words = {
    en: { version: 'Latest version', kernel: 'Kernel version', released: 'Released', python: 'Requires', download: 'Download add-in 1.2.0', notAvailable: /Not available yet/, check: 'Output of python --version', mismatch: /Does not match: Python 3\.11\.4 found, the add-in needs Python 3\.9\.7/, ok: /Matches: Python 3\.9\.7/ },
    zh: { version: '最新版本', kernel: '内核版本', released: '发布日期', python: '运行环境', download: '下载插件 1.2.0', notAvailable: /暂未提供下载/, check: 'python --version 的输出', mismatch: /版本不符：检测到 Python 3\.11\.4，插件需要 Python 3\.9\.7/, ok: /版本符合：Python 3\.9\.7/ },
  } as const;
  for (const lang of ['en', 'zh'] as const) {
    test(`/downLoad shows SPEC section 9's figures and no fake file (${lang})`, async ({ browser, server }) => {
      const W = words[lang];
      const { page, ctx } = await openPublic(browser, server, 'downLoad', lang);
      const dd = (name: string) => page.locator('dt', { hasText: name }).locator('xpath=following-sibling::dd[1]');
      await expect(dd(W.version)).toHaveText('1.2.0');
      await expect(dd(W.kernel)).toHaveText('1.2.15009');
      await expect(dd(W.released)).toHaveText('2025-03-12');
      await expect(dd(W.python)).toContainText('Python 3.9.7');
      // the download says plainly it is not available: a disabled button, no link to a file
      await expect(page.getByRole('button', { name: W.download })).toBeDisabled();
      await expect(page.getByTestId('download-not-available')).toContainText(W.notAvailable);
      await expect(page.locator('a[download], a[href$=".xlam"], a[href$=".zip"], a[href$=".exe"], a[href$=".msi"]')).toHaveCount(0);
      // the Python check: a wrong version is an alert, the right one passes, Enter runs it
      const field = page.getByLabel(W.check);
      await field.fill('Python 3.11.4');
      await field.press('Enter');
      await expect(resultsRegion(page).getByRole('alert')).toContainText(W.mismatch);
      await expect(field).toHaveValue('Python 3.11.4');
      await field.fill('Python 3.9.7');
      await field.press('Enter');
      await expect(resultsRegion(page).getByRole('alert')).toHaveCount(0);
      await expect(resultsRegion(page)).toContainText(W.ok);
      await publicScreenshot(page, `downLoad-${lang}`);
      await ctx.close();
    });
  }
});

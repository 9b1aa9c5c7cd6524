// The tool kit in real Chromium, through the /test showcase, in zh and en: keyboard-only
// entry, amount shorthands, Enter computes, aria-busy toggles in the Results region,
// data-value at full precision and copied in full, the date picker's business days, errors
// as role="alert" in the user's language; the grid (edit, validation, paste from Excel,
// sort, filter, export, import by content); charts (render, resize, legend, zoom). Screenshots:
// docs/screenshots/kit-zh.png, kit-en.png.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, openTool, resultsRegion, resultValue, screenshot, test, type Lang } from './support/tools';

const words = {
  zh: {
    pair: '货币对', direction: '方向', sell: '卖出', notional: '名义本金', expiry: '到期日', vol: '波动率', scenario: '情景',
    premium: '权利金', fail: '反推结果无法获得，请检查输入', trades: '交易明细（生成的 100,000 行）', strike: '执行价',
    filterNotional: '筛选 名义本金', history: 'USD/CNY 历史（模拟）', payoff: '到期损益与当前价值', resetZoom: '重置缩放', failOption: '反推失败（演示错误）',
    rows: (n: string) => `${n} 行`, openCalendar: '打开日历', simulated: '模拟', sample: '样例', exportCsv: '导出 CSV', exportXlsx: '导出 Excel',
  },
  en: {
    pair: 'Currency pair', direction: 'Direction', sell: 'Sell', notional: 'Notional', expiry: 'Expiry', vol: 'Volatility', scenario: 'Scenario',
    premium: 'Premium', fail: 'Inverse result cannot be obtained, check input', trades: 'Trades (100,000 generated rows)', strike: 'Strike',
    filterNotional: 'Filter Notional', history: 'USD/CNY history (simulated)', payoff: 'Payoff at expiry and value today', resetZoom: 'Reset zoom', failOption: 'Solver fails (error demo)',
    rows: (n: string) => `${n} rows`, openCalendar: 'Open calendar', simulated: 'SIMULATED', sample: 'SAMPLE', exportCsv: 'Export CSV', exportXlsx: 'Export Excel',
  },
} as const;

async function openShowcase(page: Page, lang: Lang) {
  const pane = await openTool(page, 'test', lang);
  const showcase = pane.getByTestId('kit-showcase');
  await expect(showcase).toBeVisible();
  // /test also hosts the kit-data demo, which has a Results region of its own.
  const region = resultsRegion(showcase);
  await expect(region).not.toHaveAttribute('aria-busy', 'true');
  await expect.poll(() => resultValue(showcase, words[lang].premium)).not.toBeNull();
  return { pane: showcase, region };
}

/** Moves focus with Tab until `target` has it (keyboard only), at most `max` presses. */
async function tabTo(page: Page, target: Locator, max = 12) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

for (const lang of ['zh', 'en'] as const) {
  const L = words[lang];

  test(`fields, results and errors by keyboard (${lang})`, async ({ page }) => {
    const { pane, region } = await openShowcase(page, lang);
    const pair = pane.getByRole('combobox', { name: L.pair });

    // keyboard only from the first field: type-ahead pair, radio by arrows, amount shorthand
    await pair.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('eur usd');
    await page.keyboard.press('Tab');
    await expect(pair).toHaveValue('EUR/USD');
    await expect(pair).toHaveAttribute('data-value', 'EURUSD');
    await expect(pane.getByRole('radio', { name: lang === 'en' ? 'Buy' : '买入' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(pane.getByRole('radio', { name: L.sell })).toBeChecked();
    const notional = pane.getByRole('textbox', { name: L.notional, exact: true });
    await tabTo(page, notional);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('1.5mio');
    await page.keyboard.press('Tab');
    await expect(notional).toHaveValue('1,500,000');
    await expect(notional).toHaveAttribute('data-value', '1500000');

    // Enter computes: busy in the same keystroke, cleared when results are on screen
    await notional.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('10m');
    const before = await resultValue(pane, L.premium);
    await page.keyboard.press('Enter');
    await expect(region).toHaveAttribute('aria-busy', 'true');
    await expect(region).not.toHaveAttribute('aria-busy', 'true');
    await expect(notional).toHaveValue('10,000,000');
    const premium = await resultValue(pane, L.premium);
    expect(premium).not.toBe(before);
    expect(Number(premium)).toBeGreaterThan(0); // what the buyer pays (UI-CONTRACT), whatever the direction
    // full precision in data-value; the text is rounded to 2 decimals and grouped
    expect(premium).toMatch(/^-?\d+\.\d{4,}$/);
    const dd = region.locator('dd').first();
    const shown = (await dd.innerText()).replace(/[^\d.-]/g, '');
    expect(Number(shown)).toBeCloseTo(Number(premium), 2);
    expect(shown).not.toBe(premium);

    // copy: Ctrl+C on the focused value gives the full precision
    await dd.focus();
    await page.keyboard.press('ControlOrMeta+c');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(premium);

    // tenor resolves beside the field; the picker marks business days of the pair's calendars
    const expiry = pane.getByRole('textbox', { name: L.expiry, exact: true });
    await expiry.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('6m');
    const resolved = pane.locator('[data-field="expiry"] output');
    await expect(resolved).toHaveAttribute('data-value', /^\d{4}-\d{2}-\d{2}$/);
    await page.keyboard.press('Alt+ArrowDown');
    const dialog = pane.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const days = dialog.locator('[data-date]');
    expect(await days.count()).toBeGreaterThanOrEqual(28);
    const flags = await days.evaluateAll((els) => els.map((e) => [e.getAttribute('data-date'), e.getAttribute('data-business-day')]));
    for (const [iso, flag] of flags) {
      const wd = new Date(`${iso}T00:00:00Z`).getUTCDay();
      if (wd === 0 || wd === 6) expect([iso, flag]).toEqual([iso, 'false']); // EURUSD: no make-up weekends
      else expect(flag === 'true' || flag === 'false').toBe(true);
    }
    const focusedDay = await page.evaluate(() => document.activeElement?.getAttribute('data-date'));
    expect(focusedDay).toBe(await resolved.getAttribute('data-value'));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('PageDown');
    const target = await page.evaluate(() => document.activeElement?.getAttribute('data-date'));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(expiry).toHaveValue(target!);
    await expect(expiry).toBeFocused();

    // a failing computation: role="alert" in the user's language; inputs stay as typed
    await pane.getByRole('combobox', { name: L.scenario }).selectOption({ label: L.failOption });
    await expiry.focus();
    await page.keyboard.press('Enter');
    await expect(region.getByRole('alert')).toContainText(L.fail);
    await expect(notional).toHaveValue('10,000,000');
    await expect(expiry).toHaveValue(target!);
    expect(await resultValue(pane, L.premium)).toBeNull(); // dash, no data-value
    await expect(region.locator('dd').first()).toHaveText(/—/);

    // back to normal for the screenshot
    await pane.getByRole('combobox', { name: L.scenario }).selectOption({ index: 0 });
    await pane.getByRole('button', { name: lang === 'en' ? 'Price' : '计算' }).click();
    await expect(region.getByRole('alert')).toHaveCount(0);
    await expect.poll(() => resultValue(pane, L.premium)).not.toBeNull();
    await expect(pane.getByText(L.simulated).first()).toBeVisible();
    await expect(pane.getByText(L.sample).first()).toBeVisible();
    await page.mouse.move(0, 0);
    await screenshot(page, `kit-${lang}`, pane);
  });
}

test('grid: edit, validation, paste from Excel, sort, filter, export, import (en)', async ({ page }) => {
  const L = words.en;
  const { pane } = await openShowcase(page, 'en');
  const grid = pane.getByRole('grid', { name: L.trades });
  await expect(grid).toHaveAttribute('aria-rowcount', '100001');
  await expect(pane.getByText(L.rows('100,000'))).toBeVisible();
  const cell = (row: number, col: number) => grid.locator(`[data-row="${row}"] [data-col="${col}"]`);

  // edit by keyboard: Enter edits, typing an amount shorthand, Enter commits and moves down
  await cell(0, 2).click();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('2.5m');
  await page.keyboard.press('Enter');
  await expect(cell(0, 2)).toHaveAttribute('data-value', '2500000');
  await expect(cell(0, 2)).toHaveText('2,500,000.00');
  await expect(cell(1, 2)).toBeFocused();
  // typing replaces a cell; a bad value is kept, flagged on the cell and its row
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('abc');
  await page.keyboard.press('Tab');
  await expect(cell(1, 3)).toHaveAttribute('aria-invalid', 'true');
  await expect(cell(1, 3)).toHaveText('abc');
  await expect(grid.locator('[data-row="1"] [role="rowheader"] .kit-grid__warn')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(pane.getByRole('status').filter({ hasText: 'Row 2' })).toContainText('Strike: Not a number');
  // Escape cancels an edit
  await page.keyboard.press('Enter');
  await page.keyboard.type('999');
  await page.keyboard.press('Escape');
  await expect(cell(1, 3)).toHaveText('abc');
  // undo brings the value back
  await page.keyboard.press('ControlOrMeta+z');
  await expect(cell(1, 3)).not.toHaveAttribute('aria-invalid', 'true');

  // paste a block copied from Excel (TSV, CRLF) at row 3, column Notional
  await cell(2, 2).click();
  await page.evaluate(() => navigator.clipboard.writeText('1,000,000\t7.25\r\n500k\t7.3\r\n'));
  await page.keyboard.press('ControlOrMeta+v');
  await expect(cell(2, 2)).toHaveAttribute('data-value', '1000000');
  await expect(cell(2, 3)).toHaveAttribute('data-value', '7.25');
  await expect(cell(3, 2)).toHaveAttribute('data-value', '500000');
  await expect(cell(3, 3)).toHaveAttribute('data-value', '7.3');
  await expect(cell(2, 2)).not.toHaveAttribute('aria-invalid', 'true'); // the seeded "12x" is fixed by the paste

  // paste past the end adds rows
  await page.keyboard.press('ControlOrMeta+ArrowDown'); // last row, still in Strike
  await page.keyboard.press('ArrowLeft');
  await expect(cell(99999, 2)).toBeFocused();
  await page.evaluate(() => navigator.clipboard.writeText('1m\r\n2m\r\n3m\r\n'));
  await page.keyboard.press('ControlOrMeta+v');
  await expect(grid).toHaveAttribute('aria-rowcount', '100003');
  await expect(cell(100001, 2)).toHaveAttribute('data-value', '3000000');
  await expect(pane.getByRole('status').filter({ hasText: /Pasted 3 rows/ })).toBeVisible();

  // sort by Notional (ascending), then filter with a desk expression
  await grid.getByRole('columnheader', { name: /Notional/ }).getByRole('button').click();
  await expect(grid.getByRole('columnheader', { name: /Notional/ })).toHaveAttribute('aria-sort', 'ascending');
  await grid.evaluate((el) => { el.scrollTop = 0; });
  const firstNotional = Number(await grid.locator('[data-index="0"] [data-col="2"]').getAttribute('data-value'));
  expect(firstNotional).toBe(100_000);
  await grid.getByRole('textbox', { name: L.filterNotional }).fill('>=9.9m');
  await expect(pane.getByText(/ of 100,002 rows$/)).toBeVisible();
  const vals = await grid.locator('[role="row"][data-index] [data-col="2"]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));
  expect(vals.length).toBeGreaterThan(5);
  expect(vals.every((v) => v >= 9_900_000)).toBe(true);
  const shownText = await pane.getByText(/ of 100,002 rows$/).innerText();
  const shown = Number(shownText.split(' of ')[0].replace(/,/g, ''));

  // export what is shown: CSV (numbers in full, header names) and XLSX (a real ZIP)
  const [csvDl] = await Promise.all([page.waitForEvent('download'), pane.getByRole('button', { name: L.exportCsv }).last().click()]);
  expect(csvDl.suggestedFilename()).toMatch(/^kit-trades-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await csvDl.path())!, 'utf8').replace(/^\ufeff/, '').trim().split(/\r\n/);
  expect(csv[0]).toBe('Currency pair,Side,Notional,Strike,Volatility,Expiry');
  expect(csv.length).toBe(shown + 1);
  const [xlsxDl] = await Promise.all([page.waitForEvent('download'), pane.getByRole('button', { name: L.exportXlsx }).last().click()]);
  const bytes = readFileSync((await xlsxDl.path())!);
  expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  await grid.getByRole('textbox', { name: L.filterNotional }).fill('');
  await expect(pane.getByText(L.rows('100,002'))).toBeVisible();

  // import (replace) the XLSX just exported, then the CSV: the file is read by content (exceljs loaded on demand)
  const fileInput = pane.locator('.kit-grid input[type="file"]');
  await fileInput.setInputFiles({ name: 'trades.bin', mimeType: 'application/octet-stream', buffer: bytes });
  await expect(pane.getByText(L.rows(shown.toLocaleString('en')))).toBeVisible();
  await expect(pane.getByRole('status').filter({ hasText: `Imported ${shown} rows (0 errors)` })).toBeVisible();
  await grid.evaluate((el) => { el.scrollTop = 0; });
  expect(Number(await grid.locator('[data-index="0"] [data-col="2"]').getAttribute('data-value'))).toBeGreaterThanOrEqual(9_900_000);
  await fileInput.setInputFiles({ name: 'trades.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.join('\r\n')) });
  await expect(pane.getByRole('status').filter({ hasText: `Imported ${shown} rows (0 errors)` })).toBeVisible();
  // a file that is not a table is refused with a message, rows untouched
  await fileInput.setInputFiles({ name: 'evil.csv', mimeType: 'text/csv', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]) });
  await expect(pane.getByRole('status').filter({ hasText: 'Unrecognised file' })).toBeVisible();
  await expect(pane.getByText(L.rows(shown.toLocaleString('en')))).toBeVisible();
});

test('charts: time and x-y render, resize, legend toggles, zoom and reset (zh)', async ({ page }) => {
  const L = words.zh;
  const { pane } = await openShowcase(page, 'zh');
  const history = pane.getByRole('figure', { name: L.history });
  const payoff = pane.getByRole('figure', { name: L.payoff });
  await history.scrollIntoViewIfNeeded();
  await expect(history.locator('canvas')).toBeVisible();
  await expect(payoff.locator('canvas')).toBeVisible();
  await expect(history).toHaveAttribute('data-mode', 'time');
  await expect(payoff).toHaveAttribute('data-mode', 'xy');
  // zh time axis: year-month ticks in Chinese (drawn on canvas; read the legend date instead)
  await expect(history.locator('.kit-chart__xval')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);

  // resize: the canvas follows the container width
  const w0 = await history.locator('canvas').evaluate((c) => c.getBoundingClientRect().width);
  await page.setViewportSize({ width: 1100, height: 900 });
  await expect.poll(() => history.locator('canvas').evaluate((c) => c.getBoundingClientRect().width)).not.toBe(w0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await history.scrollIntoViewIfNeeded();

  // crosshair: hovering updates the legend values
  const over = history.locator('.u-over');
  const box = (await over.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
  const v1 = await history.locator('.kit-chart__val').first().getAttribute('data-value');
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
  await expect.poll(() => history.locator('.kit-chart__val').first().getAttribute('data-value')).not.toBe(v1);

  // legend toggles a series
  const ma = history.getByRole('button', { name: /20日均值/ });
  await expect(ma).toHaveAttribute('aria-pressed', 'true');
  await ma.press('Enter');
  await expect(ma).toHaveAttribute('aria-pressed', 'false');

  // drag to zoom, then reset
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  const reset = history.getByRole('button', { name: L.resetZoom });
  await expect(reset).toBeVisible();
  await reset.click();
  await expect(reset).toBeHidden();
});

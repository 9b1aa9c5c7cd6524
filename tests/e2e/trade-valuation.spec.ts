// Trade valuation (/transactionValuation) against the real server: a small mixed ledger
// (spot, forward, swap, option) uploaded with one bad row is refused with the line named;
// the fixed file is imported and valued; one forward's MTM is checked against N (F - K) DF
// from the market rate and discount factor the screen shows for it, and an option's
// reporting-currency MTM against the conversion rate the Results region reports (one reading:
// the valued rows and the figures of the same run); the Excel export is read back; the ledger
// is saved and loaded back. zh and en
// screenshots.
import type { Locator, Page } from '@playwright/test';
import { expect, openTool, resultValue, resultsRegion, screenshot, test } from './support/tools';
import { downloadedWorkbook } from './support/downloads';

const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function ledgerCsv(today: string, bad: boolean): string {
  return [
    'Trade ID,Type,Pair,Direction,Notional,Dealt rate / strike,Trade date,Value / maturity date,Far rate,Far date,Call/Put,Expiry,Premium,Premium currency',
    `SP1,Spot,USDCNY,Buy,2000000,7.1,${today},${addDays(today, 2)},,,,,,`,
    `FW1,Forward,USD/CNY,Buy,10m,7.05,${today},${addDays(today, 91)},,,,,,`,
    `SW1,Swap,USDCNY,Sell,5000000,7.11,${today},${addDays(today, 7)},7.06,${bad ? '' : addDays(today, 182)},,,,`,
    `OP1,Option,EURUSD,Buy,1000000,1.18,${today},${addDays(today, 62)},,,Call,${addDays(today, 60)},9000,USD`,
  ].join('\r\n');
}

async function upload(pane: Locator, csv: string) {
  await pane.locator('input[type=file]').first().setInputFiles({ name: 'ledger.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

/** data-value of the grid cell of the row holding `id`, under the column headed `header`. */
async function cell(pane: Locator, id: string, header: string): Promise<number> {
  const v = await pane.evaluate((root, [id, header]) => {
    const heads = [...root.querySelectorAll('[role="columnheader"]')];
    const h = heads.find((x) => x.querySelector('.kit-grid__hname')?.textContent?.replace(' *', '').trim() === header);
    const col = h?.getAttribute('aria-colindex');
    const row = [...root.querySelectorAll('[role="row"]')].find((r) => [...r.querySelectorAll('[role="gridcell"]')].some((c) => c.textContent?.trim() === id));
    return row?.querySelector(`[role="gridcell"][aria-colindex="${col}"]`)?.getAttribute('data-value') ?? null;
  }, [id, header] as const);
  expect(v, `${id} ${header}`).not.toBeNull();
  return Number(v);
}

async function valued(page: Page, pane: Locator, n: number, name = 'Valued') {
  await pane.getByTestId('tv-value').click();
  await expect(resultsRegion(pane)).not.toHaveAttribute('aria-busy', 'true');
  await expect.poll(() => resultValue(pane, name)).toBe(String(n));
}

test('trade valuation: bad line refused, fixed ledger valued, forward MTM checked, export (en, zh)', async ({ page }) => {
  const pane = await openTool(page, 'transactionValuation', 'en');
  const today = await page.evaluate(() => { const d = new Date(); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; });

  await upload(pane, ledgerCsv(today, true));
  const alert = pane.getByTestId('tv-notice');
  await expect(alert).toHaveAttribute('role', 'alert');
  await expect(alert).toContainText('nothing was imported');
  await expect(alert).toContainText('Line 4: Far date');
  await expect(pane.getByText('Trade ledger · 0 trades')).toBeVisible();

  await upload(pane, ledgerCsv(today, false));
  await expect(pane.getByText('Imported 4 trades')).toBeVisible();
  await valued(page, pane, 4);
  expect(await resultValue(pane, 'Failed')).toBe('0');
  expect(await resultValue(pane, 'Expired (not valued)')).toBe('0');
  await expect(pane.getByText(/SAMPLE|SIMULATED/).first()).toBeVisible();

  // FW1: MTM = N (F - K) DF from the market rate and DF shown on its row (same run).
  const F = await cell(pane, 'FW1', 'Market rate'), df = await cell(pane, 'FW1', 'Discount factor'), mtm = await cell(pane, 'FW1', 'MTM');
  expect(F).toBeGreaterThan(6.5);
  expect(df).toBeGreaterThan(0.99);
  expect(df).toBeLessThan(1);
  expect(Math.abs(mtm - 10_000_000 * (F - 7.05) * df)).toBeLessThan(1e-6 * Math.max(1, Math.abs(mtm)));
  expect(await cell(pane, 'FW1', 'MTM (reporting)')).toBeCloseTo(mtm, 6); // CNY quote, CNY reporting

  // OP1 (EURUSD): USD MTM into CNY at the conversion rate the results report, which is the USDCNY spot used.
  const region = resultsRegion(pane);
  const used = region.getByRole('table', { name: 'Market data used' });
  const usdcny = used.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'USDCNY' }) });
  const spot = Number(await usdcny.getByRole('cell').nth(0).getAttribute('data-value'));
  const eurusd = used.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'EURUSD' }) });
  const usdToCny = Number(await eurusd.getByRole('cell').nth(2).getAttribute('data-value'));
  expect(usdToCny).toBe(spot);
  const opt = await cell(pane, 'OP1', 'MTM');
  expect(opt).toBeGreaterThan(0);
  expect(await cell(pane, 'OP1', 'MTM (reporting)')).toBeCloseTo(opt * usdToCny, 4);
  expect(await cell(pane, 'OP1', 'Value incl. premium')).toBeCloseTo(opt - 9000, 6);

  const wb = await downloadedWorkbook(page, pane.getByTestId('tv-export'));
  const [sheet, market] = wb.worksheets;
  expect(sheet.name).toBe('Trade valuation');
  expect(sheet.rowCount).toBe(5);
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  const fw = [2, 3, 4, 5].map((i) => sheet.getRow(i)).find((r) => r.getCell(1).value === 'FW1')!;
  expect(Number(fw.getCell(header.indexOf('MTM')).value)).toBe(mtm);
  expect(market.name).toBe('Market data');
  expect(market.rowCount).toBeGreaterThan(20);
  await screenshot(page, 'transactionValuation-en');

  // Saved, replaced by the sample, loaded back: the four trades return.
  const name = `Ledger ${Date.now() % 100000}`;
  await pane.getByTestId('save-name').fill(name);
  await pane.getByTestId('save-item').click();
  await expect(pane.getByTestId('saved-items-note')).toHaveText('Saved');
  await pane.getByTestId('tv-sample').click();
  await expect(pane.getByText('Trade ledger · 50 trades')).toBeVisible();
  await pane.getByTestId('my-items').getByTestId('saved-item').filter({ hasText: name }).getByTestId('load-item').click();
  await expect(pane.getByText('Trade ledger · 4 trades')).toBeVisible();

  // zh: the ledger is kept; valued again in Chinese.
  const zh = await openTool(page, 'transactionValuation', 'zh');
  await expect(zh.getByText('交易台账 · 4 笔')).toBeVisible();
  await valued(page, zh, 4, '已估值');
  await screenshot(page, 'transactionValuation-zh');
});

// Issue 20 section 1 in the browser: one USD/CNY 3M call, 10M notional, priced on the option
// calculator, in bulk pricing and (its forward) on the forward swap calculator, reads one
// forward and one premium from their data-value attributes. Spot and vol are typed on every
// screen; swap points and deposits are the market's, so the forward on each screen is spot +
// the market points ("forward from: market points").
import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, openTool, resultValue, screenshot, test as base } from './support/tools';
import { startServer, type TestServer } from './support/server';

// The market points cannot be typed on the calculator, and the simulated feed moves them
// between screens: this journey's server runs without the intraday feed (MARKET_FEED=off).
const test = base.extend<object, { server: TestServer }>({
  server: [
    async ({}, use) => {
      const server = await startServer({ env: { DEMO_USER: `${DEMO.user}:${DEMO.password}`, MARKET_FEED: 'off', MARKET_HISTORY: 'off' } });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

const SPOT = '7.1', STRIKE = '7.05', VOL = '4.5';

/** The data-value of the grid cell under the column header `header`, first row. */
async function gridValue(pane: Locator, header: string): Promise<string | null> {
  return pane.getByRole('grid').evaluate((grid, h) => {
    const head = [...grid.querySelectorAll('[role="columnheader"]')].find((x) => (x.textContent ?? '').trim().startsWith(h));
    const col = head?.getAttribute('aria-colindex');
    if (!col) return null;
    return grid.querySelector(`[data-index="0"] [role="gridcell"][aria-colindex="${col}"]`)?.getAttribute('data-value') ?? null;
  }, header);
}

async function typeField(pane: Locator, name: string, value: string) {
  const f = pane.getByRole('textbox', { name, exact: true });
  await f.fill(value);
  await f.press('Tab');
}

async function priceOnCalculator(page: Page) {
  const pane = await openTool(page, 'optionCalculator', 'en');
  await typeField(pane, 'Spot', SPOT);
  await typeField(pane, 'Strike', STRIKE);
  await typeField(pane, 'Expiry', '3M');
  await typeField(pane, 'Notional', '10m');
  await typeField(pane, 'Volatility', VOL);
  await pane.getByRole('textbox', { name: 'Volatility', exact: true }).press('Enter');
  await expect.poll(() => resultValue(pane, 'Premium'), { timeout: 30_000 }).not.toBeNull();
  await expect(pane.getByTestId('forward-from')).toHaveAttribute('data-value', 'marketPoints');
  return { pane, forward: Number(await resultValue(pane, 'Forward')), premium: Number(await resultValue(pane, 'Premium')), expiry: (await resultValue(pane, 'Expiry date'))! };
}

const close = (a: number, b: number) => Math.abs(a / b - 1) < 1e-9;

for (const lang of ['en', 'zh'] as const) {
  test(`one forward and one premium on the calculator, bulk pricing and the forward swap calculator (${lang} screenshots)`, async ({ page }) => {
    const calc = await priceOnCalculator(page);
    expect(calc.forward).toBeGreaterThan(6);
    expect(calc.premium).toBeGreaterThan(0);
    if (lang === 'en') await screenshot(page, 'optionCalculator-one-market-en');

    // Bulk pricing: the same call as one row, its spot and vol typed on the row.
    const bulk = await openTool(page, 'bulkPricingOfForexOptions', lang);
    const csv = ['ID,Product,Pair,Direction,Call/Put,Notional,Strike,Expiry,Vol override %,Spot override', `A,Vanilla,USDCNY,Buy,Call,10000000,${STRIKE},${calc.expiry},${VOL},${SPOT}`].join('\r\n');
    await bulk.locator('input[type=file]').setInputFiles({ name: 'one.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await bulk.getByTestId('bulk-price').click();
    await expect.poll(() => gridValue(bulk, lang === 'en' ? 'NPV' : '价值'), { timeout: 60_000 }).not.toBeNull();
    const bulkNpv = Number(await gridValue(bulk, lang === 'en' ? 'NPV' : '价值'));
    const bulkForward = Number(await gridValue(bulk, lang === 'en' ? 'Forward' : '远期'));
    expect(close(bulkForward, calc.forward), `bulk forward ${bulkForward} vs calculator ${calc.forward}`).toBe(true);
    expect(close(bulkNpv, calc.premium), `bulk NPV ${bulkNpv} vs calculator premium ${calc.premium}`).toBe(true);
    await expect(bulk.getByTestId('forward-from')).toHaveAttribute('data-value', 'marketPoints');
    await screenshot(page, `bulkPricingOfForexOptions-one-market-${lang}`);

    // The forward swap calculator: spot to 3M from the market points; its far leg is the forward.
    const ffsc = await openTool(page, 'forexFarSwapCalculator', lang);
    await typeField(ffsc, lang === 'en' ? 'Spot' : '即期汇率', SPOT);
    await typeField(ffsc, lang === 'en' ? 'Far date' : '远端日期', '3M');
    await ffsc.getByRole('textbox', { name: lang === 'en' ? 'Far date' : '远端日期', exact: true }).press('Enter');
    const far = lang === 'en' ? 'Far forward' : '远端远期汇率';
    await expect.poll(() => resultValue(ffsc, far), { timeout: 30_000 }).not.toBeNull();
    await expect(ffsc.getByTestId('forward-from')).toHaveAttribute('data-value', 'marketPoints');
    const farForward = Number(await resultValue(ffsc, far));
    expect(close(farForward, calc.forward), `far forward ${farForward} vs calculator ${calc.forward}`).toBe(true);
    await screenshot(page, `forexFarSwapCalculator-one-market-${lang}`);

    // A typed rate is used: typing one switches "Outrights from" to rates.
    await typeField(ffsc, lang === 'en' ? 'Domestic rate' : '本币利率', '1.6');
    await ffsc.getByRole('textbox', { name: lang === 'en' ? 'Domestic rate' : '本币利率', exact: true }).press('Enter');
    await expect(ffsc.getByTestId('forward-from')).toHaveAttribute('data-value', 'typedRates');
    await expect(ffsc.getByRole('radio', { name: lang === 'en' ? 'Rates' : '按利率' })).toBeChecked();

    if (lang === 'zh') {
      // The calculator keeps its inputs: the same trade, shown in zh.
      const zh = await openTool(page, 'optionCalculator', 'zh');
      await expect.poll(() => resultValue(zh, '期权费'), { timeout: 30_000 }).not.toBeNull();
      await expect(zh.getByTestId('forward-from')).toHaveAttribute('data-value', 'marketPoints');
      await screenshot(page, 'optionCalculator-one-market-zh');
    }
  });
}

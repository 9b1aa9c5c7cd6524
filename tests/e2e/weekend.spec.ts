// A desk on a Saturday (issue 20, "Today is today, and a business day"): the server and its
// pages run on a Saturday clock on purpose. An FX swap's ON leg does not throw: the trade date
// is the pair's next value day and the screen says so; the option calculator's dates start
// from that day too; a ledger is valued at the latest close (Friday), also said on screen.
import { execFileSync } from 'node:child_process';
import { E2E_WEEKEND_CLOCK, E2E_WEEKEND_TODAY } from './support/clock';
import { startServer, type TestServer } from './support/server';
import { DEMO, expect, openTool, resultValue, resultsRegion, test as base } from './support/tools';

const test = base.extend<object, { server: TestServer }>({
  server: [
    async ({}, use) => {
      const server = await startServer({ env: { DEMO_USER: `${DEMO.user}:${DEMO.password}`, DESK_CLOCK: E2E_WEEKEND_CLOCK, MARKET_HISTORY: 'off' } });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

interface Dates { spotDate: string; startDate: string; deliveryDate: string }
// The calendar model's answers for the rolled trade date, computed by the pricing core in a
// child process (Playwright's loader does not take the calendars' JSON imports).
function modelDates(trade: string): Record<string, Dates> {
  const code = `import { fxDatesFor } from './src/pricing-core/dates/calendars';
    const out = {}; for (const t of ['ON', '1M']) out[t] = fxDatesFor('USDCNY', ${JSON.stringify(trade)}, t, { beyondCoverage: 'projected' });
    console.log(JSON.stringify(out));`;
  return JSON.parse(execFileSync('npx', ['tsx', '-e', code], { encoding: 'utf8' }).trim().split('\n').pop()!);
}

test('on a Saturday the FX screens trade from Monday and value at Friday\'s close, and say so', async ({ page }) => {
  expect(new Date(`${E2E_WEEKEND_TODAY}T00:00:00Z`).getUTCDay()).toBe(6); // the clock really is a Saturday
  const monday = '2026-11-30';
  const model = modelDates(monday);

  const swap = await openTool(page, 'forexFarSwapCalculator', 'en');
  expect(await page.evaluate(() => new Date().toISOString().slice(0, 10))).toBe(E2E_WEEKEND_TODAY); // the page runs on the server's clock
  await expect(swap.getByTestId('trade-day-note')).toHaveText(/Today \(Sat 2026-11-28\) is not a business day of USD \/ CNY: dates are from the next business day, Mon 2026-11-30\./);
  await swap.getByRole('radio', { name: 'Swap points' }).check();
  await swap.getByRole('textbox', { name: 'Near date', exact: true }).fill('ON');
  await swap.getByRole('textbox', { name: 'Far date', exact: true }).fill('1M');
  await swap.getByRole('textbox', { name: 'Far date', exact: true }).press('Enter');
  await expect.poll(() => resultValue(swap, 'Trade date'), { timeout: 30_000 }).toBe(monday);
  expect(await resultValue(swap, 'Near date')).toBe(model.ON.startDate);
  await expect.poll(() => resultValue(swap, 'Far date')).toBe(model['1M'].deliveryDate);
  await expect.poll(() => resultValue(swap, 'Swap points')).not.toBeNull();
  await expect(resultsRegion(swap).getByRole('alert')).toHaveCount(0);

  const option = await openTool(page, 'optionCalculator', 'en');
  await expect(option.getByTestId('trade-day-note')).toContainText('Mon 2026-11-30');
  await expect.poll(() => resultValue(option, 'Spot date'), { timeout: 30_000 }).toBe(model['1M'].spotDate);

  await openTool(page, 'optionCalculator', 'zh');
  await expect(page.locator('[data-pane="optionCalculator"]').getByTestId('trade-day-note')).toHaveText(/今天（2026-11-28，周六）不是 USD \/ CNY 的营业日，交易日按下一营业日 2026-11-30（周一）计算。/);

  const ledger = await openTool(page, 'transactionValuation', 'en');
  await expect(ledger.getByTestId('trade-day-note')).toHaveText(/valued as of the latest close, Fri 2026-11-27\./);
  await expect(ledger.getByRole('textbox', { name: 'Valuation date', exact: true })).toHaveValue('2026-11-27');
});

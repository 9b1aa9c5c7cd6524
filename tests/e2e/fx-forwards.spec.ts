// Journeys of the FX forward screens (issue 10, "FX forwards and swaps"): an FX swap priced
// from tenors with both legs' value dates checked against the calendar model; the interest
// parity solve round-tripping (rate from points, then points from that rate); a 5-term spread
// monitor saved, shared to a second user by link and opened by them, the sixth term refused;
// a swap strategy with its percentile. Screenshots of all four screens in zh and en.
import type { Locator } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { E2E_TODAY } from './support/clock';
import { registerUser, signedInAs, uniqueTag } from './support/users';
import { test, expect, openTool, resultValue, resultsRegion, screenshot } from './support/tools';

test.describe.configure({ mode: 'serial' });

const today = () => E2E_TODAY; // the journeys' fixed clock (support/clock.ts)

interface Dates { spotDate: string; startDate: string; deliveryDate: string; projected: boolean }
// The calendar model's answers (projected CNY years as the screens use them), computed by the
// pricing core in a child process: Playwright's loader does not take the calendars' JSON imports.
let model: Record<string, Dates> = {};
test.beforeAll(() => {
  const code = `import { fxDatesFor } from './src/pricing-core/dates/calendars';
    const out = {}; for (const t of ['ON', 'TN', '1M', '3M', '6M']) out[t] = fxDatesFor('USDCNY', ${JSON.stringify(today())}, t, { beyondCoverage: 'projected' });
    console.log(JSON.stringify(out));`;
  model = JSON.parse(execFileSync('npx', ['tsx', '-e', code], { encoding: 'utf8' }).trim().split('\n').pop()!);
});
const fxDatesFor = (_pair: string, _trade: string, tenor: string, _o?: unknown): Dates => model[tenor];
const projected = undefined;

async function settled(pane: Locator, name: string) {
  await expect.poll(() => resultValue(pane, name), { timeout: 30_000 }).not.toBeNull();
  await expect(resultsRegion(pane)).not.toHaveAttribute('aria-busy', 'true');
}

test('FX swap priced from tenors: both legs on the calendar model\'s value dates, points in pips', async ({ page }) => {
  const pane = await openTool(page, 'forexFarSwapCalculator', 'en');
  await pane.getByRole('radio', { name: 'Rates' }).check();
  await pane.getByRole('textbox', { name: 'Spot', exact: true }).fill('7.1');
  await pane.getByRole('textbox', { name: 'Near date', exact: true }).fill('1M');
  await pane.getByRole('textbox', { name: 'Far date', exact: true }).fill('6M');
  await pane.getByRole('textbox', { name: 'Domestic rate', exact: true }).fill('1.6');
  await pane.getByRole('textbox', { name: 'Foreign rate', exact: true }).fill('3.5');
  await pane.getByRole('textbox', { name: 'Foreign rate', exact: true }).press('Enter');
  await expect.poll(() => resultValue(pane, 'Near date')).toBe(fxDatesFor('USDCNY', today(), '1M', projected).deliveryDate);
  const d6 = fxDatesFor('USDCNY', today(), '6M', projected);
  await expect.poll(() => resultValue(pane, 'Far date')).toBe(d6.deliveryDate);
  await settled(pane, 'Far forward');
  expect(await resultValue(pane, 'Spot date')).toBe(d6.spotDate);
  const near = Number(await resultValue(pane, 'Near forward'));
  const far = Number(await resultValue(pane, 'Far forward'));
  const days = (Date.parse(d6.deliveryDate) - Date.parse(d6.spotDate)) / 86_400_000;
  expect(far).toBeCloseTo(7.1 * (1 + 0.016 * days / 365) / (1 + 0.035 * days / 360), 10);
  expect(Number(await resultValue(pane, 'Swap points'))).toBeCloseTo((far - near) * 10000, 6);
  if (d6.projected) await expect(pane.getByTestId('projection-note')).toContainText('projected');
  await screenshot(page, 'forexFarSwapCalculator-en');

  // Saved and opened again by its ?ffsc= link: the legs come back as saved.
  await pane.getByTestId('save-name').fill(`Swap 1M6M ${Date.now() % 100000}`);
  await pane.getByTestId('save-item').click();
  await expect(pane.getByTestId('saved-items-note')).toHaveText('Saved');
  await pane.getByTestId('my-items').getByTestId('share-item').first().click();
  const link = await page.getByTestId('share-dialog').getByTestId('share-item-link').inputValue();
  expect(link).toMatch(/\/forexFarSwapCalculator\?ffsc=[A-Za-z0-9_-]{22}$/);
  await page.keyboard.press('Escape');
  await pane.getByRole('textbox', { name: 'Far date', exact: true }).fill('2Y');
  await pane.getByRole('textbox', { name: 'Far date', exact: true }).press('Enter');
  await page.goto(link);
  await expect(pane.getByRole('textbox', { name: 'Far date', exact: true })).toHaveValue('6M');
  await expect.poll(() => resultValue(pane, 'Far date')).toBe(d6.deliveryDate);

  // From the market's swap points (sample data, labelled), ON near leg before spot.
  await pane.getByRole('radio', { name: 'Swap points' }).check();
  await pane.getByRole('textbox', { name: 'Near date', exact: true }).fill('ON');
  await pane.getByRole('textbox', { name: 'Near date', exact: true }).press('Enter');
  await expect.poll(() => resultValue(pane, 'Near date')).toBe(fxDatesFor('USDCNY', today(), 'ON', projected).startDate);
  await settled(pane, 'Swap points');
  await expect(pane.locator('[data-source-kind="sample"], [data-source-kind="simulated"]').first()).toBeVisible();

  await openTool(page, 'forexFarSwapCalculator', 'zh');
  await settled(page.locator('[data-pane="forexFarSwapCalculator"]'), '远端远期汇率');
  await screenshot(page, 'forexFarSwapCalculator-zh');
});

test('interest parity: solve the domestic rate from swap points, then the points from that rate', async ({ page }) => {
  const pane = await openTool(page, 'foreignExchangeSwap', 'en');
  await pane.getByRole('textbox', { name: 'Spot', exact: true }).fill('7.1');
  await pane.getByRole('textbox', { name: 'Tenor', exact: true }).fill('3M');
  await pane.getByRole('textbox', { name: 'Swap points', exact: true }).fill('-350');
  await pane.getByRole('textbox', { name: 'Domestic rate', exact: true }).fill('');
  await pane.getByRole('textbox', { name: 'Foreign rate', exact: true }).fill('3.55');
  await pane.getByRole('textbox', { name: 'Foreign rate', exact: true }).press('Enter');
  await settled(pane, 'Domestic rate');
  const rd = (await resultValue(pane, 'Domestic rate'))!;
  expect(await resultValue(pane, 'Swap points')).toBe('-350');
  const d = fxDatesFor('USDCNY', today(), '3M', projected);
  expect(await resultValue(pane, 'Value date')).toBe(d.spotDate);
  expect(await resultValue(pane, 'Maturity date')).toBe(d.deliveryDate);
  // CNY yields implied by the onshore and offshore points of the market (sample, labelled).
  const implied = pane.getByRole('table', { name: /Implied yields by market, 3M/ });
  await expect(implied.locator('tbody tr')).toHaveCount(2);
  await expect(implied.locator('tbody tr').first().locator('td').nth(5)).toHaveAttribute('data-value', /^\d/);
  await screenshot(page, 'foreignExchangeSwap-en');

  await pane.getByRole('textbox', { name: 'Swap points', exact: true }).fill('');
  await pane.getByRole('textbox', { name: 'Domestic rate', exact: true }).fill(rd);
  await pane.getByRole('textbox', { name: 'Domestic rate', exact: true }).press('Enter');
  await expect.poll(async () => Math.abs(Number(await resultValue(pane, 'Swap points')) + 350)).toBeLessThan(1e-8);
  expect(Number(await resultValue(pane, 'Domestic rate'))).toBeCloseTo(Number(rd), 10);

  // Every field filled: nothing to solve, an alert and no computation.
  await pane.getByRole('textbox', { name: 'Swap points', exact: true }).fill('-350');
  await pane.getByRole('textbox', { name: 'Domestic rate', exact: true }).press('Enter');
  await expect(resultsRegion(pane).getByRole('alert')).toContainText('Leave exactly one');

  const zh = await openTool(page, 'foreignExchangeSwap', 'zh');
  await zh.getByRole('textbox', { name: '本币利率', exact: true }).fill('');
  await zh.getByRole('textbox', { name: '本币利率', exact: true }).press('Enter');
  await settled(zh, '本币利率');
  await screenshot(page, 'foreignExchangeSwap-zh');
});

test('spread monitor: 5 terms saved, shared by link and opened by another user; the sixth term refused', async ({ page, server, browser }) => {
  const tag = uniqueTag();
  const bob = await registerUser(server, `esbob${tag}`, `137${tag}021`);
  const pane = await openTool(page, 'exchangeSpread', 'en');
  const terms = pane.getByTestId('spread-terms').locator('li');
  for (const t of ['1W', '6M']) {
    if ((await terms.allTextContents()).some((x) => x.startsWith(t))) continue;
    await pane.getByRole('combobox', { name: 'Term', exact: true }).selectOption(t);
    await pane.getByTestId('add-term').click();
  }
  while ((await terms.count()) < 5) {
    const have = (await terms.allTextContents()).map((x) => x.replace('×', ''));
    const next = ['2W', '2M', '9M', '18M'].find((x) => !have.includes(x))!;
    await pane.getByRole('combobox', { name: 'Term', exact: true }).selectOption(next);
    await pane.getByTestId('add-term').click();
  }
  await expect(terms).toHaveCount(5);
  await pane.getByRole('combobox', { name: 'Term', exact: true }).selectOption('2Y');
  await pane.getByTestId('add-term').click();
  await expect(pane.getByTestId('terms-error')).toHaveText('Up to 5 terms');
  await expect(terms).toHaveCount(5);
  await expect(resultsRegion(pane).locator('tbody tr')).toHaveCount(5);
  await settled(pane, 'Points spread (CNH−CNY)');
  await expect(pane.locator('[data-source-kind="sample"], [data-source-kind="simulated"]').first()).toBeVisible();
  const saved = (await terms.allTextContents()).map((x) => x.replace('×', '').trim());

  const name = `Spread5 ${tag}`;
  await pane.getByTestId('save-name').fill(name);
  await pane.getByTestId('save-item').click();
  await expect(pane.getByTestId('saved-items-note')).toHaveText('Saved');
  await pane.getByTestId('my-items').getByTestId('share-item').first().click();
  const dialog = page.getByTestId('share-dialog');
  await dialog.getByTestId('share-target').fill(bob.name);
  await dialog.getByTestId('share-to-user').click();
  await expect(dialog.getByTestId('shared-with')).toContainText(bob.name);
  const link = await dialog.getByTestId('share-item-link').inputValue();
  expect(link).toMatch(/\/exchangeSpread\?exchangeSpreadShare=Spread5(%20|\+)\d{5}$/);
  await page.keyboard.press('Escape');
  // USD/CNH and the swap points have no real history: the screen says the spreads are sample.
  await expect(pane.getByTestId('spread-not-real')).toBeVisible();
  await screenshot(page, 'exchangeSpread-en');

  const b = await signedInAs(browser, bob, 'zh');
  await b.page.goto(link);
  const bPane = b.page.locator('[data-pane="exchangeSpread"]');
  await expect(bPane.getByTestId('spread-terms').locator('li')).toHaveCount(5);
  expect((await bPane.getByTestId('spread-terms').locator('li').allTextContents()).map((x) => x.replace('×', '').trim())).toEqual(saved);
  await b.page.getByTestId('share-tip-ok').click(); // the one-time share tip (a modal) first
  await expect(resultsRegion(bPane).locator('tbody tr')).toHaveCount(5);
  await settled(bPane, '掉期点价差（CNH−CNY）');
  await expect(bPane.getByTestId('shared-item-status')).toContainText('Spread5');
  await screenshot(b.page, 'exchangeSpread-zh');
  await b.context.close();
});

test('swap strategy: a butterfly on onshore points with its level and percentile in the stored history', async ({ page }) => {
  const pane = await openTool(page, 'swapStrategy', 'en');
  await pane.getByRole('combobox', { name: 'Strategy', exact: true }).selectOption('butterfly');
  await pane.getByRole('combobox', { name: 'Near tenor', exact: true }).selectOption('3M');
  await pane.getByRole('combobox', { name: 'Middle tenor', exact: true }).selectOption('6M');
  await pane.getByRole('combobox', { name: 'Far tenor', exact: true }).selectOption('1Y');
  await settled(pane, 'Percentile');
  expect(await resultValue(pane, 'Spread type code')).toBe('5');
  const p = Number(await resultValue(pane, 'Percentile'));
  expect(p).toBeGreaterThanOrEqual(0);
  expect(p).toBeLessThanOrEqual(100);
  expect(Number(await resultValue(pane, 'Days of history'))).toBeGreaterThan(100);
  await expect(pane.locator('canvas').first()).toBeVisible();
  await expect(pane.getByTestId('strategy-not-real')).toContainText('not market statistics');
  await screenshot(page, 'swapStrategy-en');
  const zh = await openTool(page, 'swapStrategy', 'zh');
  await settled(zh, '历史分位');
  await screenshot(page, 'swapStrategy-zh');
});

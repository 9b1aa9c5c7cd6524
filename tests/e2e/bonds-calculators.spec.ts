// Journeys of the bond calculators (issue 12): /fixedIncome (a government bond priced from a
// yield and back), /bondFutures (a CFFEX basket with its CTD, whose IRR is the highest),
// /riskAnalysis (the scenario table), /bondOption (a callable's OAS) and /couponComparison.
// One server and one signed-in browser per worker (support/tools.ts); sample data throughout.
import type { Locator } from '@playwright/test';
import { test, expect, openTool, resultValue, resultsRegion, screenshot } from './support/tools';

test.describe.configure({ mode: 'serial' });

const box = (pane: Locator, name: string) => pane.getByRole('textbox', { name, exact: true });

async function settled(pane: Locator, name: string) {
  await expect.poll(() => resultValue(pane, name), { timeout: 30_000 }).not.toBeNull();
  await expect(resultsRegion(pane)).not.toHaveAttribute('aria-busy', 'true');
}

/** data-value of every body cell under a column header of a table (by caption). */
async function columnValues(table: Locator, header: string): Promise<number[]> {
  return table.evaluate((t, h) => {
    const heads = [...t.querySelectorAll('thead th')];
    const j = heads.findIndex((th) => (th.textContent ?? '').replace(/\s+/g, ' ').trim().startsWith(h));
    return [...t.querySelectorAll('tbody tr')].map((tr) => Number(tr.children[j]?.getAttribute('data-value')));
  }, header);
}

test('fixed income: a government bond priced from a yield and back (en), zh screen', async ({ page }) => {
  const pane = await openTool(page, 'fixedIncome', 'en');
  // a real CGB from BondSvr: its terms fill the fields
  await pane.getByRole('searchbox', { name: 'Search bonds' }).fill('250024');
  const bond = pane.getByRole('combobox', { name: 'Bond', exact: true });
  await expect(bond.locator('option[value="250024"]')).toHaveCount(1);
  await bond.selectOption('250024');
  await expect(box(pane, 'Coupon')).toHaveValue('1.36');
  await expect(box(pane, 'Maturity')).toHaveValue('2027-12-15');
  await bond.selectOption({ label: 'Terms typed by hand' });
  await box(pane, 'Coupon').fill('2.11');
  await box(pane, 'Maturity').fill('2034-08-25');
  await pane.getByRole('combobox', { name: 'Frequency', exact: true }).selectOption('2');
  await box(pane, 'Interest start date').fill('2024-08-25');
  await box(pane, 'Settlement date').fill('2026-11-24');
  await box(pane, 'Clean price').fill('');
  await box(pane, 'Yield').fill('1.85');
  await box(pane, 'Yield').press('Enter');
  await settled(pane, 'Clean price');
  await expect.poll(async () => Number(await resultValue(pane, 'Yield'))).toBeCloseTo(1.85, 10);
  const clean = await resultValue(pane, 'Clean price');
  const dirty = Number(await resultValue(pane, 'Dirty price'));
  const accrued = Number(await resultValue(pane, 'Accrued interest'));
  expect(dirty - accrued).toBeCloseTo(Number(clean), 10);
  expect(Number(await resultValue(pane, 'Modified duration'))).toBeGreaterThan(6);
  expect(Number(await resultValue(pane, 'Convexity'))).toBeGreaterThan(0);

  // and back: the clean price at full precision gives the yield again
  await box(pane, 'Yield').fill('');
  await box(pane, 'Clean price').fill(clean!);
  await box(pane, 'Clean price').press('Enter');
  await expect.poll(async () => Number(await resultValue(pane, 'Yield'))).toBeCloseTo(1.85, 9);
  await expect(resultsRegion(pane)).not.toHaveAttribute('aria-busy', 'true');
  expect(Number(await resultValue(pane, 'Clean price'))).toBeCloseTo(Number(clean), 9);

  // both quotes filled: an alert, nothing computed
  await box(pane, 'Yield').fill('1.9');
  await box(pane, 'Yield').press('Enter');
  await expect(resultsRegion(pane).getByRole('alert')).toContainText('either');

  // holding period to a sale date, with repo financing
  await box(pane, 'Yield').fill('');
  await box(pane, 'Sale date').fill('2027-11-24');
  await box(pane, 'Sale yield').fill('1.75');
  await box(pane, 'Financed part').fill('50');
  await box(pane, 'Sale yield').press('Enter');
  await settled(pane, 'Holding-period return');
  expect(Number(await resultValue(pane, 'Financing cost'))).toBeGreaterThan(0);
  await screenshot(page, 'fixedIncome-en');

  const zh = await openTool(page, 'fixedIncome', 'zh');
  await settled(zh, '净价');
  await screenshot(page, 'fixedIncome-zh');
});

test('bond futures: the basket of T with its CTD, the highest IRR, and the switch table (en), zh screen', async ({ page }) => {
  const pane = await openTool(page, 'bondFutures', 'en');
  await pane.getByRole('radio', { name: '10-year T' }).check();
  await settled(pane, 'CTD');
  const table = resultsRegion(pane).getByRole('table', { name: 'Deliverable basket' });
  await expect(table.locator('tbody tr')).not.toHaveCount(0);
  const irrs = await columnValues(table, 'IRR');
  expect(irrs.length).toBeGreaterThanOrEqual(2);
  const ctdIrr = Number(await resultValue(pane, 'CTD IRR'));
  expect(ctdIrr).toBeCloseTo(Math.max(...irrs), 10);
  const ctd = await resultValue(pane, 'CTD');
  await expect(table.locator('tbody tr', { has: page.locator('mark') })).toContainText(ctd!);
  await expect(pane.getByRole('table', { name: 'CTD switch (parallel yield shifts)' }).locator('tbody tr')).toHaveCount(21);
  await screenshot(page, 'bondFutures-en');

  const zh = await openTool(page, 'bondFutures', 'zh');
  await settled(zh, 'CTD');
  await screenshot(page, 'bondFutures-zh');
});

test('single bond risk: DV01, key rates and the scenario table (en), zh screen', async ({ page }) => {
  const pane = await openTool(page, 'riskAnalysis', 'en');
  await settled(pane, 'Position DV01');
  expect(Number(await resultValue(pane, 'Position DV01'))).toBeGreaterThan(0);
  const table = resultsRegion(pane).getByRole('table', { name: 'Scenario P&L' });
  await expect(table.locator('tbody tr')).toHaveCount(12);
  const up = table.getByRole('row', { name: /Parallel \+100 bp/ });
  const down = table.getByRole('row', { name: /Parallel -100 bp/ });
  const val = async (row: Locator) => Number(await row.locator('td').first().getAttribute('data-value'));
  expect(await val(up)).toBeLessThan(0);
  expect(await val(down)).toBeGreaterThan(-(await val(up)));
  await expect(pane.getByRole('table', { name: 'Key-rate durations' }).locator('tbody tr')).toHaveCount(11);
  await screenshot(page, 'riskAnalysis-en');

  const zh = await openTool(page, 'riskAnalysis', 'zh');
  await settled(zh, '持仓 DV01');
  await screenshot(page, 'riskAnalysis-zh');
});

test('bond calculator: the sample callable OAS on the Hull-White tree, the model named (en), zh screen', async ({ page }) => {
  const pane = await openTool(page, 'bondOption', 'en');
  await settled(pane, 'OAS');
  await expect(resultsRegion(pane).locator('dd').first()).toContainText('Hull-White');
  const oas = Number(await resultValue(pane, 'OAS'));
  expect(Number.isFinite(oas)).toBe(true);
  expect(Number(await resultValue(pane, 'Embedded option value'))).toBeLessThan(0); // a call belongs to the issuer
  // OAS moves the other way to the price
  await box(pane, 'Market clean price').fill('99.6');
  await box(pane, 'Market clean price').press('Enter');
  await expect.poll(async () => Number(await resultValue(pane, 'OAS'))).toBeGreaterThan(oas);
  await expect(resultsRegion(pane)).not.toHaveAttribute('aria-busy', 'true');
  await screenshot(page, 'bondOption-en');

  const zh = await openTool(page, 'bondOption', 'zh');
  await settled(zh, 'OAS');
  await screenshot(page, 'bondOption-zh');
});

test('single bond comparison: three sample bonds side by side (en), zh screen', async ({ page }) => {
  const pane = await openTool(page, 'couponComparison', 'en');
  const table = resultsRegion(pane).getByRole('table', { name: 'Bond comparison' });
  await expect(table.locator('thead th')).toHaveCount(4, { timeout: 30_000 });
  await expect(resultsRegion(pane)).not.toHaveAttribute('aria-busy', 'true');
  const spread = table.getByRole('row', { name: /Spread to CGB/ });
  await expect(spread.locator('td').first()).toHaveAttribute('data-value', /^-?\d/);
  await screenshot(page, 'couponComparison-en');

  const zh = await openTool(page, 'couponComparison', 'zh');
  await expect(resultsRegion(zh).getByRole('table', { name: '债券比较' })).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'couponComparison-zh');
});

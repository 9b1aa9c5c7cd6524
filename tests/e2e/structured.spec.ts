// Journeys of the structured-product screens (issue 11): the definition editor and pricer
// (/structuredProducts), bulk valuation (/structuredTransactionValuation) and bulk pricing
// (/structuredVolumePrice). One server and one browser per worker (support/tools.ts); a
// second user is registered on the same server to open a shared package. Path counts are
// kept small so the suite stays fast.
import type { Locator } from '@playwright/test';
import { test, expect, openTool, resultValue, resultsRegion, screenshot } from './support/tools';
import { downloadedWorkbook } from './support/downloads';
import { registerUser, signedInAs } from './support/users';

test.describe.configure({ mode: 'serial' });

const field = (pane: Locator, name: string) => pane.getByRole('textbox', { name, exact: true });

async function marketReady(pane: Locator, names: string[]) {
  for (const f of names) await expect(field(pane, f)).toHaveValue(/\d/);
}

/**
 * Types a market figure over the live one (the user's override) and checks it is held as
 * typed: the field's reset link appears only for an override (a figure equal to the market's
 * is not one).
 */
async function pin(pane: Locator, name: string, key: 'spot' | 'vol', text: string) {
  await field(pane, name).fill(text);
  await field(pane, name).press('Tab');
  await expect(pane.getByTestId(`reset-${key}`)).toBeVisible();
}

async function priced(pane: Locator, name: string) {
  await expect.poll(() => resultValue(pane, name), { timeout: 90_000 }).not.toBeNull();
  await expect(resultsRegion(pane)).not.toHaveAttribute('aria-busy', 'true', { timeout: 90_000 });
}


test('editor: a snowball from the template, knock-out changed in the form, priced with its standard error, saved, shared by link and opened by a second user', async ({ page, browser, server }) => {
  const pane = await openTool(page, 'structuredProducts', 'en');
  const text = pane.getByTestId('package-text');
  await pane.getByRole('combobox', { name: 'Template', exact: true }).selectOption('snowball');
  await expect(text).toHaveValue(/template snowball/);
  await marketReady(pane, ['Spot', 'Volatility', 'Domestic rate', 'Foreign rate']);
  // Spot and vol typed: both are live simulated figures (the spot ticks several times a
  // second, the vol every few seconds), and S0, the solve and the repricing below must all see
  // the same market. The rates are daily figures and stay as filled.
  await pin(pane, 'Spot', 'spot', '7.1');
  await pin(pane, 'Volatility', 'vol', '5');

  // The form edits the AST: the knock-out line of the text is rewritten, nothing else.
  const before = await text.inputValue();
  const ko = field(pane, 'Knock-out level (first) (koStart)');
  await ko.fill('100%');
  await ko.press('Tab');
  await expect(text).toHaveValue(/param koStart = 100%/);
  const after = await text.inputValue();
  expect(after.split('\n').filter((l, i) => l !== before.split('\n')[i])).toEqual(['param koStart = 100%']);
  // ... and the text edits the form.
  await text.fill(after.replace('param kiRatio = 95%', 'param kiRatio = 92%'));
  await expect(field(pane, 'Knock-in level (kiRatio)')).toHaveValue('92%');

  await field(pane, 'Paths').fill('4096');
  await field(pane, 'Knock-out level (first) (koStart)').press('Enter');
  await priced(pane, 'Price');
  const se = Number(await resultValue(pane, 'Standard error'));
  expect(se).toBeGreaterThan(0);
  expect(await resultValue(pane, 'Priced on')).toMatch(/CPU workers|GPU|this thread/);
  // the observation table shows the knock-out level per date: 100 % of S0 at the first, then 0.1 % lower a month (the FX snowball's step-down)
  // (S0 is the spot on the start date: the spot typed above)
  const obs = pane.getByRole('table', { name: 'Observation table' });
  const koAt = async (row: number) => Number(await obs.locator('tbody tr').nth(row).locator('td').nth(1).getAttribute('data-value'));
  await expect.poll(async () => Number(await resultValue(pane, 'Initial fixing S0'))).toBe(7.1);
  const ko0 = await koAt(0);
  expect(ko0).toBeCloseTo(7.1, 10);
  expect(await koAt(1)).toBeCloseTo(ko0 * 0.999, 10);

  // Save: a new package, version 1; saved again: version 2.
  const name = `Snow${String.fromCharCode(65 + (Date.now() % 26))}${String.fromCharCode(65 + ((Date.now() >> 5) % 26))}`;
  await field(pane, 'Package name').fill(name);
  await field(pane, 'Package name').press('Tab');
  await expect(text).toHaveValue(new RegExp(`package ${name} version 1`));
  await pane.getByTestId('package-save').click();
  await expect(pane.getByTestId('package-note')).toHaveText(`Saved ${name} version 1`);
  await pane.getByTestId('package-save').click();
  await expect(pane.getByTestId('package-note')).toHaveText(`Saved ${name} version 2`);
  await expect(text).toHaveValue(new RegExp(`package ${name} version 2`));

  // Solve the coupon for a price of 100 %, then write it into the package.
  await field(pane, 'Target price').fill('100');
  await pane.getByTestId('compute-solve').click();
  await expect.poll(() => resultValue(pane, 'Solved value coupon'), { timeout: 90_000 }).not.toBeNull();
  const coupon = Number(await resultValue(pane, 'Solved value coupon'));
  expect(coupon).toBeGreaterThan(0);
  expect(coupon).toBeLessThan(15);
  await pane.getByTestId('apply-solved').click();
  await expect(field(pane, 'Coupon (coupon)')).toHaveValue(/^\d+(\.\d+)?%$/);
  // repriced with the solved coupon and the same random numbers: the target price exactly
  await expect.poll(async () => Math.abs(Number(await resultValue(pane, 'Price')) - 100), { timeout: 90_000 }).toBeLessThan(1e-4);
  await expect(resultsRegion(pane)).not.toHaveAttribute('aria-busy', 'true', { timeout: 90_000 });
  await screenshot(page, 'structuredProducts-en');

  // Rename: the saved item and the text's package line follow.
  const renamed = `${name}R`;
  await pane.getByTestId('my-packages').locator(`li[data-name="${name}"]`).getByTestId('package-rename').click();
  await pane.getByTestId('package-rename-input').fill(renamed);
  await pane.getByTestId('package-rename-input').press('Enter');
  await expect(pane.getByTestId('my-packages').locator(`li[data-name="${renamed}"]`)).toBeVisible();
  await expect(text).toHaveValue(new RegExp(`package ${renamed} version 2`));
  await pane.getByTestId('package-save').click();
  await expect(pane.getByTestId('package-note')).toHaveText(`Saved ${renamed} version 3`);

  // Share by link to a second user.
  const bob = await registerUser(server, `sp${Date.now() % 1_000_000}`, `137${String(Date.now() % 100_000_000).padStart(8, '0')}`);
  const item = pane.getByTestId('my-packages').locator(`li[data-name="${renamed}"]`);
  await item.getByTestId('package-share').click();
  const dialog = page.getByTestId('share-dialog');
  await dialog.getByTestId('share-target').fill(bob.name);
  await dialog.getByTestId('share-to-user').click();
  await expect(dialog.getByTestId('shared-with')).toContainText(bob.name);
  const link = await dialog.getByTestId('share-item-link').inputValue();
  expect(link).toMatch(/\/structuredProducts\?structureId=[A-Za-z0-9_-]{22}$/);
  await page.keyboard.press('Escape');

  const { page: other } = await signedInAs(browser, bob, 'en');
  await other.goto(link);
  const theirs = other.locator('[data-pane="structuredProducts"]');
  await expect(theirs.getByTestId('package-text')).toHaveValue(new RegExp(`package ${renamed} version 3[\\s\\S]*param koStart = 100%`));
  await expect(theirs.getByTestId('shared-packages')).toContainText(renamed);
  await other.context().close();
});

test('editor: a name taken is refused ("Package name exists"), a payoff-language error points at its line', async ({ page }) => {
  const pane = await openTool(page, 'structuredProducts', 'en');
  const text = pane.getByTestId('package-text');
  await expect(pane.getByTestId('my-packages')).toBeVisible();
  const taken = await pane.getByTestId('my-packages').locator('li').first().getAttribute('data-name');
  await pane.getByRole('combobox', { name: 'Template', exact: true }).selectOption('twoTier');
  await expect(text).toHaveValue(/template twoTier/);
  await field(pane, 'Package name').fill(taken!);
  await field(pane, 'Package name').press('Tab');
  await expect(pane.getByTestId('diagnostics')).toContainText('line 2, column 9');
  await expect(pane.getByTestId('diagnostics')).toContainText('Package name exists');
  await pane.getByTestId('package-save').click();
  await expect(pane.getByTestId('package-error')).toHaveText('Package name exists');
  // the JSON view of the same package, and back
  await pane.getByRole('button', { name: 'JSON', exact: true }).click();
  await expect(text).toHaveValue(/^\{/);
  await expect(field(pane, 'Package name')).toHaveValue(taken!);
  await pane.getByRole('button', { name: 'Text', exact: true }).click();
  await expect(text).toHaveValue(/^language 1/);
  // letters only
  await field(pane, 'Package name').fill('Tier2');
  await field(pane, 'Package name').press('Tab');
  await expect(pane.getByTestId('diagnostics')).toContainText('letters only');

  // A syntax error is listed with its line; clicking it puts the cursor there.
  await field(pane, 'Package name').fill('TierDemo');
  await field(pane, 'Package name').press('Tab');
  const src = await text.inputValue();
  const lines = src.split('\n');
  const at = lines.findIndex((l) => l.startsWith('param highYield'));
  lines[at] = 'param highYield = 4% +* 2';
  await text.fill(lines.join('\n'));
  const diag = pane.getByTestId('diagnostics').locator('button').first();
  await expect(diag).toContainText(`line ${at + 1}, column`);
  await expect(pane.getByTestId('diagnostic-count')).toHaveText('1 error(s)');
  await diag.click();
  const caret = await text.evaluate((el: HTMLTextAreaElement) => el.value.slice(0, el.selectionStart).split('\n').length);
  expect(caret).toBe(at + 1);
  // the form is locked until the text parses, and pricing says why
  await expect(field(pane, 'Package name')).toBeDisabled();
  await pane.getByRole('button', { name: 'Price', exact: true }).click();
  await expect(resultsRegion(pane).getByRole('alert')).toContainText('The definition has errors');
});

test('editor in zh: priced, screenshot', async ({ page }) => {
  const pane = await openTool(page, 'structuredProducts', 'zh');
  await pane.getByRole('combobox', { name: '模板', exact: true }).selectOption('snowball');
  await marketReady(pane, ['即期', '波动率', '本币利率', '外币利率']);
  await field(pane, '模拟路径数').fill('4096');
  await pane.getByRole('button', { name: '定价', exact: true }).click();
  await priced(pane, '价格');
  // greeks by bumps with common random numbers, each with its standard error
  await pane.getByTestId('compute-greeks').click();
  const greeks = pane.getByRole('table', { name: '希腊值（扰动差分，公共随机数）' });
  await expect(greeks).toBeVisible({ timeout: 120_000 });
  await expect(greeks.locator('tbody tr')).toHaveCount(5);
  await expect(resultsRegion(pane)).not.toHaveAttribute('aria-busy', 'true', { timeout: 120_000 });
  await screenshot(page, 'structuredProducts-zh');
});

test('bulk valuation: a sample book of 20 valued from stored fixings and exported with the market data; a 21st piece is refused', async ({ page }) => {
  const pane = await openTool(page, 'structuredTransactionValuation', 'en');
  await pane.getByTestId('bulk-sample').click();
  await expect(pane.getByText('Book · 20 / 20 pieces')).toBeVisible();
  await field(pane, 'Paths').fill('2048');
  await pane.getByTestId('bulk-value').click();
  await expect(pane.getByTestId('bulk-progress')).toContainText('Valued 20 / 20', { timeout: 180_000 });
  await priced(pane, 'Pieces');
  expect(Number(await resultValue(pane, 'Pieces')) + Number(await resultValue(pane, 'Failed'))).toBe(20);
  expect(Number(await resultValue(pane, 'Total present value'))).toBeGreaterThan(0);
  // status from the stored fixings on every row
  const grid = pane.getByRole('grid');
  await expect(grid).toContainText(/Live|Knocked in|Knocked out|Matured/);

  const wb = await downloadedWorkbook(page, pane.getByTestId('bulk-export'));
  expect(wb.worksheets.map((w) => w.name)).toEqual(['Valuation', 'Market data']);
  expect(wb.worksheets[0].rowCount).toBe(21);
  const header = (wb.worksheets[0].getRow(1).values as unknown[]).map(String);
  expect(header).toEqual(expect.arrayContaining(['Deal ID', 'Status', 'Present value', 'Price %']));
  expect(wb.worksheets[1].rowCount).toBeGreaterThan(3);
  expect((wb.worksheets[1].getRow(1).values as unknown[]).map(String)).toEqual(expect.arrayContaining(['Series', 'As of', 'Source']));
  await screenshot(page, 'structuredTransactionValuation-en');

  // SPEC: up to 20 pieces
  await pane.getByRole('button', { name: 'Add row' }).click();
  await expect(pane.getByTestId('limit-error')).toHaveText('Up to 20 pieces');
  await expect(pane.getByText('Book · 20 / 20 pieces')).toBeVisible();
});

test('bulk valuation in zh: screenshot', async ({ page }) => {
  const pane = await openTool(page, 'structuredTransactionValuation', 'zh');
  await pane.getByTestId('bulk-sample').click();
  await field(pane, '模拟路径数').fill('2048');
  await pane.getByTestId('bulk-value').click();
  await expect(pane.getByTestId('bulk-progress')).toContainText('已估值 20 / 20', { timeout: 180_000 });
  await priced(pane, '条数');
  await expect(pane.getByTestId('limit-error')).toHaveCount(0);
  await screenshot(page, 'structuredTransactionValuation-zh');
});

test('bulk pricing: 20 snowballs with different knock-out levels, each coupon solved', async ({ page }) => {
  const pane = await openTool(page, 'structuredVolumePrice', 'en');
  await pane.getByTestId('bulk-sample').click();
  await expect(pane.getByText('New products · 20 products')).toBeVisible();
  await field(pane, 'Paths').fill('2048');
  await pane.getByTestId('bulk-run').click();
  await expect(pane.getByTestId('bulk-progress')).toContainText('Done 20 / 20', { timeout: 240_000 });
  await priced(pane, 'Priced');
  expect(await resultValue(pane, 'Priced')).toBe('20');
  const mean = Number(await resultValue(pane, 'Mean solved value'));
  expect(mean).toBeGreaterThan(0);
  expect(mean).toBeLessThan(100);
  await screenshot(page, 'structuredVolumePrice-en');
});

test('bulk pricing in zh: screenshot, cancel keeps what was done', async ({ page }) => {
  const pane = await openTool(page, 'structuredVolumePrice', 'zh');
  await pane.getByTestId('bulk-sample').click();
  await field(pane, '模拟路径数').fill('2048');
  await pane.getByTestId('bulk-run').click();
  await expect(pane.getByTestId('bulk-progress')).toContainText('已完成 20 / 20', { timeout: 240_000 });
  await priced(pane, '已定价');
  await screenshot(page, 'structuredVolumePrice-zh');
  // a bigger run, cancelled at once: the progress says so and the screen is usable again
  await field(pane, '模拟路径数').fill('65536');
  await pane.getByTestId('bulk-run').click();
  await pane.getByTestId('bulk-cancel').click();
  await expect(pane.getByTestId('bulk-progress')).toContainText('已取消');
  await expect(resultsRegion(pane)).not.toHaveAttribute('aria-busy', 'true');
});

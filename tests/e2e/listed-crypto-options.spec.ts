// Commodity / index options (/CSIOptionCalculator) and crypto options (/CryptoCurrencyOption)
// in real Chromium against a real server: an American option on a commodity future (>= the
// European, equal to the pricing core run here in Node), the implied vol round trip, a bad
// input said in zh and en with the input kept as typed, an inverse BTC option (coin premium =
// linear USD premium / index) and its implied vol from a coin price; screenshots zh and en.
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import type { CsiRow } from '../../src/pricing-core/engines/csi-option-calculator';
import type { CryptoRow } from '../../src/pricing-core/engines/crypto-option-calculator';
import { expect, openTool, resultsRegion, resultValue, screenshot, test } from './support/tools';

/** The pricing core run here in Node, through the pricing CLI (PRICING-CLI.md, models listedOption / cryptoOption). */
function core<T>(request: Record<string, unknown>): T {
  const out = execFileSync(process.execPath, ['server/pricing/price.mjs'], { input: `${JSON.stringify(request)}\n`, encoding: 'utf8' });
  const r = JSON.parse(out.trim()) as T & { error?: string };
  if (r.error) throw new Error(r.error);
  return r;
}

// by role: the accessible name leaves out the required-field star
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const select = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });

/** Types into a field and commits with Enter; waits until the Results region is not busy. */
async function enter(page: Page, name: string, text: string): Promise<void> {
  await field(page, name).fill(text);
  await field(page, name).press('Enter');
}

/** The figures' source badge says they are sample or simulated data. */
async function expectLabelledSample(page: Page): Promise<void> {
  const badge = page.locator('.kit-source[data-source-kind]').first();
  await expect(badge).toHaveAttribute('data-source-kind', /^(sample|simulated)$/);
  await expect(badge).toContainText(/SAMPLE|SIMULATED|样例|模拟/);
}

async function settled(page: Page): Promise<void> {
  await expect(resultsRegion(page)).not.toHaveAttribute('aria-busy', 'true');
}

async function num(page: Page, name: string): Promise<number> {
  await settled(page);
  const v = await resultValue(page, name);
  expect(v, `${name} has a value`).not.toBeNull();
  return Number(v);
}

test.describe.configure({ mode: 'serial' });

test('an American put on DCE soybean meal futures: >= European, equal to the core in Node; implied vol round trip', async ({ page }) => {
  await openTool(page, 'CSIOptionCalculator', 'en');
  // opened filled from market data (IO, CSI 300 index)
  await expect.poll(() => resultValue(page, 'Multiplier')).toBe('100');
  await expectLabelledSample(page);
  await select(page, 'Contract').selectOption('M');
  await expect.poll(() => resultValue(page, 'Multiplier')).toBe('10');
  await expect(page.getByRole('radio', { name: 'American' })).toBeChecked();
  await page.getByRole('radio', { name: 'Put' }).check();
  await enter(page, 'Valuation date', '2026-11-24');
  await enter(page, 'Expiry', '2026-12-07');
  await enter(page, 'Underlying price', '2958');
  await enter(page, 'Strike', '3000');
  await enter(page, 'Volatility', '20');
  await enter(page, 'Rate', '1.8');
  await enter(page, 'Quantity', '2');
  await expect.poll(() => resultValue(page, 'Expiry date')).toBe('2026-12-07');
  await expect.poll(() => resultValue(page, 'Model')).toBe('Black-76 (futures) · QD+ American');

  const american = await num(page, 'Price');
  const european = await num(page, 'European price');
  expect(american).toBeGreaterThanOrEqual(european);
  const node = core<CsiRow>({
    model: 'listedOption', contract: 'M', type: 'put', exercise: 'american', method: 'qdfp', underlyingPrice: 2958, strike: 3000, vol: 0.2, r: 0.018, q: 0,
    valuationDate: '2026-11-24', expiryDate: '2026-12-07', quantity: 2, direction: 'buy',
  });
  // the premium's display precision (tick 0.5 -> 2 decimals)
  expect(Math.abs(american - node.value)).toBeLessThan(0.005);
  expect(Math.abs(european - node.european)).toBeLessThan(0.005);
  expect(Math.abs((await num(page, 'Premium per contract')) - node.premiumPerContract)).toBeLessThan(0.005);
  expect(Math.abs((await num(page, 'Position premium')) - node.position.premium)).toBeLessThan(0.005);
  const shownText = await resultsRegion(page).locator('dt', { hasText: /^Price$/ }).locator('xpath=following-sibling::dd[1]').innerText();
  expect(shownText).toContain(node.value.toFixed(2));

  // BAW is a model choice; it is near QD+ but not the same number
  await select(page, 'American method').selectOption('baw');
  await expect.poll(() => resultValue(page, 'Model')).toBe('Black-76 (futures) · BAW American');
  const baw = await num(page, 'Price');
  expect(Math.abs(baw - american)).toBeLessThan(0.5);

  // implied vol from the QD+ price: back to 20 %
  await select(page, 'American method').selectOption('qdfp');
  await enter(page, 'Market price', String(american));
  await expect.poll(async () => Math.abs(Number(await resultValue(page, 'Implied volatility')) - 20)).toBeLessThan(1e-4);
  await screenshot(page, 'CSIOptionCalculator-en');

  // a price below intrinsic has no implied vol: SPEC's message, the price itself still shown
  await enter(page, 'Market price', '1');
  await expect(resultsRegion(page).getByRole('alert')).toContainText('Inverse result cannot be obtained, check input');
  expect(await resultValue(page, 'Price')).not.toBeNull();
});

test('bad input: a clear error in en and zh, the input kept as typed', async ({ page }) => {
  await openTool(page, 'CSIOptionCalculator', 'en');
  await expect.poll(() => resultValue(page, 'Multiplier')).toBe('100');
  await enter(page, 'Strike', 'abc');
  await expect(resultsRegion(page).getByRole('alert')).toContainText('Enter a valid Strike');
  await expect(field(page, 'Strike')).toHaveValue('abc');
  expect(await resultValue(page, 'Price')).toBeNull();

  // reopened in zh: the inputs were kept (the strike empty), the same error in Chinese
  await openTool(page, 'CSIOptionCalculator', 'zh');
  await expect(resultsRegion(page).getByRole('alert')).toContainText('请输入有效的执行价');
  await enter(page, '执行价', '4550');
  await expect.poll(() => resultValue(page, '合约乘数')).toBe('100');
  await screenshot(page, 'CSIOptionCalculator-zh');
  await enter(page, '执行价', '-5');
  await expect(resultsRegion(page).getByRole('alert')).toContainText('请输入有效的执行价');
  await expect(field(page, '执行价')).toHaveValue('-5');
});

test('an inverse BTC option: coin premium = linear USD premium / index; implied vol from a coin price', async ({ page }) => {
  await openTool(page, 'CryptoCurrencyOption', 'en');
  await expect.poll(() => resultValue(page, 'Coin premium')).not.toBeNull();
  await expectLabelledSample(page);
  await enter(page, 'Valuation date', '2026-11-24');
  await enter(page, 'Valuation time', '01:30');
  await enter(page, 'Expiry', '2026-12-25');
  await enter(page, 'Expiry time', '08:00');
  await enter(page, 'Index price', '91250');
  await enter(page, 'Strike', '95000');
  await enter(page, 'Volatility', '50');
  await expect.poll(() => resultValue(page, 'Minutes to expiry')).toBe(String(31 * 1440 + 6 * 60 + 30));
  const coin = await num(page, 'Coin premium');
  const node = core<CryptoRow>({ model: 'cryptoOption', settlement: 'inverse', type: 'call', index: 91250, strike: 95000, vol: 0.5, r: 0, valuationTime: '2026-11-24T01:30:00Z', expiryTime: '2026-12-25T08:00:00Z' });
  expect(Math.abs(coin - node.coin)).toBeLessThan(1e-6);
  await screenshot(page, 'CryptoCurrencyOption-en');

  await page.getByRole('radio', { name: 'Linear', exact: true }).check();
  await expect(field(page, 'Contract size')).toHaveAttribute('data-value', '0.01');
  await expect.poll(async () => (await resultValue(page, 'Model')) ?? '').toContain('USD-settled');
  const usd = await num(page, 'USD premium');
  expect(Math.abs(coin - usd / 91250) / coin).toBeLessThan(1e-9);

  await page.getByRole('radio', { name: 'Inverse', exact: true }).check();
  await enter(page, 'Market price', String(coin));
  await expect.poll(async () => Math.abs(Number(await resultValue(page, 'Implied volatility')) - 50)).toBeLessThan(1e-4);

  await openTool(page, 'CryptoCurrencyOption', 'zh');
  await expect.poll(() => resultValue(page, '币价权利金')).not.toBeNull();
  await enter(page, '指数价格', '0');
  await expect(resultsRegion(page).getByRole('alert')).toContainText('请输入有效的指数价格');
  await enter(page, '指数价格', '91250');
  await expect(resultsRegion(page).getByRole('alert')).toHaveCount(0);
  await screenshot(page, 'CryptoCurrencyOption-zh');
});

// Rate options (issue 10, "Rates"): /rateOption prices an ATM payer swaption off the market's
// irs.FR007 curve exactly as the pricing core does in Node, payer - receiver = annuity x (F - K),
// a SHIBOR 3M cap with its caplet table, bad input in zh and en; a curve saved on
// /curveConstruction with a changed quote, picked on /rateOption, prices the swaption as the core
// does off that definition; /irsMarketMaking fills its grid; /rateOptionMain fits SABR to a smile
// and applies it. Screenshots in zh and en.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { DataType } from '../../src/wire';
import { TestClient } from '../../server/gateway/test-client';
import type { SwaptionReply } from '../../src/pricing-core/engines/rates/rate-option-calculator';
import type { CurvePoint } from '../../src/kit/market-data/client';
import { DEFAULT_CALC, pct, type CalcInputs } from '../../src/tools/rateOption/model';
import { E2E_TODAY } from './support/clock';
import { whenMarketDataLoaded } from './support/market-data';
import type { TestServer } from './support/server';
import { DEMO, expect, openTool, resultsRegion, resultValue, screenshot, test } from './support/tools';

/** MD.CURVE straight from the server as the demo user. */
async function serverCurve(server: TestServer, id: string): Promise<{ asOf: string; points: CurvePoint[] }> {
  const client = await TestClient.open(`${server.baseUrl.replace(/^http/, 'ws')}/gw/ws`, DataType.json);
  try {
    const login = await client.connect({ userName: DEMO.user, pwd: DEMO.password, connType: 'P' });
    const sid = (login.body as { sid?: string }).sid;
    const r = (await client.request('MarketDataSvr', 'MD.CURVE', JSON.stringify({ id }), sid)) as { Code: number; asOf: string; points: CurvePoint[] };
    if (r.Code !== 0) throw new Error(`MD.CURVE refused: ${JSON.stringify(r)}`);
    return r;
  } finally {
    client.close();
  }
}

const num = async (page: Page | Locator, name: string) => Number(await expect.poll(() => resultValue(page, name)).not.toBeNull().then(() => resultValue(page, name)));

async function settled(page: Page | Locator) {
  await expect(resultsRegion(page)).not.toHaveAttribute('aria-busy', 'true');
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ server }) => {
  test.setTimeout(120_000);
  await whenMarketDataLoaded(() => serverCurve(server, 'irs.FR007'));
});

test('an ATM payer swaption on FR007 prices as the pricing core does; payer - receiver = annuity x (F - K); bad input in English', async ({ page, server }) => {
  await openTool(page, 'rateOption', 'en');
  await page.getByLabel('Index').selectOption('FR007');
  await page.getByRole('radio', { name: 'Swaption', exact: true }).check();
  await page.getByRole('radio', { name: 'Pay fixed', exact: true }).check();
  await page.getByRole('radio', { name: 'ATM', exact: true }).check();
  await page.getByLabel('Volatility model').selectOption('normal');
  await page.getByRole('textbox', { name: 'Volatility', exact: true }).fill('0.35');
  await page.getByRole('textbox', { name: 'Notional', exact: true }).fill('100m');
  await page.getByRole('textbox', { name: 'Notional', exact: true }).press('Enter');
  await settled(page);
  const premium = await num(page, 'Premium');

  // The same request in Node, on the server's own curve quotes.
  const curve = await serverCurve(server, 'irs.FR007');
  const inputs: CalcInputs = { ...DEFAULT_CALC, product: 'swaption', index: 'FR007', payer: true, expiry: '1Y', tenor: '5Y', atm: true, notional: 1e8, volModel: 'normal', vol: 0.35, premium: null };
  const node = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', 'tests/e2e/rate-options-reference.ts'], { input: JSON.stringify({ inputs, curve, valuation: E2E_TODAY }) }).toString()) as SwaptionReply;
  expect(premium).toBe(node.npv);
  expect(await num(page, 'Forward swap rate')).toBe(pct(node.forwardSwapRate));
  expect(await num(page, 'Annuity')).toBe(node.annuity);
  expect(await num(page, 'Strike')).toBe(pct(node.forwardSwapRate));

  // Off the money: parity.
  await page.getByRole('radio', { name: 'Fixed', exact: true }).check();
  await page.getByRole('textbox', { name: 'Strike', exact: true }).fill('1.5');
  await page.getByRole('textbox', { name: 'Strike', exact: true }).press('Enter');
  await expect.poll(() => resultValue(page, 'Strike')).toBe('1.5');
  await settled(page);
  const payer = await num(page, 'Premium');
  const annuity = await num(page, 'Annuity');
  const fwd = (await num(page, 'Forward swap rate')) / 100;
  await page.getByRole('radio', { name: 'Receive fixed', exact: true }).check();
  await expect.poll(async () => Number(await resultValue(page, 'Premium'))).not.toBe(payer);
  await settled(page);
  const receiver = await num(page, 'Premium');
  expect(Math.abs(payer - receiver - annuity * (fwd - 0.015)) / 1e8).toBeLessThan(1e-12);
  expect(await resultValue(page, 'DV01 (curve quotes +1bp)')).not.toBeNull();

  // Implied vol from a premium round-trips to the vol used.
  await page.getByRole('textbox', { name: 'Implied vol from premium', exact: true }).fill(String(receiver));
  await page.getByRole('textbox', { name: 'Implied vol from premium', exact: true }).press('Enter');
  await expect.poll(async () => Number(await resultValue(page, 'Implied volatility'))).toBeCloseTo(0.35, 9);

  await page.getByRole('textbox', { name: 'Implied vol from premium', exact: true }).fill('');
  await page.getByRole('radio', { name: 'ATM', exact: true }).check();
  await page.getByRole('radio', { name: 'Pay fixed', exact: true }).check();
  await settled(page);
  await screenshot(page, 'rateOption-en');

  // Bad input: the reason in English, the field kept as typed.
  await page.getByRole('textbox', { name: 'Volatility', exact: true }).fill('0');
  await page.getByRole('textbox', { name: 'Volatility', exact: true }).press('Enter');
  await expect(resultsRegion(page).getByRole('alert')).toContainText('Volatility must be above 0');
  await expect(page.getByRole('textbox', { name: 'Volatility', exact: true })).toHaveValue('0');
  await page.getByRole('textbox', { name: 'Volatility', exact: true }).fill('0.35');
  await page.getByRole('textbox', { name: 'Volatility', exact: true }).press('Enter');
  await expect(resultsRegion(page).getByRole('alert')).toHaveCount(0);
});

test('a SHIBOR 3M cap with its caplet table; Chinese screen and its bad-input message', async ({ page }) => {
  await openTool(page, 'rateOption', 'en');
  await page.getByRole('radio', { name: 'Cap', exact: true }).check();
  await page.getByLabel('Index').selectOption('SHIBOR3M');
  await page.getByLabel('Tenor').selectOption('3Y');
  await page.getByRole('radio', { name: 'Fixed', exact: true }).check();
  await page.getByRole('textbox', { name: 'Strike', exact: true }).fill('1.8');
  await page.getByRole('textbox', { name: 'Strike', exact: true }).press('Enter');
  await expect.poll(() => resultValue(page, 'Strike')).toBe('1.8');
  await settled(page);
  const premium = await num(page, 'Premium');
  const table = page.getByRole('region', { name: 'Caplets / floorlets' }).getByRole('table');
  await expect(table.locator('tbody tr')).toHaveCount(12);
  const values = await table.locator('tbody tr td:nth-child(8)').evaluateAll((tds) => tds.map((td) => Number(td.getAttribute('data-value'))));
  expect(values[0]).toBe(0); // fixes today (T-1 from spot): excluded
  expect(Math.abs(values.reduce((a, b) => a + b, 0) - premium)).toBeLessThan(1e-6);
  expect(premium).toBeGreaterThan(0);

  await openTool(page, 'rateOption', 'zh');
  await settled(page);
  await expect.poll(() => resultValue(page, '期权费')).not.toBeNull();
  await screenshot(page, 'rateOption-zh');
  await page.getByRole('textbox', { name: '名义本金', exact: true }).fill('0');
  await page.getByRole('textbox', { name: '名义本金', exact: true }).press('Enter');
  await expect(resultsRegion(page).getByRole('alert')).toContainText('名义本金须大于 0');
  await expect(page.getByRole('textbox', { name: '名义本金', exact: true })).toHaveValue('0');
  await page.getByRole('textbox', { name: '名义本金', exact: true }).fill('1亿');
  await page.getByRole('textbox', { name: '名义本金', exact: true }).press('Enter');
  await expect(resultsRegion(page).getByRole('alert')).toHaveCount(0);
  // back to the swaption for the next visitor
  await page.getByRole('radio', { name: '互换期权', exact: true }).check();
});

test('a curve saved on /curveConstruction with a changed quote prices the swaption on /rateOption; the label names it', async ({ page }) => {
  const cc = await openTool(page, 'curveConstruction', 'en');
  await cc.getByLabel('Index', { exact: true }).selectOption('FR007');
  await expect.poll(() => resultValue(cc, 'Max repricing error'), { timeout: 30_000 }).not.toBeNull();
  const q5 = cc.getByLabel('Quote Swap 5Y');
  await q5.fill('2.5');
  await q5.press('Enter');
  await expect(q5).toHaveAttribute('data-value', '2.5');
  const download = page.waitForEvent('download');
  await cc.getByRole('button', { name: 'Export curve (JSON)' }).click();
  const saved = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as { definition: { asOf: string } };
  const name = `FR007 5Y 2.5 ${saved.definition.asOf} ${Date.now() % 100000}`;
  await cc.getByTestId('save-name').fill(name);
  await cc.getByTestId('save-item').click();
  await expect(cc.getByTestId('saved-items-note')).toBeVisible();

  const ro = await openTool(page, 'rateOption', 'en');
  await ro.getByLabel('Index', { exact: true }).selectOption('FR007');
  await ro.getByRole('radio', { name: 'Swaption', exact: true }).check();
  await ro.getByRole('radio', { name: 'Pay fixed', exact: true }).check();
  await ro.getByRole('radio', { name: 'Fixed', exact: true }).check();
  await ro.getByRole('textbox', { name: 'Strike', exact: true }).fill('1.8');
  await ro.getByLabel('Volatility model').selectOption('normal');
  await ro.getByRole('textbox', { name: 'Volatility', exact: true }).fill('0.35');
  await ro.getByRole('textbox', { name: 'Notional', exact: true }).fill('100m');
  await ro.getByRole('textbox', { name: 'Notional', exact: true }).press('Enter');
  await expect.poll(() => resultValue(ro, 'Strike')).toBe('1.8');
  await settled(ro);
  expect(await resultValue(ro, 'Curve')).toContain('Market curve (FR007');
  const market = await num(ro, 'Premium');

  const inputs: CalcInputs = { ...DEFAULT_CALC, product: 'swaption', index: 'FR007', payer: true, expiry: '1Y', tenor: '5Y', atm: false, strike: 1.8, notional: 1e8, volModel: 'normal', vol: 0.35, premium: null };
  const node = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', 'tests/e2e/rate-options-reference.ts'], { input: JSON.stringify({ inputs, saved, valuation: E2E_TODAY }) }).toString()) as SwaptionReply;
  const curve = ro.getByLabel('Curve', { exact: true });
  await expect(curve.locator('option', { hasText: name })).toHaveCount(1);
  await curve.selectOption({ label: name });
  await expect.poll(() => resultValue(ro, 'Curve')).toBe(`Saved: ${name} (FR007, ${saved.definition.asOf})`);
  await expect.poll(async () => Math.abs(Number(await resultValue(ro, 'Premium')) - node.npv)).toBeLessThan(1e-6);
  // 5Y at 2.5 % (the market's is near 1.7 %): the 1Y x 5Y forward and the payer's premium rise.
  expect((await num(ro, 'Premium')) - market).toBeGreaterThan(100_000);
  await expect(resultsRegion(ro).getByText(`the curve "${name}" saved on curve construction`)).toBeVisible();
  expect(Math.abs((await num(ro, 'DV01 (curve quotes +1bp)')) - node.dv01!)).toBeLessThan(1e-6); // the saved curve's quotes bumped

  // Another index goes back to the market curve.
  await ro.getByLabel('Index', { exact: true }).selectOption('SOFR');
  await expect.poll(() => resultValue(ro, 'Curve')).toContain('Market curve (SOFR');
  await expect(curve).toHaveValue('market');
  await ro.getByLabel('Index', { exact: true }).selectOption('FR007');
});

test('the market-making grid quotes every expiry x tenor with bid < mid < ask and greeks', async ({ page }) => {
  await openTool(page, 'irsMarketMaking', 'en');
  await page.getByLabel('Index').selectOption('FR007');
  await page.getByRole('textbox', { name: 'Half spread (vol)', exact: true }).fill('0.02');
  await page.getByRole('textbox', { name: 'Half spread (vol)', exact: true }).press('Enter');
  await settled(page);
  const heat = resultsRegion(page).locator('table').first();
  await expect(heat.locator('td[data-value]')).toHaveCount(7 * 4);
  const table = page.getByRole('region', { name: 'Quote grid' }).getByRole('table');
  await expect(table.locator('tbody tr')).toHaveCount(28);
  const row = await table.locator('tbody tr').first().locator('[data-value]').evaluateAll((els) => els.map((e) => e.getAttribute('data-value')));
  const [, , , volBid, volMid, volAsk, bid, mid, ask, , , vega] = row.map(Number);
  expect(volMid - volBid).toBeCloseTo(0.02, 12);
  expect(volAsk - volMid).toBeCloseTo(0.02, 12);
  expect(bid).toBeLessThan(mid);
  expect(mid).toBeLessThan(ask);
  expect(vega).toBeGreaterThan(0);
  await screenshot(page, 'irsMarketMaking-en');
  await openTool(page, 'irsMarketMaking', 'zh');
  await settled(page);
  await expect(page.getByRole('region', { name: '报价网格' }).locator('tbody tr')).toHaveCount(28);
  await screenshot(page, 'irsMarketMaking-zh');
});

test('the internal calculator fits SABR to a smile and prices with it', async ({ page }) => {
  await openTool(page, 'rateOptionMain', 'en');
  await settled(page);
  const before = await num(page, 'Premium');
  await page.getByRole('button', { name: 'Fill from surface smile' }).click();
  await expect(page.getByLabel('Offset +100bp')).not.toHaveValue('');
  await page.getByRole('button', { name: 'Calibrate' }).click();
  const calib = page.getByRole('region', { name: 'SABR calibration' });
  await expect(calib.locator('dd[data-value]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Apply to calculator' }).click();
  await expect(page.getByLabel('Volatility model')).toHaveValue('sabr');
  await expect.poll(async () => Number(await resultValue(page, 'Premium'))).not.toBe(before);
  await settled(page);
  await screenshot(page, 'rateOptionMain-en');
  await openTool(page, 'rateOptionMain', 'zh');
  await settled(page);
  await expect.poll(() => resultValue(page, '期权费')).not.toBeNull();
  await screenshot(page, 'rateOptionMain-zh');
});

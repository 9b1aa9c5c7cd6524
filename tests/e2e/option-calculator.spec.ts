// /optionCalculator journeys (issue 9 "Done means"): a USD/CNY 3M call from tenor to premium
// checked against Garman-Kohlhagen on the figures the screen shows; each preset's inverse
// solve round-trips (and a target no strike reaches gives the SPEC message); a zero-cost risk
// reversal; a shared link opened as another user; pricing after the server stops, from the
// browser worker, equal to the online answer. Screenshots in zh and en.
import type { Locator, Page } from '@playwright/test';
import { expect, openTool, resultsRegion, resultValue, screenshot, test } from './support/tools';
import { registerUser, signedInAs, uniqueTag, type Account } from './support/users';
import { startServer } from './support/server';
import { TestClient } from '../../server/gateway/test-client';
import { DataType } from '../../src/wire';
import { normCdf as N } from '../../src/pricing-core/math/normal';

test.describe.configure({ mode: 'serial' });

const field = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });
const select = (scope: Page | Locator, name: string) => scope.getByRole('combobox', { name, exact: true });

async function settled(page: Page, name = 'Premium'): Promise<number> {
  await expect(resultsRegion(page)).not.toHaveAttribute('aria-busy', 'true');
  await expect.poll(() => resultValue(page, name)).not.toBeNull();
  await expect(resultsRegion(page)).not.toHaveAttribute('aria-busy', 'true');
  return Number(await resultValue(page, name));
}

/** Sets a field and commits with Enter (UI-CONTRACT: Enter computes). */
async function enter(page: Page, name: string, text: string) {
  const f = field(page, name);
  await f.fill(text);
  await f.press('Enter');
}

const localToday = (page: Page) => page.evaluate(() => { const d = new Date(); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; });

test('en: a USD/CNY 3M call from tenor to premium, equal to Garman-Kohlhagen on the figures shown', async ({ page }) => {
  await openTool(page, 'optionCalculator', 'en');
  const pairBox = page.getByRole('combobox', { name: 'Currency pair' });
  await pairBox.fill('USD/CNY');
  await pairBox.press('Enter');
  await page.getByRole('radio', { name: 'Buy' }).check();
  await page.getByRole('radio', { name: 'Call' }).check();
  await enter(page, 'Notional', '10m');
  await enter(page, 'Expiry', '3M');
  const premium = await settled(page);
  expect(premium).toBeGreaterThan(0);
  // The sample (and simulated live) market data is labelled as such.
  await expect(page.locator('[data-pane="optionCalculator"] .kit-source').first()).toHaveAttribute('data-source-kind', /^(sample|simulated)$/);
  await expect(page.locator('[data-pane="optionCalculator"] .kit-badge').first()).toHaveText(/^(SAMPLE|SIMULATED)$/);

  // Dates: the tenor's expiry is the one shown beside the field (the FX rules are unit-tested
  // against fxDatesFor in model.test.ts), about three months out, delivery after it.
  const today = await localToday(page);
  const expiry = (await resultValue(page, 'Expiry date'))!;
  const delivery = (await resultValue(page, 'Delivery date'))!;
  const spotDate = (await resultValue(page, 'Spot date'))!;
  await expect(page.locator('output.kit-field__resolved').first()).toHaveAttribute('data-value', expiry);
  const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
  expect(days(today, expiry)).toBeGreaterThan(80);
  expect(days(today, expiry)).toBeLessThan(100);
  expect(delivery > expiry && spotDate > today).toBe(true);
  const d = { spotDate, expiryDate: expiry, deliveryDate: delivery };
  const num = async (name: string) => Number(await field(page, name).getAttribute('data-value'));
  const yf = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000 / 365;
  const tS = yf(today, d.spotDate), tE = yf(today, d.expiryDate!), tD = yf(today, d.deliveryDate);
  // The simulated feed moves the spot every few seconds: the figures shown are read again until
  // one reading has the premium and the spot it was priced on (the repricing is a round trip).
  // The vol surface ticks too (each quote every few seconds), repricing with the spot unchanged:
  // the vol field and the vol priced must also come from one result.
  type Reading = { settled: boolean; spot?: number; vol?: number; volField?: number; premiumError?: number; forwardError?: number; pctError?: number };
  const check = async (): Promise<Reading> => {
    await expect(resultsRegion(page)).not.toHaveAttribute('aria-busy', 'true');
    const spot = await num('Spot'), premium = Number(await resultValue(page, 'Premium'));
    // the vol priced is the surface's at full precision (the field shows it to 4 decimals)
    const vol = Number(await resultValue(page, 'Volatility priced')) / 100, rd = (await num('Domestic rate')) / 100, rf = (await num('Foreign rate')) / 100;
    const K = Number(await resultValue(page, 'Strike priced'));
    const F = spot * Math.exp((rd - rf) * (tD - tS));
    const sd = vol * Math.sqrt(tE);
    const d1 = Math.log(F / K) / sd + sd / 2;
    const gk = 1e7 * Math.exp(-rd * (tD - tS)) * (F * N(d1) - K * N(d1 - sd));
    const forward = Number(await resultValue(page, 'Forward')), pct = Number(await resultValue(page, 'Premium %'));
    const volField = await num('Volatility');
    if (spot !== (await num('Spot'))) return { settled: false };
    return { settled: true, spot, vol, volField, premiumError: Math.abs(premium - gk) / gk, forwardError: Math.abs(forward - F), pctError: Math.abs(pct - (100 * premium) / (1e7 * spot)) };
  };
  let seen: Reading = { settled: false };
  await expect.poll(async () => {
    seen = await check();
    // the whole reading is returned on a miss, so a real disagreement shows its figures
    const volAgrees = seen.settled && Math.abs(seen.volField! - seen.vol! * 100) < 5e-5; // toBeCloseTo(.., 4) below
    return seen.settled && volAgrees && seen.premiumError! < 1e-9 && seen.forwardError! < 1e-10 && seen.pctError! < 1e-10 ? true : seen;
  }, { timeout: 20_000 }).toBe(true);
  expect(seen.spot).toBeGreaterThan(5);
  expect(seen.vol).toBeGreaterThan(0.01);
  expect(seen.volField).toBeCloseTo(seen.vol! * 100, 4);
  expect(Number(await resultValue(page, 'Delta'))).toBeGreaterThan(0);
  expect(Number(await resultValue(page, 'Vega'))).toBeGreaterThan(0);

  // A typed strike prices as you type (no Enter), a typed vol overrides the surface.
  await field(page, 'Strike').fill('7.15');
  await expect.poll(() => resultValue(page, 'Strike priced')).toBe('7.15');
  await enter(page, 'Volatility', '4');
  await expect.poll(() => resultValue(page, 'Volatility priced')).toBe('4');
  await page.getByRole('button', { name: 'Price', exact: true }).click();
  await settled(page);
  await screenshot(page, 'optionCalculator-en');
});

test('en: each preset round-trips; a target no strike reaches says the SPEC message', async ({ page }) => {
  await openTool(page, 'optionCalculator', 'en');
  // Pin the spot: the simulated feed moves it every few seconds, and each solve must see the
  // market the target premium and delta were read on. A figure typed as the field already shows
  // it is no edit (the field keeps showing the market's), so a spot of its own is typed and
  // checked to be held as typed.
  await expect(field(page, 'Spot')).toHaveAttribute('data-value', /\d/);
  await enter(page, 'Spot', '7.1');
  await expect(page.locator('[data-field="spot"]')).toContainText('typed by you');
  await enter(page, 'Strike', '7.15');
  await enter(page, 'Volatility', '4');
  await expect.poll(() => resultValue(page, 'Strike priced')).toBe('7.15');
  // the premium read is the one priced on the typed vol, not the surface's at that strike
  await expect.poll(() => resultValue(page, 'Volatility priced')).toBe('4');
  const premium = await settled(page);
  const notional = Number(await field(page, 'Notional').getAttribute('data-value'));
  const deltaPct = (100 * Number(await resultValue(page, 'Delta'))) / notional;
  const mode = select(page, 'Pricing mode');

  await mode.selectOption('StrikeFromPremium');
  await enter(page, 'Target premium', String(premium));
  await expect.poll(async () => Number(await resultValue(page, 'Solved strike'))).toBeCloseTo(7.15, 8);

  await mode.selectOption('VolFromPremium');
  await expect(field(page, 'Target premium')).toHaveAttribute('data-value', String(premium));
  await expect.poll(async () => Number(await resultValue(page, 'Solved volatility'))).toBeCloseTo(4, 8);

  await mode.selectOption('StrikeFromDelta');
  await enter(page, 'Target delta', String(deltaPct));
  await expect.poll(async () => Number(await resultValue(page, 'Solved strike'))).toBeCloseTo(7.15, 8);

  await mode.selectOption('VolFromDelta');
  await expect.poll(async () => Number(await resultValue(page, 'Solved volatility'))).toBeCloseTo(4, 8);

  await mode.selectOption('StrikeFromPremium');
  await enter(page, 'Target premium', '999999999');
  await expect(resultsRegion(page).getByRole('alert')).toContainText('Inverse result cannot be obtained, check input');
  await expect(field(page, 'Target premium')).toHaveValue(/999/);
  await mode.selectOption('Premium');
  await settled(page);
});

test('zh: a zero-cost risk reversal solves the put strike; the screen in Chinese', async ({ page }) => {
  await openTool(page, 'optionCalculator', 'zh');
  await settled(page, '期权费');
  await screenshot(page, 'optionCalculator-zh');

  await select(page, '产品类型').selectOption('PP');
  await select(page, '组合策略').selectOption('riskReversal');
  await select(page, '定价模式').selectOption('Strike');
  await expect.poll(() => resultValue(page, '反推执行价（腿 2）')).not.toBeNull();
  await expect(resultsRegion(page)).not.toHaveAttribute('aria-busy', 'true');
  const net = Number(await resultValue(page, '期权费'));
  expect(Math.abs(net)).toBeLessThan(1e-3);
  const callK = Number(await resultValue(page, '反推执行价（腿 2）'));
  expect(callK).toBeGreaterThan(5);
  await expect(resultsRegion(page).getByRole('table', { name: '各腿结果' })).toBeVisible();
  await screenshot(page, 'optionCalculator-rr-zh');
  await select(page, '产品类型').selectOption('VA');
  await select(page, '定价模式').selectOption('Premium');
});

test('a saved item shared to another user opens from its ?id= link with the same inputs and price', async ({ page, browser, server }) => {
  await openTool(page, 'optionCalculator', 'en');
  // Spot, vol and both rates typed: spot and the market swap points behind the forward are
  // live simulated figures that move between the two sessions.
  await enter(page, 'Spot', '7.1');
  await enter(page, 'Volatility', '4.1');
  await enter(page, 'Domestic rate', '1.6');
  await enter(page, 'Foreign rate', '3.9');
  await enter(page, 'Strike', '7.0321');
  await enter(page, 'Notional', '2.5m');
  await expect.poll(() => resultValue(page, 'Strike priced')).toBe('7.0321');
  const premium = await settled(page);
  const tag = uniqueTag();
  const bob: Account = await registerUser(server, `ocbob${tag}`, `137${tag}002`);
  await page.getByTestId('save-name').fill(`USDCNY call ${tag}`);
  await page.getByTestId('save-item').click();
  await expect(page.getByTestId('saved-items-note')).toBeVisible();
  await page.getByTestId('my-items').getByTestId('saved-item').filter({ hasText: `USDCNY call ${tag}` }).getByTestId('share-item').click();
  const dialog = page.getByTestId('share-dialog');
  await dialog.getByTestId('share-target').fill(bob.name);
  await dialog.getByTestId('share-to-user').click();
  await expect(dialog.getByTestId('shared-with')).toContainText(bob.name);
  const link = await dialog.getByTestId('share-item-link').inputValue();
  expect(link).toMatch(/\/optionCalculator\?id=[A-Za-z0-9_-]{22}$/);

  const b = await signedInAs(browser, bob, 'en');
  await b.page.goto(link);
  await expect(b.page.getByTestId('share-tip')).toContainText('You opened a shared item');
  await b.page.getByTestId('share-tip-ok').click();
  await expect(field(b.page, 'Strike')).toHaveAttribute('data-value', '7.0321');
  await expect(field(b.page, 'Notional')).toHaveAttribute('data-value', '2500000');
  await expect(field(b.page, 'Spot')).toHaveAttribute('data-value', '7.1');
  await expect(b.page.getByTestId('shared-item-status')).toContainText(`USDCNY call ${tag}`);
  const theirs = await settled(b.page);
  expect(await b.page.evaluate(() => [localStorage.getItem('ShareQueryID'), localStorage.getItem('OptionCalcShareTip')])).toEqual([null, '1']);
  expect(Math.abs(theirs - premium)).toBeLessThanOrEqual(1e-9 * premium);
  await b.context.close();
});

test('the server stops: the calculator prices in the browser worker, marked offline, equal to online', async ({ browser }) => {
  test.setTimeout(150_000);
  const server = await startServer({ env: { MARKET_HISTORY: 'off' } });
  try {
    const tag = uniqueTag();
    const user = await registerUser(server, `ocoff${tag}`, `136${tag}003`);
    // A fresh server loads its market data first: wait for it (the shared machine is slow at times).
    const warm = await TestClient.open(`ws://127.0.0.1:${server.port}/gw/ws`, DataType.json);
    try {
      expect(String((await warm.request('MarketDataSvr', 'MD.FXMARKET', JSON.stringify({ pair: 'USDCNY' }), user.sid)).Code)).toBe('0');
    } finally {
      warm.close();
    }
    const { context, page } = await signedInAs(browser, user, 'en', { socketConfig: { reconnectDelayMs: 500 } });
    await page.goto(`${server.baseUrl}/optionCalculator`);
    await expect(page.getByTestId('conn-status')).toHaveAttribute('data-status', /^(open|loggedIn)$/);
    await expect(field(page, 'Spot')).toHaveAttribute('data-value', /\d/);
    // typed, so a simulated tick between the online and offline answers cannot move it
    await enter(page, 'Spot', '7.1');
    await enter(page, 'Volatility', '4.25');
    await expect.poll(() => resultValue(page, 'Volatility priced')).toBe('4.25');
    const online = await settled(page);
    const onlineDelta = Number(await resultValue(page, 'Delta'));
    await expect(page.getByTestId('offline-pricing')).toHaveCount(0);
    await enter(page, 'Volatility', '4.5');
    await expect.poll(() => resultValue(page, 'Volatility priced')).toBe('4.5');
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /pricing-worker/.test(e.name)))).toBe(true);

    await server.kill('SIGKILL');
    await expect(page.getByTestId('conn-status')).not.toHaveAttribute('data-status', /^(open|loggedIn)$/);
    await enter(page, 'Volatility', '4.25');
    await expect(page.getByTestId('offline-pricing')).toBeVisible();
    await expect.poll(() => resultValue(page, 'Volatility priced')).toBe('4.25');
    const offline = await settled(page);
    expect(Math.abs(offline - online)).toBeLessThanOrEqual(1e-12 * online);
    expect(Math.abs(Number(await resultValue(page, 'Delta')) - onlineDelta)).toBeLessThanOrEqual(1e-12 * Math.abs(onlineDelta));
    await screenshot(page, 'optionCalculator-offline-en');
    await context.close();
  } finally {
    await server.stop();
  }
});

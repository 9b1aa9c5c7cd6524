// Issue 20, sections 3 and 4: what the user typed is what is priced, on the screens. A typed
// maturity is not contradicted by another bond's interest start (/fixedIncome); a change of
// contract reloads its market (/CSIOptionCalculator); a typed flat vol is what the smile chart
// shows (/optionCalculator); /irsCal's leg signs, fixing dates and DV01 check; FX templates on
// the structured screen; bad inputs listed all at once. Screenshots: docs/screenshots/*-typed-{zh,en}.png.
import type { Locator, Page } from '@playwright/test';
import { test, expect, openTool, resultValue, resultsRegion, screenshot, type Lang } from './support/tools';

test.describe.configure({ mode: 'serial' });

const box = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

async function enter(scope: Page | Locator, name: string, text: string): Promise<void> {
  await box(scope, name).fill(text);
  await box(scope, name).press('Enter');
}

async function settled(scope: Page | Locator, name: string): Promise<void> {
  await expect.poll(() => resultValue(scope, name), { timeout: 30_000 }).not.toBeNull();
  await expect(resultsRegion(scope)).not.toHaveAttribute('aria-busy', 'true');
}

const W = {
  en: { bond: 'Bond', search: 'Search bonds', maturity: 'Maturity', issue: 'Interest start date', settlement: 'Settlement date', yield: 'Yield', face: 'Face amount', clean: 'Clean price', dv01: 'DV01', dv01Face: 'Position DV01' },
  zh: { bond: '债券', search: '搜索债券', maturity: '到期日', issue: '起息日', settlement: '结算日', yield: '收益率', face: '面额', clean: '净价', dv01: 'DV01', dv01Face: '持仓 DV01' },
} as const;

for (const lang of ['en', 'zh'] as Lang[]) {
  test(`/fixedIncome (${lang}): a typed maturity is priced, not refused for another bond's interest start; DV01 for the face amount`, async ({ page }) => {
    const w = W[lang];
    const pane = await openTool(page, 'fixedIncome', lang);
    await pane.getByRole('searchbox', { name: w.search }).fill('250024');
    const bond = pane.getByRole('combobox', { name: w.bond, exact: true });
    await expect(bond.locator('option[value="250024"]')).toHaveCount(1);
    await bond.selectOption('250024');
    await expect(box(pane, w.issue)).not.toHaveValue('');
    await enter(pane, w.settlement, '2026-11-24');
    await enter(pane, w.yield, '1.6');
    await box(pane, w.clean).fill('');
    // A maturity of another schedule than the picked bond's: its interest start goes, the calculation runs.
    await enter(pane, w.maturity, '2029-01-31');
    await expect(box(pane, w.issue)).toHaveValue('');
    await settled(pane, w.clean);
    await expect(resultsRegion(pane).getByRole('alert')).toHaveCount(0);
    await enter(pane, w.face, '25m');
    await expect.poll(async () => Number(await resultValue(pane, w.dv01Face))).toBeGreaterThan(0);
    const per100 = Number(await resultValue(pane, w.dv01));
    expect(Number(await resultValue(pane, w.dv01Face))).toBeCloseTo(per100 * 250_000, 4);
    await screenshot(page, `fixedIncome-typed-${lang}`);
  });
}

test('/CSIOptionCalculator: a change of contract reloads that contract\'s market, not the previous underlying\'s', async ({ page }) => {
  for (const lang of ['en', 'zh'] as Lang[]) {
    const pane = await openTool(page, 'CSIOptionCalculator', lang);
    const contract = pane.getByRole('combobox', { name: lang === 'en' ? 'Contract' : '合约', exact: true });
    const price = box(pane, lang === 'en' ? 'Underlying price' : '标的价格');
    const multiplier = lang === 'en' ? 'Multiplier' : '合约乘数';
    // The page settled first (connected, its contract priced), so the switch below is the only change.
    await expect(page.getByTestId('conn-status')).toHaveAttribute('data-status', /^(open|loggedIn)$/);
    await expect.poll(() => resultValue(pane, multiplier), { timeout: 40_000 }).not.toBeNull();
    await contract.selectOption('IO');
    await expect.poll(() => resultValue(pane, multiplier), { timeout: 40_000 }).toBe('100');
    await expect(price).not.toHaveValue('');
    const index = Number((await price.inputValue()).replace(/[^\d.]/g, ''));
    expect(index).toBeGreaterThan(1000); // CSI 300
    await contract.selectOption('AU');
    await expect.poll(() => resultValue(pane, multiplier), { timeout: 40_000 }).toBe('1000');
    // Gold's own price (CNY a gram), never the index level carried over.
    await expect.poll(async () => Number((await price.inputValue()).replace(/[^\d.]/g, ''))).toBeLessThan(1000);
    const strike = Number((await box(pane, lang === 'en' ? 'Strike' : '执行价').inputValue()).replace(/[^\d.]/g, ''));
    expect(strike).toBeLessThan(1000);
    await expect(resultsRegion(pane)).not.toHaveAttribute('aria-busy', 'true');
    await screenshot(page, `CSIOptionCalculator-typed-${lang}`);
  }
});

test('/optionCalculator: with a typed flat vol the smile chart shows that vol, the market smile dashed as not used', async ({ page }) => {
  for (const lang of ['en', 'zh'] as Lang[]) {
    const pane = await openTool(page, 'optionCalculator', lang);
    const vol = lang === 'en' ? 'Volatility' : '波动率';
    await enter(pane, vol, '6.5');
    await expect.poll(() => resultValue(pane, lang === 'en' ? 'Premium' : '期权费'), { timeout: 30_000 }).not.toBeNull();
    await expect(pane.getByTestId('typed-vol-note')).toBeVisible();
    const legend = pane.locator('.kit-chart__item[data-series]');
    await expect(pane.locator(`.kit-chart__item[data-series="${lang === 'en' ? 'Typed vol 6.5% (priced)' : '所填波动率 6.5%（定价所用）'}"]`)).toHaveCount(1);
    await expect(pane.locator(`.kit-chart__item[data-series="${lang === 'en' ? 'Market smile (not used: vol typed)' : '市场微笑（未使用：已填波动率）'}"]`)).toHaveCount(1);
    expect(await legend.count()).toBeGreaterThan(2);
    await screenshot(page, `optionCalculator-typed-${lang}`);
    // Cleared: priced from the surface again, the chart is the market smile only.
    await enter(pane, vol, '');
    await expect(pane.getByTestId('typed-vol-note')).toHaveCount(0);
  }
});

test('/irsCal: leg PVs signed as their cash flows, fixing dates, the DV01 check; every bad field at once (en, zh)', async ({ page }) => {
  for (const lang of ['en', 'zh'] as Lang[]) {
    const pane = await openTool(page, 'irsCal', lang);
    const L = lang === 'en'
      ? { fixedPv: 'Fixed leg PV', floatPv: 'Float leg PV', npv: 'NPV', fixed: 'Fixed rate', pay: 'Pay fixed', tenor: 'Tenor', notional: 'Notional', fixing: 'Fixing date', floatLeg: 'Float leg cash flows' }
      : { fixedPv: '固定端现值', floatPv: '浮动端现值', npv: '净现值', fixed: '固定利率', pay: '支付固定', tenor: '期限', notional: '名义本金', fixing: '定盘日', floatLeg: '浮动端现金流' };
    await enter(pane, L.tenor, '5Y');
    await enter(pane, L.notional, '10m');
    await enter(pane, L.fixed, '1.7');
    await pane.getByRole('radio', { name: L.pay }).check();
    await settled(pane, L.fixedPv);
    const fixedPv = Number(await resultValue(pane, L.fixedPv)), floatPv = Number(await resultValue(pane, L.floatPv));
    expect(fixedPv).toBeLessThan(0); // a payer pays the fixed leg, as its cash flows say
    expect(floatPv).toBeGreaterThan(0);
    expect(fixedPv + floatPv).toBeCloseTo(Number(await resultValue(pane, L.npv)), 2);
    await expect(pane.getByTestId('dv01-check')).toBeVisible();
    expect(Math.abs(Number(await pane.getByTestId('dv01-check').getAttribute('data-value')))).toBeLessThan(100);
    const fixings = await pane.getByRole('table', { name: L.floatLeg }).evaluate((t, h) => {
      const j = [...t.querySelectorAll('thead th')].findIndex((th) => (th.textContent ?? '').trim().startsWith(h));
      return [...t.querySelectorAll('tbody tr')].map((tr) => tr.children[j]?.getAttribute('data-value') ?? null);
    }, L.fixing);
    expect(fixings.length).toBeGreaterThan(10);
    expect(fixings.every((d) => d !== null && /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
    await screenshot(page, `irsCal-typed-${lang}`);

    // Two bad fields: both named, each with what is wrong, "missing" only for the empty one.
    await box(pane, L.notional).fill('abc');
    await box(pane, L.tenor).fill('');
    await box(pane, L.tenor).press('Enter');
    const alert = resultsRegion(pane).getByRole('alert');
    const items = alert.locator('li');
    await expect(items).toHaveCount(2);
    if (lang === 'en') {
      await expect(items.nth(0)).toHaveText('Tenor: Please fill this in');
      await expect(items.nth(1)).toHaveText(/^Notional: Not an amount/);
    } else {
      await expect(items.nth(0)).toHaveText('期限：请填写此项');
      await expect(items.nth(1)).toHaveText(/^名义本金：不是金额/);
    }
    await expect(alert).not.toContainText(/详情|Details|\btenor\b|\bnotional\b/);
    await expect(box(pane, L.notional)).toHaveValue('abc');
    await screenshot(page, `irsCal-typed-errors-${lang}`, resultsRegion(pane));
    await enter(pane, L.notional, '10m');
    await enter(pane, L.tenor, '5Y');
    await expect(alert).toHaveCount(0);
  }
});

test('/structuredProducts: the USD/CNY snowball template is sized for FX', async ({ page }) => {
  for (const lang of ['en', 'zh'] as Lang[]) {
    const pane = await openTool(page, 'structuredProducts', lang);
    await pane.getByRole('combobox', { name: lang === 'en' ? 'Template' : '模板', exact: true }).selectOption('snowball');
    const text = pane.getByTestId('package-text');
    await expect(text).toHaveValue(/underlying fx USDCNY/);
    await expect(text).toHaveValue(/param coupon = 4% solvable/);
    await expect(text).toHaveValue(/param koStart = 101%/);
    await expect(text).toHaveValue(/param kiRatio = 95%/);
    await screenshot(page, `structuredProducts-typed-${lang}`);
  }
});

test('/bulkPricingOfForexOptions: no grid header cut off (zh, en)', async ({ page }) => {
  for (const lang of ['en', 'zh'] as Lang[]) {
    const pane = await openTool(page, 'bulkPricingOfForexOptions', lang);
    const names = pane.locator('.kit-grid__hname');
    await expect(names.first()).toBeVisible();
    const cut = await names.evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
    expect(cut).toEqual([]);
    await screenshot(page, `bulkPricingOfForexOptions-typed-${lang}`, pane.getByRole('grid'));
  }
});

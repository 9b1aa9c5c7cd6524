// Market reference screens (issue 8) in real Chromium against a real server: the public
// rate view without a session (/rate zh, /rateEn en), exchange-rate conversion (USD->EUR and
// back = 1/rate, with its date, against the server's central parities), a live push reaching
// subscribed tabs (signed-in /exchangeRate and anonymous /rate), the market-data import from
// the UI (a bad row listed with its line and reason and nothing stored; a good file stored
// and pushed), table export, the central bank rates, and screenshots of every screen in zh
// and en (docs/screenshots/).
import { E2E_TODAY } from './support/clock';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { DataType } from '../../src/wire';
import { TestClient } from '../../server/gateway/test-client';
import { publishMarketFigures, whenMarketDataLoaded } from './support/market-data';
import type { TestServer } from './support/server';
import { DEMO, expect, openTool, resultsRegion, resultValue, screenshot, test, type Lang } from './support/tools';

/** Today in Beijing: the business date imports may use (docs/market-data.md). */
const today = () => E2E_TODAY; // the journeys' fixed clock (support/clock.ts)

/** MD.LATEST straight from the server, anonymously (public series). */
async function serverLatest(server: TestServer, ids: string[], asOf?: string): Promise<Map<string, { value: number; date: string }>> {
  const client = await TestClient.open(`${server.baseUrl.replace(/^http/, 'ws')}/gw/ws`, DataType.json);
  try {
    await client.connect({ userName: '', pwd: '', connType: 'A' });
    const r = (await client.request('MarketDataSvr', 'MD.LATEST', JSON.stringify({ ids, ...(asOf ? { asOf } : {}) }))) as { Code: number; values: Array<{ id: string; value: number; date: string }> };
    if (r.Code !== 0) throw new Error(`MD.LATEST refused: ${JSON.stringify(r)}`);
    return new Map(r.values.map((v) => [v.id, { value: v.value, date: v.date }]));
  } finally {
    client.close();
  }
}

/** A page without a session (public routes), in a language stored as the toggle would. */
async function publicPage(browser: Browser, server: TestServer, lang: Lang): Promise<Page> {
  const ctx = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  // Seeded once per tab: later language changes by the test stick across reloads.
  await ctx.addInitScript((l) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('Lang', l);
  }, lang);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  return page;
}

/** Screenshot of a public page: the window stretched to the scrolling main's content. */
async function publicShot(page: Page, name: string): Promise<void> {
  const vp = page.viewportSize() ?? { width: 1440, height: 900 };
  const need = await page.evaluate(() => {
    const main = document.querySelector<HTMLElement>('.public__main');
    if (!main) return 0;
    main.scrollTop = 0;
    return Math.ceil(main.getBoundingClientRect().top + main.scrollHeight + 8);
  });
  const height = Math.min(Math.max(vp.height, need), 6000);
  await page.setViewportSize({ width: vp.width, height });
  await page.waitForTimeout(1200); // charts follow the resize, tiles raster
  await page.screenshot({ path: `docs/screenshots/${name}.png` });
  await page.setViewportSize(vp);
}

test.describe.configure({ mode: 'serial' });

// The first start loads the shipped snapshot (about 20 s on this machine): wait for it once.
test.beforeAll(async ({ server }) => {
  test.setTimeout(120_000);
  await whenMarketDataLoaded(() => serverLatest(server, ['fxfix.CP.USDCNY']));
});

test('the public rate view works without signing in: /rate in Chinese, /rateEn in English, with dates, sources and export', async ({ browser, server }) => {
  const truth = await serverLatest(server, ['fxfix.CP.USDCNY', 'rate.LPR.1Y', 'rate.SHIBOR.3M']);
  // Stored language en: /rate still shows the Chinese view (SPEC: rate views Chinese, English).
  const page = await publicPage(browser, server, 'en');
  await page.goto(`${server.baseUrl}/rate`);
  await expect(page.getByTestId('rate-page')).toHaveAttribute('data-lang', 'zh');
  await expect(page.getByRole('heading', { name: '人民币基准汇率与利率' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sid'))).toBeNull();

  const parity = page.getByRole('region', { name: '人民币汇率中间价' });
  const usd = parity.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'USD/CNY', exact: true }) });
  await expect(usd.locator('td').first()).toHaveAttribute('data-value', String(truth.get('fxfix.CP.USDCNY')!.value), { timeout: 60_000 });
  await expect(usd).toContainText(truth.get('fxfix.CP.USDCNY')!.date);
  // Sample figures say so, with their source, and never pass for live data.
  await expect(parity.locator('.kit-badge--sample').first()).toBeVisible();
  await expect(page.getByRole('note')).toContainText('样例');
  await expect(parity).toContainText('样例快照'); // the source named in the page's language
  // Published LPR: its own source and date.
  const lpr = page.getByRole('region', { name: 'LPR 与回购定盘利率' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'LPR 1Y', exact: true }) });
  await expect(lpr.locator('td').first()).toHaveAttribute('data-value', String(truth.get('rate.LPR.1Y')!.value));
  await expect(lpr).toContainText(truth.get('rate.LPR.1Y')!.date);
  await expect(lpr.locator('[data-source-kind="published"] a')).toHaveAttribute('href', /chinamoney\.com\.cn/);
  // Export: a real CSV with the table's rows.
  const [download] = await Promise.all([page.waitForEvent('download'), parity.getByRole('button', { name: '导出 CSV' }).click()]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain('USD/CNY');
  expect(csv).toContain(String(truth.get('fxfix.CP.USDCNY')!.value));
  await expect(page.locator('.kit-chart[data-points]')).not.toHaveAttribute('data-points', '0');
  await publicShot(page, 'rate-en'); // /rate with an English interface: the view stays Chinese

  await page.evaluate(() => localStorage.setItem('Lang', 'zh'));
  await page.goto(`${server.baseUrl}/rate`);
  await expect(usd.locator('td').first()).toHaveAttribute('data-value', /\d/);
  await expect(page.locator('.kit-chart[data-points]')).not.toHaveAttribute('data-points', '0');
  await publicShot(page, 'rate-zh');

  // /rateEn: English whatever the stored language.
  await page.goto(`${server.baseUrl}/rateEn`);
  await expect(page.getByTestId('rate-page')).toHaveAttribute('data-lang', 'en');
  const shibor = page.getByRole('region', { name: 'SHIBOR' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: '3M', exact: true }) });
  await expect(shibor.locator('td').first()).toHaveAttribute('data-value', String(truth.get('rate.SHIBOR.3M')!.value));
  await expect(page.getByRole('region', { name: 'CNY central parity' }).locator('.kit-badge--sample').first()).toHaveText('SAMPLE');
  await expect(page.locator('.kit-chart[data-points]')).not.toHaveAttribute('data-points', '0');
  await publicShot(page, 'rateEn-zh');
  await page.evaluate(() => localStorage.setItem('Lang', 'en'));
  await page.reload();
  await expect(shibor.locator('td').first()).toHaveAttribute('data-value', /\d/);
  await expect(page.locator('.kit-chart[data-points]')).not.toHaveAttribute('data-points', '0');
  await publicShot(page, 'rateEn-en');
  await page.context().close();
});

for (const lang of ['en', 'zh'] as const) {
  const L = lang === 'en'
    ? { from: 'From', to: 'To', amount: 'Amount', converted: 'Converted amount', rate: 'Rate', asOf: 'As of', swap: 'Swap currencies', fixingDate: 'Fixing date', noParity: 'No CNY central parity for' }
    : { from: '原币种', to: '目标币种', amount: '金额', converted: '折算金额', rate: '汇率', asOf: '日期', swap: '互换币种', fixingDate: '中间价日期', noParity: '没有 THB 的人民币汇率中间价' };

  test(`exchange-rate conversion USD→EUR and back is 1/rate, with the central parity's date (${lang})`, async ({ browser, server }) => {
    const truth = await serverLatest(server, ['fxfix.CP.USDCNY', 'fxfix.CP.EURCNY']);
    const usd = truth.get('fxfix.CP.USDCNY')!;
    const eur = truth.get('fxfix.CP.EURCNY')!;
    const page = await publicPage(browser, server, lang);
    await page.goto(`${server.baseUrl}/ERConversion`);
    const region = resultsRegion(page);
    const from = page.getByRole('combobox', { name: L.from });
    const to = page.getByRole('combobox', { name: L.to });
    await from.fill('usd');
    await from.press('Enter');
    await to.fill('EUR');
    await to.press('Enter');
    await page.getByRole('textbox', { name: L.amount, exact: true }).fill('1m');
    await page.getByRole('textbox', { name: L.amount, exact: true }).press('Enter');
    await expect(region).not.toHaveAttribute('aria-busy', 'true');
    await expect.poll(() => resultValue(page, L.asOf), { timeout: 60_000 }).toBe(usd.date);
    const rate = Number(await resultValue(page, L.rate));
    // Through CNY at the same date's central parities: USD/CNY ÷ EUR/CNY.
    expect(Math.abs(rate / (usd.value / eur.value) - 1)).toBeLessThan(1e-14);
    expect(Number(await resultValue(page, L.converted))).toBe(1_000_000 * rate);
    await expect(region.locator('[data-fixing="fxfix.CP.USDCNY"]')).toContainText(usd.date);
    await expect(region.locator('[data-fixing="fxfix.CP.EURCNY"]')).toContainText(eur.date);
    await expect(region.locator('.kit-badge--sample').first()).toBeVisible();
    if (lang === 'en') await publicShot(page, 'ERConversion-en');

    // Back: EUR -> USD is exactly 1 / rate (to the last bit in one direction, 1 ulp in the other).
    await page.getByRole('button', { name: L.swap }).click();
    await expect(from).toHaveValue('EUR');
    await expect.poll(async () => Number(await resultValue(page, L.rate))).not.toBe(rate);
    const back = Number(await resultValue(page, L.rate));
    expect(Math.abs(back * rate - 1)).toBeLessThan(2e-16);
    expect(await resultValue(page, L.asOf)).toBe(usd.date);

    // A fixing date: that day's parities (or the last before it), not the live ones.
    const then = await serverLatest(server, ['fxfix.CP.USDCNY', 'fxfix.CP.EURCNY'], '2026-06-30');
    const fixingDate = page.getByRole('textbox', { name: L.fixingDate, exact: true });
    await fixingDate.fill('2026-06-30');
    await fixingDate.press('Enter');
    await expect.poll(() => resultValue(page, L.asOf)).toBe(then.get('fxfix.CP.USDCNY')!.date);
    const old = Number(await resultValue(page, L.rate));
    expect(Math.abs(old / (then.get('fxfix.CP.EURCNY')!.value / then.get('fxfix.CP.USDCNY')!.value) - 1)).toBeLessThan(1e-14);
    await fixingDate.fill('');
    await fixingDate.press('Enter');
    await expect.poll(() => resultValue(page, L.asOf)).toBe(usd.date);

    // A currency without a central parity: said in the user's language, inputs kept.
    await to.fill('THB');
    await to.press('Enter');
    await expect(region.getByRole('alert')).toContainText(L.noParity);
    await expect(to).toHaveValue('THB');
    await to.fill('USD');
    await to.press('Enter');
    await expect(region.getByRole('alert')).toHaveCount(0);
    if (lang === 'zh') {
      await from.fill('USD');
      await from.press('Enter');
      await to.fill('JPY');
      await to.press('Enter');
      await expect.poll(() => resultValue(page, L.converted)).not.toBeNull();
      await publicShot(page, 'ERConversion-zh');
    }
    await page.context().close();
  });
}

test('a live push reaches subscribed tabs: signed-in /exchangeRate and anonymous /rate flash the new central parity', async ({ page, browser, server }) => {
  const pane = await openTool(page, 'exchangeRate', 'en');
  const cad = pane.getByRole('region', { name: 'CNY central parity' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'CAD/CNY', exact: true }) });
  await expect(cad.locator('td').first()).toHaveAttribute('data-value', /\d/, { timeout: 60_000 });
  const before = Number(await cad.locator('td').first().getAttribute('data-value'));
  const anon = await publicPage(browser, server, 'zh');
  await anon.goto(`${server.baseUrl}/rate`);
  const anonCad = anon.getByRole('region', { name: '人民币汇率中间价' }).getByRole('row').filter({ has: anon.getByRole('rowheader', { name: 'CAD/CNY', exact: true }) });
  await expect(anonCad.locator('td').first()).toHaveAttribute('data-value', String(before));

  const next = Number((before + 0.0123).toFixed(4));
  await publishMarketFigures(server, DEMO.user, DEMO.password, [{ id: 'fxfix.CP.CADCNY', date: today(), value: next }]);
  for (const row of [cad, anonCad]) {
    const cell = row.locator('td').first();
    await expect(cell).toHaveAttribute('data-value', String(next));
    await expect(cell.locator('.kit-live')).toHaveAttribute('data-flash', /^up-/);
    await expect(row).toContainText(today());
    await expect(row.locator('[data-source-kind="imported"]')).toBeVisible();
  }
  // The change is against the previous business day's figure, in pips.
  const [change, previous] = await cad.evaluate((tr) => [1, 3].map((i) => Number(tr.querySelectorAll('td')[i].getAttribute('data-value'))));
  const truth = await serverLatest(server, ['fxfix.CP.CADCNY'], new Date(Date.parse(`${today()}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10));
  expect(previous).toBe(truth.get('fxfix.CP.CADCNY')!.value);
  expect(change).toBeCloseTo((next - previous) * 10_000, 6);
  await anon.context().close();
});

for (const lang of ['zh', 'en'] as const) {
  test(`/exchangeRate in ${lang}: live spot quotes, export, history chart with real history and its boundary`, async ({ page, server }) => {
    const L = lang === 'en' ? { spot: 'Spot quotes', parity: 'CNY central parity', csv: 'Export CSV', xlsx: 'Export Excel', pair: 'Pair', simulated: 'SIMULATED' } : { spot: '即期报价', parity: '人民币汇率中间价', csv: '导出 CSV', xlsx: '导出 Excel', pair: '货币对', simulated: '模拟' };
    // The shipped real history loads in the background on a first start: the screen opened
    // after it names its series (the catalogue is read when the screen opens).
    await expect.poll(async () => (await server.stats()).marketHistory, { timeout: 110_000 }).toBe('loaded');
    const pane = await openTool(page, 'exchangeRate', lang);
    const spot = pane.getByRole('region', { name: L.spot });
    const usd = spot.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'USD/CNY', exact: true }) });
    // Simulated ticks move the mid (1-4 a second) and are badged SIMULATED.
    await expect(usd.locator('td').first()).toHaveAttribute('data-value', /\d/, { timeout: 60_000 });
    const first = await usd.locator('td').first().getAttribute('data-value');
    await expect.poll(() => usd.locator('td').first().getAttribute('data-value'), { timeout: 15_000 }).not.toBe(first);
    await expect(usd.locator('td').first().locator('.kit-live')).toHaveAttribute('data-flash', /-(0|1)$/);
    await expect(usd.locator('.kit-badge--simulated')).toHaveText(L.simulated);
    // Bid, mid and ask of one tick (read together: ticks arrive several times a second).
    const [mid, bid, ask] = await usd.evaluate((tr) => [...tr.querySelectorAll('td')].slice(0, 3).map((td) => Number(td.getAttribute('data-value'))));
    expect(bid).toBeLessThan(mid);
    expect(mid).toBeLessThan(ask);

    if (lang === 'en') {
      const parity = pane.getByRole('region', { name: L.parity });
      const [csv] = await Promise.all([page.waitForEvent('download'), parity.getByRole('button', { name: L.csv }).click()]);
      expect(csv.suggestedFilename()).toMatch(/\.csv$/);
      const text = readFileSync((await csv.path())!, 'utf8');
      expect(text.split(/\r?\n/)[0]).toContain('Pair');
      expect(text).toContain('100JPY/CNY');
      const [xlsx] = await Promise.all([page.waitForEvent('download'), parity.getByRole('button', { name: L.xlsx }).click()]);
      expect(readFileSync((await xlsx.path())!).subarray(0, 2).toString()).toBe('PK');
    }
    await pane.getByLabel(L.pair, { exact: true }).selectOption('JPYCNY');
    const chart = pane.locator('.kit-chart');
    // Parity, and the spot: ECB cross (real) up to 2026-04-13 solid, the sample after it dashed.
    await expect(chart).toHaveAttribute('data-series', '3');
    await expect(chart).not.toHaveAttribute('data-points', '0');
    const boundary = pane.getByTestId('history-boundary');
    await expect(boundary).toContainText('2026-04-13');
    await expect(boundary).toContainText(lang === 'en' ? 'ECB euro reference rates, cross (derived)' : '欧洲央行参考汇率交叉盘（推算）');
    await pane.getByLabel(L.pair, { exact: true }).selectOption('USDCNY');
    // Parity, spot (H.10 to 2026-09-18, then sample: two series), 16:30 close, ECB cross.
    await expect(chart).toHaveAttribute('data-series', '5');
    await expect(boundary).toContainText('2026-09-18');
    await expect(boundary).toContainText(lang === 'en' ? 'FRED H.10 (Federal Reserve Board)' : '美联储 H.10（FRED）');
    await expect(pane.locator('.kit-md-chart__src [data-source-kind="published"]').first()).toBeVisible();
    await expect(pane.locator('.kit-md-chart__src [data-source-kind="sample"]').first()).toBeVisible();
    await screenshot(page, `exchangeRate-${lang}`);
  });
}

test('an import with a bad row lists its line and reason and stores nothing; a good file is stored and pushed', async ({ page, server }) => {
  // zh first: the file is dragged onto the drop area.
  const pane = await openTool(page, 'interestRate', 'zh');
  const shibor = pane.getByRole('region', { name: 'SHIBOR' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: '3M', exact: true }) });
  await expect(shibor.locator('td').first()).toHaveAttribute('data-value', /\d/, { timeout: 60_000 });
  const before = await shibor.locator('td').first().getAttribute('data-value');
  const bad = ['series,date,value', `rate.SHIBOR.3M,${today()},1.61`, `rate.SHIBOR.6M,${today()},oops`, `rate.NOPE.3M,${today()},1.5`].join('\n');
  const drop = pane.getByRole('region', { name: '导入行情数据' }).locator('.kit-drop');
  const dt = await page.evaluateHandle((text) => {
    const d = new DataTransfer();
    d.items.add(new File([text], 'fixings.csv', { type: 'text/csv' }));
    return d;
  }, bad);
  await drop.dispatchEvent('dragenter', { dataTransfer: dt });
  await drop.dispatchEvent('drop', { dataTransfer: dt });
  const alert = pane.getByRole('region', { name: '导入行情数据' }).getByRole('alert');
  await expect(alert).toContainText('fixings.csv 有 2 行错误，未导入任何数据');
  await expect(alert.locator('tr[data-line="3"]')).toContainText('第 3 行');
  await expect(alert.locator('tr[data-line="3"]')).toContainText('数值不是数字');
  await expect(alert.locator('tr[data-line="3"]')).toContainText('oops');
  await expect(alert.locator('tr[data-line="4"]')).toContainText('未知序列');
  // Nothing stored: the screen and the server still have the old figure.
  await expect(shibor.locator('td').first()).toHaveAttribute('data-value', before!);
  expect((await serverLatest(server, ['rate.SHIBOR.3M'])).get('rate.SHIBOR.3M')!.value).toBe(Number(before));
  await screenshot(page, 'interestRate-zh');

  // en: the same area through its chooser, a good file this time.
  const en = await openTool(page, 'interestRate', 'en');
  const region = en.getByRole('region', { name: 'Import market data' });
  await expect(en.getByRole('region', { name: 'SHIBOR' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: '3M', exact: true }) }).locator('td').first()).toHaveAttribute('data-value', before!, { timeout: 60_000 });
  await region.locator('input[type=file]').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await expect(region.getByRole('alert')).toContainText('bad.csv has 2 bad rows: nothing was imported.');
  await expect(region.getByRole('alert').locator('tr[data-line="3"]')).toContainText('Value is not a number');
  const good = ['series,date,value', `rate.SHIBOR.3M,${today()},1.611`].join('\n');
  await region.locator('input[type=file]').setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  await expect(region.getByRole('status')).toContainText('Imported good.csv: 1 new rows');
  const cell = en.getByRole('region', { name: 'SHIBOR' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: '3M', exact: true }) }).locator('td').first();
  await expect(cell).toHaveAttribute('data-value', '1.611');
  await expect(cell.locator('.kit-live')).toHaveAttribute('data-flash', /-(0|1)$/);
  expect((await serverLatest(server, ['rate.SHIBOR.3M'])).get('rate.SHIBOR.3M')!.value).toBe(1.611);

  // The curve comparison: FR007 swaps today vs a month before, with the change in bp.
  const curves = en.getByRole('region', { name: 'Curves' });
  await curves.getByLabel('Curve', { exact: true }).selectOption('irs.FR007');
  await curves.getByLabel('Compare with', { exact: true }).selectOption('1M');
  const row5y = curves.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '5Y', exact: true }) });
  await expect(row5y.locator('td').nth(0)).toHaveAttribute('data-value', /\d/);
  await expect(row5y.locator('td').nth(1)).toHaveAttribute('data-value', /\d/);
  const a = Number(await row5y.locator('td').nth(0).getAttribute('data-value'));
  const b = Number(await row5y.locator('td').nth(1).getAttribute('data-value'));
  expect(Number(await row5y.locator('td').nth(2).getAttribute('data-value'))).toBeCloseTo((a - b) * 100, 9);
  await expect(curves.locator('.kit-chart')).toHaveAttribute('data-points', /^[1-9]/);
  await region.getByRole('status').waitFor();
  await screenshot(page, 'interestRate-en');
});

for (const lang of ['en', 'zh'] as const) {
  test(`/bankRate in ${lang}: policy rates with their last change, sources cited, step chart`, async ({ page }) => {
    const L = lang === 'en' ? { table: 'Central bank policy rates and the LPR', fed: 'Federal Reserve', sources: 'Sources' } : { table: '央行政策利率与 LPR', fed: '美联储', sources: '数据来源' };
    const pane = await openTool(page, 'bankRate', lang);
    const table = pane.getByRole('region', { name: L.table });
    const fed = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: L.fed, exact: true }) }).filter({ hasText: lang === 'en' ? 'upper' : '上限' });
    await expect(fed.locator('td').nth(1)).toHaveAttribute('data-value', '4', { timeout: 60_000 });
    await expect(fed.locator('td').nth(2)).toHaveAttribute('data-value', '2025-10-29');
    await expect(fed.locator('td').nth(3)).toHaveAttribute('data-value', '-25');
    await expect(fed.locator('[data-source-kind="published"] a')).toHaveAttribute('href', /federalreserve\.gov/);
    await expect(pane.getByRole('region', { name: L.sources }).getByRole('link').first()).toHaveAttribute('href', /^https?:\/\//);
    const chart = pane.locator('.kit-chart');
    await expect(chart).toHaveAttribute('data-series', '8');
    await expect(chart).not.toHaveAttribute('data-points', '0');
    await screenshot(page, `bankRate-${lang}`);
  });
}

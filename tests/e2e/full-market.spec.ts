// /fullMarket (issue 15) in real Chromium against a real server on the fixed desk clock: every
// stored series scanned; with the |z| threshold lowered a real series trips it, the anomaly's
// figure is the table's, a bad threshold gets a clear message, a row opens its chart.
import { expect, openTool, resultsRegion, screenshot, test } from './support/tools';

for (const lang of ['zh', 'en'] as const) {
  test(`/fullMarket in ${lang}: scan, anomalies equal the table, bad threshold, chart of a row`, async ({ page, server }) => {
    test.setTimeout(300_000); // the first start loads the shipped real history (up to 110 s)
    const L = lang === 'en'
      ? { z: '|z| threshold', high: 'High percentile', scanned: /series scanned/, chart: /20-day band/, table: 'Every series', problem: /High percentile/ }
      : { z: '|z| 阈值', high: '高分位阈值', scanned: /已扫描/, chart: /20 日通道/, table: '全部序列', problem: /高分位阈值/ };
    await expect.poll(async () => (await server.stats()).marketHistory, { timeout: 110_000 }).toBe('loaded');
    const pane = await openTool(page, 'fullMarket', lang);
    await expect(pane.getByTestId('fm-summary')).toHaveText(L.scanned, { timeout: 90_000 });
    const region = resultsRegion(pane);
    await expect(region).not.toHaveAttribute('aria-busy', 'true');

    // A z threshold of 1 makes some real series' latest move an anomaly.
    const z = pane.getByRole('textbox', { name: L.z });
    await z.fill('1');
    await z.press('Enter');
    const item = pane.getByTestId('fm-anomalies').locator('li[data-kind="z20"]').first();
    await expect(item).toBeVisible();
    const id = (await item.getAttribute('data-series'))!;
    const figure = await item.locator('[data-value]').getAttribute('data-value');
    expect(Math.abs(Number(figure))).toBeGreaterThanOrEqual(1);
    const table = pane.getByRole('table', { name: L.table });
    // The table row of that series (read in one go: the table holds every stored series).
    // Columns: series, id, latest, date, change, z (20d).
    const found = await table.evaluate((el, want) => {
      const rows = [...el.querySelectorAll('tbody tr')];
      const i = rows.findIndex((tr) => tr.children[1]?.textContent?.trim() === want);
      return i < 0 ? null : { i, z20: rows[i].children[5].getAttribute('data-value'), name: (rows[i].children[0].textContent ?? '').trim() };
    }, id);
    expect(found).not.toBeNull();
    expect(found!.z20).toBe(figure);
    await expect(item).toContainText(found!.name);
    const cells = table.locator('tbody tr').nth(found!.i).locator('th, td');

    // A bad threshold: one clear alert naming the field; the scan keeps the saved thresholds.
    const high = pane.getByRole('textbox', { name: L.high });
    await high.fill('abc');
    await high.press('Enter');
    await expect(region.getByRole('alert')).toContainText(L.problem);
    await expect(item).toBeVisible();
    await high.fill('98');
    await high.press('Enter');
    await expect(region.getByRole('alert')).toHaveCount(0);

    // The row's series opens its chart with the band.
    await cells.nth(0).getByRole('button').click();
    await expect(pane.getByRole('heading', { name: L.chart })).toBeVisible();
    await expect(pane.locator('.uplot canvas').first()).toBeVisible();
    await screenshot(page, `fullMarket-${lang}`);
  });
}

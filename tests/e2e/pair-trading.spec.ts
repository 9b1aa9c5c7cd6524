// /pairTrading journey: import a CSV of two real ECB crosses (EUR/NOK as y, EUR/SEK as x, the
// last 500 days both were fixed), read the five UI-CONTRACT results and check them against the
// pricing core's engleGranger run in a child process on the same numbers; then a bad import
// is refused in zh with its line named, and the results stay.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, openTool, resultValue, resultsRegion, screenshot } from './support/tools';

test.describe.configure({ mode: 'serial' });

// The shared contracts folder beside the repository (cwd: the repository root).
const ECB = join(process.cwd(), '../shared/data/market-history/ecb-fx-daily.csv');

function pairRows(n: number): Array<[string, number, number]> {
  const [head, ...lines] = readFileSync(ECB, 'utf8').trim().split('\n');
  const cols = head.split(',');
  const nok = cols.indexOf('NOK'), sek = cols.indexOf('SEK');
  const rows = lines.map((l) => l.split(',')).filter((c) => c[nok] && c[sek]).map((c) => [c[0], Number(c[nok]), Number(c[sek])] as [string, number, number]);
  return rows.slice(-n);
}

const rows = pairRows(500);
const csv = `date,y,x\n${rows.map((r) => r.join(',')).join('\n')}\n`;
let core: { beta: number; statistic: number; pValue: number; halfLife: number | null; zScore: number | null };

test.beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'pair-'));
  const file = join(dir, 'pair.json');
  writeFileSync(file, JSON.stringify({ y: rows.map((r) => r[1]), x: rows.map((r) => r[2]) }));
  const code = `import { readFileSync } from 'node:fs'; import { engleGranger } from './src/pricing-core/analytics/cointegration';
    const d = JSON.parse(readFileSync(${JSON.stringify(file)}, 'utf8'));
    console.log(JSON.stringify(engleGranger({ y: d.y, x: d.x, trend: 'c', autolag: 'aic', zWindow: 60 })));`;
  core = JSON.parse(execFileSync('npx', ['tsx', '-e', code], { encoding: 'utf8' }).trim().split('\n').pop()!);
  rmSync(dir, { recursive: true, force: true });
});

const close = (shown: string | null, want: number | null) => {
  expect(shown).not.toBeNull();
  expect(Math.abs(Number(shown) - want!)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(want!)));
};

test('imported ECB crosses: the core engleGranger figures, the verdict, the charts (en)', async ({ page }) => {
  expect(rows).toHaveLength(500);
  const pane = await openTool(page, 'pairTrading', 'en');
  await pane.getByLabel('Import', { exact: true }).setInputFiles({ name: 'eurnok-eursek.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(pane.getByTestId('imported-file')).toContainText('500 rows');
  await expect.poll(() => resultValue(pane, 'Hedge ratio'), { timeout: 30_000 }).not.toBeNull();
  await expect(resultsRegion(pane)).not.toHaveAttribute('aria-busy', 'true');
  await expect(pane.getByLabel('Z-score window')).toHaveValue('60');
  close(await resultValue(pane, 'Hedge ratio'), core.beta);
  close(await resultValue(pane, 'ADF statistic'), core.statistic);
  close(await resultValue(pane, 'p-value'), core.pValue);
  close(await resultValue(pane, 'Half-life'), core.halfLife);
  close(await resultValue(pane, 'Z-score'), core.zScore);
  const verdict = pane.getByTestId('verdict');
  await expect(verdict).toContainText(core.pValue < 0.05 ? 'Cointegrated at 5 %' : 'Not cointegrated at 5 %');
  await expect(pane.getByRole('img', { name: /Hedge ratio stability/ }).or(pane.getByLabel('Hedge ratio stability')).first()).toBeVisible();
  await screenshot(page, 'pairTrading-en');

  // A shorter z-score window on Enter: the core's z-score for that window.
  const w = pane.getByLabel('Z-score window');
  await w.fill('20');
  await w.press('Enter');
  await expect.poll(() => resultValue(pane, 'Z-score')).not.toBe(String(core.zScore));
});

test('a bad import is refused in zh with its line named; the results stay', async ({ page }) => {
  const pane = await openTool(page, 'pairTrading', 'zh');
  await pane.getByLabel('导入', { exact: true }).setInputFiles({ name: 'pair.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect.poll(() => resultValue(pane, '对冲比率'), { timeout: 30_000 }).not.toBeNull();
  const before = await resultValue(pane, '对冲比率');
  close(before, core.beta);
  const lines = csv.trim().split('\n');
  lines[7] = `${rows[6][0]},abc,${rows[6][2]}`; // line 8 of the file
  await pane.getByLabel('导入', { exact: true }).setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
  const alert = pane.getByRole('alert').filter({ hasText: '第 8 行' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('导入未采用');
  expect(await resultValue(pane, '对冲比率')).toBe(before);
  await screenshot(page, 'pairTrading-zh');
});

test('stored history: the picker lists the catalogue and two series are tested (en)', async ({ page }) => {
  const pane = await openTool(page, 'pairTrading', 'en');
  await pane.getByRole('radio', { name: 'Stored history' }).check();
  const y = pane.getByLabel('Series y');
  await expect.poll(() => y.locator('option').count()).toBeGreaterThan(1);
  const ids = await y.locator('option').evaluateAll((o) => o.map((e) => (e as HTMLOptionElement).value));
  const pick = ids.includes('fx.USDCNY') && ids.includes('fx.USDCNH') ? ['fx.USDCNY', 'fx.USDCNH'] : ids.slice(0, 2);
  await y.selectOption(pick[0]);
  await pane.getByLabel('Series x').selectOption(pick[1]);
  await expect.poll(() => resultValue(pane, 'Hedge ratio'), { timeout: 30_000 }).not.toBeNull();
  await expect(pane.getByTestId('verdict')).toContainText(/cointegrated at 5 %/i);
  // The same series on both sides is refused, in words.
  await pane.getByLabel('Series x').selectOption(pick[0]);
  await expect(resultsRegion(pane).getByRole('alert')).toContainText('Choose two different series');
});

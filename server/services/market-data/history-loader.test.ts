import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessBus } from '../../bus/in-process-bus';
import { silentLogger } from '../../gateway/log';
import { openTestDatabase, type TestDatabase } from '../../storage/test-backends';
import { fromISO, toISO, type CalendarDate } from '../../../src/pricing-core/dates/date';
import { HISTORY_FILES, historySeries } from './history/catalogue';
import { HISTORY_VERSION, loadHistory, planFile, readHistoryCsv, readHistoryFile } from './history-loader';
import { MarketData } from './service';
import { MarketDataStore } from './store';

/** Values per column counted straight from a file (independent of the loader's reading). */
function countCells(file: string): Map<string, number> {
  const [head, ...lines] = readFileSync(new URL(`./history/${file}`, import.meta.url), 'utf8').trim().split('\n');
  const cols = head.split(',');
  const out = new Map(cols.slice(1).map((c) => [c, 0]));
  for (const l of lines) l.split(',').forEach((v, i) => { if (i > 0 && v.trim() !== '') out.set(cols[i], out.get(cols[i])! + 1); });
  return out;
}

describe('shipped history catalogue', () => {
  it('ships only the cleared files, each with a licence line in LICENCES.md', () => {
    const licences = readFileSync(new URL('./history/LICENCES.md', import.meta.url), 'utf8');
    const names = HISTORY_FILES.map((f) => f.file);
    expect(names).toEqual(['ecb-fx-daily.csv', 'fred-h10-fx-daily.csv', 'us-treasury-par-yields-daily.csv', 'overnight-rates-daily.csv', 'ecb-aaa-govt-spot-curve-daily.csv', 'eia-energy-spot-daily.csv', 'gold-monthly-worldbank.csv']);
    for (const n of names) expect(licences, n).toContain(n);
    for (const n of ['shibor', 'chinabond', 'csi300', 'eurusd']) expect(names.some((f) => f.includes(n))).toBe(false);
  });
  it('names every series ref.*, published, with a source, and 41 ECB currencies', () => {
    const all = historySeries();
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    for (const s of all) {
      expect(s.id.startsWith('ref.')).toBe(true);
      expect(s.sourceKind).toBe('published');
      expect(s.source.length).toBeGreaterThan(2);
    }
    expect(all.filter((s) => s.group === 'ref.ECB')).toHaveLength(41);
  });
  it('derives ECB crosses: USD/CNY = CNY per EUR / USD per EUR, labelled as a cross', () => {
    const ecb = HISTORY_FILES[0];
    const csv = readHistoryCsv('date,USD,CNY,JPY,GBP,AUD,CHF,HKD\n2023-01-02,1.0,7.0,140,0.9,1.5,1.0,8.0\n2023-01-03,1.0654,7.3392,140.5,0.88,1.56,0.98,8.3\n2023-01-04,,7.3,140,0.9,1.5,1.0,8.0\n');
    const plan = planFile({ ...ecb, columns: ecb.columns.filter((c) => ['USD', 'CNY', 'JPY', 'GBP', 'AUD', 'CHF', 'HKD'].includes(c.column)) }, csv);
    const usdcny = plan.find((p) => p.info.id === 'ref.ECB.USDCNY')!;
    expect(usdcny.source).toMatch(/cross/);
    expect(usdcny.info.note).toMatch(/cross/i);
    expect(usdcny.values).toEqual([7, 6.8887]); // 7.3392 / 1.0654 = 6.88868...; no figure where USD is missing
    expect(usdcny.dates).toEqual([fromISO('2023-01-02'), fromISO('2023-01-03')]);
  });
});

describe('loading the shipped history on PGlite', () => {
  let t: TestDatabase;
  let store: MarketDataStore;
  const NOW = Date.parse('2026-11-20T07:00:00Z');
  beforeAll(async () => {
    t = await openTestDatabase('pglite');
    store = new MarketDataStore(t.db);
  }, 60_000);
  afterAll(() => t?.dispose());

  it('loads every file once, counts equal to the files, a second start loads nothing', async () => {
    const t0 = performance.now();
    const first = await loadHistory(t.db, store, { now: () => NOW });
    const ms = performance.now() - t0;
    console.log(`shipped history on PGlite: ${first.series} series, ${first.rows} rows in ${Math.round(ms)} ms`);
    expect(first.loaded).toBe(true);
    // Counts per column straight from the files.
    let expected = 0;
    for (const f of HISTORY_FILES) {
      const cells = countCells(f.file);
      for (const c of f.columns) {
        expect(first.counts.get(c.info.id), c.info.id).toBe(cells.get(c.column));
        expected += cells.get(c.column)!;
      }
    }
    const crosses = HISTORY_FILES.flatMap((f) => f.crosses?.list ?? []).reduce((a, c) => a + first.counts.get(c.info.id)!, 0);
    expect(first.rows).toBe(expected + crosses);
    // What the database holds equals what was read.
    const { rows } = await t.db.query<{ n: string }>('SELECT count(*) AS n FROM md_obs');
    expect(Number(rows[0].n)).toBe(first.rows);
    const again = await loadHistory(t.db, store, { now: () => NOW });
    expect(again.loaded).toBe(false);
    expect(Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM md_obs')).rows[0].n)).toBe(first.rows);
    expect(await store.getMeta('history_version')).toBe(HISTORY_VERSION);
    expect(await store.getMeta('history_loading')).toBeNull();
  }, 180_000);

  it('keeps figures as published and names their source', async () => {
    const series = await store.readSeries();
    const no = (id: string) => series.find((s) => s.info.id === id)!.seriesNo;
    const at = async (id: string, iso: string) => (await store.latest([no(id)], fromISO(iso)))[0];
    expect((await at('ref.ECB.EURUSD', '2020-03-16')).value).toBe(1.1157);
    expect((await at('ref.H10.EURUSD', '2020-03-16')).value).toBe(1.1139);
    expect((await at('ref.EIA.WTI', '2020-04-20')).value).toBe(-36.98);
    expect((await at('ref.UST.10Y', '2020-03-09')).value).toBe(0.54);
    expect((await at('ref.SOFR', '2018-04-03')).value).toBe(1.83);
    const last = await at('ref.H10.USDCNY', '2030-01-01');
    expect(toISO(last.date as CalendarDate)).toBe('2026-09-18');
    const b = (await store.readBatches([last.batchId])).get(last.batchId)!;
    expect(b).toMatchObject({ kind: 'history', sourceKind: 'published', source: 'FRED H.10 (Federal Reserve Board)' });
    const sofr = await at('ref.SOFR', '2025-01-02');
    expect((await store.readBatches([sofr.batchId])).get(sofr.batchId)!.source).toBe('Federal Reserve Bank of New York (SOFR)');
  });
});

describe('two instances starting at once on one database', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase('pglite');
  }, 60_000);
  afterAll(() => t?.dispose());
  it('load the history once between them', async () => {
    const files = [HISTORY_FILES.find((f) => f.file === 'gold-monthly-worldbank.csv')!];
    const a = new MarketDataStore(t.db);
    const b = new MarketDataStore(t.db);
    const [ra, rb] = await Promise.all([loadHistory(t.db, a, { files }), loadHistory(t.db, b, { files })]);
    expect([ra.loaded, rb.loaded].sort()).toEqual([false, true]);
    const rows = Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM md_obs')).rows[0].n);
    expect(rows).toBe(countCells('gold-monthly-worldbank.csv').get('GOLD_USD_OZ'));
    expect(Number((await t.db.query<{ n: string }>(`SELECT count(*) AS n FROM md_batch WHERE kind = 'history'`)).rows[0].n)).toBe(1);
  }, 60_000);
});

describe('a desk series with real history (MarketData on PGlite)', () => {
  let t: TestDatabase;
  let md: MarketData;
  const NOW = Date.parse('2026-11-20T07:00:00Z');
  beforeAll(async () => {
    t = await openTestDatabase('pglite');
    const files = HISTORY_FILES.filter((f) => f.file === 'fred-h10-fx-daily.csv' || f.file === 'overnight-rates-daily.csv');
    md = new MarketData({
      db: t.db, bus: new InProcessBus(), log: silentLogger, now: () => NOW,
      sample: { filter: (id) => id === 'fx.USDCNY' || id === 'rate.SOFR' || id === 'fx.USDCNH' },
      history: { files, filter: (id) => id === 'ref.H10.USDCNY' || id === 'ref.SOFR' },
    });
    await md.historyReady;
    expect(md.historyState).toBe('loaded');
  }, 120_000);
  afterAll(() => t?.dispose());

  it('draws real figures up to the real end, its own sample after, and says where the boundary is', async () => {
    const h = await md.history([md.series('fx.USDCNY')!], fromISO('2026-09-01'), fromISO('2026-11-20'));
    const s = h.series[0];
    expect(s.real).toEqual({ id: 'ref.H10.USDCNY', until: '2026-09-18' });
    const kinds = Array.from(s.data.batches, (b) => h.batches.get(b)!.kind);
    const cut = kinds.indexOf('sample');
    expect(cut).toBeGreaterThan(0);
    expect(kinds.slice(0, cut).every((k) => k === 'history')).toBe(true);
    expect(kinds.slice(cut).every((k) => k === 'sample')).toBe(true);
    expect(toISO(s.data.dates[cut - 1] as CalendarDate)).toBe('2026-09-18');
    expect(s.data.dates[cut]).toBeGreaterThan(fromISO('2026-09-18'));
    // 2026-08-27 6.7198 is H.10's published DEXCHUS (SOURCES.md), not the generated sample.
    const i = Array.from(s.data.dates).indexOf(fromISO('2026-08-27'));
    expect(i).toBe(-1); // before the window
    const aug = await md.history([md.series('fx.USDCNY')!], fromISO('2026-08-27'), fromISO('2026-08-28'));
    expect(Array.from(aug.series[0].data.values)).toEqual([6.7198, 6.726]);
  });

  it('latest on a date inside the real history is the real figure; after it the desk figure', async () => {
    const [then] = await md.latest([md.series('rate.SOFR')!], fromISO('2025-09-16'));
    expect(then).toMatchObject({ sourceKind: 'published', source: 'Federal Reserve Bank of New York (SOFR)', date: '2025-09-16' });
    const [now] = await md.latest([md.series('rate.SOFR')!]);
    expect(now.sourceKind).toBe('sample');
    // A desk series without real history is unchanged.
    const cnh = await md.history([md.series('fx.USDCNH')!], fromISO('2026-01-01'), fromISO('2026-11-20'));
    expect(cnh.series[0].real).toBeUndefined();
  });
});

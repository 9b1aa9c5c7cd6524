// Imports of the not-cleared history files (never shipped): a licence holder drops them on
// the import area or runs `npm run import`. Read from ../shared/data/market-history (or
// MARKET_HISTORY_DIR); skipped when the folder is absent. A slice of each file keeps it fast.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessBus } from '../../../bus/in-process-bus';
import { silentLogger } from '../../../gateway/log';
import { openTestDatabase, pgliteTemplate, type TestDatabase } from '../../../storage/test-backends';
import { fromISO, toISO, type CalendarDate } from '../../../../src/pricing-core/dates/date';
import { runImportCli } from '../import-cli';
import { MarketData } from '../service';
import { parseImportFile } from './parse';

const DIR = path.resolve(process.env.MARKET_HISTORY_DIR ?? '../shared/data/market-history');
const FILES = {
  shibor: 'shibor-daily.csv',
  cgb: 'cgb-yield-curve-chinabond-daily.csv',
  csi300: 'csi300-daily.csv',
  eurusd: 'eurusd-1min-2022-01-04_2022-02-22.csv',
} as const;
const present = Object.values(FILES).every((f) => fs.existsSync(path.join(DIR, f)));

/** The header and the first `n` data lines of a file, as bytes. */
function slice(file: string, n: number): { bytes: Uint8Array; lines: string[][] } {
  const text = fs.readFileSync(path.join(DIR, file), 'utf8');
  const lines = text.split('\n').slice(0, n + 1);
  return { bytes: new TextEncoder().encode(lines.join('\n') + '\n'), lines: lines.map((l) => l.split(',')) };
}

const NOW = Date.parse('2026-11-20T07:00:00Z');

describe.skipIf(!present)('importing the licensed history files (known layouts)', () => {
  let t: TestDatabase;
  let md: MarketData;
  beforeAll(async () => {
    t = await openTestDatabase('pglite');
    md = new MarketData({
      db: t.db, bus: new InProcessBus(), log: silentLogger, now: () => NOW, history: false,
      sample: { filter: (id) => id.startsWith('rate.SHIBOR.') || id.startsWith('bond.CGB.') || id === 'idx.CSI300' || id === 'fx.EURUSD' },
    });
    await md.ready;
  }, 120_000);
  afterAll(() => t?.dispose());

  const historyOf = async (id: string, from: string, to: string) => {
    const h = await md.history([md.series(id)!], fromISO(from), fromISO(to));
    const s = h.series[0].data;
    return { dates: Array.from(s.dates, (d) => toISO(d as CalendarDate)), values: Array.from(s.values), batches: Array.from(s.batches, (b) => h.batches.get(b)!) };
  };

  it('SHIBOR: every tenor column becomes rate.SHIBOR.<tenor>, figures as in the file, imported by its user', async () => {
    const { bytes, lines } = slice(FILES.shibor, 300);
    const expected = lines.slice(1).reduce((a, r) => a + r.slice(1).filter((c) => c.trim() !== '').length, 0);
    const r = await md.importFile({ bytes, fileName: FILES.shibor, userName: 'licensee1' });
    expect(r).toMatchObject({ ok: true, format: 'csv', rows: expected });
    const h = await historyOf('rate.SHIBOR.ON', '2006-10-01', '2007-12-31');
    const row = lines[100];
    expect(h.values[h.dates.indexOf(row[0])]).toBe(Number(row[1]));
    expect(h.batches[0]).toMatchObject({ kind: 'import', sourceKind: 'imported', userName: 'licensee1', fileName: FILES.shibor });
  });

  it('ChinaBond CGB curve: the desk curve tenors are imported, tenors outside it skipped', async () => {
    const { bytes, lines } = slice(FILES.cgb, 200);
    const header = lines[0];
    const desk = new Set([...md.allSeries()].filter((e) => e.info.group === 'bond.CGB').map((e) => e.info.tenor!));
    const cols = header.map((h, i) => ({ h, i })).filter((c) => c.i > 0 && desk.has(c.h));
    expect(cols.map((c) => c.h)).toContain('10Y');
    expect(cols.map((c) => c.h)).not.toContain('0D');
    const expected = lines.slice(1).reduce((a, r) => a + cols.filter((c) => r[c.i]?.trim()).length, 0);
    const r = await md.importFile({ bytes, fileName: FILES.cgb, userName: 'licensee1' });
    expect(r).toMatchObject({ ok: true, rows: expected });
    const h = await historyOf('bond.CGB.10Y', '2006-01-01', '2006-12-31');
    const i10 = header.indexOf('10Y');
    expect(h.values[h.dates.indexOf(lines[1][0])]).toBe(Number(lines[1][i10]));
  });

  it('CSI 300: the close becomes idx.CSI300 (open, high, low are not imported)', async () => {
    const { bytes, lines } = slice(FILES.csi300, 250);
    const r = await md.importFile({ bytes, fileName: FILES.csi300, userName: 'licensee1' });
    expect(r).toMatchObject({ ok: true, rows: 250, series: ['idx.CSI300'] });
    const h = await historyOf('idx.CSI300', '2015-01-01', '2016-12-31');
    expect(h.values[h.dates.indexOf(lines[250][0])]).toBe(Number(lines[250][4]));
  });

  it('EURUSD 1-minute bars: one figure per UTC day, its last close, into fx.EURUSD', async () => {
    const { bytes, lines } = slice(FILES.eurusd, 4000);
    const lastByDay = new Map<string, number>();
    for (const r of lines.slice(1)) lastByDay.set(r[0].slice(0, 10), Number(r[4]));
    const r = await md.importFile({ bytes, fileName: FILES.eurusd, userName: 'licensee1' });
    expect(r).toMatchObject({ ok: true, rows: lastByDay.size, series: ['fx.EURUSD'] });
    const h = await historyOf('fx.EURUSD', '2022-01-01', '2022-03-01');
    expect(h.dates).toEqual([...lastByDay.keys()]);
    expect(h.values).toEqual([...lastByDay.values()]);
  });

  it('a bad cell in a known layout fails the whole file with its line', async () => {
    const { lines } = slice(FILES.csi300, 3);
    lines[2][4] = 'n/a';
    const r = await md.importFile({ bytes: new TextEncoder().encode(lines.map((l) => l.join(',')).join('\n')), fileName: 'bad.csv', userName: 'x' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatchObject({ line: 3, code: 'badValue' });
  });
});

describe.skipIf(!present)('npm run import of a licensed file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'md-layout-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  it('imports the SHIBOR file as it comes', async () => {
    const dataDir = path.join(dir, 'data');
    fs.cpSync(await pgliteTemplate(), dataDir, { recursive: true });
    const file = path.join(dir, FILES.shibor);
    const { bytes, lines } = slice(FILES.shibor, 50);
    fs.writeFileSync(file, bytes);
    const out: string[] = [];
    const code = await runImportCli([file, '--user', 'licensee2'], { DATA_DIR: dataDir }, { out: (l) => out.push(l), err: (l) => out.push(l) }, { now: () => NOW, sample: { filter: (id) => id.startsWith('rate.SHIBOR.') } });
    const n = lines.slice(1).reduce((a, r) => a + r.slice(1).filter((c) => c.trim() !== '').length, 0);
    const series = lines[0].slice(1).filter((_, c) => lines.slice(1).some((r) => r[c + 1]?.trim())).length; // 9M starts in 2012
    expect(out.at(-1)).toBe(`${file}: imported ${n} observation(s) of ${series} series as csv`);
    expect(code).toBe(0);
  }, 120_000);
});

describe('known layouts without the files', () => {
  it('reads a SHIBOR-shaped table as rate.SHIBOR.* and leaves other tables to the wide rule', async () => {
    const p = await parseImportFile(new TextEncoder().encode('date,ON,1W,2W,1M,3M,6M,9M,1Y\n2013-06-20,13.444,,,,,,,\n'));
    expect(p.rows).toEqual([{ line: 2, column: 'on', series: 'rate.SHIBOR.ON', date: '2013-06-20', value: '13.444' }]);
    const w = await parseImportFile(new TextEncoder().encode('date,rate.SHIBOR.ON\n2013-06-20,13.444\n'));
    expect(w.rows[0].series).toBe('rate.SHIBOR.ON');
  });
});

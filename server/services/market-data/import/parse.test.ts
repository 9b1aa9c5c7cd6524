import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { elementLines, parseImportFile, sniffFormat } from './parse';
import { ImportFailure } from './errors';
import { parseDateCell, validateRows } from './validate';
import type { SeriesInfo } from '../../../../src/kit/market-data/series';
import { fromISO } from '../../../../src/pricing-core/dates/date';

const enc = (s: string) => new TextEncoder().encode(s);
const info = (id: string, over: Partial<SeriesInfo> = {}): SeriesInfo => ({
  id, kind: 'rateFixing', nameZh: id, nameEn: id, unit: 'pct', decimals: 4, calendar: 'CN', intraday: false, public: true, source: 's', sourceKind: 'sample', ...over,
});
const catalogue = new Map([info('rate.SHIBOR.3M'), info('rate.FR007'), info('vol.USDCNY.1M.ATM', { kind: 'vol', quote: 'ATM' }), info('fx.USDCNY', { kind: 'fxSpot', unit: 'price' })].map((i) => [i.id, i]));
const NOW = Date.parse('2026-11-23T04:00:00Z');

describe('import parsing', () => {
  it('decides the format by content, not by name', () => {
    expect(sniffFormat(enc('series,date,value\n'))).toBe('csv');
    expect(sniffFormat(enc('\ufeff  [{"a":1}]'))).toBe('json');
    expect(sniffFormat(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]))).toBe('xlsx');
  });

  it('refuses binary that is not a workbook, and a zip that is not xlsx', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00, 0x00]);
    await expect(parseImportFile(png)).rejects.toMatchObject({ code: 'notText' });
    await expect(parseImportFile(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]))).rejects.toMatchObject({ code: 'badXlsx' });
    await expect(parseImportFile(new Uint8Array())).rejects.toBeInstanceOf(ImportFailure);
    await expect(parseImportFile(enc('just,some,words\n1,2,3'))).rejects.toMatchObject({ code: 'badHeader' });
  });

  it('reads long CSV with the line of every record, quoted newlines included', async () => {
    const p = await parseImportFile(enc('series,date,value,known_at\n\nrate.FR007,2026-11-20,1.48,\n"rate.\nFR007",2026-11-19,1.47,2026-11-19T09:00:00+08:00\nrate.FR007,2026-11-18,1.46\n'));
    expect(p.format).toBe('csv');
    expect(p.rows.map((r) => r.line)).toEqual([3, 4, 6]);
    expect(p.rows[1].knownAt).toBe('2026-11-19T09:00:00+08:00');
  });

  it('reads wide CSV (date then one column per series), skipping empty cells', async () => {
    const p = await parseImportFile(enc('Date,rate.SHIBOR.3M,rate.FR007\n2026-11-20,1.57,\n2026-11-19,1.56,1.47\n'));
    expect(p.rows).toEqual([
      { line: 2, column: 'rate.SHIBOR.3M', series: 'rate.SHIBOR.3M', date: '2026-11-20', value: '1.57' },
      { line: 3, column: 'rate.SHIBOR.3M', series: 'rate.SHIBOR.3M', date: '2026-11-19', value: '1.56' },
      { line: 3, column: 'rate.FR007', series: 'rate.FR007', date: '2026-11-19', value: '1.47' },
    ]);
  });

  it('reads JSON arrays and {observations} with the line each element starts on', async () => {
    const text = '{\n "source": "desk file",\n "observations": [\n  {"series": "rate.FR007", "date": "2026-11-20", "value": 1.48},\n\n  {"series": "rate.FR007",\n   "date": "2026-11-19", "value": 1.47},\n  7\n ]\n}';
    const p = await parseImportFile(enc(text));
    expect(p.source).toBe('desk file');
    expect(p.rows.map((r) => r.line)).toEqual([4, 6]);
    expect(p.errors).toEqual([{ line: 8, code: 'malformedRow', detail: 'each observation must be an object' }]);
    expect(elementLines('[\n{"a":[1,2]},\n{"b":"]"}\n]', false)).toEqual([2, 3]);
    await expect(parseImportFile(enc('{"observations": [1,'))).rejects.toMatchObject({ code: 'badJson' });
  });

  it('reads the first sheet of an XLSX workbook, date cells and formulas included', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('data');
    ws.addRow(['series', 'date', 'value']);
    ws.addRow(['rate.FR007', new Date(Date.UTC(2026, 10, 20)), 1.48]);
    ws.addRow([]);
    ws.addRow(['rate.FR007', '2026-11-19', { formula: '1+0.47', result: 1.47 }]);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    const p = await parseImportFile(bytes);
    expect(p.format).toBe('xlsx');
    expect(p.rows.map((r) => [r.line, r.value])).toEqual([[2, 1.48], [4, 1.47]]);
    const v = validateRows(p.rows, catalogue, NOW);
    expect(v.errors).toEqual([]);
    expect(v.rows[0].date).toBe(fromISO('2026-11-20'));
  });
});

describe('import validation', () => {
  it('takes the unambiguous date forms spreadsheets export, and nothing else', () => {
    for (const ok of ['2026-11-20', '2026/11/20', '2026/1/5', '2026.11.20', '20261120']) expect(parseDateCell(ok), ok).not.toBeNull();
    expect(parseDateCell('2026/1/5')).toBe(fromISO('2026-01-05'));
    for (const bad of ['11/20/2026', '20/11/2026', '2026-02-30', '2026-11', 46346, '2026-11-20T00:00']) expect(parseDateCell(bad), String(bad)).toBeNull();
  });

  it('reports every bad row with its line and a reason in both languages', async () => {
    const csv = [
      'series,date,value,known_at',
      'rate.FR007,2026-11-20,1.48,', // 2 ok
      'rate.NOPE,2026-11-20,1.48,', // 3 unknown
      'bad id,2026-11-20,1.48,', // 4 malformed id
      'rate.FR007,2026-13-01,1.48,', // 5 bad date
      'rate.FR007,2030-01-02,1.48,', // 6 future
      'rate.FR007,2026-11-19,abc,', // 7 not a number
      'rate.FR007,2026-11-18,148,', // 8 implausible (percent typed as bp)
      'vol.USDCNY.1M.ATM,2026-11-18,-2,', // 9 negative ATM vol
      'rate.FR007,2026-11-17,1.4,yesterday', // 10 bad known_at
      'rate.FR007,2026-11-17,1.4,2099-01-01T00:00:00Z', // 11 future known_at
      'rate.FR007,2026-11-20,1.49,', // 12 duplicate of 2
    ].join('\n');
    const p = await parseImportFile(enc(csv));
    const v = validateRows(p.rows, catalogue, NOW);
    expect(v.errors.map((e) => [e.line, e.code])).toEqual([
      [3, 'unknownSeries'], [4, 'badSeriesId'], [5, 'badDate'], [6, 'futureDate'], [7, 'badValue'], [8, 'outOfRange'], [9, 'outOfRange'], [10, 'badKnownAt'], [11, 'futureKnownAt'], [12, 'duplicate'],
    ]);
    for (const e of v.errors) {
      expect(e.en.length).toBeGreaterThan(5);
      expect(e.zh).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(v.errors.at(-1)!.detail).toBe('line 2');
  });

  it('catches a unit slip against the last stored figure, not where values cross zero', async () => {
    const p = await parseImportFile(enc('series,date,value\nrate.FR007,2026-11-20,0.0148\nrate.FR007,2026-11-19,148\nrate.SHIBOR.3M,2026-11-20,1.6\nfx.USDCNY,2026-11-20,7.12\n'));
    const v = validateRows(p.rows, catalogue, NOW, new Map([['rate.FR007', 1.48], ['rate.SHIBOR.3M', 1.57], ['fx.USDCNY', 7.118]]));
    expect(v.errors.map((e) => [e.line, e.code])).toEqual([[2, 'unitSlip'], [3, 'outOfRange']]);
    const noRef = validateRows(p.rows.slice(0, 1), catalogue, NOW);
    expect(noRef.errors).toEqual([]); // a first figure has nothing to compare with
  });

  it('reads an XLSX percent-formatted cell as the percent it shows', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('data');
    ws.addRow(['series', 'date', 'value']);
    ws.addRow(['rate.FR007', '2026-11-20', 0.0148]);
    ws.getCell('C2').numFmt = '0.00%';
    const p = await parseImportFile(new Uint8Array(await wb.xlsx.writeBuffer()));
    expect(p.rows[0].value).toBe(1.48);
  });
});

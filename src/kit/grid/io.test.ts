import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeText, importRows, ImportError, parseDelimited, rowsFromTable, shiftDecimal, sniffFile, toCsv } from './io';
import { readXlsx, writeXlsx } from './xlsx';
import type { GridColumn, GridRow } from './types';

const cols: GridColumn[] = [
  { id: 'pair', header: 'Pair', type: 'text', aliases: ['货币对'] },
  { id: 'side', header: 'Side', type: 'select', aliases: ['方向'], options: [{ value: 'buy', label: 'Buy', aliases: ['买入'] }, { value: 'sell', label: 'Sell', aliases: ['卖出'] }] },
  { id: 'notional', header: 'Notional', type: 'amount', aliases: ['名义本金'] },
  { id: 'vol', header: 'Vol', type: 'percent' },
  { id: 'expiry', header: 'Expiry', type: 'date' },
];
const enc = (s: string) => new TextEncoder().encode(s);

const rowArb = fc.record({
  pair: fc.constantFrom('USDCNY', 'EUR,USD', 'say "hi"', '中文', null),
  side: fc.constantFrom('buy', 'sell', null),
  notional: fc.oneof(fc.double({ min: -1e12, max: 1e12, noNaN: true }).map((x) => (x === 0 ? 0 : x)), fc.constant(null)),
  // Excel keeps a percent as its fraction (5.5 -> 0.055): exact for any value of up to 15
  // significant digits (every quoted rate); see the relative-error property below for the rest.
  vol: fc.oneof(fc.tuple(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 0, max: 12 })).map(([n, k]) => Number(`${n}e-${k}`)), fc.constant(null)),
  expiry: fc.oneof(fc.date({ min: new Date(Date.UTC(1990, 0, 1)), max: new Date(Date.UTC(2090, 0, 1)), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), fc.constant(null)),
}) as fc.Arbitrary<GridRow>;

describe('file kind by content', () => {
  it('tells XLSX, legacy XLS, text and binary apart whatever the name', () => {
    expect(sniffFile(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]))).toBe('xlsx');
    expect(sniffFile(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe('xls');
    expect(sniffFile(enc('a,b\n1,2\n'))).toBe('text');
    expect(sniffFile(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]))).toBe('unknown');
  });
  it('decodes UTF-8 and falls back to GB18030', () => {
    expect(decodeText(enc('\ufeff货币对'))).toBe('货币对');
    expect(decodeText(new Uint8Array([0xbb, 0xf5, 0xb1, 0xd2, 0xb6, 0xd4]))).toBe('货币对');
  });
});

describe('import', () => {
  it('matches headers in either language, keeps bad cells as typed, reads percent and dates', async () => {
    const csv = 'x,货币对,方向,名义本金,Vol,Expiry\n1,USDCNY,买入,"1,000,000",5.5%,2027/03/15\n\n2,EURUSD,Sell,10m,abc,3M\n';
    const r = await importRows(enc(csv), cols);
    expect(r.matched).toEqual(['pair', 'side', 'notional', 'vol', 'expiry']);
    expect(r.ignored).toEqual(['x']);
    expect(r.rows).toEqual([
      { pair: 'USDCNY', side: 'buy', notional: 1e6, vol: 5.5, expiry: '2027-03-15' },
      { pair: 'EURUSD', side: 'sell', notional: 1e7, vol: 'abc', expiry: '3M' },
    ]);
  });
  it('refuses files without a known header, legacy XLS and binaries, each with its code', async () => {
    await expect(importRows(enc('a,b\n1,2'), cols)).rejects.toMatchObject({ code: 'noHeader' });
    await expect(importRows(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), cols)).rejects.toBeInstanceOf(ImportError);
    await expect(importRows(new Uint8Array([1, 0, 2, 0]), cols)).rejects.toMatchObject({ code: 'unknownFile' });
    expect(() => rowsFromTable([['Pair'], ['a'], ['b']], cols, { maxRows: 1 })).toThrow(ImportError);
  });
  it('shifts decimals exactly', () => {
    expect(shiftDecimal(0.055, 2)).toBe(5.5);
    expect(shiftDecimal(5.5, -2)).toBe(0.055);
    // exact for decimals of up to 15 significant digits; within 1e-15 relative for any double
    fc.assert(fc.property(fc.integer({ min: -(10 ** 15) + 1, max: 10 ** 15 - 1 }), fc.integer({ min: -20, max: 20 }), (n, k) => {
      const x = Number(`${n}e${k}`);
      return shiftDecimal(shiftDecimal(x, -2), 2) === x;
    }));
    fc.assert(fc.property(fc.double({ min: -1e300, max: 1e300, noNaN: true }).filter((x) => x === 0 || Math.abs(x) > 1e-290), (x) => Math.abs(shiftDecimal(shiftDecimal(x, -2), 2) - x) <= Math.abs(x) * 1e-15));
  });
});

describe('export round trips', () => {
  it('CSV: every value comes back exactly (full precision, quotes, Chinese)', () => {
    fc.assert(fc.property(fc.array(rowArb, { minLength: 1, maxLength: 20 }), (rows) => {
      const back = rowsFromTable(parseDelimited(toCsv(cols, rows)), cols).rows;
      const kept = rows.filter((r) => Object.values(r).some((v) => v !== null));
      expect(back).toEqual(kept);
    }), { numRuns: 60 });
  });
  it('XLSX: numbers as numbers, dates as dates, percent as Excel percent; every value comes back', async () => {
    const rows: GridRow[] = [
      { pair: 'USDCNY', side: 'buy', notional: 1234567.891, vol: 5.5, expiry: '2027-03-15' },
      { pair: '中文 "q"', side: 'sell', notional: -0.1, vol: 0.125, expiry: '2000-02-29' },
      { pair: null, side: null, notional: null, vol: null, expiry: '2090-12-31' },
    ];
    const bytes = new Uint8Array(await writeXlsx(cols, rows, 'Trades'));
    expect(sniffFile(bytes)).toBe('xlsx');
    const { table, percentCols } = await readXlsx(bytes);
    expect(table[0]).toEqual(['Pair', 'Side', 'Notional', 'Vol', 'Expiry']);
    expect(typeof table[1][2]).toBe('number');
    expect(table[1][3]).toBe(0.055);
    expect(table[1][4]).toBeInstanceOf(Date);
    expect(percentCols.has(3)).toBe(true);
    const back = await importRows(bytes, cols);
    expect(back.rows).toEqual(rows);
    await fc.assert(fc.asyncProperty(fc.array(rowArb, { minLength: 1, maxLength: 8 }), async (rs) => {
      const again = (await importRows(new Uint8Array(await writeXlsx(cols, rs, 'S')), cols)).rows;
      expect(again).toEqual(rs.filter((r) => Object.values(r).some((v) => v !== null)));
    }), { numRuns: 15 });
  });
});

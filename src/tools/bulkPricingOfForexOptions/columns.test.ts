import { describe, expect, it } from 'vitest';
import { toCsv } from '../../kit/grid/io';
import { readXlsx, writeXlsxSheets } from '../../kit/grid/xlsx';
import { headerWidth } from '../../kit/grid/cells';
import { bookColumns } from './columns';
import { strings } from './i18n';
import { emptyRow, type TradeRow } from './model';

const words = (lang: 'zh' | 'en') => (key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], strings[lang]) as string;

describe('bulk pricing export: vols in one unit (issue 20)', () => {
  const cols = bookColumns(words('en'));
  const row: TradeRow = { ...emptyRow(), pair: 'USDCNY', notional: 1_000_000, strike: 7.2, expiry: '2027-03-15', vol: 5.5, volUsed: 4.8765 };

  it('the override and the vol used are both percent columns', () => {
    expect(cols.find((c) => c.id === 'vol')!.type).toBe('percent');
    expect(cols.find((c) => c.id === 'volUsed')!.type).toBe('percent');
  });

  it('CSV writes both as percent numbers; XLSX both as Excel percentages', async () => {
    const [head, line] = toCsv(cols, [row]).replace(/^\ufeff/, '').trim().split(/\r?\n/);
    const at = (name: string) => line.split(',')[head.split(',').indexOf(name)];
    expect(at('Vol override %')).toBe('5.5');
    expect(at('Vol used %')).toBe('4.8765');
    const { table, percentCols } = await readXlsx(new Uint8Array(await writeXlsxSheets([{ name: 'Book', columns: cols, rows: [row] }])));
    const j = (name: string) => table[0].indexOf(name);
    expect(table[1][j('Vol override %')]).toBeCloseTo(0.055, 15);
    expect(table[1][j('Vol used %')]).toBeCloseTo(0.048765, 15);
    expect(percentCols.has(j('Vol override %')) && percentCols.has(j('Vol used %'))).toBe(true);
  });

  it('the headers seen cut off (Direction, Cap / give-up, Leverage) get the width of their text, zh and en', () => {
    // The grid takes max(column width, headerWidth(name)); these names need more than the widths they had.
    expect(headerWidth('Direction *')).toBeGreaterThan(64);
    expect(headerWidth('Cap / give-up strike')).toBeGreaterThan(116);
    expect(headerWidth('Leverage')).toBeGreaterThan(80);
    expect(headerWidth('封顶价/放弃价')).toBeGreaterThan(12 * 6 + 7 + 24);
    expect(headerWidth('杠杆比例')).toBeGreaterThan(headerWidth('方向'));
  });
});

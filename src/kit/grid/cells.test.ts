import { describe, expect, it } from 'vitest';
import { displayCell, parseCell, validateCell, validateRow, validateRows } from './cells';
import type { GridColumn } from './types';

const t = (k: string, p?: Record<string, unknown>) => (p ? `${k} ${JSON.stringify(p)}` : k);
const cols: GridColumn[] = [
  { id: 'pair', header: 'Pair', type: 'text', required: true },
  { id: 'side', header: 'Side', type: 'select', options: [{ value: 'buy', label: 'Buy' }, { value: 'sell', label: 'Sell' }] },
  { id: 'notional', header: 'Notional', type: 'amount', min: 0 },
  { id: 'vol', header: 'Vol', type: 'percent', max: 200 },
  { id: 'expiry', header: 'Expiry', type: 'date' },
  { id: 'n', header: 'N', type: 'number', integer: true },
];
const col = (id: string) => cols.find((c) => c.id === id)!;

describe('grid cells', () => {
  it('parses typed text by column type, keeping what does not parse', () => {
    expect(parseCell(col('notional'), '10m')).toBe(10_000_000);
    expect(parseCell(col('notional'), '10x')).toBe('10x');
    expect(parseCell(col('vol'), '5.5%')).toBe(5.5);
    expect(parseCell(col('expiry'), '2027/3/15')).toBe('2027-03-15');
    expect(parseCell(col('expiry'), '3M')).toBe('3M');
    expect(parseCell(col('side'), 'SELL')).toBe('sell');
    expect(parseCell(col('side'), 'Sell')).toBe('sell');
    expect(parseCell(col('pair'), '  ')).toBeNull();
  });
  it('validates each cell with a message; rows collect them', () => {
    const row = { pair: null, side: 'hold', notional: -1, vol: 250, expiry: '3M', n: 1.5 };
    expect(validateCell(col('notional'), 'abc', row, t)).toBe('field.error.amount');
    expect(validateCell(col('notional'), -1, row, t)).toBe('field.error.min {"min":0}');
    expect(validateCell(col('side'), 'hold', row, t)).toBe('grid.invalidSelect {"options":"Buy, Sell"}');
    expect(validateCell(col('expiry'), '2027-02-30', row, t)).toBe('field.error.tenorDate');
    const p = validateRow(cols, row, t)!;
    expect(Object.keys(p.cells).sort()).toEqual(['expiry', 'n', 'notional', 'pair', 'side', 'vol']);
    const good = { pair: 'USDCNY', side: 'buy', notional: 1e6, vol: 5, expiry: '2027-03-15', n: 2 };
    expect(validateRow(cols, good, t)).toBeNull();
    expect(validateRow(cols, good, t, (r) => ((r.notional as number) > 5e5 ? 'too big' : null))).toEqual({ cells: {}, row: 'too big' });
    expect([...validateRows(cols, [good, row, good], t).keys()]).toEqual([1]);
  });
  it('displays formatted numbers, select labels and bad text as typed', () => {
    expect(displayCell(col('notional'), 1234567.5, 'en')).toBe('1,234,567.50');
    expect(displayCell(col('vol'), 5.5, 'zh')).toBe('5.50%');
    expect(displayCell(col('side'), 'sell', 'en')).toBe('Sell');
    expect(displayCell(col('notional'), '10x', 'en')).toBe('10x');
  });
});

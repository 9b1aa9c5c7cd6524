import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DASH, dataValue, formatBp, formatFixed, formatFull, formatMoney, formatPercent, formatPips, formatSignificant, minorUnits } from './number';

describe('number formatting', () => {
  it('data-value is the full-precision literal and reads back exactly', () => {
    expect(dataValue(1234.56789012)).toBe('1234.56789012');
    expect(dataValue(-0)).toBe('0');
    expect(dataValue(NaN)).toBeUndefined();
    expect(dataValue(null)).toBeUndefined();
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => Number(dataValue(x)) === x || (x === 0 && dataValue(x) === '0')));
  });
  it('fixed, significant, percent, bp, pips and money in both languages', () => {
    expect(formatFixed(1234567.891, 2, 'en')).toBe('1,234,567.89');
    expect(formatFixed(1234567.891, 2, 'zh')).toBe('1,234,567.89');
    // a tiny negative that rounds to zero shows no minus sign; real negatives keep it
    expect(formatFixed(-0.00001, 4, 'en')).toBe('0.0000');
    expect(formatFixed(-0.1, 4, 'en')).toBe('-0.1000');
    expect(formatSignificant(-0, 3, 'en')).toBe('0');
    expect(formatFixed(0.5, 0, 'en')).toBe('1');
    expect(formatFixed(12.3, 1, 'en', { signed: true })).toBe('+12.3');
    expect(formatSignificant(0.000123456, 3, 'en')).toBe('0.000123');
    expect(formatSignificant(8.43e-16, 3, 'en')).toBe('8.43E-16');
    expect(formatSignificant(-6.2e-17, 2, 'zh')).toBe('-6.2E-17');
    expect(formatSignificant(2.56e-7, 3, 'en', { signed: true })).toBe('+2.56E-7');
    expect(formatPercent(5.5, 2, 'en')).toBe('5.50%');
    expect(formatBp(12.345, 1, 'en')).toBe('12.3 bp');
    expect(formatPips(123.45, 1, 'zh')).toBe('123.5 点');
    expect(formatPips(123.45, 1, 'en')).toBe('123.5 pips');
    expect(formatMoney(1234.5, 'usd', 'en')).toBe('1,234.50 USD');
    expect(formatMoney(1234.5, 'JPY', 'en')).toBe('1,235 JPY');
    expect(formatFixed(undefined, 2, 'en')).toBe(DASH);
    expect(formatFull(1234567.000001, 'en')).toBe('1,234,567.000001');
  });
  it('minor units agree with public/currencies.json', () => {
    const list = JSON.parse(readFileSync(new URL('../../../public/currencies.json', import.meta.url), 'utf8')) as Array<{ code: string; minorUnits: number }>;
    for (const c of list) if (typeof c.minorUnits === 'number') expect([c.code, minorUnits(c.code)]).toEqual([c.code, c.minorUnits]);
  });
});

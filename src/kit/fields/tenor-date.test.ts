import { describe, expect, it } from 'vitest';
import { parseTenorOrDate, resolveTenorOrDate } from './tenor-date';

describe('parseTenorOrDate', () => {
  it.each([
    ['ON', 'ON'], ['on', 'ON'], ['O/N', 'ON'], ['TN', 'TN'], ['SN', 'SN'], ['spot', 'SPOT'], ['SP', 'SPOT'],
    ['1W', '1W'], ['3m', '3M'], ['18M', '18M'], ['1Y', '1Y'], ['2 w', '2W'], ['03M', '3M'], ['3个月', '3M'], ['1年', '1Y'], ['隔夜', 'ON'],
  ])('tenor %s -> %s', (text, tenor) => {
    expect(parseTenorOrDate(text)).toEqual({ ok: true, value: { kind: 'tenor', tenor } });
  });
  it.each([['2027-03-15', '2027-03-15'], ['2027/3/5', '2027-03-05'], ['20270315', '2027-03-15'], ['2028-02-29', '2028-02-29']])('date %s -> %s', (text, date) => {
    expect(parseTenorOrDate(text)).toEqual({ ok: true, value: { kind: 'date', date } });
  });
  it.each([['', 'empty'], ['3Q', 'invalid'], ['0M', 'range'], ['2027-02-30', 'range'], ['2027-13-01', 'range'], ['M3', 'invalid']])('%j fails: %s', (text, error) => {
    expect(parseTenorOrDate(text)).toEqual({ ok: false, error });
  });
  it('a date resolves to itself; a tenor through the injected resolver', () => {
    expect(resolveTenorOrDate({ kind: 'date', date: '2027-03-15' })).toEqual({ date: '2027-03-15' });
    expect(resolveTenorOrDate({ kind: 'tenor', tenor: '1W' }, (t) => (t === '1W' ? { date: '2026-01-09' } : { error: 'x' }))).toEqual({ date: '2026-01-09' });
    expect(resolveTenorOrDate({ kind: 'tenor', tenor: '1W' })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { pairOption, parseCurrency, parsePair, rankOptions } from './currency';

describe('pairs and currencies', () => {
  it.each(['USDCNY', 'USD/CNY', 'usd cny', 'usd-cny', ' Usd / Cny ', 'ＵＳＤＣＮＹ'])('%j is USDCNY', (text) => {
    expect(parsePair(text)).toEqual({ ok: true, value: 'USDCNY' });
  });
  it.each(['USD', 'USDCN', 'USDUSD', 'US1CNY', ''])('%j is not a pair', (text) => {
    expect(parsePair(text).ok).toBe(false);
  });
  it('currencies are three letters', () => {
    expect(parseCurrency(' eur ')).toEqual({ ok: true, value: 'EUR' });
    expect(parseCurrency('EURO').ok).toBe(false);
  });
  it('ranks exact code, then code prefix, then label, then names', () => {
    const opts = [pairOption('EURUSD'), pairOption('USDJPY'), pairOption('USDCNY', ['美元人民币']), pairOption('CNYKRW')];
    expect(rankOptions(opts, 'usd/c').map((o) => o.code)).toEqual(['USDCNY']);
    expect(rankOptions(opts, 'usd').map((o) => o.code)).toEqual(['USDJPY', 'USDCNY', 'EURUSD']);
    expect(rankOptions(opts, 'cny').map((o) => o.code)).toEqual(['CNYKRW', 'USDCNY']);
    expect(rankOptions(opts, '人民币').map((o) => o.code)).toEqual(['USDCNY']);
    expect(rankOptions(opts, '').map((o) => o.code)).toEqual(['EURUSD', 'USDJPY', 'USDCNY', 'CNYKRW']);
    expect(rankOptions(opts, 'usdcny').map((o) => o.code)).toEqual(['USDCNY']);
  });
});

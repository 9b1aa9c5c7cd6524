import { describe, expect, it } from 'vitest';
import { addAmounts, amountOf, convertAmount, currency, currencyPair, pairCode, scaleAmount } from './currency';

describe('currencies and amounts', () => {
  const usd = currency('USD'), cny = currency('CNY');
  const usdcny = currencyPair('USD/CNY');

  it('parses codes and pairs', () => {
    expect(pairCode(usdcny)).toBe('USDCNY');
    expect(currencyPair('EURUSD').quote).toBe('USD');
    expect(() => currency('usd')).toThrow();
    expect(() => currencyPair('EUR-US')).toThrow();
  });

  it('adds only amounts of one currency and converts through a pair', () => {
    expect(addAmounts(amountOf(usd, 1), amountOf(usd, 2)).amount).toBe(3);
    expect(() => addAmounts(amountOf(usd, 1), amountOf(cny, 2))).toThrow(/mismatch/);
    expect(scaleAmount(amountOf(usd, 2), 1.5)).toEqual({ currency: 'USD', amount: 3 });
    expect(convertAmount(amountOf(usd, 10), usdcny, 7.1)).toEqual({ currency: 'CNY', amount: 71 });
    expect(convertAmount(amountOf(cny, 71), usdcny, 7.1).amount).toBeCloseTo(10, 14);
    expect(() => convertAmount(amountOf(currency('EUR'), 1), usdcny, 7.1)).toThrow();
  });
});

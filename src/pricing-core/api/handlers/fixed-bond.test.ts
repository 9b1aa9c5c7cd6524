import { describe, expect, it } from 'vitest';
import { priceOne } from '../price-request';

const base = { model: 'fixedBond', issue: '2020-01-15', settlement: '2023-04-20', maturity: '2030-01-15', coupon: 0.05, frequency: 2, dayCount: 'ACT/ACT-ISMA' };

describe('fixedBond handler', () => {
  it('prices from a yield and inverts from the clean price', () => {
    const a = priceOne({ ...base, yield: 0.06 }) as Record<string, number>;
    expect(a.error).toBeUndefined();
    for (const k of ['cleanPrice', 'dirtyPrice', 'accrued', 'yield', 'macaulayDuration', 'modifiedDuration', 'convexity']) expect(Number.isFinite(a[k]), k).toBe(true);
    expect(a.dirtyPrice - a.cleanPrice).toBeCloseTo(a.accrued, 12);
    // 95 days of a 181-day period at 2.5 per period.
    expect(a.accrued).toBeCloseTo((2.5 * 95) / 181, 12);
    expect(a.macaulayDuration).toBeCloseTo(a.modifiedDuration * 1.03, 12);
    const b = priceOne({ ...base, cleanPrice: a.cleanPrice }) as Record<string, number>;
    expect(b.yield).toBeCloseTo(0.06, 12);
  });
  it('rejects bad requests with a message', () => {
    expect(priceOne({ ...base })).toEqual({ error: 'give exactly one of yield or cleanPrice' });
    expect(priceOne({ ...base, yield: 0.05, cleanPrice: 99 }).error).toMatch(/exactly one/);
    expect(priceOne({ ...base, yield: 0.05, frequency: 3 }).error).toMatch(/frequency/);
    expect(priceOne({ ...base, yield: 0.05, dayCount: 'BUS/252' }).error).toMatch(/dayCount/);
    expect(priceOne({ ...base, yield: 0.05, settlement: '2031-01-01' }).error).toMatch(/settlement/);
    expect(priceOne({ ...base, yield: 0.05, issue: '15/01/2020' }).error).toMatch(/issue/);
  });
});

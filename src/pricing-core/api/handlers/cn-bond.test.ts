import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { priceOne } from '../price-request';

// 2024 book-entry CGB (12th issue): 2 years, 1.67 %, annual, interest from 2024-06-15.
const bond = { issue: '2024-06-15', maturity: '2026-06-15', coupon: 0.0167, frequency: 1 };
const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;

describe('cnBond handler', () => {
  it('prices the final period with the simple formula and inverts the clean price', () => {
    const a = priceOne({ model: 'cnBond', ...bond, settlement: '2025-09-01', yield: 0.015 }) as Record<string, number>;
    expect(a.error).toBeUndefined();
    expect(a.dirtyPrice).toBeCloseTo(101.67 / (1 + (0.015 * days('2025-09-01', '2026-06-15')) / 365), 12);
    expect(a.remainingCoupons).toBe(1);
    for (const k of ['cleanPrice', 'dirtyPrice', 'accrued', 'yield', 'modifiedDuration', 'convexity']) expect(Number.isFinite(a[k]), k).toBe(true);
    const b = priceOne({ model: 'cnBond', ...bond, settlement: '2025-09-01', cleanPrice: a.cleanPrice }) as Record<string, number>;
    expect(b.yield).toBeCloseTo(0.015, 14);
  });
  it('face scales prices; convention isma is offered', () => {
    const a = priceOne({ model: 'cnBond', ...bond, settlement: '2024-11-20', yield: 0.0155, face: 1000 }) as Record<string, number>;
    const u = priceOne({ model: 'cnBond', ...bond, settlement: '2024-11-20', yield: 0.0155 }) as Record<string, number>;
    expect(a.dirtyPrice).toBeCloseTo(u.dirtyPrice * 10, 10);
    const i = priceOne({ model: 'cnBond', ...bond, settlement: '2024-11-20', yield: 0.0155, convention: 'isma' }) as Record<string, number>;
    expect(i.dirtyPrice).toBeCloseTo(u.dirtyPrice, 10);
  });
  it('refuses bad requests with { error }', () => {
    const r = (x: object) => priceOne({ model: 'cnBond', ...bond, settlement: '2025-01-10', yield: 0.02, ...x }).error;
    expect(r({ frequency: 4 })).toMatch(/frequency/);
    expect(r({ issue: '2024-06-14' })).toMatch(/not a coupon date/);
    expect(r({ settlement: '2026-06-15' })).toMatch(/settlement/);
    expect(r({ settlement: '2024-06-14' })).toMatch(/settlement/);
    expect(r({ cleanPrice: 99 })).toMatch(/exactly one/);
    expect(r({ convention: 'us' })).toMatch(/convention/);
    expect(priceOne({ model: 'cnBond', ...bond, settlement: '2025-01-10' }).error).toMatch(/exactly one/);
  });
});

describe('bondFutureCF and bondFutureBasis handlers', () => {
  it('CF of a T1903 deliverable (published 0.9828) with its raw value', () => {
    const r = priceOne({ model: 'bondFutureCF', contract: 'T', deliveryMonth: '2019-03', issue: '2016-08-04', maturity: '2026-08-04', coupon: 0.0274, frequency: 2 }) as Record<string, number>;
    expect(r).toMatchObject({ conversionFactor: 0.9828, monthsToNextCoupon: 5, remainingCoupons: 15 });
    expect(Math.abs(r.conversionFactorRaw - 0.9828)).toBeLessThan(5e-5);
  });
  it('basis fields and refusals', () => {
    const req = { model: 'bondFutureBasis', issue: '2016-08-04', maturity: '2026-08-04', coupon: 0.0274, frequency: 2, settlement: '2019-01-10', deliveryDate: '2019-03-13', futuresPrice: 97.5, cleanPrice: 96.2, repoRate: 0.026 };
    const r = priceOne(req) as Record<string, number>;
    for (const k of ['conversionFactor', 'accrued', 'dirtyPrice', 'deliveryAccrued', 'invoicePrice', 'interimCoupons', 'grossBasis', 'carry', 'netBasis', 'irr']) expect(Number.isFinite(r[k]), k).toBe(true);
    expect(r.conversionFactor).toBe(0.9828);
    expect((priceOne({ ...req, conversionFactor: 0.98 }) as Record<string, number>).conversionFactor).toBe(0.98);
    expect(priceOne({ ...req, deliveryDate: '2019-01-10' }).error).toMatch(/deliveryDate/);
    expect(priceOne({ ...req, contract: 'X', model: 'bondFutureCF', deliveryMonth: '2019-03' }).error).toMatch(/contract/);
    expect(priceOne({ model: 'bondFutureCF', contract: 'T', deliveryMonth: '2019-3', ...bond }).error).toMatch(/deliveryMonth/);
  });
});

describe('npm run --silent price', () => {
  it('answers the three models line by line', () => {
    const lines = [
      { model: 'cnBond', ...bond, settlement: '2025-09-01', yield: 0.015 },
      { model: 'bondFutureCF', contract: 'T', deliveryMonth: '2019-03', issue: '2015-10-15', maturity: '2025-10-15', coupon: 0.0299, frequency: 2 },
      { model: 'bondFutureBasis', issue: '2016-08-04', maturity: '2026-08-04', coupon: 0.0274, frequency: 2, settlement: '2019-01-10', deliveryDate: '2019-03-13', futuresPrice: 97.5, cleanPrice: 96.2, repoRate: 0.026 },
      { model: 'cnBond', ...bond, settlement: '2030-01-01', yield: 0.015 },
    ];
    const out = spawnSync('npm', ['run', '--silent', 'price'], { input: lines.map((l) => JSON.stringify(l)).join('\n') + '\n', encoding: 'utf8', timeout: 60_000 });
    const res = out.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(res).toHaveLength(4);
    expect(res[0]).toEqual(priceOne(lines[0]));
    expect(res[1].conversionFactor).toBe(0.9994);
    expect(res[2].irr).toBeCloseTo((priceOne(lines[2]) as Record<string, number>).irr, 14);
    expect(res[3].error).toMatch(/settlement/);
  }, 60_000);
});

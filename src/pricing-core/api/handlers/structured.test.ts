import { describe, expect, it } from 'vitest';
import { priceOne } from '../price-request';
import { rangeAccrualPrice, sharkfinPrice } from '../../engines/structured/closed-forms';

const base = { spot: 7.1, t: 0.5, rd: 0.02, rf: 0.04, vol: 0.06 };

describe('PRICING-CLI structured models: fields and errors', () => {
  it('sharkfin: the closed form with its knock-out probability; bad fields are named', () => {
    const req = { model: 'sharkfin', direction: 'bear', barrierStyle: 'american', ...base, strike: 7.1, barrier: 6.8, participation: 0.5, minYield: 0.01, rebateYield: 0.02 };
    const r = priceOne(req) as { npv: number; knockOutProbability: number };
    expect(r).toEqual(sharkfinPrice(base, 0.5, { direction: 'bear', barrierStyle: 'american', strike: 7.1, barrier: 6.8, participation: 0.5, minYield: 0.01, rebateYield: 0.02 }));
    expect(r.knockOutProbability).toBeGreaterThan(0);
    expect(priceOne({ ...req, barrier: 7.3 })).toEqual({ error: 'a bear shark-fin needs barrier < strike' });
    expect(priceOne({ ...req, participation: -1 })).toEqual({ error: 'field participation must be >= 0' });
    expect(priceOne({ ...req, barrierStyle: 'bermudan' })).toEqual({ error: 'field barrierStyle must be one of american, european' });
  });

  it('rangeAccrual: fixingCount n means t_i = i t / n; fixings may include today; outYield defaults to 0', () => {
    const req = { model: 'rangeAccrual', ...base, lower: 7.0, upper: 7.2, inYield: 0.05 };
    const byCount = priceOne({ ...req, fixingCount: 4 });
    expect(byCount).toEqual(priceOne({ ...req, fixings: [0.125, 0.25, 0.375, 0.5], outYield: 0 }));
    expect(byCount).toEqual(rangeAccrualPrice(base, 0.5, { lower: 7.0, upper: 7.2, inYield: 0.05, outYield: 0, fixings: [0.125, 0.25, 0.375, 0.5] }));
    expect((priceOne({ ...req, fixings: [0, 0.5] }) as { expectedInFraction: number }).expectedInFraction).toBeGreaterThan(0.5);
    expect(priceOne({ ...req, fixingCount: 4, fixings: [0.5] })).toEqual({ error: 'give either fixingCount or fixings' });
    expect(priceOne({ ...req, fixings: [0.2, 0.7] })).toEqual({ error: 'field fixings: every time must be a number in [0, t]' });
    expect(priceOne({ ...req, lower: 7.3, fixingCount: 2 })).toEqual({ error: 'field lower must be <= upper' });
  });

  it('snowball and accumulator: times in (0, t], paths and seed checked, stderr reported', () => {
    const sb = { model: 'snowball', ...base, knockOutRatio: 1.02, knockOutTimes: [0.25, 0.5], knockInRatio: 0.9, knockInCount: 26, coupon: 0.06, paths: 4096 };
    const r = priceOne(sb) as { npv: number; stderr: number };
    expect(r.stderr).toBeGreaterThan(0);
    expect(Object.keys(r).sort()).toEqual(['npv', 'stderr']);
    expect(priceOne({ ...sb, knockOutTimes: [0, 0.5] })).toEqual({ error: 'field knockOutTimes: every time must be a number in (0, t]' });
    expect(priceOne({ ...sb, seed: 1.5 })).toEqual({ error: 'field seed must be an integer' });
    expect(priceOne({ ...sb, paths: 1 })).toEqual({ error: 'field paths must be >= 2' });
    const acc = { model: 'accumulator', ...base, strike: 7.0, knockOut: 7.25, fixingCount: 26, paths: 4096 };
    const a = priceOne(acc) as { npv: number; stderr: number };
    expect(a.stderr).toBeGreaterThan(0);
    // A knock-out below the strike is allowed by PRICING-CLI (it simply ends early).
    expect(Number.isFinite((priceOne({ ...acc, knockOut: 6.9 }) as { npv: number }).npv)).toBe(true);
    expect(priceOne({ ...acc, guaranteedFixings: 1.5 })).toEqual({ error: 'field guaranteedFixings must be a whole number' });
  });
});

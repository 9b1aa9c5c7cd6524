import { afterAll, describe, expect, it } from 'vitest';
import { priceBatch } from '../../src/pricing-core/api/price-request';
import { PricingPool } from './pricing-pool';

const pool = new PricingPool(2);
afterAll(() => pool.close());

const vanilla = { model: 'vanilla', type: 'call', spot: 100, strike: 105, t: 0.5, rd: 0.03, rf: 0.01, vol: 0.2 };
// Slow enough to notice if it ran on this thread: the numerical American engine.
const slow = { model: 'american', method: 'numerical', type: 'put', spot: 100, strike: 100, t: 1, rd: 0.05, rf: 0.01, vol: 0.25 };

describe('PricingPool', () => {
  it('returns exactly what priceBatch returns, in order, errors included', async () => {
    const reqs = [vanilla, { model: 'nope' }, { ...vanilla, type: 'put' }, 42, slow];
    expect(await pool.priceBatch(reqs)).toEqual(priceBatch(reqs));
  });

  it('keeps this thread free while a slow batch is priced', async () => {
    const order: string[] = [];
    const batch = pool.priceBatch(Array.from({ length: 20 }, () => slow)).then(() => order.push('batch'));
    await new Promise((r) => setTimeout(r, 0));
    order.push('timer');
    await batch;
    expect(order).toEqual(['timer', 'batch']);
  });

  it('prices concurrent batches on separate workers and answers each', async () => {
    const results = await Promise.all([1, 2, 3, 4].map((k) => pool.priceBatch([{ ...vanilla, strike: 100 + k }])));
    results.forEach((r, i) => expect(r).toEqual(priceBatch([{ ...vanilla, strike: 101 + i }])));
  });

  it('refuses work once closed', async () => {
    const p = new PricingPool(1);
    await p.close();
    await expect(p.priceBatch([vanilla])).rejects.toThrow(/closed/);
  });
});

import { describe, expect, it } from 'vitest';
import { spreadHistory, spreadStats } from '../bondSpread/curves';
import { commonTenors, tenorRows } from './model';

describe('swap-bond spread model', () => {
  it('tenors both curves quote, shortest first', () => {
    expect(commonTenors(['1M', '3M', '6M', '1Y', '10Y', '5Y'], ['3M', '6M', '1Y', '5Y', '10Y', '30Y'])).toEqual(['3M', '6M', '1Y', '5Y', '10Y']);
  });
  it('rows: swap and bond on the spread\'s last date, spread in bp with its percentile', () => {
    const irs = { id: 'irs.FR007.5Y', dates: Int32Array.from([10, 11, 12, 13]), values: Float64Array.from([1.7, 1.72, 1.65, 1.66]), runs: [] };
    const cgb = { id: 'bond.CGB.5Y', dates: Int32Array.from([10, 11, 12]), values: Float64Array.from([1.6, 1.6, 1.61]), runs: [] };
    const stats = new Map([['5Y', spreadStats(spreadHistory(irs, cgb))], ['7Y', null]]);
    const raw = new Map([[irs.id, irs], [cgb.id, cgb]]);
    const [r5, r7] = tenorRows(['5Y', '7Y'], 'FR007', 'CGB', raw, stats);
    expect(r5.date).toBe(12); // day 13 has no CGB figure
    expect(r5.swap).toBe(1.65);
    expect(r5.bond).toBe(1.61);
    expect(r5.spread).toBeCloseTo(4, 9);
    expect(r5.percentile).toBeCloseTo(100 / 3, 9); // 10, 12, 4: the current is the lowest of three
    expect(r5.min).toBeCloseTo(4, 9);
    expect(r5.max).toBeCloseTo(12, 9);
    expect(r7.spread).toBeNull();
    expect(r7.swap).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { spreadStats, spreadHistory } from '../bondSpread/curves';
import { pairKey, sharedTenors, spreadCurvesOver, termChart, termRows } from './model';

describe('credit spread curves', () => {
  it('curves over a base never include the base', () => {
    expect(spreadCurvesOver('bond.CGB')).toEqual(['credit.MTN.AAA', 'credit.MTN.AA+', 'credit.MTN.AA', 'bond.LGB', 'bond.CDB']);
    expect(spreadCurvesOver('bond.CDB')).not.toContain('bond.CDB');
    expect(sharedTenors(['10Y', '3M', '4Y', '1Y'], ['3M', '1Y', '10Y', '30Y'])).toEqual(['3M', '1Y', '10Y']);
  });
  it('term rows: the current spread and percentile per curve and tenor, null where not quoted', () => {
    const mk = (a: number[], b: number[]) => spreadStats(spreadHistory({ dates: Int32Array.from([1, 2, 3]), values: Float64Array.from(a) }, { dates: Int32Array.from([1, 2, 3]), values: Float64Array.from(b) }));
    const stats = new Map([
      [pairKey('credit.MTN.AAA', '1Y'), mk([1.8, 1.75, 1.74], [1.4, 1.41, 1.42])],
      [pairKey('credit.MTN.AAA', '5Y'), mk([2.1, 2.0, 2.09], [1.6, 1.6, 1.62])],
      [pairKey('bond.LGB', '30Y'), mk([2.3, 2.3, 2.3], [2.15, 2.15, 2.15])],
    ]);
    const tenors = new Map([['credit.MTN.AAA', ['1Y', '5Y']], ['bond.LGB', ['30Y']]]);
    const rows = termRows(['credit.MTN.AAA', 'bond.LGB'], tenors, stats);
    expect(rows.map((r) => r.tenor)).toEqual(['1Y', '5Y', '30Y']);
    expect(rows[0].spread['credit.MTN.AAA']).toBeCloseTo(32, 9);
    expect(rows[0].percentile['credit.MTN.AAA']).toBeCloseTo(100 / 3, 9); // 40, 34, 32: the current is the lowest
    expect(rows[1].spread['credit.MTN.AAA']).toBeCloseTo(47, 9);
    expect(rows[0].spread['bond.LGB']).toBeNull();
    expect(rows[2].spread['bond.LGB']).toBeCloseTo(15, 9);
    const [x, aaa, lgb] = termChart(rows, ['credit.MTN.AAA', 'bond.LGB']);
    expect(x).toEqual([1, 5, 30]);
    expect(aaa[2]).toBeNull();
    expect(lgb[2]).toBeCloseTo(15, 9);
  });
});

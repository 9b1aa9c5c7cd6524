import { describe, expect, it } from 'vitest';
import type { HistorySeries } from '../../kit/market-data/client';
import { CODE_OF, legsOf, levelOf, statsOf, strategyHistory, tenorError, type Strategy } from './model';

const s = (over: Partial<Strategy>): Strategy => ({ kind: 'span', market: 'USDCNY', near: '3M', mid: '6M', far: '1Y', ...over });
const series = (id: string, dates: number[], values: number[]): HistorySeries => ({ id, dates: Int32Array.from(dates), values: Float64Array.from(values), runs: [[0, 1]] });

describe('swap strategies', () => {
  it('carry the SPEC spread-type codes', () => {
    expect(CODE_OF.span).toEqual({ name: 'SPREAD', code: 1 });
    expect(CODE_OF.basis).toEqual({ name: 'BASIS', code: 2 });
    expect(CODE_OF.basisSpan).toEqual({ name: 'F_SPREAD', code: 3 });
    expect(CODE_OF.butterfly).toEqual({ name: 'CURVE_TRADE', code: 5 });
  });
  it('legs: span, basis, basis span and butterfly', () => {
    expect(legsOf(s({}))).toEqual([{ id: 'fwd.USDCNY.1Y', weight: 1 }, { id: 'fwd.USDCNY.3M', weight: -1 }]);
    expect(legsOf(s({ kind: 'basis', market: 'USDCNH' }))).toEqual([{ id: 'fwd.USDCNH.3M', weight: 1 }, { id: 'fwd.USDCNY.3M', weight: -1 }]);
    expect(legsOf(s({ kind: 'butterfly' })).map((l) => l.weight)).toEqual([2, -1, -1]);
    expect(legsOf(s({ kind: 'basisSpan' })).reduce((a, l) => a + l.weight, 0)).toBe(0);
    const values = new Map([['fwd.USDCNY.1Y', { value: -1234.82 }], ['fwd.USDCNY.3M', { value: -353.09 }]]);
    expect(levelOf(legsOf(s({})), values)).toBeCloseTo(-881.73, 10);
    expect(levelOf(legsOf(s({ kind: 'butterfly' })), values)).toBeNull();
  });
  it('tenors must increase', () => {
    expect(tenorError(s({ near: '1Y', far: '3M' }))).toBe('order');
    expect(tenorError(s({ kind: 'butterfly', mid: '2Y' }))).toBe('order');
    expect(tenorError(s({ kind: 'basis', near: '1Y', far: '1Y' }))).toBeNull();
  });
  it('history only on dates where every leg has a figure', () => {
    const h = strategyHistory(legsOf(s({})), [series('fwd.USDCNY.1Y', [1, 2, 3], [10, 20, 30]), series('fwd.USDCNY.3M', [2, 3, 4], [1, 2, 3])]);
    expect(h.y).toEqual([19, 28]);
    expect(h.x).toHaveLength(2);
  });
  it('percentile, range, mean and z-score of the level in its history', () => {
    const st = statsOf([1, 2, 3, 4], 3)!;
    expect(st.percentile).toBe(75);
    expect([st.min, st.max, st.mean, st.n]).toEqual([1, 4, 2.5, 4]);
    expect(st.z).toBeCloseTo(0.5 / Math.sqrt(1.25), 14);
    expect(statsOf([5, 5], 5)!.z).toBeNull();
    expect(statsOf([], 1)).toBeNull();
    expect(statsOf([1, 2], 0)!.percentile).toBe(0);
  });
});

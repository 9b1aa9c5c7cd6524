import { describe, expect, it } from 'vitest';
import { curveDate, issuerCurveId, nearestTenor, spreadHistory, spreadStats, tenorYears, toTenorCurve } from './curves';

describe('spread screen helpers', () => {
  it('tenors in years; curve replies as decimal tenor curves, ascending', () => {
    expect(tenorYears('3M')).toBe(0.25);
    expect(tenorYears('10Y')).toBe(10);
    expect(tenorYears('1W')).toBeCloseTo(7 / 365, 15);
    expect(tenorYears('ON')).toBeNull();
    const c = toTenorCurve([{ tenor: '10Y', value: 1.8 }, { tenor: '3M', value: 1.35 }, { tenor: 'ON', value: 1 }]);
    expect(c.tenors).toEqual([0.25, 10]);
    expect(c.yields[0]).toBeCloseTo(0.0135, 15);
    expect(curveDate({ asOf: '2026-11-24', points: [{ date: '2026-11-19' }, { date: '2026-11-20' }] })).toBe('2026-11-20');
    expect(curveDate({ asOf: '2026-11-24', points: [] })).toBe('2026-11-24');
  });
  it('the curve of a bond by issuer type and rating', () => {
    expect(issuerCurveId({ issuerType: 'CGB' })).toBe('bond.CGB');
    expect(issuerCurveId({ issuerType: 'EXIM', rating: 'AAA' })).toBe('bond.CDB');
    expect(issuerCurveId({ issuerType: 'CORP', rating: 'AA+' })).toBe('credit.MTN.AA+');
    expect(issuerCurveId({ issuerType: 'CORP', rating: 'A' })).toBeNull();
    expect(nearestTenor(['1Y', '3Y', '5Y'], 3.9)).toBe('3Y');
    expect(nearestTenor(['1Y', '3Y', '5Y'], 4.1)).toBe('5Y');
  });
  it('spread history on common dates, in bp; percentile of the last value', () => {
    const a = { dates: Int32Array.from([1, 2, 3, 5]), values: Float64Array.from([2, 2.1, 2.3, 2.2]) };
    const b = { dates: Int32Array.from([2, 3, 4, 5]), values: Float64Array.from([1.5, 1.5, 1.6, 1.6]) };
    const s = spreadHistory(a, b);
    expect([...s.dates]).toEqual([2, 3, 5]);
    expect(s.values[0]).toBeCloseTo(60, 9);
    expect(s.values[1]).toBeCloseTo(80, 9);
    expect(s.values[2]).toBeCloseTo(60, 9);
    const st = spreadStats(s)!;
    expect(st.current).toBeCloseTo(60, 9);
    expect(st.percentile).toBeCloseTo((2 / 3) * 100, 9); // 60, 60 at or below the current of three
    expect(st.lastDate).toBe(5);
    expect(spreadStats({ dates: new Int32Array(0), values: new Float64Array(0) })).toBeNull();
  });
});

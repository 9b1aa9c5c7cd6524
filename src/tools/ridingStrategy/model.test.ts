import { describe, expect, it } from 'vitest';
import { ToolFailure } from '../../kit/results';
import { horizonDate, ride } from './model';

const curve = { tenors: [0.25, 1, 2, 3, 5, 7, 10], yields: [0.0135, 0.0142, 0.0148, 0.0153, 0.0162, 0.0172, 0.018] };
const base = { curve, settlement: '2026-11-20', horizon: '2027-11-20', scenario: 'unchanged' as const, shiftBp: null, reinvest: null };

describe('riding strategy model', () => {
  it('horizon tenors from settlement', () => {
    expect(horizonDate('6M', '2026-11-20')).toEqual({ date: '2027-05-20' });
    expect(horizonDate('1Y', '2026-11-20')).toEqual({ date: '2027-11-20' });
    expect(horizonDate('2W', '2026-11-20')).toEqual({ date: '2026-12-04' });
    expect('error' in horizonDate('ON', '2026-11-20')).toBe(true);
  });
  it('par bonds longer than the horizon, ranked by annualised return; upward curve: longer rides beat holding', () => {
    const r = ride(base);
    expect(r.rows.map((x) => x.code)).toEqual(['2Y', '3Y', '4Y', '5Y', '7Y', '10Y']); // 1Y matures at the horizon
    const ranked = [...r.rows].sort((a, b) => a.rank - b.rank);
    for (let i = 1; i < ranked.length; i++) expect(ranked[i - 1].result.annualisedSimple).toBeGreaterThanOrEqual(ranked[i].result.annualisedSimple);
    for (const x of r.rows) expect(x.excessBp).toBeGreaterThan(0);
  });
  it('a 50 bp rise by the horizon lowers every ride and leaves the hold unchanged', () => {
    const a = ride(base);
    const b = ride({ ...base, scenario: 'shift', shiftBp: 50 });
    expect(b.benchmark.result.annualisedSimple).toBe(a.benchmark.result.annualisedSimple);
    for (const x of b.rows) expect(x.result.annualisedSimple).toBeLessThan(a.rows.find((y) => y.code === x.code)!.result.annualisedSimple);
    expect(b.rows.find((x) => x.code === '10Y')!.excessBp).toBeLessThan(0); // 50 bp on a 9-year duration
    for (const x of b.rows) {
      const y = a.rows.find((z) => z.code === x.code)!;
      expect(x.rollDownBp).toBeCloseTo(y.rollDownBp, 9); // the curve's roll-down, shift apart
      expect(x.sellYield - y.sellYield).toBeCloseTo(0.005, 12);
    }
  });
  it('bad horizons and shifts are refused in both languages', () => {
    for (const bad of [{ horizon: null }, { horizon: '2026-11-01' }, { horizon: '2040-01-01' }, { scenario: 'shift' as const, shiftBp: 900 }]) {
      try { ride({ ...base, ...bad }); expect.unreachable(); } catch (e) {
        expect(e).toBeInstanceOf(ToolFailure);
        expect((e as ToolFailure).words?.zh).toBeTruthy();
      }
    }
  });
});

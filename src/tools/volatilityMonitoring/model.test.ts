import { describe, expect, it } from 'vitest';
import type { HistorySeries, Observation } from '../../kit/market-data';
import { fromISO } from '../../pricing-core/dates/date';
import { blackScholesPrice } from '../../pricing-core/engines/black/black-scholes';
import { depositPillars, fitSmiles, pillarChanges, pillarVols, smileSeries, surfaceQuotes, surfaceThen } from './model';

const prov = { source: 'test', sourceKind: 'sample' as const, asOf: '2026-11-20' };
const obs = (id: string, value: number): Observation => ({ ...prov, id, value, date: '2026-11-20' });
const surface = {
  tenors: ['3M', '1M', '1Y'],
  quotes: ['ATM', 'RR25', 'BF25', 'RR10', 'BF10'] as const,
  values: [[4, 0.4, 0.2, 0.8, 0.7], [3.5, 0.3, 0.15, 0.6, 0.5], [5, 0.6, 0.3, 1.1, 1.0]],
};
const depo = (ccy: string, v: number) => ['1M', '3M', '1Y'].map((tenor) => ({ ...obs(`depo.${ccy}.${tenor}`, v), tenor }));

describe('volatility monitor model', () => {
  it('orders tenors by time and lays live figures over the stored surface', () => {
    const q = surfaceQuotes('USDCNY', { ...surface, quotes: [...surface.quotes] }, new Map([['vol.USDCNY.3M.ATM', obs('vol.USDCNY.3M.ATM', 4.25)]]));
    expect(q.map((x) => x.tenor)).toEqual(['1M', '3M', '1Y']);
    expect(q[1].q.ATM).toBe(4.25);
    expect(q[1].q.RR25).toBe(0.4);
  });

  it('pillar vols by delta: ATM + BF +/- RR/2', () => {
    const v = pillarVols({ ATM: 4, RR25: 0.4, BF25: 0.2, RR10: 0.8, BF10: 0.7 });
    const want = { '10P': 4.3, '25P': 4, ATM: 4, '25C': 4.4, '10C': 5.1 };
    for (const [k, x] of Object.entries(want)) expect(v[k as keyof typeof v]).toBeCloseTo(x, 12);
    expect(pillarVols({ ATM: 4, RR25: null, BF25: 0.2, RR10: null, BF10: null })['25C']).toBeNull();
  });

  it('smile pillars sit at their deltas; the SABR fit error is small and reported in bp', () => {
    const q = surfaceQuotes('USDCNY', { ...surface, quotes: [...surface.quotes] });
    const rd = depositPillars(depo('CNY', 1.7)), rf = depositPillars(depo('USD', 4.2));
    const { smiles, failed } = fitSmiles(q, 7.1, rd, rf);
    expect(failed).toEqual([]);
    const s = smiles.find((x) => x.tenor === '3M')!;
    expect(s.pillars.map((p) => p.label)).toEqual(['10P', '25P', 'ATM', '25C', '10C']);
    // exact limit: the 25-delta call strike has a Black-Scholes spot delta of 0.25 at its own vol
    const c25 = s.pillars[3];
    const rdc = Math.log(1 + 0.017 * 0.25) / 0.25, rfc = Math.log(1 + 0.042 * 0.25) / 0.25, h = 1e-5;
    const delta = (blackScholesPrice('call', 7.1 + h, c25.strike, 0.25, rdc, rfc, c25.vol / 100) - blackScholesPrice('call', 7.1 - h, c25.strike, 0.25, rdc, rfc, c25.vol / 100)) / (2 * h);
    expect(delta).toBeCloseTo(0.25, 6);
    expect(s.rmseBp).toBeGreaterThanOrEqual(0);
    expect(s.rmseBp).toBeLessThan(20);
    expect(s.maxErrBp).toBeGreaterThanOrEqual(s.rmseBp);
    const line = smileSeries(s);
    expect(line.market.filter((v) => v !== null)).toHaveLength(5);
    expect(line.x.every((x, i) => i === 0 || x >= line.x[i - 1])).toBe(true);
  });

  it('a tenor whose quotes do not make a smile is listed, the others fitted', () => {
    const bad = { ...surface, quotes: [...surface.quotes], values: [[4, 0.4, 0.2, 0.8, 0.7], [0.5, 3, -0.5, 6, -1], [5, 0.6, 0.3, 1.1, 1.0]] };
    const { smiles, failed } = fitSmiles(surfaceQuotes('USDCNY', bad), 7.1, depositPillars(depo('CNY', 1.7)), depositPillars(depo('USD', 4.2)));
    expect(failed).toEqual(['1M']);
    expect(smiles).toHaveLength(2);
  });

  it('yesterday and last week from history; changes by delta', () => {
    const days = ['2026-11-10', '2026-11-13', '2026-11-19', '2026-11-20'];
    const hist = (id: string, vals: number[]): HistorySeries => ({ id, dates: Int32Array.from(days.map((d) => fromISO(d))), values: Float64Array.from(vals), runs: [] });
    const series = [hist('vol.USDCNY.1M.ATM', [3.0, 3.2, 3.4, 3.5]), hist('vol.USDCNY.1M.RR25', [0.3, 0.3, 0.3, 0.3]), hist('vol.USDCNY.1M.BF25', [0.1, 0.1, 0.1, 0.15])];
    const th = surfaceThen('USDCNY', ['1M'], series, '2026-11-20');
    expect(th.prevDate).toBe('2026-11-19');
    expect(th.weekDate).toBe('2026-11-13');
    expect(th.prev[0].q.ATM).toBe(3.4);
    expect(th.week[0].q.ATM).toBe(3.2);
    const now = surfaceQuotes('USDCNY', { tenors: ['1M'], quotes: ['ATM', 'RR25', 'BF25'], values: [[3.5, 0.3, 0.15]] });
    const d = pillarChanges(now, th.prev)[0];
    expect(d[2]).toBeCloseTo(0.1, 12); // ATM
    expect(d[3]).toBeCloseTo(0.15, 12); // 25C: ATM + BF moved
    expect(d[0]).toBeNull(); // no 10D quotes
  });

  it('last week is not yesterday again when the stored history stops more than a week back', () => {
    const days = ['2026-11-18', '2026-11-19', '2026-11-20'];
    const hist = (id: string, vals: number[]): HistorySeries => ({ id, dates: Int32Array.from(days.map((d) => fromISO(d))), values: Float64Array.from(vals), runs: [] });
    // Live figures on 2026-11-28; the stored history (sample snapshot) ends 2026-11-20.
    const th = surfaceThen('USDCNY', ['1M'], [hist('vol.USDCNY.1M.ATM', [3.3, 3.4, 3.5])], '2026-11-28');
    expect(th.prevDate).toBe('2026-11-20');
    expect(th.prev[0].q.ATM).toBe(3.5);
    expect(th.week[0].q.ATM).toBeNull();
    expect(th.weekDate).toBeNull();
    expect(th.weekSameAsPrev).toBe(true);
    const now = surfaceQuotes('USDCNY', { tenors: ['1M'], quotes: ['ATM'], values: [[3.6]] });
    expect(pillarChanges(now, th.prev)[0][2]).toBeCloseTo(0.1, 12);
    expect(pillarChanges(now, th.week)[0][2]).toBeNull();
  });
});

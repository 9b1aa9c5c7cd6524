import { describe, expect, it } from 'vitest';
import type { HistorySeries } from '../../kit/market-data/client';
import { addTerm, seriesIds, spreadHistory, spreadRows } from './model';
import { pairDates, type MarketCurves } from '../../kit/fx-market';
import { solveMoneyMarketParity } from '../../pricing-core/engines/fx/fx-forward';

const trade = '2026-11-24';
const curves = (spot: number, pips: number, depo: number): MarketCurves => ({
  spot, pipFactor: 10000, points: [], on: null, tn: null, byTenor: { '3M': pips, '1Y': pips * 4 }, projectedYears: [],
  deposits: { USD: [{ day: 0, pips: depo }] },
});

const batches = {
  '1': { source: 'FRED H.10 (Federal Reserve Board)', sourceKind: 'published' as const, kind: 'history' as const, createdAt: '' },
  '2': { source: 'sample snapshot (generated, not market data)', sourceKind: 'sample' as const, kind: 'sample' as const, createdAt: '' },
};

describe('spread monitor', () => {
  it('at most 5 terms: the sixth is refused, duplicates too, the order is by tenor', () => {
    let terms = ['1M', '3M', '1Y'] as ReturnType<typeof addTerm>['terms'];
    terms = addTerm({ terms }, '1W').terms;
    const five = addTerm({ terms }, '6M');
    expect(five).toEqual({ terms: ['1W', '1M', '3M', '6M', '1Y'], refused: null });
    expect(addTerm({ terms: five.terms }, '2Y')).toEqual({ terms: five.terms, refused: 'max' });
    expect(addTerm({ terms: five.terms }, '3M').refused).toBe('duplicate');
  });
  it('rows: points spread offshore - onshore, implied CNY/CNH yields against USD (ACT/365F vs ACT/360), spread in bp', () => {
    const rows = spreadRows(['3M'], curves(7.118, -353.09, 0.0355), curves(7.1235, -294.47, 0.0355), trade);
    const r = rows[0];
    expect(r.spread).toBeCloseTo(58.62, 10);
    const days = (Date.parse(r.endDate!) - Date.parse(pairDates('USDCNY', trade).spotDate)) / 86_400_000;
    expect(pairDates('USDCNY', trade).spotDate).toBe('2026-11-27'); // T+2 skips US Thanksgiving
    const cny = solveMoneyMarketParity({ spot: 7.118, tauD: days / 365, tauF: days / 360, forward: 7.118 - 0.035309, rf: 0.0355 }).rd * 100;
    expect(r.cny).toBeCloseTo(cny, 12);
    expect(r.yieldSpread).toBeCloseTo((r.cnh! - r.cny!) * 100, 12);
    expect(spreadRows(['2W'], curves(7.1, -1, 0.03), null, trade)[0]).toMatchObject({ onshore: null, spread: null });
  });
  it('history: spot spread in pips and each term spread on common dates', () => {
    const s = (id: string, v: number[]): HistorySeries => ({ id, dates: Int32Array.from([1, 2]), values: Float64Array.from(v), runs: [[0, 2]] });
    const ids = seriesIds(['3M']);
    const [x, spot, t3] = spreadHistory(['3M'], { batches, series: [s(ids[0], [7.1, 7.2]), s(ids[1], [7.11, 7.2]), s(ids[2], [-300, -310]), s(ids[3], [-250, -260])] });
    expect(x).toHaveLength(2);
    expect(spot[0]).toBeCloseTo(100, 9);
    expect(t3).toEqual([50, 50]);
  });
  it('history: real USD/CNY (H.10) never enters a spread with sample USD/CNH', () => {
    const ids = seriesIds([]);
    // USD/CNY: a real figure on day 1, sample from day 2; USD/CNH: sample on both days.
    const cny: HistorySeries = { id: ids[0], dates: Int32Array.from([1, 2]), values: Float64Array.from([6.7, 7.2]), runs: [[0, 1], [1, 2]] };
    const cnh: HistorySeries = { id: ids[1], dates: Int32Array.from([1, 2]), values: Float64Array.from([7.11, 7.21]), runs: [[0, 2]] };
    const [x, spot] = spreadHistory([], { batches, series: [cny, cnh] });
    expect(x).toHaveLength(2);
    expect(spot[0]).toBeNull(); // day 1: real CNY against sample CNH is no spread
    expect(spot[1]).toBeCloseTo(100, 9);
  });
});

describe('live figures', () => {
  it('a push replaces spot and points, the value dates stay those of the reply', async () => {
    const { liveCurves } = await import('./model');
    const base = { ...curves(7.1, -350, 0.035), tenorDates: { '3M': { startDate: '2026-11-27', endDate: '2027-02-26', projectedYears: [] } } };
    const live = new Map([['fx.USDCNY', { value: 7.2 }], ['fwd.USDCNY.3M', { value: -360 }]]) as never;
    const c = liveCurves(base, 'USDCNY', live)!;
    expect([c.spot, c.byTenor['3M'], c.byTenor['1Y']]).toEqual([7.2, -360, -1400]);
    const r = spreadRows(['3M'], c, null, trade)[0];
    expect(r).toMatchObject({ endDate: '2027-02-26', onshore: -360 });
  });
});

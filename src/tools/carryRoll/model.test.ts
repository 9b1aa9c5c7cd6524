import { describe, expect, it } from 'vitest';
import { buildOnScreen, marketDefinition, type MarketQuotes } from '../curveConstruction/market-curve';
import { HORIZONS, carryTable, chartSeries, swapTenors, DEFAULT_CARRY } from './model';

const asOf = '2026-11-20';
const q = (tenor: string, value: number) => ({ id: `irs.FR007.${tenor}`, tenor, value, date: asOf });
const fr = buildOnScreen(marketDefinition('FR007', {
  fixing: { id: 'rate.FR007', value: 1.48, date: asOf }, deposits: [],
  swaps: [q('1M', 1.48), q('3M', 1.49), q('6M', 1.5), q('1Y', 1.52), q('2Y', 1.55), q('3Y', 1.58), q('5Y', 1.66), q('7Y', 1.74), q('10Y', 1.82)],
} satisfies MarketQuotes)!);
const curve = { projection: fr, discount: fr };

describe('carry & roll model', () => {
  it('every tenor of 1Y and more over every horizon, ranked 1..n within each horizon', () => {
    expect(swapTenors(fr)).toEqual(['1Y', '2Y', '3Y', '5Y', '7Y', '10Y']);
    const rows = carryTable(curve, DEFAULT_CARRY);
    for (const h of HORIZONS) {
      const g = rows.filter((r) => r.horizon === h);
      expect(g.map((r) => r.rank)).toEqual(g.map((_, i) => i + 1));
      for (let i = 1; i < g.length; i++) expect(g[i - 1].totalBp).toBeGreaterThanOrEqual(g[i].totalBp);
    }
    expect(rows.filter((r) => r.horizon === '1Y').map((r) => r.tenor)).not.toContain('1Y');
  });

  it('an upward curve rolls down in favour of the receiver; the payer is the mirror', () => {
    const rec = carryTable(curve, DEFAULT_CARRY).find((r) => r.horizon === '1Y' && r.tenor === '10Y')!;
    const pay = carryTable(curve, { ...DEFAULT_CARRY, side: 'payer' }).find((r) => r.horizon === '1Y' && r.tenor === '10Y')!;
    expect(rec.rollBp).toBeGreaterThan(0);
    expect(pay.totalBp).toBeCloseTo(-rec.totalBp, 9);
    const { x, series } = chartSeries(carryTable(curve, DEFAULT_CARRY), swapTenors(fr));
    expect(x.length).toBe(6);
    expect(series[3][0]).toBeNull();
  });
});

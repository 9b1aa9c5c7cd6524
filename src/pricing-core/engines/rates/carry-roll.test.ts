import { describe, expect, it } from 'vitest';
import { HOLIDAY_SEED } from '../../dates/holiday-seed';
import { calendarLookup } from '../../market/curves/conventions';
import { buildCurve } from '../../market/curves/curve-definition';
import { SAMPLE_CURVES } from '../../market/curves/sample-curves';
import { carryRoll } from './carry-roll';
import { priceIrs } from './irs';

const calendars = calendarLookup(HOLIDAY_SEED);

describe('carry and roll-down', () => {
  const fr = buildCurve(SAMPLE_CURVES.FR007, { calendars });
  const rows = carryRoll({ discount: fr }, { tenors: ['1Y', '2Y', '3Y', '5Y', '7Y', '10Y'] });
  it('roll-down is S(T) - S(T - h) from the IRS model\'s own par rates; positive for receivers on an upward curve', () => {
    const par = (tenor: string) => priceIrs({ index: 'FR007', tenor, notional: 1, fixedRate: 0, payer: true }, { discount: fr }, { keyRates: false }).valuation.parRate;
    const r = rows.find((x) => x.tenor === '5Y' && x.horizon === '6M')!;
    expect(r.parRate).toBeCloseTo(par('5Y'), 14);
    expect(r.rolledParRate).toBeCloseTo(par('54M'), 14);
    expect(r.rollBp).toBeCloseTo((par('5Y') - par('54M')) * 1e4, 10);
    for (const x of rows) expect(x.rollBp).toBeGreaterThan(0);
    // money and bp agree through the DV01 at the horizon
    for (const x of rows) expect(x.totalPnl / x.dv01AtHorizon).toBeCloseTo(x.totalBp, 10);
  });
  it('carry: fixed at S(T) against the float forward over the horizon; longer horizons carry more money', () => {
    const three = rows.filter((x) => x.tenor === '10Y').map((x) => x.carryPnl);
    expect(three[0]).toBeLessThan(three[1]);
    expect(three[1]).toBeLessThan(three[2]);
    expect(rows.find((x) => x.tenor === '10Y' && x.horizon === '3M')!.carryBp).toBeGreaterThan(0); // 10Y rate above the 3M repo forward
  });
  it('ranked within each horizon; payers mirror receivers; horizons at or beyond the tenor are skipped', () => {
    for (const h of ['1M', '3M', '6M', '1Y']) {
      const g = rows.filter((x) => x.horizon === h).sort((a, b) => a.rank - b.rank);
      expect(g.map((x) => x.rank)).toEqual(g.map((_, i) => i + 1));
      for (let i = 1; i < g.length; i++) expect(g[i].totalBp).toBeLessThanOrEqual(g[i - 1].totalBp);
    }
    expect(rows.some((x) => x.tenor === '1Y' && x.horizon === '1Y')).toBe(false);
    const payers = carryRoll({ discount: fr }, { tenors: ['5Y'], horizons: ['3M'], side: 'payer' });
    const recv = rows.find((x) => x.tenor === '5Y' && x.horizon === '3M')!;
    expect(payers[0].totalPnl).toBeCloseTo(-recv.totalPnl, 6);
  });
  it('a flat curve has no roll-down to speak of', () => {
    const flat = buildCurve({ ...SAMPLE_CURVES.FR007, instruments: SAMPLE_CURVES.FR007.instruments.map((i) => ({ ...i, quote: 0.018 })) }, { calendars });
    for (const x of carryRoll({ discount: flat }, { tenors: ['2Y', '5Y', '10Y'] })) expect(Math.abs(x.rollBp)).toBeLessThan(0.05);
  });
});

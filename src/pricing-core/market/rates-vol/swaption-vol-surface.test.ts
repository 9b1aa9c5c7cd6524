import { describe, expect, it } from 'vitest';
import { HOLIDAY_SEED } from '../../dates/holiday-seed';
import { calendarLookup } from '../curves/conventions';
import { SwaptionVolSurface } from './swaption-vol-surface';
import { sabrNormalVol } from '../sabr/sabr';

const cny = calendarLookup(HOLIDAY_SEED)('CNY');
const data = {
  index: 'FR007', asOf: '2025-06-20', volType: 'normal', expiries: ['1M', '1Y', '5Y'], tenors: ['1Y', '5Y', '10Y'],
  atm: [[0.004, 0.0045, 0.0048], [0.005, 0.0052, 0.0053], [0.0058, 0.0057, 0.0055]],
};

describe('swaption vol surface', () => {
  it('returns the grid at its nodes, is linear in total variance along expiries, flat outside', () => {
    const s = new SwaptionVolSurface(data, cny);
    s.expiryTimes.forEach((t, i) => s.tenorYears.forEach((n, j) => expect(s.atmVol(t, n)).toBeCloseTo(data.atm[i][j], 15)));
    const [t0, t1] = [s.expiryTimes[1], s.expiryTimes[2]];
    const t = 0.3 * t0 + 0.7 * t1;
    const w = 0.3 * 0.0052 ** 2 * t0 + 0.7 * 0.0057 ** 2 * t1;
    expect(s.atmVol(t, 5)).toBeCloseTo(Math.sqrt(w / t), 15);
    expect(s.atmVol(s.expiryTimes[1], 7.5)).toBeCloseTo(0.5 * (0.0052 + 0.0053), 15); // linear along tenors
    expect(s.atmVol(0.001, 0.5)).toBe(0.004);
    expect(s.atmVol(30, 40)).toBe(0.0055);
  });
  it('with a SABR smile: alpha reproduces the ATM vol at every point; the smile is the SABR one', () => {
    const s = new SwaptionVolSurface({ ...data, sabr: { beta: 0, rho: [[-0.1, -0.2, -0.25], [-0.1, -0.2, -0.25], [0, -0.1, -0.2]], nu: [[0.6, 0.5, 0.45], [0.5, 0.4, 0.35], [0.4, 0.3, 0.3]] } }, cny);
    for (const [t, n, f] of [[0.2, 2, 0.016], [3, 7, -0.001], [0.9, 1, 0.02]]) {
      expect(s.vol(t, n, f, f)).toBeCloseTo(s.atmVol(t, n), 14);
      const p = s.sabrAt(t, n, f)!;
      expect(s.vol(t, n, f, f + 0.01)).toBeCloseTo(sabrNormalVol(p, f, f + 0.01, t), 15);
    }
    // a skewed smile: rho < 0 makes low strikes dearer in normal vol than high ones
    expect(s.vol(1, 5, 0.018, 0.008)).toBeGreaterThan(s.vol(1, 5, 0.018, 0.028));
  });
  it('refuses malformed surfaces', () => {
    expect(() => new SwaptionVolSurface({ ...data, atm: [[0.004]] }, cny)).toThrow(/3 x 3/);
    expect(() => new SwaptionVolSurface({ ...data, expiries: ['1Y', '1M', '5Y'] }, cny)).toThrow(/increase/);
    expect(() => new SwaptionVolSurface({ ...data, shift: 0.01 }, cny)).toThrow(/shift/);
    expect(() => new SwaptionVolSurface({ ...data, volType: 'sabr' }, cny)).toThrow(/volType/);
  });
});

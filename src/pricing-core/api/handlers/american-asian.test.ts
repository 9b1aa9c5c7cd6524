import { describe, expect, it } from 'vitest';
import { priceOne } from '../price-request';

const vanilla = { type: 'put', spot: 100, strike: 100, t: 1, rd: 0.05, rf: 0.01, vol: 0.2 };

describe('PRICING-CLI american', () => {
  it('prices every method and orders them sensibly against the European', () => {
    const eu = priceOne({ model: 'vanilla', ...vanilla }).npv as number;
    for (const method of ['baw', 'bjerksund_stensland_1993', 'bjerksund_stensland_2002', 'numerical']) {
      const r = priceOne({ model: 'american', ...vanilla, method });
      expect(Object.keys(r)).toEqual(['npv']);
      expect(r.npv as number).toBeGreaterThan(eu);
    }
  });
  it('rejects an unknown method or a missing field with an error line', () => {
    expect(priceOne({ model: 'american', ...vanilla, method: 'tree' }).error).toMatch(/method/);
    expect(priceOne({ model: 'american', ...vanilla, spot: undefined, method: 'baw' }).error).toMatch(/spot/);
  });
});

describe('PRICING-CLI asian', () => {
  const base = { model: 'asian', type: 'call', spot: 100, strike: 100, t: 1, rd: 0.05, rf: 0.02, vol: 0.25 };
  it('geometric continuous and discrete give npv only', () => {
    expect(Object.keys(priceOne({ ...base, average: 'geometric', continuous: true }))).toEqual(['npv']);
    expect(Object.keys(priceOne({ ...base, average: 'geometric', fixings: [0.5, 1] }))).toEqual(['npv']);
  });
  it('arithmetic by MC reports stderr and is reproducible per seed', () => {
    const req = { ...base, average: 'arithmetic', fixings: [0, 0.25, 0.5, 0.75, 1], paths: 4096, seed: 7 };
    const a = priceOne(req);
    expect(a.stderr as number).toBeGreaterThan(0);
    expect(priceOne(req)).toEqual(a);
  });
  it('arithmetic continuous is Turnbull-Wakeman (no stderr)', () => {
    const r = priceOne({ ...base, average: 'arithmetic', continuous: true });
    expect(Object.keys(r)).toEqual(['npv']);
  });
  it('rejects fixings outside [0, t] and both continuous and fixings', () => {
    expect(priceOne({ ...base, average: 'arithmetic', fixings: [0.5, 1.5] }).error).toMatch(/fixings/);
    expect(priceOne({ ...base, average: 'geometric', continuous: true, fixings: [1] }).error).toMatch(/either/);
  });
});

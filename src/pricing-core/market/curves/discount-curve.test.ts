import { describe, expect, it } from 'vitest';
import { DiscountCurve } from './discount-curve';

describe('DiscountCurve', () => {
  const nodes: [number, number][] = [[0, 0.02], [1, 0.03], [5, 0.04]];
  it('log-linear discount factors: flat forwards between nodes, last forward beyond', () => {
    const c = DiscountCurve.fromZeroRates(nodes);
    expect(c.discount(0)).toBe(1);
    expect(c.discount(1)).toBeCloseTo(Math.exp(-0.03), 15);
    // Forward on [1, 5] is (0.2 - 0.03)/4 = 0.0425; at 3: exp(-0.03 - 2 * 0.0425).
    expect(c.discount(3)).toBeCloseTo(Math.exp(-0.03 - 2 * 0.0425), 15);
    expect(c.discount(7)).toBeCloseTo(Math.exp(-0.2 - 2 * 0.0425), 15);
    expect(c.forwardRate(1, 5, 4)).toBeCloseTo((Math.exp(0.17) - 1) / 4, 15);
  });
  it('linear zero rates, extrapolated linearly', () => {
    const c = DiscountCurve.fromZeroRates(nodes, 'linearZero');
    expect(c.zeroRate(3)).toBeCloseTo(0.035, 15);
    expect(c.zeroRate(0.5)).toBeCloseTo(0.03, 15); // node 0 takes the first segment's rate
    expect(c.zeroRate(7)).toBeCloseTo(0.045, 15);
  });
  it('parallel shift moves every zero rate by the bump', () => {
    for (const interp of ['logLinearDiscount', 'linearZero'] as const) {
      const c = DiscountCurve.fromZeroRates(nodes, interp);
      const s = c.shifted(1e-4);
      for (const t of [0.3, 1, 2.2, 5, 9]) expect(s.zeroRate(t) - c.zeroRate(t)).toBeCloseTo(1e-4, 13);
    }
  });
  it('validates nodes', () => {
    expect(() => DiscountCurve.fromZeroRates([[0.5, 0.02], [1, 0.02]])).toThrow(/t = 0/);
    expect(() => DiscountCurve.fromZeroRates([[0, 0.02], [1, 0.02], [1, 0.03]])).toThrow(/increase/);
    expect(() => DiscountCurve.fromZeroRates([[0, 0.02], [1, 0.02]]).discount(-1)).toThrow();
  });
});

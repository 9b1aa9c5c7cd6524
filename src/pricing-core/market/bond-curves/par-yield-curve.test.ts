import { describe, expect, it } from 'vitest';
import { discountCurveFromParYields } from './par-yield-curve';

describe('discountCurveFromParYields', () => {
  const curve = { tenors: [0.25, 0.5, 1, 2, 3, 5, 7, 10, 30], yields: [0.013, 0.0135, 0.014, 0.0145, 0.015, 0.016, 0.0172, 0.018, 0.021] };
  const d = discountCurveFromParYields(curve);

  it('reprices an annual par bond at its curve yield to 100 at every whole-year tenor', () => {
    for (const [n, y] of [[1, 0.014], [2, 0.0145], [5, 0.016], [10, 0.018], [30, 0.021]] as const) {
      let p = 100 * d.discount(n);
      for (let i = 1; i <= n; i++) p += 100 * y * d.discount(i);
      expect(p).toBeCloseTo(100, 10);
    }
  });

  it('matches the simple final-period discount under a year', () => {
    expect(d.discount(0.5)).toBeCloseTo(1 / (1 + 0.0135 * 0.5), 14);
  });

  it('a flat par curve gives the flat annual zero rate ln(1 + y)', () => {
    const flat = discountCurveFromParYields({ tenors: [1, 10], yields: [0.02, 0.02] });
    for (const t of [2, 5, 10]) expect(-Math.log(flat.discount(t)) / t).toBeCloseTo(Math.log(1.02), 12);
  });

  it('refuses a curve without yields', () => {
    expect(() => discountCurveFromParYields({ tenors: [], yields: [] })).toThrow(RangeError);
  });
});

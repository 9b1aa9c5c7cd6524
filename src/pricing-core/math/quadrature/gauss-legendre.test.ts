import { describe, expect, it } from 'vitest';
import { gaussLegendre, integrate } from './index';

describe('Gauss-Legendre rule', () => {
  it('Gauss-Legendre is exact for polynomials of degree 2n-1 and its weights sum to 2', () => {
    for (const n of [1, 2, 6, 12, 20, 64]) {
      const rule = gaussLegendre(n);
      expect(rule.weights.reduce((s, w) => s + w, 0)).toBeCloseTo(2, 13);
      const deg = 2 * n - 1;
      // int_0^1 x^deg dx = 1/(deg+1)
      expect(integrate((x) => x ** deg, 0, 1, rule)).toBeCloseTo(1 / (deg + 1), 13);
    }
  });
});

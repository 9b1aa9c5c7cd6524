import { describe, expect, it } from 'vitest';
import { integrateGaussKronrod, integrateToInfinity } from './index';

describe('adaptive Gauss-Kronrod', () => {
  it('integrates smooth and peaked integrands on [a, b] to the default tolerance', () => {
    expect(integrateGaussKronrod(Math.sin, 0, Math.PI)).toBeCloseTo(2, 13);
    // A narrow peak forces bisection: int_{-1}^{1} 1/(1e-4 + x^2) = 2 atan(100) / 1e-2.
    const peaked = integrateGaussKronrod((x) => 1 / (1e-4 + x * x), -1, 1);
    expect(Math.abs(peaked / (200 * Math.atan(100)) - 1)).toBeLessThan(1e-12);
  });

  it('integrates to infinity through the x / (1 - x) map', () => {
    expect(integrateToInfinity((u) => Math.exp(-u), 0)).toBeCloseTo(1, 13);
    expect(integrateToInfinity((u) => 1 / (1 + u * u), 0)).toBeCloseTo(Math.PI / 2, 12);
    expect(integrateToInfinity((u) => Math.exp(-u), 2)).toBeCloseTo(Math.exp(-2), 14);
  });

  it('stops at maxSegments when the tolerance cannot be met', () => {
    // 1/sqrt(x) has an endpoint singularity; one segment gives a crude but finite answer.
    const coarse = integrateGaussKronrod((x) => 1 / Math.sqrt(x), 0, 1, { maxSegments: 1 });
    expect(Number.isFinite(coarse)).toBe(true);
    expect(Math.abs(coarse - 2)).toBeGreaterThan(1e-3);
  });
});

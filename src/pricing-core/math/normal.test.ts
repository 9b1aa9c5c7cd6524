import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normCdf, normInv, normPdf } from './normal';

const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

/** Mills ratio by its continued fraction (Laplace), summed backwards: accurate for x >= 4. */
function lowerTailByContinuedFraction(x: number): number {
  const y = -x;
  let f = y;
  for (let k = 400; k >= 1; k--) f = y + k / f;
  return normPdf(y) / f;
}

describe('normCdf', () => {
  it('matches published values to ~1e-15 relative, deep tail included', () => {
    // Values from high-precision tables of the normal distribution.
    const table: [number, number][] = [
      [0, 0.5],
      [-1, 0.15865525393145705],
      [-5, 2.866515718791939e-7],
      [-10, 7.619853024160526e-24],
      [1.5, 0.9331927987311419],
    ];
    for (const [x, v] of table) expect(rel(normCdf(x), v)).toBeLessThan(3e-15);
  });

  it('agrees with the continued fraction in the lower tail', () => {
    for (let x = -38; x <= -4; x += 0.173) {
      expect(rel(normCdf(x), lowerTailByContinuedFraction(x))).toBeLessThan(5e-15);
    }
  });

  it('is symmetric and monotone', () => {
    fc.assert(fc.property(fc.double({ min: -8, max: 8, noNaN: true }), (x) => {
      expect(Math.abs(normCdf(x) + normCdf(-x) - 1)).toBeLessThan(2e-16);
      expect(normCdf(x + 1e-3)).toBeGreaterThanOrEqual(normCdf(x));
    }));
  });

  it('handles the ends and NaN', () => {
    expect(normCdf(-40)).toBe(0);
    expect(normCdf(40)).toBe(1);
    expect(normCdf(-Infinity)).toBe(0);
    expect(normCdf(Infinity)).toBe(1);
    expect(normCdf(NaN)).toBeNaN();
  });
});

describe('normInv', () => {
  it('inverts normCdf to full precision', () => {
    fc.assert(fc.property(fc.double({ min: -37, max: 0, noNaN: true }), (x) => {
      const p = normCdf(x);
      // the condition number of the round trip grows like x^2 in the tail
      expect(Math.abs(normInv(p) - x)).toBeLessThan(4e-16 * Math.max(1, Math.abs(x)) + 1e-15);
    }), { numRuns: 2000 });
  });

  it('is antisymmetric about 1/2', () => {
    fc.assert(fc.property(fc.double({ min: 0.5, max: 1, maxExcluded: true, noNaN: true }), (p) => {
      expect(normInv(p) + normInv(1 - p)).toBe(0);
    }));
  });

  it('is exact at the ends and rejects p outside [0, 1]', () => {
    expect(normInv(0.5)).toBe(0);
    expect(normInv(0)).toBe(-Infinity);
    expect(normInv(1)).toBe(Infinity);
    expect(normInv(1.1)).toBeNaN();
    expect(normInv(-0.1)).toBeNaN();
    expect(normInv(0.975)).toBeCloseTo(1.959963984540054, 14);
  });
});

describe('normPdf', () => {
  it('keeps relative accuracy in the tails', () => {
    expect(rel(normPdf(0), 0.3989422804014327)).toBeLessThan(1e-16);
    // exp(-450) as a product of exps of exactly representable arguments
    expect(rel(normPdf(-30), 0.3989422804014327 * Math.exp(-400) * Math.exp(-50))).toBeLessThan(2e-15);
  });
});

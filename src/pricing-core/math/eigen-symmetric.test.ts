import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { symmetricEigen } from './eigen-symmetric';

describe('symmetric eigen-decomposition (Jacobi)', () => {
  it('a 2x2 with known eigenpairs', () => {
    // [[2, 1], [1, 2]]: eigenvalues 3 and 1, vectors (1, 1)/sqrt2 and (1, -1)/sqrt2.
    const e = symmetricEigen([2, 1, 1, 2], 2);
    expect(e.values[0]).toBeCloseTo(3, 14);
    expect(e.values[1]).toBeCloseTo(1, 14);
    expect(Math.abs(e.vectors[0][0])).toBeCloseTo(Math.SQRT1_2, 14);
    expect(e.vectors[0][0] * e.vectors[0][1]).toBeGreaterThan(0);
    expect(e.vectors[1][0] * e.vectors[1][1]).toBeLessThan(0);
  });

  it('generated symmetric matrices: A v = lambda v, orthonormal vectors, trace kept, values sorted', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 10 }).chain((n) => fc.tuple(fc.constant(n), fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: n * n, maxLength: n * n }))),
      ([n, entries]) => {
        const a = new Float64Array(n * n);
        for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) a[i * n + j] = 0.5 * (entries[i * n + j] + entries[j * n + i]);
        const { values, vectors } = symmetricEigen(a, n);
        const norm = Math.max(1, ...Array.from(a, Math.abs));
        for (let k = 0; k < n; k++) {
          for (let i = 0; i < n; i++) {
            let av = 0;
            for (let j = 0; j < n; j++) av += a[i * n + j] * vectors[k][j];
            expect(Math.abs(av - values[k] * vectors[k][i])).toBeLessThan(1e-11 * norm * n);
          }
          for (let l = 0; l < n; l++) {
            let dot = 0;
            for (let i = 0; i < n; i++) dot += vectors[k][i] * vectors[l][i];
            expect(Math.abs(dot - (k === l ? 1 : 0))).toBeLessThan(1e-12 * n);
          }
          if (k > 0) expect(values[k]).toBeLessThanOrEqual(values[k - 1]);
        }
        let trace = 0;
        for (let i = 0; i < n; i++) trace += a[i * n + i];
        expect(Math.abs(values.reduce((s, x) => s + x, 0) - trace)).toBeLessThan(1e-11 * norm * n);
      },
    ), { numRuns: 200 });
  });

  it('refuses a non-symmetric matrix', () => {
    expect(() => symmetricEigen([1, 2, 3, 4], 2)).toThrow(/symmetric/);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { luFactor, luSolve, luSolveTransposed, solveLinear } from './linear-algebra';

const matVec = (a: Float64Array, n: number, x: ArrayLike<number>) => Float64Array.from({ length: n }, (_, i) => {
  let s = 0;
  for (let j = 0; j < n; j++) s += a[i * n + j] * x[j];
  return s;
});

describe('LU solve', () => {
  it('solves generated well-conditioned systems (A x = b and x^T A = b^T) to 1e-12', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 12 }).chain((n) => fc.tuple(
        fc.constant(n),
        fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: n * n, maxLength: n * n }),
        fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: n, maxLength: n }),
      )),
      ([n, entries, b]) => {
        // Diagonal dominance keeps the condition number small, so 1e-12 is a fair bound.
        const a = Float64Array.from(entries);
        for (let i = 0; i < n; i++) a[i * n + i] += n + 1;
        const x = solveLinear(a, n, b);
        matVec(a, n, x).forEach((v, i) => expect(Math.abs(v - b[i])).toBeLessThan(1e-12 * (1 + Math.abs(b[i]))));
        const at = Float64Array.from({ length: n * n }, (_, k) => a[(k % n) * n + Math.floor(k / n)]);
        const y = luSolveTransposed(luFactor(a, n), b);
        matVec(at, n, y).forEach((v, i) => expect(Math.abs(v - b[i])).toBeLessThan(1e-12 * (1 + Math.abs(b[i]))));
      },
    ), { numRuns: 200 });
  });
  it('needs pivoting for a zero leading entry, and refuses a singular matrix', () => {
    const x = luSolve(luFactor(Float64Array.from([0, 1, 1, 0]), 2), [2, 3]);
    expect(Array.from(x)).toEqual([3, 2]);
    expect(() => luFactor(Float64Array.from([1, 2, 2, 4]), 2)).toThrow(/singular/);
  });
});

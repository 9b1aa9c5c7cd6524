import { describe, expect, it } from 'vitest';
import { SobolSequence } from './sobol';

describe('SobolSequence (Joe-Kuo D6 direction numbers)', () => {
  it('reproduces the first points of the unscrambled sequence (as SciPy generates them)', () => {
    // scipy.stats.qmc.Sobol(d=8, scramble=False).random(8); ours are offset by half a
    // 2^-32 step so no coordinate is exactly 0.
    const expected = [
      [0, 0, 0, 0, 0, 0, 0, 0], [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5],
      [0.75, 0.25, 0.25, 0.25, 0.75, 0.75, 0.25, 0.75], [0.25, 0.75, 0.75, 0.75, 0.25, 0.25, 0.75, 0.25],
      [0.375, 0.375, 0.625, 0.875, 0.375, 0.125, 0.375, 0.875], [0.875, 0.875, 0.125, 0.375, 0.875, 0.625, 0.875, 0.375],
      [0.625, 0.125, 0.875, 0.625, 0.625, 0.875, 0.125, 0.125], [0.125, 0.625, 0.375, 0.125, 0.125, 0.375, 0.625, 0.625],
    ];
    const s = new SobolSequence(8);
    s.skipTo(0);
    const x = new Float64Array(8);
    for (const row of expected) {
      s.next(x);
      for (let d = 0; d < 8; d++) expect(Math.abs(x[d] - row[d])).toBeLessThan(2 ** -32);
    }
  });

  it('matches SciPy at high dimensions (dimensions 9, 100, 500, 1024; points 37, 555, 1023)', () => {
    // scipy.stats.qmc.Sobol(d=1024, scramble=False).random(1024)[i][[8, 99, 499, 1023]]
    const expected: [number, number[]][] = [
      [37, [0.609375, 0.171875, 0.234375, 0.734375]],
      [555, [0.1748046875, 0.0908203125, 0.7841796875, 0.9423828125]],
      [1023, [0.3447265625, 0.5302734375, 0.4736328125, 0.9951171875]],
    ];
    const s = new SobolSequence(1024);
    const x = new Float64Array(1024);
    for (const [index, values] of expected) {
      s.skipTo(index);
      s.next(x);
      [8, 99, 499, 1023].forEach((d, j) => expect(Math.abs(x[d] - values[j])).toBeLessThan(2 ** -32));
    }
  });

  it('starts anywhere: skipTo(n) gives the same points as stepping from 0', () => {
    const dim = 300;
    const a = new SobolSequence(dim, 99);
    a.skipTo(0);
    const b = new SobolSequence(dim, 99);
    const xa = new Float64Array(dim), xb = new Float64Array(dim);
    for (let i = 0; i < 1000; i++) a.next(xa);
    b.skipTo(1000);
    for (let i = 0; i < 5; i++) {
      a.next(xa);
      b.next(xb);
      expect(Array.from(xb)).toEqual(Array.from(xa));
    }
  });

  it('is equidistributed: each coordinate of the first 2^12 points hits every 1/64 bin 64 times', () => {
    const dim = 1024;
    const s = new SobolSequence(dim);
    s.skipTo(0);
    const x = new Float64Array(dim);
    const counts = new Uint16Array(dim * 64);
    for (let i = 0; i < 4096; i++) {
      s.next(x);
      for (let d = 0; d < dim; d++) counts[d * 64 + Math.floor(x[d] * 64)]++;
    }
    expect(counts.every((c) => c === 64)).toBe(true);
  });
});

// Student-t tails against scipy.stats.t (2 * t.sf(|t|, df), scipy 1.10), from tiny t to the
// far tail and from 1 to ~2,500 degrees of freedom; the regressions need 1e-10 or better.
import { describe, expect, it } from 'vitest';
import { incompleteBeta, lnGamma, studentTCdf, studentTTwoSided } from './student-t';

const SCIPY: [number, number, number][] = [
  [0.5, 1, 0.7048327646991336], [2.0, 1, 0.2951672353008664], [1e-8, 3, 0.999999992648948], [0.3, 3, 0.783763292039919],
  [2.5, 5, 0.054490099342376204], [-4.2, 10, 0.0018286964802676031], [1.96, 30, 0.05934231289605053],
  [3.3, 248, 0.0011088984090635013], [0.01, 2487, 0.9920220894257472], [5.0, 2487, 6.132352448972794e-07],
  [12.0, 60, 1.3786322641817707e-17], [40.0, 498, 1.236576694862006e-157], [0.7056, 1, 0.6088134001115373],
  [17.0, 1, 0.037405118482553346],
];

describe('Student-t distribution', () => {
  it.each(SCIPY)('two-sided tail at t = %s, df = %s', (t, df, p) => {
    const got = studentTTwoSided(t, df);
    expect(Math.abs(got - p)).toBeLessThan(1e-12);
    if (p > 1e-300) expect(Math.abs(got / p - 1)).toBeLessThan(1e-11); // the far tail stays relative
  });
  it('cdf is symmetric and monotone', () => {
    expect(studentTCdf(0, 7)).toBe(0.5);
    expect(studentTCdf(1.3, 7) + studentTCdf(-1.3, 7)).toBeCloseTo(1, 15);
    expect(studentTCdf(1.31, 7)).toBeGreaterThan(studentTCdf(1.3, 7));
  });
  it('lnGamma and the incomplete beta at known values', () => {
    expect(lnGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 14);
    expect(lnGamma(10)).toBeCloseTo(Math.log(362880), 12);
    // I_x(1, 1) = x, I_x(a, 1) = x^a
    expect(incompleteBeta(1, 1, 0.3)).toBeCloseTo(0.3, 15);
    expect(incompleteBeta(2.5, 1, 0.4)).toBeCloseTo(0.4 ** 2.5, 15);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bachelierFormula, blackFormula, impliedBlackVol, impliedNormalVol } from './rate-option-formulas';
import { ql } from '../../dates/testing/quantlib-peer';

const type = (w: 1 | -1) => (w === 1 ? ql.Option.Type.Call : ql.Option.Type.Put);

describe('rate option formulas vs QuantLib blackFormula / bachelierBlackFormula', () => {
  it('shifted Black and Bachelier values, negative forwards and strikes included (1e-14 absolute per unit)', () => {
    fc.assert(fc.property(
      fc.constantFrom<1 | -1>(1, -1), fc.double({ min: -0.01, max: 0.08, noNaN: true }), fc.double({ min: -0.01, max: 0.08, noNaN: true }),
      fc.double({ min: 0.001, max: 1, noNaN: true }), fc.double({ min: 0.0005, max: 0.03, noNaN: true }), fc.double({ min: 0.01, max: 30, noNaN: true }),
      (w, F, K, volB, volN, T) => {
        const shift = 0.02;
        const b = blackFormula(w, F, K, volB, T, shift).value;
        expect(Math.abs(b - ql.blackFormula1(type(w), K, F, volB * Math.sqrt(T), 1, shift))).toBeLessThan(1e-14);
        const n = bachelierFormula(w, F, K, volN, T).value;
        expect(Math.abs(n - ql.bachelierBlackFormula1(type(w), K, F, volN * Math.sqrt(T), 1))).toBeLessThan(1e-14);
      },
    ), { numRuns: 500 });
  });
});

describe('rate option formulas: greeks, parity, limits', () => {
  it('greeks equal finite differences; call - put = F - K for both models', () => {
    fc.assert(fc.property(
      fc.double({ min: -0.005, max: 0.06, noNaN: true }), fc.double({ min: -0.005, max: 0.06, noNaN: true }),
      fc.double({ min: 0.05, max: 0.8, noNaN: true }), fc.double({ min: 0.002, max: 0.02, noNaN: true }), fc.double({ min: 0.1, max: 10, noNaN: true }),
      (F, K, volB, volN, T) => {
        const s = 0.01;
        for (const [f, vol] of [[(w: 1 | -1, x: number, v: number, t: number) => blackFormula(w, x, K, v, t, s), volB], [(w: 1 | -1, x: number, v: number, t: number) => bachelierFormula(w, x, K, v, t), volN]] as const) {
          const c = f(1, F, vol, T), p = f(-1, F, vol, T);
          expect(c.value - p.value).toBeCloseTo(F - K, 14);
          const h = 1e-6 * Math.max(Math.abs(F) + s, 1e-3), hv = 1e-5 * vol, ht = 1e-5 * T;
          expect(c.delta).toBeCloseTo((f(1, F + h, vol, T).value - f(1, F - h, vol, T).value) / (2 * h), 7);
          expect(c.gamma * 1e-3).toBeCloseTo((f(1, F + h, vol, T).delta - f(1, F - h, vol, T).delta) / (2 * h) * 1e-3, 5);
          expect(c.vega).toBeCloseTo((f(1, F, vol + hv, T).value - f(1, F, vol - hv, T).value) / (2 * hv), 7);
          expect(c.theta).toBeCloseTo(-(f(1, F, vol, T + ht).value - f(1, F, vol, T - ht).value) / (2 * ht), 7);
        }
      },
    ), { numRuns: 200 });
  });
  it('at expiry or zero vol: intrinsic value, step delta', () => {
    expect(blackFormula(1, 0.03, 0.02, 0.3, 0).value).toBeCloseTo(0.01, 16);
    expect(bachelierFormula(-1, 0.01, 0.02, 0, 2)).toEqual({ value: 0.01, delta: -1, gamma: 0, vega: 0, theta: 0 });
  });
  it('ATM straddle = 2 x ATM call; Bachelier ATM = vol sqrt(T / 2 pi)', () => {
    const c = bachelierFormula(1, 0.01, 0.01, 0.008, 4).value, p = bachelierFormula(-1, 0.01, 0.01, 0.008, 4).value;
    expect(c + p).toBeCloseTo(2 * c, 16);
    expect(c).toBeCloseTo(0.008 * Math.sqrt(4 / (2 * Math.PI)), 16);
  });
  it('black refuses non-positive shifted forward or strike', () => {
    expect(() => blackFormula(1, -0.01, 0.01, 0.2, 1)).toThrow(/forward \+ shift/);
    expect(() => blackFormula(1, 0.01, -0.01, 0.2, 1, 0.005)).toThrow(/strike \+ shift/);
  });
  it('implied vols invert the formulas (1e-10 relative)', () => {
    fc.assert(fc.property(
      fc.constantFrom<1 | -1>(1, -1), fc.double({ min: -0.01, max: 0.05, noNaN: true }), fc.double({ min: 0.8, max: 1.25, noNaN: true }),
      fc.double({ min: 0.05, max: 0.6, noNaN: true }), fc.double({ min: 0.002, max: 0.02, noNaN: true }), fc.double({ min: 0.25, max: 10, noNaN: true }),
      (w, F, kr, volB, volN, T) => {
        const s = 0.02, K = (F + s) * kr - s;
        // The bound adds the conditioning: a premium known to a few ulps fixes the vol only to
        // ulps x premium / (vega x vol), large deep in or out of the money.
        const bound = (g: { value: number; vega: number }, vol: number) => 1e-10 + (8 * Number.EPSILON * g.value) / (g.vega * vol);
        // (Where that bound passes 10%, or the time value is lost in the premium's own rounding,
        // the premium holds no usable vol information: skipped.)
        const informative = (g: { value: number }, intrinsic: number) => g.value - intrinsic > 16 * Number.EPSILON * g.value;
        const gb = blackFormula(w, F, K, volB, T, s);
        if (gb.vega > 0 && bound(gb, volB) < 0.1 && informative(gb, Math.max(w * (F - K), 0))) expect(Math.abs(impliedBlackVol(w, gb.value, F, K, T, s) / volB - 1)).toBeLessThan(bound(gb, volB));
        const gn = bachelierFormula(w, F, K, volN, T);
        if (gn.vega > 0 && bound(gn, volN) < 0.1 && informative(gn, Math.max(w * (F - K), 0))) expect(Math.abs(impliedNormalVol(w, gn.value, F, K, T) / volN - 1)).toBeLessThan(bound(gn, volN));
      },
    ), { numRuns: 300 });
  });
});

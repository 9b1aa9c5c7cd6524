import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { impliedVolatility, normalizedImpliedStdDev } from './implied-vol';
import { normalizedBlackCall } from './normalized-black';
import { blackScholesPrice } from './black-scholes';
import { peerEuropeanOption, peerImpliedVol, peerMarket, setMarket } from '../../testing/quantlib-peer';
import type { OptionType } from '../../core/types';

describe('implied volatility', () => {
  it('inverts the normalised Black function across moneyness and total volatility', () => {
    for (const x of [-1e-10, -1e-4, -0.05, -0.3, -1, -3, -8, -20, -60]) {
      for (const s of [1e-3, 0.01, 0.05, 0.1, 0.3, 0.7, 1, 2, 4, 8]) {
        const b = normalizedBlackCall(x, s);
        if (!(b > 1e-300)) continue; // below the smallest normal double: no information left
        const solved = normalizedImpliedStdDev(x, b);
        expect(Math.abs(solved - s) / s).toBeLessThan(1e-11);
      }
    }
  });

  it('round-trips premiums from deep in to deep out of the money, tiny premiums included', () => {
    const option = fc.record({
      type: fc.constantFrom<OptionType>('call', 'put'),
      spot: fc.double({ min: 0.01, max: 1e4, noNaN: true }),
      moneyness: fc.double({ min: -3, max: 3, noNaN: true }),
      t: fc.double({ min: 1 / 365, max: 30, noNaN: true }),
      rd: fc.double({ min: -0.05, max: 0.2, noNaN: true }),
      rf: fc.double({ min: -0.05, max: 0.2, noNaN: true }),
      vol: fc.double({ min: 0.01, max: 2, noNaN: true }),
    });
    fc.assert(fc.property(option, (o) => {
      const k = o.spot * Math.exp(o.moneyness);
      const price = blackScholesPrice(o.type, o.spot, k, o.t, o.rd, o.rf, o.vol);
      // The time value must carry information: skip premiums equal to intrinsic in doubles.
      const other = o.type === 'call' ? 'put' : 'call';
      const otm = Math.min(price, blackScholesPrice(other, o.spot, k, o.t, o.rd, o.rf, o.vol));
      fc.pre(otm > 1e-250 && otm > 1e-13 * price);
      const vol = impliedVolatility(o.type, price, o.spot, k, o.t, o.rd, o.rf);
      // The premium is reproduced; the vol itself to the premium's conditioning (the relative
      // vol error is the relative premium error divided by the premium's vol-elasticity).
      const back = blackScholesPrice(o.type, o.spot, k, o.t, o.rd, o.rf, vol);
      // (allowance: the premium formula's own rounding, ~1e-16 of its two terms)
      const terms = o.spot * Math.exp(-o.rf * o.t) + k * Math.exp(-o.rd * o.t);
      expect(Math.abs(back - price)).toBeLessThanOrEqual(4e-15 * price + 4e-16 * terms);
      const h = 1e-6 * o.vol;
      const elasticity = (o.vol * (blackScholesPrice(o.type, o.spot, k, o.t, o.rd, o.rf, o.vol + h) - blackScholesPrice(o.type, o.spot, k, o.t, o.rd, o.rf, o.vol - h))) / (2 * h * price);
      const premiumAccuracy = 1e-14 + (1e-15 * terms) / price;
      if (elasticity > 1e-3) expect(Math.abs(vol - o.vol) / o.vol).toBeLessThan(premiumAccuracy / elasticity + 1e-12);
    }), { numRuns: 3000 });
  });

  it('solves extreme cases: 1e-200 premiums, 99.9% intrinsic, at the money', () => {
    // A 1e-200 premium: d ln(premium) / d ln(vol) is ~ x^2 / s^2 ~ 900 here, so the vol's
    // rounding (1e-16) shows as ~1e-13 in the premium; allow 1e-10.
    const v1 = impliedVolatility('call', 1e-200, 100, 300, 1, 0, 0);
    expect(Math.abs(blackScholesPrice('call', 100, 300, 1, 0, 0, v1) / 1e-200 - 1)).toBeLessThan(1e-10);
    const p = blackScholesPrice('put', 100, 100, 2, 0.01, 0.01, 0.3);
    expect(impliedVolatility('put', p, 100, 100, 2, 0.01, 0.01)).toBeCloseTo(0.3, 14);
    const deep = blackScholesPrice('call', 100, 30, 1, 0, 0, 0.5); // 99.9% intrinsic
    expect(deep / 70 - 1).toBeLessThan(2e-3);
    expect(impliedVolatility('call', deep, 100, 30, 1, 0, 0)).toBeCloseTo(0.5, 9);
  });

  it('agrees with QuantLib VanillaOption.impliedVolatility where QuantLib converges', () => {
    const m = peerMarket();
    const cases = fc.sample(fc.record({
      type: fc.constantFrom<OptionType>('call', 'put'),
      // (deeper in the money the time value drops below double precision of the premium)
      // (QuantLib's own premiums go negative, ~-2e-15, for deep out-of-the-money low-vol puts)
      moneyness: fc.double({ min: -0.15, max: 0.15, noNaN: true }),
      days: fc.integer({ min: 60, max: 1000 }),
      rd: fc.double({ min: 0, max: 0.08, noNaN: true }),
      rf: fc.double({ min: 0, max: 0.08, noNaN: true }),
      vol: fc.double({ min: 0.1, max: 0.8, noNaN: true }),
    }), { numRuns: 200, seed: 7 });
    for (const c of cases) {
      const k = 100 * Math.exp(c.moneyness);
      setMarket(m, 100, c.rd, c.rf, c.vol);
      const o = peerEuropeanOption(m, c.type, k, c.days);
      const price = o.NPV();
      const ql = peerImpliedVol(m, o, price);
      const ours = impliedVolatility(c.type, price, 100, k, c.days / 365, c.rd, c.rf);
      // QuantLib's Brent stops at its 1e-12 accuracy on the price, not the vol.
      expect(Math.abs(ours - ql)).toBeLessThan(1e-8);
      expect(Math.abs(ours - c.vol)).toBeLessThan(1e-11);
    }
  });

  it('rejects premiums outside the no-arbitrage range', () => {
    expect(() => impliedVolatility('call', 5, 100, 90, 1, 0, 0)).toThrow(/intrinsic/);
    expect(() => impliedVolatility('call', 101, 100, 90, 1, 0, 0)).toThrow(/maximum/);
    expect(() => impliedVolatility('put', 1, 100, 90, 0, 0, 0)).toThrow(/t must be positive/);
    expect(impliedVolatility('call', 10, 100, 90, 1, 0, 0)).toBe(0);
  });
});

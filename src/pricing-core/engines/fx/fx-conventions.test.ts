import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { atmStrike, fxDelta, maxDeltaStrike, premiumQuotes, priceFxVanilla, strikeFromDelta, type DeltaConvention } from './fx-conventions';
import { forwardFromMoneyMarket, outrightFromSwapPoints, priceFxSwap, swapPointsFromOutright, swapPointsFromRates } from './fx-forward';
import { blackScholesPrice } from '../black/black-scholes';

const market = fc.record({
  spot: fc.double({ min: 0.5, max: 150, noNaN: true }),
  t: fc.double({ min: 0.02, max: 5, noNaN: true }),
  rd: fc.double({ min: -0.02, max: 0.1, noNaN: true }),
  rf: fc.double({ min: -0.02, max: 0.1, noNaN: true }),
  vol: fc.double({ min: 0.03, max: 0.6, noNaN: true }),
});
const conventions: DeltaConvention[] = ['spot', 'forward', 'spotPremiumAdjusted', 'forwardPremiumAdjusted'];

describe('FX conventions', () => {
  it('strike from delta inverts the delta in all four conventions, calls and puts', () => {
    fc.assert(fc.property(market, fc.double({ min: 0.05, max: 0.45, noNaN: true }), fc.constantFrom(...conventions), (m, d, conv) => {
      for (const [type, delta] of [['call', d], ['put', -d]] as const) {
        if (type === 'call' && conv.endsWith('PremiumAdjusted')) {
          // deltas above the maximum premium-adjusted call delta have no strike (tested below)
          const kMax = maxDeltaStrike(m.spot * Math.exp((m.rd - m.rf) * m.t), m.vol * Math.sqrt(m.t));
          if (delta >= fxDelta('call', kMax, m, conv) * (1 - 1e-9)) continue;
        }
        const k = strikeFromDelta(type, delta, m, conv);
        expect(Math.abs(fxDelta(type, k, m, conv) - delta)).toBeLessThan(1e-12);
      }
    }), { numRuns: 300 });
  });

  it('premium-adjusted call: picks the strike right of the max-delta strike and rejects deltas above the maximum', () => {
    const m = { spot: 1.3, t: 2, rd: 0.01, rf: 0.03, vol: 0.5 };
    const fwd = 1.3 * Math.exp(-0.04);
    const kMax = maxDeltaStrike(fwd, 0.5 * Math.sqrt(2));
    const dMax = fxDelta('call', kMax, m, 'forwardPremiumAdjusted');
    // the maximum is a maximum
    expect(fxDelta('call', kMax * 1.01, m, 'forwardPremiumAdjusted')).toBeLessThan(dMax);
    expect(fxDelta('call', kMax * 0.99, m, 'forwardPremiumAdjusted')).toBeLessThan(dMax);
    const k = strikeFromDelta('call', 0.9 * dMax, m, 'forwardPremiumAdjusted');
    expect(k).toBeGreaterThan(kMax);
    expect(() => strikeFromDelta('call', 1.01 * dMax, m, 'forwardPremiumAdjusted')).toThrow(/maximum/);
  });

  it('premium-adjusted spot delta = spot delta minus premium in foreign', () => {
    fc.assert(fc.property(market, fc.double({ min: -0.5, max: 0.5, noNaN: true }), (m, x) => {
      const k = m.spot * Math.exp(x);
      const v = priceFxVanilla('call', k, m);
      expect(Math.abs(fxDelta('call', k, m, 'spotPremiumAdjusted') - v.delta.spotPremiumAdjusted)).toBeLessThan(1e-12);
    }), { numRuns: 200 });
  });

  it('ATM delta-neutral straddles have zero total delta', () => {
    fc.assert(fc.property(market, (m) => {
      const k = atmStrike(m, 'deltaNeutral');
      expect(Math.abs(fxDelta('call', k, m, 'forward') + fxDelta('put', k, m, 'forward'))).toBeLessThan(1e-12);
      const kp = atmStrike(m, 'deltaNeutralPremiumAdjusted');
      expect(Math.abs(fxDelta('call', kp, m, 'forwardPremiumAdjusted') + fxDelta('put', kp, m, 'forwardPremiumAdjusted'))).toBeLessThan(1e-12);
    }), { numRuns: 200 });
  });

  it('quotes the premium six ways consistently', () => {
    const q = premiumQuotes(0.0125, 1.25, 1.3, 1e6);
    expect(q.domAmount).toBeCloseTo(12500, 8);
    expect(q.forAmount).toBeCloseTo(10000, 8);
    expect(q.pctFor).toBeCloseTo(0.01, 15);
    expect(q.pctDom).toBeCloseTo(0.0125 / 1.3, 15);
    expect(q.domPips).toBeCloseTo(125, 10);
    expect(q.forPips).toBeCloseTo(0.0125 / (1.25 * 1.3) * 1e4, 10);
  });
});

describe('FX forwards and swaps', () => {
  it('converts between outrights and swap points', () => {
    expect(outrightFromSwapPoints(1.1, 55.2)).toBeCloseTo(1.10552, 14);
    expect(swapPointsFromOutright(1.1, 1.10552)).toBeCloseTo(55.2, 9);
    expect(swapPointsFromRates(1.1, 0.5, 0.05, 0.03)).toBeCloseTo((1.1 * Math.exp(0.01) - 1.1) * 1e4, 9);
    expect(forwardFromMoneyMarket(1.1, 0.05, 0.5, 0.03, 0.5)).toBeCloseTo((1.1 * 1.025) / 1.015, 14);
  });

  it('an FX swap at fair rates is worth zero; an off-market far rate is worth its discounted difference', () => {
    const fair = priceFxSwap(1e6, 1.1, 0.01, 1, 0.05, 0.03);
    expect(Math.abs(fair.npv)).toBeLessThan(1e-8);
    const off = priceFxSwap(1e6, 1.1, 0.01, 1, 0.05, 0.03, { far: fair.farRate + 0.001 });
    expect(off.npv).toBeCloseTo(1e6 * 0.001 * Math.exp(-0.05), 6);
  });

  it('forward-start parity: call - put = discounted (F - K)', () => {
    const m = { spot: 1.2, t: 1, rd: 0.04, rf: 0.01, vol: 0.1 };
    const fwd = 1.2 * Math.exp(0.03);
    const cp = blackScholesPrice('call', 1.2, 1.25, 1, 0.04, 0.01, 0.1) - blackScholesPrice('put', 1.2, 1.25, 1, 0.04, 0.01, 0.1);
    expect(cp).toBeCloseTo((fwd - 1.25) * Math.exp(-0.04), 14);
    expect(atmStrike(m, 'forward')).toBeCloseTo(fwd, 14);
  });
});

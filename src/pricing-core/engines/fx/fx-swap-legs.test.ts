import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromISO } from '../../dates/date';
import { forwardFromMoneyMarket } from './fx-forward';
import { fxSwapLegs, outrightByParity, pointCurve, pointsAt } from './fx-swap-legs';

const mm = { rd: 0.016, rf: 0.043, basisD: 365, basisF: 360 };

describe('outrightByParity', () => {
  it('is money-market parity over the days from spot (USDCNY 3M, ACT/365F against ACT/360)', () => {
    const s = fromISO('2026-11-26'), d = fromISO('2027-02-26');
    expect(outrightByParity(7.1, s, d, mm)).toBeCloseTo(forwardFromMoneyMarket(7.1, 0.016, 92 / 365, 0.043, 92 / 360), 14);
    expect(outrightByParity(7.1, s, s, mm)).toBe(7.1);
  });
  it('runs backwards before spot: the outright for T rolls forward to spot exactly', () => {
    fc.assert(fc.property(fc.double({ min: 0.5, max: 200, noNaN: true }), fc.integer({ min: 1, max: 4 }), fc.double({ min: -0.02, max: 0.2, noNaN: true }), fc.double({ min: -0.02, max: 0.2, noNaN: true }), (spot, n, rd, rf) => {
      const m = { rd, rf, basisD: 365, basisF: 360 };
      const before = outrightByParity(spot, 100, 100 - n, m);
      expect(outrightByParity(before, 100 - n, 100, m)).toBeCloseTo(spot, 12);
    }));
  });
  it('equal rates on the same basis give spot at every date (exact limit)', () => {
    const m = { rd: 0.03, rf: 0.03, basisD: 360, basisF: 360 };
    expect(outrightByParity(1.1, 0, 365, m)).toBe(1.1);
    expect(outrightByParity(1.1, 10, 3, m)).toBe(1.1);
  });
});

describe('swap-point curve and broken dates', () => {
  const spot = 100;
  const curve = pointCurve(spot, [{ day: 107, pips: -30 }, { day: 131, pips: -120 }], { tradeDay: 98, tomDay: 99, on: -4, tn: -5 });
  it('puts ON and TN before spot as the market quotes them (F(TOM) = S - TN, F(T) = S - TN - ON)', () => {
    expect(curve).toEqual([{ day: 98, pips: 9 }, { day: 99, pips: 5 }, { day: 100, pips: 0 }, { day: 107, pips: -30 }, { day: 131, pips: -120 }]);
  });
  it('gives the quoted points on quoted dates and interpolates linearly in days between them', () => {
    expect(pointsAt(curve, 107)).toBe(-30);
    expect(pointsAt(curve, 119)).toBe(-30 + (-90 * 12) / 24);
    expect(pointsAt(curve, 103)).toBeCloseTo((-30 * 3) / 7, 14);
  });
  it('refuses dates outside the quotes (no extrapolation)', () => {
    expect(() => pointsAt(curve, 132)).toThrow(/outside/);
    expect(() => pointsAt(curve, 97)).toThrow(/outside/);
  });
});

describe('fxSwapLegs', () => {
  it('buy/sell: receive base near, pay it back far; the quote flows net to the points', () => {
    const l = fxSwapLegs(1_000_000, 'buySell', 7.1, 7.06, 10000);
    expect(l.near).toEqual({ rate: 7.1, base: 1_000_000, quote: -7_100_000 });
    expect(l.far).toEqual({ rate: 7.06, base: -1_000_000, quote: 7_060_000 });
    expect(l.swapPips).toBeCloseTo(-400, 9);
    expect(l.netQuote).toBeCloseTo(-40_000, 6);
    const r = fxSwapLegs(1_000_000, 'sellBuy', 7.1, 7.06, 10000);
    expect(r.near.base).toBe(-1_000_000);
    expect(r.netQuote).toBeCloseTo(40_000, 6);
  });
});

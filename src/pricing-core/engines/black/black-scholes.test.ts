import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { blackScholesGreeks, blackScholesPrice } from './black-scholes';
import { peerEuropean, peerMarket, setMarket } from '../../testing/quantlib-peer';
import { expectClose } from '../../testing/tolerance';
import type { OptionType } from '../../core/types';

// Haug, "Option Pricing Formulas" (1998), pp. 2-8, 24, 27, as checked by QuantLib's
// europeanoption.cpp. Columns: type, strike, spot, q (= rf), r (= rd), t, vol, value.
const haugValues: [OptionType, number, number, number, number, number, number, number][] = [
  ['call', 65, 60, 0, 0.08, 0.25, 0.3, 2.1334], ['put', 95, 100, 0.05, 0.1, 0.5, 0.2, 2.4648],
  ['put', 19, 19, 0.1, 0.1, 0.75, 0.28, 1.7011], ['call', 19, 19, 0.1, 0.1, 0.75, 0.28, 1.7011],
  ['call', 1.6, 1.56, 0.08, 0.06, 0.5, 0.12, 0.0291], ['put', 70, 75, 0.05, 0.1, 0.5, 0.35, 4.087],
  ['call', 100, 90, 0.1, 0.1, 0.1, 0.15, 0.0205], ['call', 100, 100, 0.1, 0.1, 0.1, 0.15, 1.8734],
  ['call', 100, 110, 0.1, 0.1, 0.1, 0.15, 9.9413], ['call', 100, 90, 0.1, 0.1, 0.1, 0.25, 0.315],
  ['call', 100, 100, 0.1, 0.1, 0.1, 0.25, 3.1217], ['call', 100, 110, 0.1, 0.1, 0.1, 0.25, 10.3556],
  ['call', 100, 90, 0.1, 0.1, 0.1, 0.35, 0.9474], ['call', 100, 100, 0.1, 0.1, 0.1, 0.35, 4.3693],
  ['call', 100, 110, 0.1, 0.1, 0.1, 0.35, 11.1381], ['call', 100, 90, 0.1, 0.1, 0.5, 0.15, 0.8069],
  ['call', 100, 100, 0.1, 0.1, 0.5, 0.15, 4.0232], ['call', 100, 110, 0.1, 0.1, 0.5, 0.15, 10.5769],
  ['call', 100, 90, 0.1, 0.1, 0.5, 0.25, 2.7026], ['call', 100, 100, 0.1, 0.1, 0.5, 0.25, 6.6997],
  ['call', 100, 110, 0.1, 0.1, 0.5, 0.25, 12.7857], ['call', 100, 90, 0.1, 0.1, 0.5, 0.35, 4.9329],
  ['call', 100, 100, 0.1, 0.1, 0.5, 0.35, 9.3679], ['call', 100, 110, 0.1, 0.1, 0.5, 0.35, 15.3086],
  ['put', 100, 90, 0.1, 0.1, 0.1, 0.15, 9.921], ['put', 100, 100, 0.1, 0.1, 0.1, 0.15, 1.8734],
  ['put', 100, 110, 0.1, 0.1, 0.1, 0.15, 0.0408], ['put', 100, 90, 0.1, 0.1, 0.1, 0.25, 10.2155],
  ['put', 100, 100, 0.1, 0.1, 0.1, 0.25, 3.1217], ['put', 100, 110, 0.1, 0.1, 0.1, 0.25, 0.4551],
  ['put', 100, 90, 0.1, 0.1, 0.1, 0.35, 10.8479], ['put', 100, 100, 0.1, 0.1, 0.1, 0.35, 4.3693],
  ['put', 100, 110, 0.1, 0.1, 0.1, 0.35, 1.2376], ['put', 100, 90, 0.1, 0.1, 0.5, 0.15, 10.3192],
  ['put', 100, 100, 0.1, 0.1, 0.5, 0.15, 4.0232], ['put', 100, 110, 0.1, 0.1, 0.5, 0.15, 1.0646],
  ['put', 100, 90, 0.1, 0.1, 0.5, 0.25, 12.2149], ['put', 100, 100, 0.1, 0.1, 0.5, 0.25, 6.6997],
  ['put', 100, 110, 0.1, 0.1, 0.5, 0.25, 3.2734], ['put', 100, 90, 0.1, 0.1, 0.5, 0.35, 14.4452],
  ['put', 100, 100, 0.1, 0.1, 0.5, 0.35, 9.3679], ['put', 100, 110, 0.1, 0.1, 0.5, 0.35, 5.7963],
  ['call', 40, 42, 0.08, 0.04, 0.75, 0.35, 5.0975],
];

const option = fc.record({
  type: fc.constantFrom<OptionType>('call', 'put'),
  spot: fc.double({ min: 0.5, max: 200, noNaN: true }),
  moneyness: fc.double({ min: -1.5, max: 1.5, noNaN: true }),
  days: fc.integer({ min: 1, max: 3650 }),
  rd: fc.double({ min: -0.05, max: 0.15, noNaN: true }),
  rf: fc.double({ min: -0.05, max: 0.15, noNaN: true }),
  vol: fc.double({ min: 0.01, max: 1, noNaN: true }),
});

describe('Black-Scholes / Garman-Kohlhagen', () => {
  it("reproduces Haug's published values", () => {
    for (const [type, k, s, q, r, t, v, value] of haugValues) {
      expect(Math.abs(blackScholesPrice(type, s, k, t, r, q, v) - value)).toBeLessThan(1e-4);
      expect(Math.abs(blackScholesGreeks(type, s, k, t, r, q, v).npv - value)).toBeLessThan(1e-4);
    }
  });

  it("reproduces Haug's published greeks (pp. 11-16)", () => {
    const g = (type: OptionType, k: number, s: number, q: number, r: number, t: number, v: number) =>
      blackScholesGreeks(type, s, k, t, r, q, v);
    expect(g('call', 100, 105, 0.1, 0.1, 0.5, 0.36).delta).toBeCloseTo(0.5946, 4);
    expect(g('put', 100, 105, 0.1, 0.1, 0.5, 0.36).delta).toBeCloseTo(-0.3566, 4);
    expect(g('call', 60, 55, 0, 0.1, 0.75, 0.3).gamma).toBeCloseTo(0.0278, 4);
    expect(g('put', 60, 55, 0, 0.1, 0.75, 0.3).vega).toBeCloseTo(18.9358, 4);
    expect(g('put', 405, 430, 0.05, 0.07, 1 / 12, 0.2).theta).toBeCloseTo(-31.1924, 4);
    expect(g('call', 75, 72, 0, 0.09, 1, 0.19).rhoDomestic).toBeCloseTo(38.7325, 4);
    expect(g('put', 490, 500, 0.05, 0.08, 0.25, 0.15).rhoForeign).toBeCloseTo(42.2254, 4);
  });

  it('agrees with QuantLib AnalyticEuropeanEngine on price and all greeks', () => {
    // Relative 1e-10, plus an absolute 1e-14 of each greek's natural scale: QuantLib's
    // normal CDF is 0.5 (1 + erf), which has only absolute accuracy (~1e-16) for small
    // probabilities, so tiny deep out-of-the-money values differ relatively (ours keep their
    // relative accuracy; see normal.test.ts).
    const m = peerMarket();
    fc.assert(fc.property(option, (o) => {
      const strike = o.spot * Math.exp(o.moneyness);
      const t = o.days / 365;
      setMarket(m, o.spot, o.rd, o.rf, o.vol);
      const q = peerEuropean(m, o.type, strike, o.days);
      const g = blackScholesGreeks(o.type, o.spot, strike, t, o.rd, o.rf, o.vol);
      const f = 1e-14;
      expectClose(g.npv, q.npv, 1e-10, f * o.spot, 'npv');
      expectClose(g.delta, q.delta, 1e-10, f, 'delta');
      expectClose(g.gamma, q.gamma, 1e-10, f / o.spot, 'gamma');
      expectClose(g.vega, q.vega, 1e-10, f * o.spot, 'vega');
      // theta sums terms as large as S vol / sqrt(t), so its rounding floor scales with them
      expectClose(g.theta, q.theta, 1e-10, f * o.spot * (1 + o.vol / Math.sqrt(t)), 'theta');
      expectClose(g.rhoDomestic, q.rho, 1e-10, f * o.spot * t, 'rhoDomestic');
      expectClose(g.rhoForeign, q.dividendRho, 1e-10, f * o.spot * t, 'rhoForeign');
    }), { numRuns: 2000 });
  });

  it('satisfies put-call parity and the no-arbitrage bounds', () => {
    fc.assert(fc.property(option, (o) => {
      const k = o.spot * Math.exp(o.moneyness), t = o.days / 365;
      const c = blackScholesPrice('call', o.spot, k, t, o.rd, o.rf, o.vol);
      const p = blackScholesPrice('put', o.spot, k, t, o.rd, o.rf, o.vol);
      const df = Math.exp(-o.rf * t), dd = Math.exp(-o.rd * t);
      expect(Math.abs(c - p - (o.spot * df - k * dd))).toBeLessThan(1e-12 * (o.spot + k));
      expect(c).toBeGreaterThanOrEqual(Math.max(o.spot * df - k * dd, 0) - 1e-12 * o.spot);
      expect(c).toBeLessThanOrEqual(o.spot * df);
      expect(p).toBeLessThanOrEqual(k * dd);
    }), { numRuns: 1000 });
  });

  it('is monotone: calls fall and puts rise with strike, both rise with vol', () => {
    fc.assert(fc.property(option, (o) => {
      const k = o.spot * Math.exp(o.moneyness), t = o.days / 365;
      const v = (kk: number, vol: number) => blackScholesPrice(o.type, o.spot, kk, t, o.rd, o.rf, vol);
      const w = o.type === 'call' ? 1 : -1;
      expect(w * (v(k * 1.01, o.vol) - v(k, o.vol))).toBeLessThanOrEqual(1e-14 * o.spot);
      expect(v(k, o.vol * 1.05)).toBeGreaterThanOrEqual(v(k, o.vol) - 1e-14 * o.spot);
    }), { numRuns: 500 });
  });

  it('has greeks equal to finite differences of the price', () => {
    fc.assert(fc.property(option, (o) => {
      const k = o.spot * Math.exp(0.5 * o.moneyness), t = o.days / 365 + 0.05;
      const vol = Math.max(o.vol, 0.05);
      const P = (s: number, tt: number, rd: number, rf: number, v: number) => blackScholesPrice(o.type, s, k, tt, rd, rf, v);
      const g = blackScholesGreeks(o.type, o.spot, k, t, o.rd, o.rf, vol);
      const hs = 1e-4 * o.spot, h = 1e-5;
      const tol = (x: number, scale: number) => 1e-4 * Math.abs(x) + 1e-7 * scale;
      const d = (P(o.spot + hs, t, o.rd, o.rf, vol) - P(o.spot - hs, t, o.rd, o.rf, vol)) / (2 * hs);
      expect(Math.abs(g.delta - d)).toBeLessThan(tol(d, 1));
      const gm = (P(o.spot + hs, t, o.rd, o.rf, vol) - 2 * P(o.spot, t, o.rd, o.rf, vol) + P(o.spot - hs, t, o.rd, o.rf, vol)) / (hs * hs);
      expect(Math.abs(g.gamma - gm)).toBeLessThan(1e-4 * Math.abs(gm) + 1e-5 / o.spot);
      const vg = (P(o.spot, t, o.rd, o.rf, vol + h) - P(o.spot, t, o.rd, o.rf, vol - h)) / (2 * h);
      expect(Math.abs(g.vega - vg)).toBeLessThan(tol(vg, o.spot));
      const th = -(P(o.spot, t + h, o.rd, o.rf, vol) - P(o.spot, t - h, o.rd, o.rf, vol)) / (2 * h);
      expect(Math.abs(g.theta - th)).toBeLessThan(tol(th, o.spot));
      const rd = (P(o.spot, t, o.rd + h, o.rf, vol) - P(o.spot, t, o.rd - h, o.rf, vol)) / (2 * h);
      expect(Math.abs(g.rhoDomestic - rd)).toBeLessThan(tol(rd, o.spot));
      const rf = (P(o.spot, t, o.rd, o.rf + h, vol) - P(o.spot, t, o.rd, o.rf - h, vol)) / (2 * h);
      expect(Math.abs(g.rhoForeign - rf)).toBeLessThan(tol(rf, o.spot));
    }), { numRuns: 500 });
  });

  it('degenerates to the discounted forward intrinsic value without diffusion', () => {
    const g = blackScholesGreeks('call', 100, 90, 1, 0.05, 0.01, 0);
    const fwdIntrinsic = 100 * Math.exp(-0.01) - 90 * Math.exp(-0.05);
    expect(g.npv).toBeCloseTo(fwdIntrinsic, 14);
    expect(g.delta).toBeCloseTo(Math.exp(-0.01), 15);
    expect(g.gamma).toBe(0);
    expect(blackScholesGreeks('put', 100, 90, 0, 0.05, 0.01, 0.2).npv).toBe(0);
    expect(blackScholesGreeks('put', 80, 90, 0, 0.05, 0.01, 0.2).npv).toBe(10);
  });
});

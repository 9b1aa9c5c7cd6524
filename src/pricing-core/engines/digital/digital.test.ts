import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { digitalGreeks, type DigitalPayoff } from './digital';
import { blackScholesPrice } from '../black/black-scholes';
import { peerEuropean, peerMarket, setMarket } from '../../testing/quantlib-peer';
import { expectClose } from '../../testing/tolerance';
import type { OptionType } from '../../core/types';

const digitalCase = fc.record({
  type: fc.constantFrom<OptionType>('call', 'put'),
  payoff: fc.constantFrom<DigitalPayoff>('cash', 'asset'),
  cash: fc.double({ min: 0.1, max: 100, noNaN: true }),
  spot: fc.double({ min: 0.5, max: 200, noNaN: true }),
  moneyness: fc.double({ min: -1.2, max: 1.2, noNaN: true }),
  days: fc.integer({ min: 1, max: 3650 }),
  rd: fc.double({ min: -0.05, max: 0.15, noNaN: true }),
  rf: fc.double({ min: -0.05, max: 0.15, noNaN: true }),
  vol: fc.double({ min: 0.02, max: 1, noNaN: true }),
});

describe('European digitals', () => {
  it("reproduce Haug's values (pp. 88, 90)", () => {
    expect(digitalGreeks('put', 'cash', 10, 100, 80, 0.75, 0.06, 0.06, 0.35).npv).toBeCloseTo(2.671, 4);
    expect(digitalGreeks('put', 'asset', 0, 70, 65, 0.5, 0.07, 0.05, 0.27).npv).toBeCloseTo(20.2069, 4);
  });

  it('agree with QuantLib AnalyticEuropeanEngine (cash- and asset-or-nothing), greeks included', () => {
    const m = peerMarket();
    fc.assert(fc.property(digitalCase, (c) => {
      const strike = c.spot * Math.exp(c.moneyness), t = c.days / 365;
      setMarket(m, c.spot, c.rd, c.rf, c.vol);
      const q = peerEuropean(m, c.type, strike, c.days, c.payoff === 'cash' ? { kind: 'cash', cash: c.cash } : { kind: 'asset' });
      const g = digitalGreeks(c.type, c.payoff, c.cash, c.spot, strike, t, c.rd, c.rf, c.vol);
      const scale = c.payoff === 'cash' ? c.cash : c.spot;
      const f = 1e-13 * scale;
      expectClose(g.npv, q.npv, 1e-10, f, 'npv');
      expectClose(g.delta, q.delta, 1e-10, f / c.spot / (c.vol * Math.sqrt(t)), 'delta');
      expectClose(g.gamma, q.gamma, 1e-10, f / (c.spot * c.spot * c.vol * c.vol * t), 'gamma');
      expectClose(g.vega, q.vega, 1e-10, f / c.vol, 'vega');
      expectClose(g.theta, q.theta, 1e-10, f * (1 + 1 / t) * (1 + 1 / c.vol), 'theta');
      expectClose(g.rhoDomestic, q.rho, 1e-10, f * (t + Math.sqrt(t) / c.vol), 'rhoDomestic');
      expectClose(g.rhoForeign, q.dividendRho, 1e-10, f * (t + Math.sqrt(t) / c.vol), 'rhoForeign');
    }), { numRuns: 1500 });
  });

  it('cash call + cash put = discounted cash; asset call + asset put = discounted spot', () => {
    fc.assert(fc.property(digitalCase, (c) => {
      const k = c.spot * Math.exp(c.moneyness), t = c.days / 365;
      const v = (type: OptionType) => digitalGreeks(type, c.payoff, c.cash, c.spot, k, t, c.rd, c.rf, c.vol).npv;
      const total = c.payoff === 'cash' ? c.cash * Math.exp(-c.rd * t) : c.spot * Math.exp(-c.rf * t);
      expect(Math.abs(v('call') + v('put') - total)).toBeLessThan(1e-12 * total);
    }), { numRuns: 500 });
  });

  it('asset-or-nothing minus strike x cash-or-nothing is the vanilla', () => {
    fc.assert(fc.property(digitalCase, (c) => {
      const k = c.spot * Math.exp(c.moneyness), t = c.days / 365;
      const w = c.type === 'call' ? 1 : -1;
      const asset = digitalGreeks(c.type, 'asset', 0, c.spot, k, t, c.rd, c.rf, c.vol).npv;
      const cash = digitalGreeks(c.type, 'cash', k, c.spot, k, t, c.rd, c.rf, c.vol).npv;
      const vanilla = blackScholesPrice(c.type, c.spot, k, t, c.rd, c.rf, c.vol);
      expect(Math.abs(w * (asset - cash) - vanilla)).toBeLessThan(1e-11 * (c.spot + k));
    }), { numRuns: 500 });
  });

  it('has greeks equal to finite differences', () => {
    fc.assert(fc.property(digitalCase, (c) => {
      const k = c.spot * Math.exp(0.3 * c.moneyness), t = c.days / 365 + 0.1, vol = Math.max(c.vol, 0.1);
      const P = (s: number, tt: number, rd: number, rf: number, v: number) => digitalGreeks(c.type, c.payoff, c.cash, s, k, tt, rd, rf, v).npv;
      const g = digitalGreeks(c.type, c.payoff, c.cash, c.spot, k, t, c.rd, c.rf, vol);
      const scale = c.payoff === 'cash' ? c.cash : c.spot;
      const near = (a: number, b: number, sc: number) => expect(Math.abs(a - b)).toBeLessThan(1e-4 * Math.abs(b) + 1e-6 * sc);
      const hs = 1e-4 * c.spot, h = 1e-5;
      near(g.delta, (P(c.spot + hs, t, c.rd, c.rf, vol) - P(c.spot - hs, t, c.rd, c.rf, vol)) / (2 * hs), scale / c.spot);
      near(g.gamma, (P(c.spot + hs, t, c.rd, c.rf, vol) - 2 * P(c.spot, t, c.rd, c.rf, vol) + P(c.spot - hs, t, c.rd, c.rf, vol)) / (hs * hs), 100 * scale / c.spot / c.spot);
      near(g.vega, (P(c.spot, t, c.rd, c.rf, vol + h) - P(c.spot, t, c.rd, c.rf, vol - h)) / (2 * h), scale);
      near(g.theta, -(P(c.spot, t + h, c.rd, c.rf, vol) - P(c.spot, t - h, c.rd, c.rf, vol)) / (2 * h), scale);
      near(g.rhoDomestic, (P(c.spot, t, c.rd + h, c.rf, vol) - P(c.spot, t, c.rd - h, c.rf, vol)) / (2 * h), scale);
      near(g.rhoForeign, (P(c.spot, t, c.rd, c.rf + h, vol) - P(c.spot, t, c.rd, c.rf - h, vol)) / (2 * h), scale);
    }), { numRuns: 300 });
  });
});

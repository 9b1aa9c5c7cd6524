import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hestonPrice } from './heston';
import { blackScholesPrice } from '../black/black-scholes';
import { peerHeston } from '../../testing/quantlib-peer';
import { expectClose } from '../../testing/tolerance';
import type { OptionType } from '../../core/types';

const hestonCase = fc.record({
  type: fc.constantFrom<OptionType>('call', 'put'),
  moneyness: fc.double({ min: -0.6, max: 0.6, noNaN: true }),
  days: fc.integer({ min: 30, max: 3650 }),
  rd: fc.double({ min: -0.02, max: 0.1, noNaN: true }),
  rf: fc.double({ min: -0.02, max: 0.1, noNaN: true }),
  v0: fc.double({ min: 0.005, max: 0.25, noNaN: true }),
  kappa: fc.double({ min: 0.2, max: 5, noNaN: true }),
  theta: fc.double({ min: 0.005, max: 0.25, noNaN: true }),
  sigma: fc.double({ min: 0.05, max: 1, noNaN: true }),
  rho: fc.double({ min: -0.95, max: 0.5, noNaN: true }),
});

describe('Heston (little trap + Lewis integral)', () => {
  it('agrees with QuantLib AnalyticHestonEngine (adaptive Gauss-Lobatto, rel. tol 1e-12)', () => {
    fc.assert(fc.property(hestonCase, (c) => {
      const spot = 100, strike = spot * Math.exp(c.moneyness);
      const p = { v0: c.v0, kappa: c.kappa, theta: c.theta, sigma: c.sigma, rho: c.rho };
      const q = peerHeston(c.type, spot, strike, c.days, c.rd, c.rf, p);
      const ours = hestonPrice(c.type, spot, strike, c.days / 365, c.rd, c.rf, p);
      // Both are quadratures of oscillatory integrals: 1e-9 relative, 1e-10 of spot absolute.
      expectClose(ours, q, 1e-9, 1e-10 * spot, 'heston');
    }), { numRuns: 400 });
  });

  it('tends to Black-Scholes when the variance is deterministic', () => {
    // sigma -> 0 with v0 = theta: constant variance v0.
    const p = { v0: 0.04, kappa: 2, theta: 0.04, sigma: 1e-8, rho: 0 };
    for (const k of [60, 90, 100, 120, 180]) {
      const bs = blackScholesPrice('call', 100, k, 2, 0.03, 0.01, 0.2);
      expect(Math.abs(hestonPrice('call', 100, k, 2, 0.03, 0.01, p) - bs)).toBeLessThan(1e-12);
    }
  });

  it('satisfies put-call parity', () => {
    fc.assert(fc.property(hestonCase, (c) => {
      const k = 100 * Math.exp(c.moneyness), t = c.days / 365;
      const p = { v0: c.v0, kappa: c.kappa, theta: c.theta, sigma: c.sigma, rho: c.rho };
      const cp = hestonPrice('call', 100, k, t, c.rd, c.rf, p) - hestonPrice('put', 100, k, t, c.rd, c.rf, p);
      expect(Math.abs(cp - (100 * Math.exp(-c.rf * t) - k * Math.exp(-c.rd * t)))).toBeLessThan(1e-9);
    }), { numRuns: 50 });
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { barrierPrice, discreteMonitoringBarrier, type BarrierType } from './reiner-rubinstein';
import { blackScholesPrice } from '../black/black-scholes';
import { peerBarrier, peerMarket, setMarket } from '../../testing/quantlib-peer';
import { expectClose } from '../../testing/tolerance';
import type { OptionType } from '../../core/types';

// Haug, "Option Pricing Formulas" (1998), p. 72, as checked by QuantLib's barrieroption.cpp:
// spot 100, q 0.04, r 0.08, t 0.5, rebate 3. Columns: barrierType, barrier, strike, value at
// vol 0.25, value at vol 0.30. Barrier 100 = spot: touched at inception.
const haugCalls: [BarrierType, number, number, number, number][] = [
  ['downOut', 95, 90, 9.0246, 8.8334], ['downOut', 95, 100, 6.7924, 7.0285], ['downOut', 95, 110, 4.8759, 5.4137],
  ['downOut', 100, 90, 3, 3], ['downOut', 100, 100, 3, 3], ['downOut', 100, 110, 3, 3],
  ['upOut', 105, 90, 2.6789, 2.6341], ['upOut', 105, 100, 2.358, 2.4389], ['upOut', 105, 110, 2.3453, 2.4315],
  ['downIn', 95, 90, 7.7627, 9.0093], ['downIn', 95, 100, 4.0109, 5.137], ['downIn', 95, 110, 2.0576, 2.8517],
  ['downIn', 100, 90, 13.8333, 14.8816], ['downIn', 100, 100, 7.8494, 9.2045], ['downIn', 100, 110, 3.9795, 5.3043],
  ['upIn', 105, 90, 14.1112, 15.2098], ['upIn', 105, 100, 8.4482, 9.7278], ['upIn', 105, 110, 4.591, 5.835],
];
const haugPuts: [BarrierType, number, number, number, number][] = [
  ['downOut', 95, 90, 2.2798, 2.417], ['downOut', 95, 100, 2.2947, 2.4258], ['downOut', 95, 110, 2.6252, 2.6246],
  ['downOut', 100, 90, 3, 3], ['downOut', 100, 100, 3, 3], ['downOut', 100, 110, 3, 3],
  ['upOut', 105, 90, 3.776, 4.2293], ['upOut', 105, 100, 5.4932, 5.8032], ['upOut', 105, 110, 7.5187, 7.5649],
  ['downIn', 95, 90, 2.9586, 3.8769], ['downIn', 95, 100, 6.5677, 7.7989], ['downIn', 95, 110, 11.9752, 13.3078],
  ['downIn', 100, 90, 2.2845, 3.3328], ['downIn', 100, 100, 5.9085, 7.2636], ['downIn', 100, 110, 11.6465, 12.9713],
  ['upIn', 105, 90, 1.4653, 2.0658], ['upIn', 105, 100, 3.3721, 4.4226], ['upIn', 105, 110, 7.0846, 8.3686],
];

const barrierCase = fc.record({
  type: fc.constantFrom<OptionType>('call', 'put'),
  down: fc.boolean(),
  spot: fc.double({ min: 1, max: 200, noNaN: true }),
  moneyness: fc.double({ min: -0.7, max: 0.7, noNaN: true }),
  distance: fc.double({ min: 0.01, max: 0.8, noNaN: true }),
  rebate: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 20, noNaN: true })),
  days: fc.integer({ min: 1, max: 2000 }),
  rd: fc.double({ min: -0.03, max: 0.12, noNaN: true }),
  rf: fc.double({ min: -0.03, max: 0.12, noNaN: true }),
  vol: fc.double({ min: 0.03, max: 0.8, noNaN: true }),
});

describe('barrier options (Reiner-Rubinstein)', () => {
  it("reproduces Haug's published table", () => {
    for (const [type, rows] of [['call', haugCalls], ['put', haugPuts]] as const) {
      for (const [barrierType, barrier, strike, v25, v30] of rows) {
        for (const [vol, value] of [[0.25, v25], [0.3, v30]]) {
          const p = barrierPrice({ type, barrierType, spot: 100, strike, barrier, rebate: 3, t: 0.5, rd: 0.08, rf: 0.04, vol });
          expect(Math.abs(p - value)).toBeLessThan(1e-4);
        }
      }
    }
  });

  it("reproduces El Babsiri and Noel's values (QuantLib's testBabsiriValues)", () => {
    const rows: [BarrierType, number, number, number][] = [
      ['downIn', 0.1, 90, 0.07187], ['downIn', 0.15, 90, 0.60638], ['downIn', 0.2, 90, 1.64005],
      ['downIn', 0.25, 90, 2.98495], ['downIn', 0.3, 90, 4.50952], ['upIn', 0.1, 110, 4.79148],
      ['upIn', 0.15, 110, 7.08268], ['upIn', 0.2, 110, 9.11008], ['upIn', 0.25, 110, 11.06148],
      ['upIn', 0.3, 110, 12.98351],
    ];
    for (const [barrierType, vol, barrier, value] of rows) {
      const p = barrierPrice({ type: 'call', barrierType, spot: 100, strike: 100, barrier, rebate: 0, t: 1, rd: 0.05, rf: 0.02, vol });
      expect(Math.abs(p - value)).toBeLessThan(1e-5);
    }
  });

  it('agrees with QuantLib AnalyticBarrierEngine', () => {
    const m = peerMarket();
    fc.assert(fc.property(barrierCase, (c) => {
      const barrier = c.spot * Math.exp(c.down ? -c.distance : c.distance);
      const strike = c.spot * Math.exp(c.moneyness);
      // QuantLib's closed form for the rebate needs lambda^2 >= 0 (rd >= 0 here), and its
      // 0.5 (1 + erf) normal CDF carries ~1e-16 absolute noise that reflection factors
      // (H/S)^(2 mu + 2), (H/S)^(mu + lambda) amplify; compare where that noise stays small.
      const mu = (c.rd - c.rf) / (c.vol * c.vol) - 0.5;
      const lambda = Math.sqrt(Math.max(mu * mu + (2 * c.rd) / (c.vol * c.vol), 0));
      const lnHS = Math.log(barrier / c.spot);
      const amplification = Math.exp(Math.max((mu + lambda) * lnHS, (mu - lambda) * lnHS, (2 * mu + 2) * lnHS, 2 * mu * lnHS, 0));
      fc.pre(c.rd >= 0 && amplification < 1e4);
      setMarket(m, c.spot, c.rd, c.rf, c.vol);
      for (const kind of [c.down ? 'downIn' : 'upIn', c.down ? 'downOut' : 'upOut'] as BarrierType[]) {
        const q = peerBarrier(m, c.type, kind, barrier, c.rebate, strike, c.days);
        const ours = barrierPrice({ type: c.type, barrierType: kind, spot: c.spot, strike, barrier, rebate: c.rebate, t: c.days / 365, rd: c.rd, rf: c.rf, vol: c.vol });
        expectClose(ours, q, 1e-10, 1e-14 * (c.spot + strike + c.rebate) * amplification, kind);
      }
    }), { numRuns: 1000 });
  });

  it('in + out = vanilla + discounted rebate (no rebate case: exactly the vanilla)', () => {
    fc.assert(fc.property(barrierCase, (c) => {
      const barrier = c.spot * Math.exp(c.down ? -c.distance : c.distance);
      const strike = c.spot * Math.exp(c.moneyness);
      const base = { type: c.type, spot: c.spot, strike, barrier, rebate: 0, t: c.days / 365, rd: c.rd, rf: c.rf, vol: c.vol };
      const kin = barrierPrice({ ...base, barrierType: c.down ? 'downIn' : 'upIn' });
      const kout = barrierPrice({ ...base, barrierType: c.down ? 'downOut' : 'upOut' });
      const vanilla = blackScholesPrice(c.type, c.spot, strike, base.t, c.rd, c.rf, c.vol);
      expect(Math.abs(kin + kout - vanilla)).toBeLessThan(1e-11 * (c.spot + strike));
      expect(kin).toBeGreaterThanOrEqual(-1e-12 * c.spot);
      expect(kout).toBeGreaterThanOrEqual(-1e-12 * c.spot);
    }), { numRuns: 1000 });
  });

  it('knock-outs lose value as the barrier approaches the spot', () => {
    fc.assert(fc.property(barrierCase, (c) => {
      const strike = c.spot * Math.exp(c.moneyness);
      const at = (d: number) => barrierPrice({ type: c.type, barrierType: c.down ? 'downOut' : 'upOut', spot: c.spot, strike, barrier: c.spot * Math.exp(c.down ? -d : d), rebate: 0, t: c.days / 365, rd: c.rd, rf: c.rf, vol: c.vol });
      expect(at(c.distance * 0.9)).toBeLessThanOrEqual(at(c.distance) + 1e-12 * c.spot);
    }), { numRuns: 300 });
  });

  it('treats a touched barrier per PRICING-CLI and shifts discrete barriers away from spot', () => {
    const base = { type: 'call' as const, spot: 90, strike: 100, barrier: 95, rebate: 2, t: 1, rd: 0.03, rf: 0.01, vol: 0.2 };
    expect(barrierPrice({ ...base, barrierType: 'downOut' })).toBe(2);
    expect(barrierPrice({ ...base, barrierType: 'downIn' })).toBeCloseTo(blackScholesPrice('call', 90, 100, 1, 0.03, 0.01, 0.2), 14);
    expect(discreteMonitoringBarrier(110, 'upOut', 0.2, 1 / 252)).toBeGreaterThan(110);
    expect(discreteMonitoringBarrier(90, 'downIn', 0.2, 1 / 252)).toBeLessThan(90);
  });
});

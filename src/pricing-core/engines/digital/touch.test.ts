import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { payAtHitByDensity, payAtHitValue, touchPrice } from './touch';
import { peerMarket, peerTouch, setMarket } from '../../testing/quantlib-peer';
import { expectClose } from '../../testing/tolerance';

const touchCase = fc.record({
  down: fc.boolean(),
  spot: fc.double({ min: 0.5, max: 200, noNaN: true }),
  distance: fc.double({ min: 0.005, max: 1, noNaN: true }),
  cash: fc.double({ min: 0.1, max: 100, noNaN: true }),
  days: fc.integer({ min: 1, max: 3650 }),
  rd: fc.double({ min: 0, max: 0.15, noNaN: true }),
  rf: fc.double({ min: -0.03, max: 0.15, noNaN: true }),
  vol: fc.double({ min: 0.02, max: 1, noNaN: true }),
});

describe('one-touch / no-touch', () => {
  it("reproduce Haug's binary barrier values (p. 95) as checked by QuantLib's digitaloption.cpp", () => {
    const base = { cash: 15, t: 0.5, rd: 0.1, vol: 0.2 };
    const hit = (spot: number, rf: number) => touchPrice({ ...base, touchType: 'oneTouch', payAt: 'hit', spot, barrier: 100, rf });
    expect(hit(105, 0)).toBeCloseTo(9.7264, 4);
    expect(hit(95, 0)).toBeCloseTo(11.6553, 4);
    expect(hit(105, 0.2)).toBeCloseTo(12.2715, 4);
    expect(hit(95, 0.2)).toBeCloseTo(8.9109, 4);
    const exp = (touchType: 'oneTouch' | 'noTouch', spot: number) => touchPrice({ ...base, touchType, payAt: 'expiry', spot, barrier: 100, rf: 0 });
    expect(exp('oneTouch', 105)).toBeCloseTo(9.3604, 4);
    expect(exp('oneTouch', 95)).toBeCloseTo(11.2223, 4);
    expect(exp('noTouch', 105)).toBeCloseTo(4.9081, 4);
    expect(exp('noTouch', 95)).toBeCloseTo(3.0461, 4);
  });

  it('agree with QuantLib AnalyticDigitalAmericanEngine (and its knock-out variant)', () => {
    const m = peerMarket();
    fc.assert(fc.property(touchCase, (c) => {
      const t = c.days / 365;
      const barrier = c.spot * Math.exp(c.down ? -c.distance : c.distance);
      setMarket(m, c.spot, c.rd, c.rf, c.vol);
      // QuantLib's normal CDF is 0.5 (1 + erf) above 1e-8, absolutely accurate to ~1e-16 only,
      // and the formulas multiply it by reflection factors (H/S)^(mu +- lambda) that are huge
      // for low vols; the absolute allowance scales with that amplification.
      const mu = (c.rd - c.rf) / (c.vol * c.vol) - 0.5;
      const lambda = Math.sqrt(Math.max(mu * mu + (2 * c.rd) / (c.vol * c.vol), 0));
      const lnHS = Math.log(barrier / c.spot);
      const amplification = Math.exp(Math.max((mu + lambda) * lnHS, (mu - lambda) * lnHS, 2 * mu * lnHS, 0));
      // Past ~1e4 QuantLib's rounding noise swamps small values (we saw 1.1e11 for a one-touch
      // on cash 0.1 at amplification e^64); our own tails are checked by the properties below.
      fc.pre(amplification < 1e4);
      for (const [touchType, payAtExpiry] of [['oneTouch', false], ['oneTouch', true], ['noTouch', true]] as const) {
        const q = peerTouch(m, touchType, payAtExpiry, barrier, c.cash, c.days);
        const ours = touchPrice({ touchType, payAt: payAtExpiry ? 'expiry' : 'hit', spot: c.spot, barrier, cash: c.cash, t, rd: c.rd, rf: c.rf, vol: c.vol });
        expectClose(ours, q, 1e-10, 1e-14 * c.cash * amplification, `${touchType} ${payAtExpiry}`);
      }
    }), { numRuns: 1000 });
  });

  it('one-touch at expiry + no-touch = discounted cash, and paying at hit is worth more when rd > 0', () => {
    fc.assert(fc.property(touchCase, (c) => {
      const barrier = c.spot * Math.exp(c.down ? -c.distance : c.distance);
      const base = { spot: c.spot, barrier, cash: c.cash, t: c.days / 365, rd: Math.abs(c.rd), rf: c.rf, vol: c.vol };
      const ot = touchPrice({ ...base, touchType: 'oneTouch', payAt: 'expiry' });
      const nt = touchPrice({ ...base, touchType: 'noTouch', payAt: 'expiry' });
      expect(Math.abs(ot + nt - c.cash * Math.exp(-base.rd * base.t))).toBeLessThan(1e-12 * c.cash);
      expect(touchPrice({ ...base, touchType: 'oneTouch', payAt: 'hit' })).toBeGreaterThanOrEqual(ot - 1e-12 * c.cash);
    }), { numRuns: 500 });
  });

  it('pays at once when the spot is already at the barrier', () => {
    const base = { spot: 100, barrier: 100, cash: 5, t: 1, rd: 0.05, rf: 0.01, vol: 0.2 };
    expect(touchPrice({ ...base, touchType: 'oneTouch', payAt: 'hit' })).toBe(5);
    expect(touchPrice({ ...base, touchType: 'noTouch', payAt: 'expiry' })).toBe(0);
  });
});

describe('pay-at-hit value for negative rates', () => {
  it('integrating the first-passage density matches the closed form', () => {
    for (const [S, H, T, r, q, v] of [[100, 90, 1.5, 0.03, 0.01, 0.2], [100, 120, 0.5, 0.01, 0.04, 0.35], [1.1, 1.0, 3, 0.0, -0.01, 0.1]]) {
      expect(Math.abs(payAtHitByDensity(S, H, T, r, q, v) - payAtHitValue(S, H, T, r, q, v))).toBeLessThan(1e-12);
    }
  });

  it('stays finite and continuous where lambda^2 turns negative', () => {
    // b = r - q = -0.02 and vol 0.2 give mu = -1, so lambda^2 = 1 + 50 r < 0 below r = -0.02.
    const at = (r: number) => payAtHitValue(100, 90, 1.5, r, r + 0.02, 0.2);
    expect(Number.isFinite(at(-0.03))).toBe(true);
    expect(Math.abs(at(-0.02 - 1e-9) - at(-0.02 + 1e-9))).toBeLessThan(1e-7);
  });
});

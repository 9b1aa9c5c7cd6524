import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dualCurrencyPrice, probAtOrAbove, rangeAccrualPrice, sharkfinPrice, tieredDepositPrice } from './closed-forms';
import { integrateGaussKronrod } from '../../math/quadrature';
import { normPdf } from '../../math/normal';
import { peerBarrier, peerEuropean, peerMarket, peerTouch, setMarket } from '../../testing/quantlib-peer';
import { expectClose } from '../../testing/tolerance';

/** E[g(S_t)] by adaptive quadrature over the normal variable, split at the given levels (independent of the closed forms). */
function expectation(m: { spot: number; rd: number; rf: number; vol: number }, t: number, g: (s: number) => number, breaks: number[]): number {
  const sd = m.vol * Math.sqrt(t), mu = Math.log(m.spot) + (m.rd - m.rf - 0.5 * m.vol * m.vol) * t;
  const zs = [-12, ...breaks.map((b) => (Math.log(b) - mu) / sd).filter((z) => z > -12 && z < 12).sort((a, b) => a - b), 12];
  let s = 0;
  for (let i = 0; i + 1 < zs.length; i++) s += integrateGaussKronrod((z) => g(Math.exp(mu + sd * z)) * normPdf(z), zs[i], zs[i + 1], { absTol: 1e-15, relTol: 1e-13 });
  return s;
}

const market = fc.record({
  spot: fc.double({ min: 1, max: 150, noNaN: true }),
  rd: fc.double({ min: -0.01, max: 0.08, noNaN: true }),
  rf: fc.double({ min: -0.01, max: 0.08, noNaN: true }),
  vol: fc.double({ min: 0.03, max: 0.6, noNaN: true }),
});

describe('structured closed forms', () => {
  it('European shark-fins equal the payoff integrated over the lognormal density (1e-10)', () => {
    fc.assert(fc.property(market, fc.integer({ min: 10, max: 730 }), fc.double({ min: 0.9, max: 1.1, noNaN: true }), fc.double({ min: 0.02, max: 0.3, noNaN: true }), fc.boolean(), (m, days, k, w, bull) => {
      const t = days / 365;
      const strike = m.spot * k, barrier = bull ? strike * (1 + w) : strike * (1 - w);
      const terms = { direction: bull ? 'bull' as const : 'bear' as const, barrierStyle: 'european' as const, strike, barrier, participation: 0.8, minYield: 0.01, rebateYield: 0.025 };
      const cf = sharkfinPrice(m, t, terms);
      const pay = (s: number) => {
        const out = bull ? s >= barrier : s <= barrier;
        if (out) return 1 + 0.025 * t;
        return 1 + t * (0.01 + (0.8 * Math.max(bull ? s - strike : strike - s, 0)) / m.spot);
      };
      const ref = Math.exp(-m.rd * t) * expectation(m, t, pay, [strike, barrier]);
      expectClose(cf.npv, ref, 1e-10, 1e-13, 'npv');
      expectClose(cf.knockOutProbability, expectation(m, t, (s) => ((bull ? s >= barrier : s <= barrier) ? 1 : 0), [barrier]), 1e-9, 1e-13, 'P(KO)');
    }), { numRuns: 60, seed: 11 });
  });

  it('American shark-fins equal the same combination of QuantLib barrier and one-touch engines (1e-10)', () => {
    const q = peerMarket();
    fc.assert(fc.property(market, fc.integer({ min: 10, max: 730 }), fc.double({ min: 0.02, max: 0.3, noNaN: true }), fc.boolean(), (m, days, w, bull) => {
      const t = days / 365;
      const strike = m.spot, barrier = bull ? strike * (1 + w) : strike * (1 - w);
      setMarket(q, m.spot, m.rd, m.rf, m.vol);
      const uo = peerBarrier(q, bull ? 'call' : 'put', bull ? 'upOut' : 'downOut', barrier, 0, strike, days);
      const ot = peerTouch(q, 'oneTouch', true, barrier, 1, days);
      const df = Math.exp(-m.rd * t);
      const ref = df * (1 + 0.01 * t) + ((t * 0.8) / m.spot) * uo + t * (0.025 - 0.01) * ot;
      const cf = sharkfinPrice(m, t, { direction: bull ? 'bull' : 'bear', barrierStyle: 'american', strike, barrier, participation: 0.8, minYield: 0.01, rebateYield: 0.025 });
      expectClose(cf.npv, ref, 1e-10, 1e-12, 'npv');
      expectClose(cf.knockOutProbability, ot / df, 1e-9, 1e-12, 'P(KO)');
      // Watching the barrier all the time knocks out at least as often as at maturity.
      const eu = sharkfinPrice(m, t, { direction: bull ? 'bull' : 'bear', barrierStyle: 'european', strike, barrier, participation: 0.8, minYield: 0.01, rebateYield: 0.025 });
      expect(cf.knockOutProbability).toBeGreaterThanOrEqual(eu.knockOutProbability - 1e-12);
    }), { numRuns: 40, seed: 12 });
  });

  it('shark-fin limits: no participation and equal yields is a deposit; spot beyond an American barrier is knocked out', () => {
    const m = { spot: 7.1, rd: 0.02, rf: 0.04, vol: 0.07 };
    for (const style of ['european', 'american'] as const) {
      const r = sharkfinPrice(m, 0.5, { direction: 'bull', barrierStyle: style, strike: 7.1, barrier: 7.5, participation: 0, minYield: 0.02, rebateYield: 0.02 });
      expectClose(r.npv, Math.exp(-0.02 * 0.5) * (1 + 0.02 * 0.5), 1e-14, 0, style);
    }
    expect(sharkfinPrice(m, 0.5, { direction: 'bear', barrierStyle: 'american', strike: 7.5, barrier: 7.2, participation: 1, minYield: 0, rebateYield: 0.03 })).toEqual({ npv: Math.exp(-0.01) * (1 + 0.015), knockOutProbability: 1 });
    expect(() => sharkfinPrice(m, 0.5, { direction: 'bull', barrierStyle: 'american', strike: 7.5, barrier: 7.2, participation: 1, minYield: 0, rebateYield: 0 })).toThrow(/barrier > strike/);
  });

  it('range accrual, tiers and dual-currency deposits equal QuantLib digitals and vanillas (1e-10)', () => {
    const q = peerMarket();
    fc.assert(fc.property(market, fc.integer({ min: 30, max: 730 }), (m, days) => {
      setMarket(q, m.spot, m.rd, m.rf, m.vol);
      const t = days / 365, df = Math.exp(-m.rd * t);
      const lower = m.spot * 0.96, upper = m.spot * 1.05;
      const fixDays = [days >> 2, days >> 1, days];
      const above = (K: number, d: number) => peerEuropean(q, 'call', K, d, { kind: 'cash', cash: 1 }).npv / Math.exp(-m.rd * (d / 365));
      const frac = fixDays.reduce((s, d) => s + above(lower, d) - above(upper, d), 0) / 3;
      const ra = rangeAccrualPrice(m, t, { lower, upper, inYield: 0.05, outYield: 0.01, fixings: fixDays.map((d) => d / 365) });
      expectClose(ra.expectedInFraction, frac, 1e-9, 1e-12, 'in fraction');
      expectClose(ra.npv, df * (1 + 0.01 * t + 0.04 * t * frac), 1e-10, 1e-12, 'range npv');
      const tiers = tieredDepositPrice(m, t, { strikes: [lower, upper], yields: [0.01, 0.03, 0.06] });
      expectClose(tiers.npv, df * (1 + t * (0.01 + 0.02 * above(lower, days) + 0.03 * above(upper, days))), 1e-10, 1e-12, 'tiers');
      const K = m.spot * 1.01;
      const dq = dualCurrencyPrice(m, t, { strike: K, depositYield: 0.05, deposit: 'quote' });
      expectClose(dq.npv, (1 + 0.05 * t) * (df - peerEuropean(q, 'put', K, days).npv / K), 1e-10, 1e-12, 'dcd quote');
      const db = dualCurrencyPrice(m, t, { strike: K, depositYield: 0.05, deposit: 'base' });
      expectClose(db.npv, ((1 + 0.05 * t) * (m.spot * Math.exp(-m.rf * t) - peerEuropean(q, 'call', K, days).npv)) / m.spot, 1e-10, 1e-12, 'dcd base');
    }), { numRuns: 40, seed: 13 });
  });

  it('a fixing today counts with the spot; zero volatility follows the forward, on or beyond counting as in', () => {
    const m = { spot: 100, rd: 0.03, rf: 0.01, vol: 0 };
    expect(probAtOrAbove(m, 100 * Math.exp(0.02), 1)).toBe(1);
    const r = rangeAccrualPrice({ ...m, vol: 0.1 }, 1, { lower: 99, upper: 101, inYield: 0.1, outYield: 0, fixings: [0] });
    expect(r.expectedInFraction).toBe(1);
  });
});

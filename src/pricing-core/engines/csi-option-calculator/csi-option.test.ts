import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as ql from '@quantlib/ql';
import { InverseSolveError } from '../../core/types';
import { andersenLakeOffengenden } from '../american';
import { peerEuropean, peerMarket, setMarket } from '../../testing/quantlib-peer';
import { expectClose } from '../../testing/tolerance';
import {
  expiryDate, LISTED_OPTION_CONTRACTS, listedContract, listedImpliedVol, listedOptionValue, priceListedOption, runCsiRequest,
  type ListedOptionInputs,
} from './index';

const SEED = 20260304;
const qlType = (t: 'call' | 'put') => (t === 'call' ? ql.Option.Type.Call : ql.Option.Type.Put);

describe('Black-76 futures options against QuantLib blackFormula', () => {
  it('European value and implied vol', () => {
    fc.assert(fc.property(
      fc.constantFrom<'call' | 'put'>('call', 'put'), fc.double({ min: 500, max: 90000, noNaN: true }), fc.double({ min: -0.6, max: 0.6, noNaN: true }),
      fc.double({ min: 0.02, max: 2, noNaN: true }), fc.double({ min: -0.01, max: 0.08, noNaN: true }), fc.double({ min: 0.05, max: 0.8, noNaN: true }),
      (type, f, x, t, r, vol) => {
        const k = f * Math.exp(x);
        const o: ListedOptionInputs = { type, underlying: 'futures', exercise: 'european', price: f, strike: k, t, r, q: 0.5 /* ignored */, vol };
        const peer = ql.blackFormula1(qlType(type), k, f, vol * Math.sqrt(t), Math.exp(-r * t));
        expectClose(listedOptionValue(o), peer, 1e-10, 1e-13 * f, 'Black-76');
        // The implied vol reprices the premium; it is the input vol wherever the time value carries it.
        const iv = listedImpliedVol(o, peer);
        expect(Math.abs(listedOptionValue({ ...o, vol: iv }) - peer)).toBeLessThan(1e-12 * f);
        const timeValue = peer - Math.exp(-r * t) * Math.max(type === 'call' ? f - k : k - f, 0);
        if (timeValue > 1e-4 * f) expect(Math.abs(iv - vol)).toBeLessThan(1e-8);
      }), { numRuns: 300, seed: SEED });
  });

  it('index and ETF options with a dividend yield against AnalyticEuropeanEngine, greeks included', () => {
    const m = peerMarket();
    for (const [type, s, k, days, r, q, vol] of [['call', 3900, 4000, 60, 0.018, 0.025, 0.2], ['put', 2.65, 2.7, 120, 0.018, 0.02, 0.22]] as const) {
      setMarket(m, s, r, q, vol);
      const p = peerEuropean(m, type, k, days);
      const g = priceListedOption({ type, underlying: 'index', exercise: 'european', price: s, strike: k, t: days / 365, r, q, vol });
      expectClose(g.npv, p.npv, 1e-10, 0, 'npv');
      expectClose(g.delta, p.delta, 1e-10, 0, 'delta');
      expectClose(g.vega, p.vega, 1e-9, 0, 'vega');
      expectClose(g.theta, p.theta, 1e-9, 0, 'theta');
    }
  });
});

describe('American futures and index options', () => {
  it('American futures options (b = 0) match the accurate engine and exceed the European', () => {
    fc.assert(fc.property(
      fc.constantFrom<'call' | 'put'>('call', 'put'), fc.double({ min: -0.4, max: 0.4, noNaN: true }), fc.double({ min: 0.05, max: 1.5, noNaN: true }),
      fc.double({ min: 0.005, max: 0.08, noNaN: true }), fc.double({ min: 0.1, max: 0.6, noNaN: true }),
      (type, x, t, r, vol) => {
        const o: ListedOptionInputs = { type, underlying: 'futures', exercise: 'american', price: 3000, strike: 3000 * Math.exp(x), t, r, q: 0, vol };
        const v = listedOptionValue(o);
        const ref = andersenLakeOffengenden({ type, spot: 3000, strike: o.strike, t, rd: r, rf: r, vol });
        expect(Math.abs(v - ref)).toBeLessThan(1e-6 * o.strike);
        expect(v).toBeGreaterThanOrEqual(listedOptionValue({ ...o, exercise: 'european' }) - 1e-9 * o.strike);
      }), { numRuns: 15, seed: SEED });
  });

  it('with r = 0 a futures option is never exercised early: American = European', () => {
    const o: ListedOptionInputs = { type: 'put', underlying: 'futures', exercise: 'american', price: 3000, strike: 3200, t: 0.5, r: 0, q: 0, vol: 0.25 };
    expect(listedOptionValue(o)).toBe(listedOptionValue({ ...o, exercise: 'european' }));
  });

  it('American implied vol round-trips; American greeks match differences of the value', () => {
    const o: ListedOptionInputs = { type: 'put', underlying: 'futures', exercise: 'american', price: 2958, strike: 3050, t: 0.3, r: 0.02, q: 0, vol: 0.21 };
    const p = listedOptionValue(o);
    expect(Math.abs(listedImpliedVol(o, p) - 0.21)).toBeLessThan(1e-9);
    const g = priceListedOption(o);
    expect(g.earlyExercisePremium).toBeGreaterThan(0);
    expect(g.delta).toBeLessThan(0);
    expect(g.gamma).toBeGreaterThan(0);
    expect(g.vega).toBeGreaterThan(0);
    expectClose(g.delta, (listedOptionValue({ ...o, price: 2959 }) - listedOptionValue({ ...o, price: 2957 })) / 2, 1e-3, 0, 'delta');
  });

  it('a premium below intrinsic (American) or above the maximum has no implied vol', () => {
    const o: ListedOptionInputs = { type: 'put', underlying: 'futures', exercise: 'american', price: 2900, strike: 3100, t: 0.3, r: 0.02, q: 0, vol: 0.2 };
    expect(() => listedImpliedVol(o, 150)).toThrow(InverseSolveError); // intrinsic is 200
    expect(() => listedImpliedVol({ ...o, exercise: 'european' }, 5000)).toThrow(InverseSolveError);
  });
});

describe('contracts and expiry rules', () => {
  it('every contract is complete', () => {
    for (const c of LISTED_OPTION_CONTRACTS) {
      expect(c.multiplier).toBeGreaterThan(0);
      expect(c.tick).toBeGreaterThan(0);
      expect(c.source.length).toBeGreaterThan(20);
      expect(c.nameZh).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(listedContract('io')?.multiplier).toBe(100);
    expect(listedContract('510050')?.multiplier).toBe(10000);
  });

  it('third Friday (CFFEX), fourth Wednesday (SSE ETF), 5th trading day of the prior month (DCE), 3rd (ZCE), 5th last (SHFE)', () => {
    expect(expiryDate(listedContract('IO')!.expiry, '2025-03')).toBe('2025-03-21');
    expect(expiryDate(listedContract('IO')!.expiry, '2510')).toBe('2025-10-17');
    // Third Friday 2024-02-16 falls in the Spring Festival holiday: the next trading day.
    expect(expiryDate(listedContract('IO')!.expiry, '2024-02')).toBe('2024-02-19');
    expect(expiryDate(listedContract('510050')!.expiry, '2025-01')).toBe('2025-01-22');
    // 2025-04-04 is Qingming: April's 5th trading day is the 8th.
    expect(expiryDate(listedContract('M')!.expiry, '2025-05')).toBe('2025-04-08');
    expect(expiryDate(listedContract('SR')!.expiry, '2025-05')).toBe('2025-04-03');
    expect(expiryDate(listedContract('AU')!.expiry, '2025-06')).toBe('2025-05-26');
    // January contracts look back into December of the year before.
    expect(expiryDate(listedContract('M')!.expiry, '2025-01')).toBe('2024-12-06');
    // No official holiday notice for 2027: refused, not guessed.
    expect(() => expiryDate(listedContract('IO')!.expiry, '2027-06')).toThrow(/2027/);
  });
});

describe('the CSIOPTION request', () => {
  it('prices a contract month, scales by the multiplier, and gives each row its own error', () => {
    const r = runCsiRequest({
      contract: 'M', valuationDate: '2025-01-10', contractMonth: '2025-05', underlyingPrice: 2958, r: 0.018,
      rows: [
        { type: 'call', strike: 3000, vol: 0.2 },
        { type: 'put', strike: 3000, marketPrice: 120 },
        { type: 'put', strike: 3000, marketPrice: 20 }, // below intrinsic (42): no vol
        { type: 'call', strike: -1, vol: 0.2 },
      ],
    }) as { rows: any[] };
    expect(r.rows[0].expiryDate).toBe('2025-04-08');
    expect(r.rows[0].t).toBe(88 / 365);
    expect(r.rows[0].premiumPerContract).toBeCloseTo(r.rows[0].value * 10, 10);
    expect(r.rows[0].contract.exercise).toBe('american');
    expect(r.rows[1].volSource).toBe('implied');
    expect(r.rows[1].value).toBeCloseTo(120, 8);
    expect(r.rows[2]).toMatchObject({ code: 'NO_INVERSE' });
    expect(r.rows[3]).toMatchObject({ code: 'BAD_INPUT' });
  });
});

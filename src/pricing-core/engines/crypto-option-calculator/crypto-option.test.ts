import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as ql from '@quantlib/ql';
import { InverseSolveError } from '../../core/types';
import { expectClose } from '../../testing/tolerance';
import { cryptoImpliedVol, MINUTES_PER_YEAR, priceCryptoOption, runCryptoRequest, yearFractionBetween, type CryptoOptionInputs } from './index';

const SEED = 20260305;
const arb = fc.record({
  type: fc.constantFrom<'call' | 'put'>('call', 'put'),
  index: fc.double({ min: 1000, max: 150000, noNaN: true }),
  basis: fc.double({ min: -0.05, max: 0.15, noNaN: true }),
  x: fc.double({ min: -0.8, max: 0.8, noNaN: true }),
  minutes: fc.integer({ min: 30, max: 2 * 525600 }),
  r: fc.double({ min: 0, max: 0.06, noNaN: true }),
  vol: fc.double({ min: 0.2, max: 1.5, noNaN: true }),
});
const inputs = (a: { type: 'call' | 'put'; index: number; basis: number; x: number; minutes: number; r: number; vol: number }, settlement: 'inverse' | 'linear'): CryptoOptionInputs => {
  const t = a.minutes / MINUTES_PER_YEAR;
  const forward = a.index * Math.exp(a.basis * t);
  return { type: a.type, settlement, index: a.index, forward, strike: forward * Math.exp(a.x), t, r: a.r, vol: a.vol };
};

describe('inverse and linear crypto options: exact relations', () => {
  it('inverse price x index = linear price, which is QuantLib blackFormula on the forward', () => {
    fc.assert(fc.property(arb, (a) => {
      const inv = priceCryptoOption(inputs(a, 'inverse')), lin = priceCryptoOption(inputs(a, 'linear'));
      const o = inputs(a, 'linear');
      expect(inv.coin * a.index).toBeCloseTo(lin.usd, 9);
      const peer = ql.blackFormula1(a.type === 'call' ? ql.Option.Type.Call : ql.Option.Type.Put, o.strike, o.forward, a.vol * Math.sqrt(o.t), Math.exp(-a.r * o.t));
      expectClose(lin.usd, peer, 1e-10, 1e-12 * o.forward, 'Black-76');
    }), { numRuns: 300, seed: SEED });
  });

  it('put-call parity in coin: C - P = e^{-rt} (F - K) / index', () => {
    fc.assert(fc.property(arb, (a) => {
      const c = priceCryptoOption({ ...inputs(a, 'inverse'), type: 'call' }), p = priceCryptoOption({ ...inputs(a, 'inverse'), type: 'put' });
      const o = inputs(a, 'inverse');
      expect(Math.abs(c.coin - p.coin - (Math.exp(-a.r * o.t) * (o.forward - o.strike)) / a.index)).toBeLessThan(1e-13 * (1 + o.strike / a.index));
    }), { numRuns: 300, seed: SEED });
  });

  it("the inverse delta is the coin P&L per relative move: index x d(coin price)/d(index) with the forward moving with it (Deribit's delta minus premium)", () => {
    fc.assert(fc.property(arb, (a) => {
      const o = inputs(a, 'inverse');
      const ratio = o.forward / o.index;
      const coinAt = (s: number) => priceCryptoOption({ ...o, index: s, forward: s * ratio }).coin;
      const h = 1e-5 * a.index;
      const numeric = (a.index * (coinAt(a.index + h) - coinAt(a.index - h))) / (2 * h);
      const v = priceCryptoOption(o);
      // d(F/S x ...) : the Black-Scholes delta w.r.t. the forward times F / S, minus the coin price
      expect(Math.abs(v.deltaBlackScholes * ratio - v.coin - numeric)).toBeLessThan(1e-7);
      expect(v.delta).toBeCloseTo(v.deltaBlackScholes - v.coin, 15);
    }), { numRuns: 200, seed: SEED });
  });

  it('implied vol from a coin premium round-trips; premiums out of range have none', () => {
    fc.assert(fc.property(arb, (a) => {
      const o = inputs(a, 'inverse');
      const v = priceCryptoOption(o);
      fc.pre(v.usd > 1e-6 * o.forward && v.vega * 1e-4 > 1e-9 * o.forward);
      expect(Math.abs(cryptoImpliedVol(o, v.coin) - a.vol)).toBeLessThan(1e-8);
    }), { numRuns: 200, seed: SEED });
    const o: Omit<CryptoOptionInputs, 'vol'> = { type: 'call', settlement: 'inverse', index: 60000, forward: 60500, strike: 70000, t: 7 / 365, r: 0 };
    expect(() => cryptoImpliedVol(o, 1.01)).toThrow(InverseSolveError); // a call is worth less than F/S coins
    expect(() => cryptoImpliedVol({ ...o, strike: 50000 }, 0.1)).toThrow(InverseSolveError); // below intrinsic 10500/60000
  });
});

describe('24/7 calendar time and the request', () => {
  it('minutes between timestamps: a week to Friday 08:00 UTC is 10,080 minutes', () => {
    expect(yearFractionBetween('2026-03-20T08:00:00Z', '2026-03-27T08:00:00Z')).toEqual({ minutes: 10080, t: 10080 / 525600 });
    expect(yearFractionBetween('2026-03-27T07:30', '2026-03-27T08:00:00Z').minutes).toBe(30);
    expect(() => yearFractionBetween('yesterday', '2026-03-27T08:00:00Z')).toThrow(/ISO/);
  });

  it('prices a chain in coin with per-row errors and positions by contracts', () => {
    const r = runCryptoRequest({
      settlement: 'inverse', index: 60000, forward: 60400, valuationTime: '2026-03-20T08:00:00Z', expiryTime: '2026-03-27T08:00:00Z', contracts: 3, direction: 'sell',
      rows: [{ type: 'call', strike: 62000, vol: 0.55 }, { type: 'put', strike: 58000, premium: 0.012 }, { type: 'put', strike: 58000, premium: 2 }, { type: 'call' }],
    }) as { rows: any[] };
    expect(r.rows[0].minutes).toBe(10080);
    expect(r.rows[0].position.coin).toBeCloseTo(-3 * r.rows[0].coin, 14);
    expect(r.rows[1].volSource).toBe('implied');
    expect(r.rows[1].coin).toBeCloseTo(0.012, 12);
    expect(r.rows[2].code).toBe('NO_INVERSE');
    expect(r.rows[3].code).toBe('BAD_INPUT');
  });
});

// The rate option screens' JSON model: round trips against the engines it wraps and the
// exact relations (parity, ATM, implied vols, SABR recovery). The engines themselves are
// checked against QuantLib in api/handlers/swaption-capfloor.test.ts (incl. negative rates).
import { describe, expect, it } from 'vitest';
import { SAMPLE_CURVES } from '../../market/curves/sample-curves';
import { sampleSwaptionSurface } from '../../market/rates-vol/sample-surfaces';
import { sabrNormalVol } from '../../market/sabr/sabr';
import { type CapFloorReply, type SwaptionReply, runRateOptionRequest, runSabrCalibration, runSwaptionGridRequest } from './rate-option-calculator';

const cny = [SAMPLE_CURVES.FR007, SAMPLE_CURVES.SHIBOR3M];
const base = { curves: cny, index: 'SHIBOR3M', notional: 1e8, tenor: '5Y' } as const;
const run = (x: object) => runRateOptionRequest(x) as SwaptionReply;
const runCap = (x: object) => runRateOptionRequest(x) as CapFloorReply;

describe('swaptions through the JSON model', () => {
  const vol = { model: 'normal', vol: 0.0035 };
  const atmPayer = run({ ...base, product: 'swaption', expiry: '1Y', strike: null, payer: true, vol });
  const atmRec = run({ ...base, product: 'swaption', expiry: '1Y', strike: null, payer: false, vol });
  it('ATM: strike = forward; payer = receiver; Bachelier ATM = A vol sqrt(T / 2 pi)', () => {
    expect(atmPayer.strike).toBe(atmPayer.forwardSwapRate);
    expect(atmPayer.npv).toBeCloseTo(atmRec.npv, 6);
    expect(atmPayer.npv).toBeCloseTo(atmPayer.annuity * 0.0035 * Math.sqrt(atmPayer.expiryTime / (2 * Math.PI)), 6);
    expect(atmPayer.startDate > atmPayer.expiryDate).toBe(true);
  });
  it('parity off the money: payer - receiver = annuity x (F - K), Black shifted too', () => {
    for (const v of [vol, { model: 'black', vol: 0.2, shift: 0.01 }]) {
      const p = run({ ...base, product: 'swaption', expiry: '2Y', strike: 0.015, payer: true, vol: v });
      const r = run({ ...base, product: 'swaption', expiry: '2Y', strike: 0.015, payer: false, vol: v });
      expect((p.npv - r.npv) / 1e8).toBeCloseTo((p.annuity * (p.forwardSwapRate - 0.015)) / 1e8, 12);
    }
  });
  it('a payer gains when rates rise (DV01 > 0), a receiver loses', () => {
    expect(atmPayer.dv01).toBeGreaterThan(0);
    expect(atmRec.dv01).toBeLessThan(0);
    // to first order dv01 ~ delta x dF/dquote ~ delta x 1bp
    expect(atmPayer.dv01! / (atmPayer.delta * 1e-4)).toBeGreaterThan(0.5);
  });
  it('implied vol from a premium round-trips (normal, shifted Black)', () => {
    const p = run({ ...base, product: 'swaption', expiry: '1Y', strike: 0.02, payer: true, vol, premium: 123456 });
    const back = run({ ...base, product: 'swaption', expiry: '1Y', strike: 0.02, payer: true, vol: { model: 'normal', vol: p.impliedVol! } });
    expect(back.npv).toBeCloseTo(123456, 5);
    const b = run({ ...base, product: 'swaption', expiry: '1Y', strike: 0.02, payer: true, vol: { model: 'black', vol: 0.3, shift: 0.005 }, premium: 123456 });
    expect(run({ ...base, product: 'swaption', expiry: '1Y', strike: 0.02, payer: true, vol: { model: 'black', vol: b.impliedVol!, shift: 0.005 } }).npv).toBeCloseTo(123456, 5);
  });
  it('refuses what cannot be priced, naming the field', () => {
    expect(() => run({ ...base, product: 'swaption', expiry: '1Y', strike: null, vol: { model: 'normal', vol: -1 } })).toThrow(/vol/);
    expect(() => run({ ...base, product: 'swaption', strike: null, vol })).toThrow(/expiry/);
    expect(() => run({ ...base, product: 'swaption', expiry: '1Y', strike: -0.02, vol: { model: 'black', vol: 0.2, shift: 0.01 } })).toThrow(/strike \+ shift/);
    expect(() => run({ ...base, product: 'swaption', expiry: '1Y', strike: 0.005, vol, premium: 1 })).toThrow(/no volatility/); // below intrinsic
  });
});

describe('caps and floors through the JSON model', () => {
  const vol = { model: 'normal', vol: 0.004 };
  const cap = runCap({ ...base, product: 'cap', tenor: '3Y', strike: 0.018, vol });
  const floor = runCap({ ...base, product: 'floor', tenor: '3Y', strike: 0.018, vol });
  it('a caplet per quarter, the first (fixing today, T-1 from spot) excluded; cap - floor = the swap caplet by caplet', () => {
    expect(cap.caplets).toHaveLength(12);
    expect(cap.caplets[0].status).toBe('excluded');
    expect(cap.caplets[0].npv).toBe(0);
    cap.caplets.slice(1).forEach((c, j) => {
      const i = j + 1;
      const f = floor.caplets[i];
      expect((c.npv - f.npv) / 1e8).toBeCloseTo((1e8 * c.accrual * c.discountFactor * (c.forward - 0.018)) / 1e8, 12);
    });
    expect(cap.npv).toBeCloseTo(cap.caplets.reduce((s, c) => s + c.npv, 0), 6);
  });
  it('FR007 caps are in arrears (compounded index): every caplet is an option', () => {
    const fr = runCap({ curves: cny, index: 'FR007', notional: 1e8, tenor: '2Y', product: 'cap', strike: null, vol });
    expect(fr.caplets.every((c) => c.status === 'option')).toBe(true);
  });
  it('implied flat vol from a cap premium round-trips', () => {
    const p = runCap({ ...base, product: 'cap', tenor: '3Y', strike: 0.018, vol, premium: cap.npv * 1.1 });
    expect(runCap({ ...base, product: 'cap', tenor: '3Y', strike: 0.018, vol: { model: 'normal', vol: p.impliedVol! } }).npv).toBeCloseTo(cap.npv * 1.1, 4);
  });
});

describe('market-making grid and SABR calibration', () => {
  it('grid off the sample surface: every expiry x tenor, bid < mid < ask', () => {
    const surface = sampleSwaptionSurface('FR007', SAMPLE_CURVES.FR007.asOf);
    const g = runSwaptionGridRequest({ curves: [SAMPLE_CURVES.FR007], surface, notional: 1e8, kinds: ['payer'], halfSpread: { vol: 0.0001 } }) ;
    expect(g.quotes).toHaveLength(surface.expiries.length * surface.tenors.length);
    for (const q of g.quotes) expect(q.premiumBid < q.premiumMid && q.premiumMid < q.premiumAsk).toBe(true);
  });
  it('a surface of another date is refused', () => {
    expect(() => runSwaptionGridRequest({ curves: [SAMPLE_CURVES.FR007], surface: sampleSwaptionSurface('FR007', '2025-06-19'), notional: 1e8, halfSpread: { vol: 0.0001 } })).toThrow(/different dates/);
  });
  it('calibration recovers planted normal SABR parameters', () => {
    const p = { alpha: 0.004, beta: 0, rho: -0.25, nu: 0.45 }, F = 0.018, T = 1;
    const points = [-0.01, -0.005, -0.0025, 0, 0.0025, 0.005, 0.01].map((o) => ({ strike: F + o, vol: sabrNormalVol(p, F, F + o, T) }));
    const r = runSabrCalibration({ forward: F, expiryTime: T, beta: 0, quote: 'normal', points }) ;
    expect(r.alpha).toBeCloseTo(p.alpha, 6);
    expect(r.rho).toBeCloseTo(p.rho, 3);
    expect(r.nu).toBeCloseTo(p.nu, 3);
  });
});

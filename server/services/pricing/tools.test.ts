import { afterAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../contracts';
import { closePricingPool } from '../../pricing/pricing-pool';
import { registerPricingService } from './index';
import { answerLocally } from '../../../src/kit/pricing/offline-core';

function registry() {
  const methods = new Map<string, (content: string) => unknown>();
  registerPricingService({ register: (server, method, handler) => { expect(server).toBe('OptPricingSvr'); methods.set(method, (c) => handler(c, { sid: null, user: null, connId: 1, remoteAddress: '127.0.0.1' })); } });
  return (method: string, content: unknown) => methods.get(method)!(typeof content === 'string' ? content : JSON.stringify(content)) as Record<string, any>;
}

describe('OptPricingSvr tool methods', () => {
  const call = registry();
  afterAll(closePricingPool);

  it('VERSION and PRICE (PRICING-CLI requests in order)', async () => {
    expect(call('ATS.OPTPRICINGSVR.VERSION', '').Code).toBe(0);
    const r = await call('ATS.OPTPRICINGSVR.PRICE', { requests: [{ model: 'forward', spot: 1, t: 1, rd: 0, rf: 0 }, { model: 'x' }] });
    expect(r.results[0]).toEqual({ forward: 1, swapPoints: 0 });
    expect(r.results[1].error).toBeDefined();
  });

  it('FXVANILLA by strike, delta and ATM convention', () => {
    const base = { type: 'call', spot: 1.1, t: 0.5, rd: 0.045, rf: 0.03, vol: 0.08, notional: 1e6 };
    const byDelta = call('ATS.OPTPRICINGSVR.FXVANILLA', { ...base, delta: 0.25, deltaConvention: 'forwardPremiumAdjusted' });
    expect(byDelta.delta.forwardPremiumAdjusted).toBeCloseTo(0.25, 12);
    const atm = call('ATS.OPTPRICINGSVR.FXVANILLA', { ...base, atm: 'deltaNeutral' });
    expect(atm.domAmount).toBeCloseTo(atm.domPerFor * 1e6, 6);
    expect(call('ATS.OPTPRICINGSVR.FXVANILLA', { ...base, strike: 1.12 }).strike).toBe(1.12);
  });

  it('SOLVE vol and strikes', () => {
    const v = call('ATS.OPTPRICINGSVR.FXVANILLA', { type: 'put', spot: 1.1, t: 1, rd: 0.04, rf: 0.02, vol: 0.1, strike: 1.05 });
    const base = { type: 'put', spot: 1.1, t: 1, rd: 0.04, rf: 0.02 };
    expect(call('ATS.OPTPRICINGSVR.SOLVE', { ...base, solveFor: 'vol', strike: 1.05, premium: v.domPerFor }).vol).toBeCloseTo(0.1, 12);
    expect(call('ATS.OPTPRICINGSVR.SOLVE', { ...base, solveFor: 'strikeFromPremium', vol: 0.1, premium: v.domPerFor }).strike).toBeCloseTo(1.05, 10);
    expect(call('ATS.OPTPRICINGSVR.SOLVE', { ...base, solveFor: 'strikeFromDelta', vol: 0.1, delta: -0.25 }).strike).toBeLessThan(1.1);
  });

  it('FORWARD with an FX swap, STRUCTUREDFORWARD zero-cost, LEDGER totals', () => {
    const f = call('ATS.OPTPRICINGSVR.FORWARD', { spot: 7.1, t: 0.25, rd: 0.02, rf: 0.045, farT: 1, notional: 1e6 });
    expect(f.swapPoints).toBeLessThan(0);
    expect(Math.abs(f.fxSwap.npv)).toBeLessThan(1e-6);
    expect(call('ATS.OPTPRICINGSVR.FORWARD', { spot: 7.1, swapPoints: -120 }).forward).toBeCloseTo(7.088, 12);
    const s = call('ATS.OPTPRICINGSVR.STRUCTUREDFORWARD', {
      product: 'range', side: 'buy', spot: 7.1, t: 1, rd: 0.02, rf: 0.045, vol: 0.05, notional: 1e6, protectStrike: 7.15, solveFor: 'giveUpStrike',
    });
    expect(Math.abs(s.npv)).toBeLessThan(1e-3);
    expect(s.solved).toBeLessThan(7.15);
    const l = call('ATS.OPTPRICINGSVR.LEDGER', { trades: [
      { id: 'a', type: 'call', spot: 1.1, strike: 1.1, t: 1, rd: 0.04, rf: 0.02, vol: 0.1, notional: 1e6 },
      { id: 'b', type: 'put', spot: 1.1, strike: 1.1, t: 1, rd: 0.04, rf: 0.02, vol: 0.1, notional: -1e6 },
    ] });
    expect(l.rows.map((r: any) => r.id)).toEqual(['a', 'b']);
    // long call + short put = forward: total delta = e^{-rf t} per unit
    expect(l.totals.delta).toBeCloseTo(1e6 * Math.exp(-0.02), 6);
  });

  const calc = {
    pair: 'USDCNY', valuationDate: '2026-03-02', spotDate: '2026-03-04',
    market: { spot: 7.1, rd: 0.018, rf: 0.043, surface: { smiles: [{ expiryDate: '2026-04-02', atm: 0.04, rr25: 0.004, bf25: 0.0015 }, { expiryDate: '2026-09-02', atm: 0.045, rr25: 0.006, bf25: 0.002 }] } },
    legs: [{ direction: 'buy', type: 'call', strike: 7.15, notional: 1e6, expiryDate: '2026-06-02', deliveryDate: '2026-06-04' }],
  };

  it('OPTIONCALC prices, solves, and answers offline with the same body', () => {
    const r = call('ATS.OPTPRICINGSVR.OPTIONCALC', { ...calc, curves: { spotPoints: 5, timePoints: 3 }, smile: true });
    expect(r.Code).toBe(0);
    expect(r.legs[0].premium.quoteAmount).toBeGreaterThan(0);
    expect(r.curves.spot).toHaveLength(5);
    expect(r.smiles[0].strikes.length).toBeGreaterThan(2);
    const offline = answerLocally('ATS.OPTPRICINGSVR.OPTIONCALC', { ...calc, curves: { spotPoints: 5, timePoints: 3 }, smile: true });
    expect(offline).toEqual(JSON.parse(JSON.stringify(r)));
    const s = call('ATS.OPTPRICINGSVR.OPTIONCALC', { ...calc, preset: 'StrikeFromPremium', target: { field: 'Premium', type: 'Amt', currency: 'quote', value: r.legs[0].premium.quoteAmount }, legs: [{ ...calc.legs[0], strike: undefined }] });
    expect(s.solved.values[0]).toBeCloseTo(7.15, 10);
    const presets = call('ATS.OPTPRICINGSVR.OPTIONPRESETS', '');
    expect(presets.presets.map((p: any) => p.value)).toContain('VolFromDelta');
  });

  it('OPTIONCALC: no solution is Code 2002, bad input 2001', () => {
    const noInverse = () => call('ATS.OPTPRICINGSVR.OPTIONCALC', { ...calc, preset: 'StrikeFromDelta', target: { field: 'Delta', type: 'Pct', value: 1.5 }, legs: [{ ...calc.legs[0], strike: undefined }] });
    expect(noInverse).toThrow(expect.objectContaining({ code: '2002', message: 'inverse result cannot be obtained, check input' }));
    expect(() => call('ATS.OPTPRICINGSVR.OPTIONCALC', { ...calc, legs: [{ ...calc.legs[0], type: 'straddle' }] })).toThrow(expect.objectContaining({ code: '2001' }));
    expect(answerLocally('ATS.OPTPRICINGSVR.OPTIONCALC', { ...calc, preset: 'StrikeFromDelta', target: { field: 'Delta', type: 'Pct', value: 1.5 }, legs: [{ ...calc.legs[0], strike: undefined }] }).Code).toBe('2002');
  });

  it('CSIOPTION: one option, a chain with per-row errors, contracts', () => {
    const one = call('ATS.OPTPRICINGSVR.CSIOPTION', { contract: 'IO', valuationDate: '2025-01-10', contractMonth: '2025-03', type: 'call', underlyingPrice: 3900, strike: 4000, r: 0.018, q: 0.02, vol: 0.2 });
    expect(one.expiryDate).toBe('2025-03-21');
    expect(one.premiumPerContract).toBeCloseTo(one.value * 100, 9);
    const chain = call('ATS.OPTPRICINGSVR.CSIOPTION', { contract: 'AU', valuationDate: '2025-01-10', contractMonth: '2025-06', underlyingPrice: 630, r: 0.018, rows: [{ type: 'call', strike: 640, vol: 0.15 }, { type: 'put', strike: 640 }] });
    expect(chain.rows[0].value).toBeGreaterThan(0);
    expect(chain.rows[1].code).toBe('BAD_INPUT');
    expect(() => call('ATS.OPTPRICINGSVR.CSIOPTION', { contract: 'IO', valuationDate: '2025-01-10', contractMonth: '2025-03', type: 'call', underlyingPrice: 3900, strike: 4000, r: 0.018, marketPrice: 5000 })).toThrow(expect.objectContaining({ code: '2002' }));
    expect(call('ATS.OPTPRICINGSVR.CSICONTRACTS', '').contracts.length).toBeGreaterThan(10);
  });

  it('CRYPTOOPTION: inverse in coin, linear in USD, equal after conversion', () => {
    const base = { type: 'call', index: 60000, forward: 60400, strike: 62000, valuationTime: '2026-03-20T08:00:00Z', expiryTime: '2026-03-27T08:00:00Z', vol: 0.55 };
    const inv = call('ATS.OPTPRICINGSVR.CRYPTOOPTION', { ...base, settlement: 'inverse' });
    const lin = call('ATS.OPTPRICINGSVR.CRYPTOOPTION', { ...base, settlement: 'linear' });
    expect(inv.coin * 60000).toBeCloseTo(lin.usd, 8);
    expect(() => call('ATS.OPTPRICINGSVR.CRYPTOOPTION', { ...base, vol: undefined, premium: 3 })).toThrow(expect.objectContaining({ code: '2002' }));
  });

  it('BULKFX: rows priced, a bad row carries its error', () => {
    const r = call('ATS.OPTPRICINGSVR.BULKFX', {
      valuationDate: '2026-03-02', markets: { USDCNY: { spot: 7.1, rd: 0.018, rf: 0.043, vol: 0.05 } },
      rows: [
        { id: 1, product: 'rangeForward', pair: 'USDCNY', side: 'buy', protectStrike: 7.15, giveUpStrike: 6.95, notional: 1e6, expiryDate: '2026-06-02' },
        { id: 2, product: 'vanilla', pair: 'USDCNY', direction: 'buy', type: 'call', notional: 1e6, expiryDate: '2026-06-02' },
      ],
    });
    expect(r.rows[0].legs).toHaveLength(2);
    expect(r.rows[1]).toMatchObject({ id: 2, code: 'BAD_INPUT' });
  });

  it('replies ServiceError 2001 for bad requests', () => {
    expect(() => call('ATS.OPTPRICINGSVR.FXVANILLA', { type: 'call', spot: 1 })).toThrow(ServiceError);
    expect(() => call('ATS.OPTPRICINGSVR.SOLVE', '{nope')).toThrow(/JSON/);
    expect(() => call('ATS.OPTPRICINGSVR.LEDGER', { trades: [{ type: 'call' }] })).toThrow(/trade 0/);
  });
});

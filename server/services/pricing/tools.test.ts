import { afterAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../contracts';
import { closePricingPool } from '../../pricing/pricing-pool';
import { registerPricingService } from './index';

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

  it('replies ServiceError 2001 for bad requests', () => {
    expect(() => call('ATS.OPTPRICINGSVR.FXVANILLA', { type: 'call', spot: 1 })).toThrow(ServiceError);
    expect(() => call('ATS.OPTPRICINGSVR.SOLVE', '{nope')).toThrow(/JSON/);
    expect(() => call('ATS.OPTPRICINGSVR.LEDGER', { trades: [{ type: 'call' }] })).toThrow(/trade 0/);
  });
});

import { describe, expect, it } from 'vitest';
import { priceBatch, priceOne } from '../price-request';

const base = { spot: 100, t: 1, rd: 0.05, rf: 0.02, vol: 0.2 };

describe('PRICING-CLI handlers of the Black family', () => {
  it('vanilla returns npv and all greeks', () => {
    const r = priceOne({ model: 'vanilla', type: 'call', strike: 100, ...base });
    expect(Object.keys(r).sort()).toEqual(['delta', 'gamma', 'npv', 'rhoDomestic', 'rhoForeign', 'theta', 'vega']);
    expect(r.npv).toBeCloseTo(9.227005508154, 10);
  });

  it('impliedVol inverts vanilla', () => {
    const npv = priceOne({ model: 'vanilla', type: 'put', strike: 90, ...base }).npv as number;
    const { spot, t, rd, rf } = base;
    const r = priceOne({ model: 'impliedVol', type: 'put', strike: 90, spot, t, rd, rf, price: npv });
    expect(r.vol).toBeCloseTo(0.2, 13);
  });

  it('forward returns forward and swap points', () => {
    const r = priceOne({ model: 'forward', spot: 1.1, t: 0.5, rd: 0.05, rf: 0.03 });
    expect(r.forward).toBeCloseTo(1.1 * Math.exp(0.01), 15);
    expect(r.swapPoints).toBeCloseTo(1.1 * Math.exp(0.01) - 1.1, 15);
  });

  it('digital, barrier, touch and heston price', () => {
    expect(priceOne({ model: 'digital', type: 'call', strike: 100, payoff: 'cash', cash: 1, ...base }).gamma).toBeTypeOf('number');
    expect(priceOne({ model: 'digital', type: 'call', strike: 100, payoff: 'asset', ...base }).npv).toBeGreaterThan(0);
    expect(priceOne({ model: 'barrier', type: 'call', strike: 100, barrierType: 'upOut', barrier: 120, rebate: 1, ...base }).npv).toBeGreaterThan(0);
    expect(priceOne({ model: 'touch', barrier: 90, cash: 1, touchType: 'noTouch', payAt: 'expiry', ...base }).npv).toBeGreaterThan(0);
    expect(priceOne({ model: 'touch', barrier: 90, cash: 1, touchType: 'noTouch', ...base }).npv).toBeGreaterThan(0);
    const h = priceOne({ model: 'heston', type: 'call', strike: 100, spot: 100, t: 1, rd: 0.05, rf: 0.02, v0: 0.04, kappa: 2, theta: 0.04, sigma: 0.5, rho: -0.5 });
    expect(h.npv).toBeGreaterThan(5);
  });

  it('discrete monitoring lowers an up-and-out knock-out probability', () => {
    const req = { model: 'barrier', type: 'call', strike: 100, barrierType: 'upOut', barrier: 120, ...base };
    const cont = priceOne(req).npv as number;
    const daily = priceOne({ ...req, monitoringInterval: 1 / 252 }).npv as number;
    expect(daily).toBeGreaterThan(cont);
  });

  it('names the bad field and still prices the other requests', () => {
    const out = priceBatch([
      { model: 'vanilla', type: 'call', strike: 100, ...base, vol: -1 },
      { model: 'vanilla', type: 'straddle', strike: 100, ...base },
      { model: 'vanilla', type: 'call', ...base },
      { model: 'touch', barrier: 90, cash: 1, touchType: 'noTouch', payAt: 'hit', ...base },
      { model: 'impliedVol', type: 'call', strike: 50, spot: 100, t: 1, rd: 0, rf: 0, price: 10 },
      { model: 'nope' },
      'not an object',
      { model: 'forward', spot: 1, t: 1, rd: 0, rf: 0 },
    ]);
    expect(out[0].error).toMatch(/vol/);
    expect(out[1].error).toMatch(/type/);
    expect(out[2].error).toMatch(/strike/);
    expect(out[3].error).toMatch(/no-touch/);
    expect(out[4].error).toMatch(/intrinsic/);
    expect(out[5].error).toMatch(/unknown model/);
    expect(out[6].error).toBeDefined();
    expect(out[7]).toEqual({ forward: 1, swapPoints: 0 });
  });
});

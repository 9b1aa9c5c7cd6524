import { describe, expect, it } from 'vitest';
import { allocateVanillaOutputs, impliedVolBatch, priceVanillaBatch } from './vanilla-batch';
import { blackScholesGreeks } from '../engines/black/black-scholes';
import { impliedVolatility } from '../engines/black/implied-vol';
import { randomVanillaBatch } from './random-inputs';

describe('batch API', () => {
  it('gives exactly the per-trade numbers, for any sub-range', () => {
    const inp = randomVanillaBatch(2000, 42);
    const out = allocateVanillaOutputs(2000);
    priceVanillaBatch(inp, out, 0, 1000);
    priceVanillaBatch(inp, out, 1000);
    for (let i = 0; i < 2000; i++) {
      const g = blackScholesGreeks(inp.omega[i] > 0 ? 'call' : 'put', inp.spot[i], inp.strike[i], inp.t[i], inp.rd[i], inp.rf[i], inp.vol[i]);
      expect(out.npv[i]).toBe(g.npv);
      expect(out.delta[i]).toBe(g.delta);
      expect(out.gamma[i]).toBe(g.gamma);
      expect(out.vega[i]).toBe(g.vega);
      expect(out.theta[i]).toBe(g.theta);
      expect(out.rhoDomestic[i]).toBe(g.rhoDomestic);
      expect(out.rhoForeign[i]).toBe(g.rhoForeign);
    }
  });

  it('inverts its own premiums, NaN where the per-trade API throws', () => {
    const inp = randomVanillaBatch(2000, 7);
    const out = allocateVanillaOutputs(2000);
    priceVanillaBatch(inp, out);
    const price = Float64Array.from(out.npv);
    price[3] = -1; // invalid
    const vol = new Float64Array(2000);
    impliedVolBatch({ ...inp, price }, vol);
    expect(vol[3]).toBeNaN();
    for (let i = 0; i < 2000; i++) {
      if (i === 3) continue;
      const type = inp.omega[i] > 0 ? 'call' : 'put';
      expect(vol[i]).toBe(impliedVolatility(type, price[i], inp.spot[i], inp.strike[i], inp.t[i], inp.rd[i], inp.rf[i]));
    }
  });
});

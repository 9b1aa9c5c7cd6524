import { describe, expect, it } from 'vitest';
import { discountCurveFromParYields } from '../../pricing-core/market/bond-curves/par-yield-curve';
import { computeBondOption } from './model';
import { DEFAULT_OPT } from './state';

const curve = discountCurveFromParYields({ tenors: [0.25, 1, 2, 3, 5, 10], yields: [0.013, 0.014, 0.0145, 0.015, 0.016, 0.018] });
const base = { ...DEFAULT_OPT, settlement: '2026-11-24', steps: 200 };

describe('bondOption model', () => {
  it('OAS reprices the market price; a call is worth less than the straight bond', () => {
    const r = computeBondOption(base, curve);
    expect(r.callable.cleanPrice).toBeCloseTo(100.6, 8);
    expect(r.callable.optionValue).toBeLessThan(0);
    expect(r.callable.oas).toBeGreaterThan(0); // a 2.98 % corporate over a ~1.5 % CGB curve
    expect(r.callable.yieldToWorst).toBeLessThanOrEqual(r.callable.yieldToMaturity);
  });

  it('without a market price the OAS is 0 and the model price is the curve price', () => {
    const r = computeBondOption({ ...base, cleanPrice: null }, curve);
    expect(r.callable.oas).toBe(0);
    const again = computeBondOption({ ...base, cleanPrice: r.callable.cleanPrice }, curve);
    expect(again.callable.oas).toBeCloseTo(0, 9);
  });

  it('the European option on the tree is close to Jamshidian; put-call parity style sanity', () => {
    const call = computeBondOption({ ...base, steps: 400 }, curve).option!;
    expect(call.jamshidian).not.toBeNull();
    expect(call.tree).toBeCloseTo(call.jamshidian!, 1);
    expect(call.black).toBeGreaterThan(0);
  });

  it('refuses a volatility out of range in both languages', () => {
    try { computeBondOption({ ...base, sigmaPct: 50 }, curve); throw new Error('no'); } catch (e) {
      expect((e as { words: { en: string; zh: string } }).words.en).toMatch(/volatility/);
    }
  });
});

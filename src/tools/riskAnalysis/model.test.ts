import { describe, expect, it } from 'vitest';
import { discountCurveFromParYields } from '../../pricing-core/market/bond-curves/par-yield-curve';
import { computeRisk } from './model';
import { DEFAULT_RISK } from './state';

const curve = discountCurveFromParYields({ tenors: [0.25, 1, 2, 5, 10, 30], yields: [0.013, 0.014, 0.0145, 0.016, 0.018, 0.021] });
const base = { ...DEFAULT_RISK, settlement: '2026-11-24' };

describe('riskAnalysis model', () => {
  it('key-rate durations add up to the curve duration; position DV01 scales with the face amount', () => {
    const r = computeRisk(base, curve);
    const sum = r.keyRates.durations.reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(r.keyRates.effectiveDuration, 6);
    expect(r.positionDv01).toBeCloseTo(r.analytics.dv01 * 1e6, 6);
    // a 10-year bond: its risk sits at the 7y and 10y nodes, nothing at 30y.
    const at = (t: number) => r.keyRates.durations[r.keyRates.tenors.indexOf(t)];
    expect(at(10)).toBeGreaterThan(at(2));
    expect(Math.abs(at(30))).toBeLessThan(1e-9);
  });

  it('the Z-spread reprices the bond: a parallel 0 bp scenario would be flat, +/-1bp match the DV01 sign', () => {
    const r = computeRisk(base, curve);
    const up = r.scenarios.find((x) => x.kind === 'parallel' && x.bp === 10)!;
    const dn = r.scenarios.find((x) => x.kind === 'parallel' && x.bp === -10)!;
    expect(up.pnl).toBeLessThan(0);
    expect(dn.pnl).toBeGreaterThan(0);
    expect(dn.pnl - up.pnl).toBeGreaterThan(0); // convexity: gains exceed losses
    expect(dn.pnl + up.pnl).toBeGreaterThan(0);
    // full revaluation and the duration-convexity estimate agree closely for small shifts
    expect(up.pnl).toBeCloseTo(up.pnlApprox, -2);
  });

  it('refuses a missing curve and an empty face amount in both languages', () => {
    expect(() => computeRisk(base, null)).toThrow(/curve/);
    try { computeRisk({ ...base, notional: null }, curve); } catch (e) { expect((e as { words: { zh: string } }).words.zh).toMatch(/面额/); }
  });
});

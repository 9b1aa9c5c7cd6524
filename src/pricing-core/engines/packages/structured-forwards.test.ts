import { describe, expect, it } from 'vitest';
import { currency } from '../../core/currency';
import { flatVolSurface, fxVolSurface } from '../../market/fx-smile/vol-surface';
import { buildFxSmile } from '../../market/fx-smile/fx-smile';
import {
  cappedForward, eagle, floorGuarantee, knockInForward, participatingForward, priceStructure, rangeForward, ratioForward,
  seagull, solveZeroCost, type PackageTerms,
} from './structured-forwards';

const usd = currency('USD');
const terms: PackageTerms = { side: 'buy', expiry: 1, notional: 1e6, currency: usd };
const flat = { spot: 7.1, rd: 0.02, rf: 0.045, surface: flatVolSurface(0.05) };
const fwd = 7.1 * Math.exp(-0.025);

describe('structured forwards', () => {
  it('a range forward with equal strikes at the forward is a zero-cost outright', () => {
    expect(Math.abs(priceStructure(rangeForward(terms, fwd, fwd), flat).npv)).toBeLessThan(1e-6);
  });

  it('solves the zero-cost strike of each package (Brent)', () => {
    const kPut = solveZeroCost((k) => rangeForward(terms, fwd * 1.03, k), flat, fwd * 0.7, fwd);
    expect(kPut).toBeLessThan(fwd);
    expect(Math.abs(priceStructure(rangeForward(terms, fwd * 1.03, kPut), flat).npv)).toBeLessThan(1e-4);

    const kp = solveZeroCost((k) => participatingForward(terms, k, 0.5), flat, fwd, fwd * 1.3);
    expect(kp).toBeGreaterThan(fwd); // half participation costs a worse protection rate
    const kr = solveZeroCost((k) => ratioForward(terms, k, 2), flat, fwd * 0.8, fwd);
    expect(kr).toBeLessThan(fwd); // leverage buys a better rate
    const kc = solveZeroCost((k) => cappedForward(terms, k, fwd * 1.05), flat, fwd * 0.8, fwd * 1.05);
    expect(kc).toBeLessThan(fwd);
    const ks = solveZeroCost((k) => seagull(terms, k, fwd * 1.01, fwd * 1.06), flat, fwd * 0.6, fwd * 1.01);
    expect(ks).toBeLessThan(fwd * 1.01);
    const ke = solveZeroCost((k) => eagle(terms, fwd * 0.85, k, fwd * 1.01, fwd * 1.06), flat, fwd * 0.86, fwd * 1.01);
    expect(ke).toBeGreaterThan(ks); // the bought limit put must be paid for by a higher sold put strike
    expect(Math.abs(priceStructure(eagle(terms, fwd * 0.85, ke, fwd * 1.01, fwd * 1.06), flat).npv)).toBeLessThan(1e-4);
    const kki = solveZeroCost((k) => knockInForward(terms, k, fwd * 0.95), flat, fwd * 0.9, fwd * 1.2);
    expect(kki).toBeGreaterThan(fwd); // the obligation is conditional, so the rate is worse
  });

  it('values legs with the smile at each strike, and a floor costs its premium', () => {
    const smile = buildFxSmile({ t: 1, spot: 7.1, rd: 0.02, rf: 0.045, atmVol: 0.05, rr25: 0.01, bf25: 0.003, butterflyType: 'smile', deltaConvention: 'spot', atmConvention: 'deltaNeutral' });
    const m = { ...flat, surface: fxVolSurface([smile]) };
    const v = priceStructure(floorGuarantee(terms, fwd * 1.02), m);
    expect(v.npv).toBeGreaterThan(0);
    const r = priceStructure(rangeForward(terms, fwd * 1.03, fwd * 0.97), m);
    expect(r.legs).toHaveLength(2);
    expect(r.npv).toBeCloseTo(r.legs[0] + r.legs[1], 8);
  });

  it('mirrors for a client selling the base currency', () => {
    const sell = { ...terms, side: 'sell' as const };
    const k = solveZeroCost((x) => rangeForward(sell, fwd * 0.97, x), flat, fwd, fwd * 1.3);
    expect(k).toBeGreaterThan(fwd);
  });
});

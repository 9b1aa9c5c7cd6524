import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { calibrateSabr, sabrNormalVol, sabrVol } from './sabr';
import { buildFxSmile } from '../fx-smile/fx-smile';
import { ql } from '../../dates/testing/quantlib-peer';
import { impliedNormalVol, blackFormula } from '../../engines/rates/rate-option-formulas';
import { nelderMead } from '../../math/nelder-mead';

describe('SABR', () => {
  it('is flat at alpha when beta = 1 and nu -> 0', () => {
    for (const k of [0.8, 1, 1.3]) expect(sabrVol({ alpha: 0.1, beta: 1, rho: 0, nu: 1e-9 }, 1, k, 1)).toBeCloseTo(0.1, 9);
  });

  it('is continuous through the at-the-money series branch', () => {
    const p = { alpha: 0.12, beta: 0.7, rho: -0.3, nu: 0.6 };
    const a = sabrVol(p, 1.1, 1.1 * (1 + 1e-9), 2), b = sabrVol(p, 1.1, 1.1 * (1 + 1e-5), 2);
    expect(Math.abs(a - b)).toBeLessThan(1e-5);
  });

  it('recovers known parameters from its own smile', () => {
    const truth = { alpha: 0.09, beta: 1, rho: -0.25, nu: 0.8 };
    const pillars = [0.9, 0.97, 1.02, 1.08, 1.15].map((k, i) => ({ strike: k, vol: sabrVol(truth, 1.02, k, 1), label: String(i) }));
    const fit = calibrateSabr(pillars, 1.02, 1);
    expect(fit.rmse).toBeLessThan(1e-8);
    expect(fit.rho).toBeCloseTo(-0.25, 4);
    expect(fit.nu).toBeCloseTo(0.8, 4);
  });

  it('fits the market smile pillars', () => {
    const s = buildFxSmile({ t: 1, spot: 1.1, rd: 0.045, rf: 0.03, atmVol: 0.08, rr25: -0.006, bf25: 0.0025, butterflyType: 'smile', deltaConvention: 'spot', atmConvention: 'deltaNeutral' });
    const fit = calibrateSabr(s.pillars, s.forward, 1);
    expect(fit.rmse).toBeLessThan(1e-6);
  });

  it('Nelder-Mead minimises a quadratic', () => {
    const r = nelderMead((x) => (x[0] - 1) ** 2 + 3 * (x[1] + 2) ** 2, [0, 0]);
    expect(r.x[0]).toBeCloseTo(1, 6);
    expect(r.x[1]).toBeCloseTo(-2, 6);
  });
});

describe('SABR vs QuantLib sabrVolatility / shiftedSabrVolatility', () => {
  it('generated parameters, forwards and strikes (rates-like, incl. negative with a shift): 1e-12 relative', () => {
    fc.assert(fc.property(
      fc.record({
        alpha: fc.double({ min: 0.001, max: 0.5, noNaN: true }),
        beta: fc.double({ min: 0, max: 1, noNaN: true }),
        rho: fc.double({ min: -0.95, max: 0.95, noNaN: true }),
        nu: fc.double({ min: 0.01, max: 1.5, noNaN: true }),
      }),
      fc.double({ min: -0.005, max: 0.08, noNaN: true }),
      fc.double({ min: 0.5, max: 2, noNaN: true }),
      fc.double({ min: 0.05, max: 20, noNaN: true }),
      (p, forward, kRatio, t) => {
        const shift = 0.02;
        const strike = (forward + shift) * kRatio - shift;
        // Near the money QuantLib evaluates z / x(z) exactly down to |z| ~ 5e-8, where the log
        // loses about eps/|z| of its digits; we switch to the series below |z| = 1e-6. So the
        // bound is 1e-12 plus QuantLib's own rounding there.
        const bound = (f: number, k: number) => 1e-12 + 4e-16 / Math.abs((p.nu / p.alpha) * Math.pow(f * k, 0.5 * (1 - p.beta)) * Math.log(f / k));
        const ours = sabrVol(p, forward, strike, t, shift);
        const peer = ql.shiftedSabrVolatility(strike, forward, t, p.alpha, p.beta, p.nu, p.rho, shift);
        expect(Math.abs(ours / peer - 1)).toBeLessThan(bound(forward + shift, strike + shift));
        if (forward > 1e-4 && strike > 1e-4) {
          expect(Math.abs(sabrVol(p, forward, strike, t) / ql.sabrVolatility(strike, forward, t, p.alpha, p.beta, p.nu, p.rho) - 1)).toBeLessThan(bound(forward, strike));
        }
      },
    ), { numRuns: 500 });
  });
});

describe('SABR normal-vol expansion (no QuantLib peer in the JS port: exact limits)', () => {
  it('beta = 0, nu -> 0 is the Bachelier model: sigma_N = alpha at every strike, negative rates included', () => {
    for (const k of [-0.01, -0.002, 0, 0.01, 0.03]) expect(sabrNormalVol({ alpha: 0.008, beta: 0, rho: 0.3, nu: 1e-12 }, -0.001, k, 5)).toBeCloseTo(0.008, 14);
  });
  it('beta = 1, nu -> 0 is lognormal: sigma_N (at short expiry) = alpha (f - K) / ln(f/K), the exact normal-equivalent of a flat Black vol to first order', () => {
    const p = { alpha: 0.2, beta: 1, rho: 0, nu: 1e-12 };
    for (const k of [0.02, 0.03, 0.045]) expect(sabrNormalVol(p, 0.03, k, 0)).toBeCloseTo(0.2 * (0.03 - k) / Math.log(0.03 / k) || 0.2 * 0.03, 14);
  });
  it('the normal and lognormal expansions price alike at short expiry (they differ at higher order in t)', () => {
    fc.assert(fc.property(
      fc.double({ min: 0.1, max: 0.4, noNaN: true }), fc.double({ min: 0.2, max: 1, noNaN: true }),
      fc.double({ min: -0.7, max: 0.7, noNaN: true }), fc.double({ min: 0.1, max: 0.8, noNaN: true }), fc.double({ min: 0.95, max: 1.05, noNaN: true }),
      (volB, beta, rho, nu, kr) => {
        const f = 0.03, k = f * kr, t = 0.02;
        const p = { alpha: volB * Math.pow(f, 1 - beta), beta, rho, nu };
        const black = blackFormula(k >= f ? 1 : -1, f, k, sabrVol(p, f, k, t), t).value;
        const implied = impliedNormalVol(k >= f ? 1 : -1, black, f, k, t);
        expect(Math.abs(sabrNormalVol(p, f, k, t) - implied) / implied).toBeLessThan(2e-5);
      },
    ), { numRuns: 200 });
  });
  it('calibration recovers a normal-SABR smile around a negative forward', () => {
    const truth = { alpha: 0.0075, beta: 0, rho: -0.2, nu: 0.45 };
    const f = -0.002, t = 2;
    const pts = [-0.012, -0.007, -0.002, 0.003, 0.008, 0.015].map((k) => ({ strike: k, vol: sabrNormalVol(truth, f, k, t) }));
    const fit = calibrateSabr(pts, f, t, 0, { quote: 'normal' });
    expect(fit.rmse).toBeLessThan(1e-9);
    expect(fit.alpha).toBeCloseTo(truth.alpha, 6);
    expect(fit.rho).toBeCloseTo(truth.rho, 4);
    expect(fit.nu).toBeCloseTo(truth.nu, 4);
  });
  it('calibration recovers a shifted-lognormal smile', () => {
    const truth = { alpha: 0.05, beta: 0.5, rho: -0.3, nu: 0.6 };
    const f = 0.001, t = 5, shift = 0.02;
    const pts = [-0.005, -0.002, 0.001, 0.004, 0.01].map((k) => ({ strike: k, vol: sabrVol(truth, f, k, t, shift) }));
    const fit = calibrateSabr(pts, f, t, 0.5, { shift });
    expect(fit.rmse).toBeLessThan(1e-9);
    expect(fit.rho).toBeCloseTo(truth.rho, 4);
    expect(fit.nu).toBeCloseTo(truth.nu, 4);
  });
});

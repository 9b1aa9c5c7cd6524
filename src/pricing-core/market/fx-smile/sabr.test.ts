import { describe, expect, it } from 'vitest';
import { calibrateSabr, sabrVol } from './sabr';
import { buildFxSmile } from './fx-smile';
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

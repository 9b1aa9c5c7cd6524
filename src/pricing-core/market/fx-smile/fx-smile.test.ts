import { describe, expect, it } from 'vitest';
import { buildFxSmile, type SmileQuotes } from './fx-smile';
import { vannaVolgaVol } from './vanna-volga';
import { fxVolSurface } from './vol-surface';
import { blackScholesPrice } from '../../engines/black/black-scholes';
import { strikeFromDelta } from '../../engines/fx/fx-conventions';

const eurusd1y: SmileQuotes = {
  t: 1, spot: 1.1, rd: 0.045, rf: 0.03, atmVol: 0.08, rr25: -0.006, bf25: 0.0025, rr10: -0.011, bf10: 0.008,
  butterflyType: 'smile', deltaConvention: 'spot', atmConvention: 'deltaNeutral',
};

describe('FX smile', () => {
  it('reproduces the pillar vols at the pillar strikes', () => {
    const s = buildFxSmile(eurusd1y);
    for (const p of s.pillars) expect(s.vol(p.strike)).toBeCloseTo(p.vol, 12);
    const labels = s.pillars.map((p) => p.label);
    expect(labels).toEqual(['10P', '25P', 'ATM', '25C', '10C']);
    const byLabel = Object.fromEntries(s.pillars.map((p) => [p.label, p.vol]));
    expect(byLabel['25C'] - byLabel['25P']).toBeCloseTo(-0.006, 14);
    expect((byLabel['25C'] + byLabel['25P']) / 2 - 0.08).toBeCloseTo(0.0025, 14);
  });

  it('vanna-volga reduces to a flat smile for flat pillars and is smooth between pillars', () => {
    const flat = { k: [0.9, 1, 1.1] as [number, number, number], vol: [0.1, 0.1, 0.1] as [number, number, number], forward: 1, t: 1 };
    for (const k of [0.7, 0.95, 1.05, 1.4]) expect(vannaVolgaVol(flat, k)).toBeCloseTo(0.1, 14);
    const s = buildFxSmile({ ...eurusd1y, rr10: undefined, bf10: undefined });
    const [kp, ka] = [s.pillars[0].strike, s.pillars[1].strike];
    const mid = Math.sqrt(kp * ka);
    expect(s.vol(mid)).toBeGreaterThan(Math.min(s.pillars[0].vol, s.pillars[1].vol) - 0.002);
    expect(s.vol(mid)).toBeLessThan(Math.max(s.pillars[0].vol, s.pillars[1].vol) + 0.002);
  });

  it('calibrates broker strangles: the smile reprices the single-vol strangle', () => {
    const q: SmileQuotes = { ...eurusd1y, butterflyType: 'broker', deltaConvention: 'forwardPremiumAdjusted' };
    const s = buildFxSmile(q);
    for (const [delta, bf] of [[0.25, q.bf25], [0.1, q.bf10!]] as const) {
      const single = { spot: q.spot, t: q.t, rd: q.rd, rf: q.rf, vol: q.atmVol + bf };
      const kc = strikeFromDelta('call', delta, single, q.deltaConvention);
      const kp = strikeFromDelta('put', -delta, single, q.deltaConvention);
      const quoted = blackScholesPrice('call', q.spot, kc, 1, q.rd, q.rf, single.vol) + blackScholesPrice('put', q.spot, kp, 1, q.rd, q.rf, single.vol);
      const smile = blackScholesPrice('call', q.spot, kc, 1, q.rd, q.rf, s.vol(kc)) + blackScholesPrice('put', q.spot, kp, 1, q.rd, q.rf, s.vol(kp));
      expect(Math.abs(smile - quoted)).toBeLessThan(1e-12);
    }
    // with a skew the smile strangle differs from the broker quote
    expect(Math.abs(s.smileStrangle25 - q.bf25)).toBeGreaterThan(1e-6);
  });

  it('interpolates in time linearly in total variance', () => {
    const s1 = buildFxSmile({ ...eurusd1y, t: 0.5, atmVol: 0.07 });
    const s2 = buildFxSmile(eurusd1y);
    const surf = fxVolSurface([s2, s1]);
    const k = 1.12;
    expect(surf.vol(0.5, k)).toBeCloseTo(s1.vol(k), 14);
    expect(surf.vol(1, k)).toBeCloseTo(s2.vol(k), 14);
    const w = (t: number) => surf.vol(t, k) ** 2 * t;
    expect(w(0.75)).toBeCloseTo((w(0.5) + w(1)) / 2, 14);
    expect(surf.vol(3, k)).toBeCloseTo(s2.vol(k), 14);
  });

  it('can interpolate with SABR fitted to the pillars', () => {
    const s = buildFxSmile({ ...eurusd1y, interpolation: 'sabr' });
    for (const p of s.pillars) expect(Math.abs(s.vol(p.strike) - p.vol)).toBeLessThan(5e-4);
    const vv = buildFxSmile(eurusd1y);
    expect(Math.abs(s.vol(1.1) - vv.vol(1.1))).toBeLessThan(2e-3);
  });
});

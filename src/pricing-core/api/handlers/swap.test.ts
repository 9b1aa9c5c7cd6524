import { describe, expect, it } from 'vitest';
import { priceOne } from '../price-request';

const base = {
  model: 'swap', valuationDate: '2025-03-03', startDate: '2025-03-05', endDate: '2030-03-05',
  curve: [[0, 0.03], [0.5, 0.031], [1, 0.032], [2, 0.033], [5, 0.035], [10, 0.037]],
  fixedFrequency: 1, floatFrequency: 4, fixedDayCount: 'ACT/360', floatDayCount: 'ACT/360', notional: 1e7, fixedRate: 0.035, payer: true,
};

describe('swap handler (PRICING-CLI)', () => {
  it('returns parRate, npv, leg PVs and bps consistently', () => {
    const v = priceOne(base) as Record<string, number>;
    expect(v.error).toBeUndefined();
    expect(v.npv).toBeCloseTo(v.floatLegPv - v.fixedLegPv, 6);
    expect(v.fixedLegPv).toBeCloseTo(v.bps * 1e4 * 0.035, 6);
    expect(v.parRate).toBeCloseTo(v.floatLegPv / (v.bps * 1e4), 14);
    // Single curve: the float leg telescopes to N (P(start) - P(end)); log-linear discount
    // factors between the nodes: ln P = -0.031 t on [0, 0.5], and from -0.175 to -0.37 on [5, 10].
    const tS = 2 / 365, tE = (2 + 1826) / 365;
    const pS = Math.exp(-0.031 * tS), pE = Math.exp(-0.175 + ((tE - 5) / 5) * (-0.37 + 0.175));
    expect(v.floatLegPv).toBeCloseTo(1e7 * (pS - pE), 6);
    const recv = priceOne({ ...base, payer: false }) as Record<string, number>;
    expect(recv.npv).toBeCloseTo(-v.npv, 8);
    expect(recv.fixedLegPv).toBe(v.fixedLegPv);
  });
  it('rejects bad input', () => {
    expect(priceOne({ ...base, curve: [[0.1, 0.03], [1, 0.03]] }).error).toMatch(/t = 0/);
    expect(priceOne({ ...base, fixedFrequency: 3 }).error).toMatch(/fixedFrequency/);
    expect(priceOne({ ...base, startDate: '2025-01-01' }).error).toMatch(/seasoned/);
    expect(priceOne({ ...base, payer: 'yes' }).error).toMatch(/payer/);
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { priceOne } from '../price-request';

type Out = Record<string, number> & { error?: string };

describe('fxImpliedRate (PRICING-CLI): interest-rate parity with money-market simple rates', () => {
  it('USDCNY with dates: CNY (quote, domestic) on ACT/365F, USD (base, foreign) on ACT/360', () => {
    const r = priceOne({ model: 'fxImpliedRate', pair: 'USDCNY', spot: 7.1, startDate: '2025-06-23', endDate: '2025-09-23', rd: 0.016, rf: 0.043 }) as Out;
    expect(r.days).toBe(92);
    expect(r.tDomestic).toBe(92 / 365);
    expect(r.tForeign).toBe(92 / 360);
    expect(r.forward).toBeCloseTo(7.1 * (1 + 0.016 * 92 / 365) / (1 + 0.043 * 92 / 360), 14);
    expect(r.swapPoints).toBeCloseTo(r.forward - 7.1, 15);
    expect(r.swapPips).toBeCloseTo(r.swapPoints * 1e4, 10);
    expect(Object.keys(r).sort()).toEqual(['days', 'forward', 'rd', 'rf', 'swapPips', 'swapPoints', 'tDomestic', 'tForeign']);
  });

  it('JPY quote: pips of 0.01 unless pipFactor is given; year fractions as given, no days', () => {
    const r = priceOne({ model: 'fxImpliedRate', pair: 'USDJPY', spot: 150, tDomestic: 0.5, tForeign: 0.5, swapPips: -250, rf: 0.045 }) as Out;
    expect(r.forward).toBeCloseTo(147.5, 12);
    expect(r.rd).toBeCloseTo((147.5 * (1 + 0.045 * 0.5) / 150 - 1) / 0.5, 14);
    expect(r.days).toBeUndefined();
    const custom = priceOne({ model: 'fxImpliedRate', pair: 'USDJPY', spot: 150, tDomestic: 0.5, tForeign: 0.5, swapPips: -2500, rf: 0.045, pipFactor: 1000 }) as Out;
    expect(custom.forward).toBeCloseTo(147.5, 12);
  });

  it('round trips: any two of {forward, rd, rf} give back the third (1e-12), every supported pair', () => {
    const ccys = ['USD', 'EUR', 'JPY', 'CHF', 'CNY', 'GBP', 'HKD', 'CAD'];
    fc.assert(fc.property(
      fc.constantFrom(...ccys), fc.constantFrom(...ccys), fc.double({ min: 0.005, max: 200, noNaN: true }),
      fc.integer({ min: 1, max: 3650 }), fc.double({ min: -0.01, max: 0.15, noNaN: true }), fc.double({ min: -0.01, max: 0.15, noNaN: true }),
      (base, quote, spot, days, rd, rf) => {
        if (base === quote) return;
        const common = { model: 'fxImpliedRate', pair: base + quote, spot, startDate: '2025-01-02', endDate: isoPlus('2025-01-02', days) };
        const a = priceOne({ ...common, rd, rf }) as Out;
        expect(a.error).toBeUndefined();
        const b = priceOne({ ...common, forward: a.forward, rf }) as Out;
        expect(b.rd).toBeCloseTo(rd, 12);
        const c = priceOne({ ...common, swapPoints: a.swapPoints, rd }) as Out;
        expect(c.rf).toBeCloseTo(rf, 11);
        const d = priceOne({ ...common, swapPips: a.swapPips, rf }) as Out;
        expect(d.rd).toBeCloseTo(rd, 11);
        expect(Math.abs(d.forward / a.forward - 1)).toBeLessThan(1e-13);
      },
    ), { numRuns: 300 });
  });

  it('refuses what the section refuses', () => {
    const ok = { model: 'fxImpliedRate', pair: 'EURUSD', spot: 1.08, startDate: '2025-01-02', endDate: '2025-04-02', rd: 0.043, rf: 0.025 };
    expect(priceOne(ok).error).toBeUndefined();
    expect(priceOne({ ...ok, pair: 'EURSEK' }).error).toMatch(/SEK/);
    expect(priceOne({ ...ok, pair: 'EUR/USD' }).error).toMatch(/six letters/);
    expect(priceOne({ ...ok, forward: 1.09 }).error).toMatch(/exactly two/);
    expect(priceOne({ ...ok, rd: undefined }).error).toMatch(/exactly two/);
    expect(priceOne({ ...ok, rd: undefined, forward: 1.09, swapPoints: 0.01 }).error).toMatch(/one form/);
    expect(priceOne({ ...ok, tDomestic: 0.25, tForeign: 0.25 }).error).toMatch(/not both/);
    expect(priceOne({ ...ok, startDate: undefined, endDate: undefined }).error).toMatch(/missing/);
    expect(priceOne({ ...ok, endDate: '2025-01-02' }).error).toMatch(/after startDate/);
    expect(priceOne({ ...ok, spot: 0 }).error).toMatch(/spot/);
    expect(priceOne({ ...ok, rd: undefined, swapPoints: -1.2 }).error).toMatch(/positive/);
  });
});

function isoPlus(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10);
}

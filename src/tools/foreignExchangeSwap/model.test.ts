import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { answerLocally, PRICE_METHOD } from '../../kit/pricing/offline-core';
import { ToolFailure } from '../../kit/results';
import { fxDatesFor } from '../../pricing-core/dates/calendars';
import { prepare, readResult, unknownOf } from './model';
import { DEFAULT_INPUTS, type FesInputs } from './state';

const trade = '2026-11-24';
const solve = (i: FesInputs) => {
  const p = prepare(i, trade);
  return { p, r: readResult(answerLocally(PRICE_METHOD, { requests: [p.request] })) };
};

describe('interest-parity calculator model', () => {
  it('the one empty field is the unknown; none or two empty is refused in both languages', () => {
    expect(unknownOf({ ...DEFAULT_INPUTS, rd: null })).toBe('rd');
    expect(unknownOf({ ...DEFAULT_INPUTS, rd: 1.6, swapPips: null })).toBe('forward');
    const all = () => unknownOf({ ...DEFAULT_INPUTS, rd: 1.6 });
    expect(all).toThrow(ToolFailure);
    try { all(); } catch (e) { expect((e as ToolFailure).words?.zh).toMatch(/留空一项/); }
    expect(() => unknownOf({ ...DEFAULT_INPUTS, rd: null, rf: null })).toThrow(/Leave exactly one/);
  });

  it('day counts per currency: USDCNY is CNY ACT/365F against USD ACT/360, from spot to the tenor', () => {
    const { p, r } = solve({ ...DEFAULT_INPUTS, rd: null });
    const d = fxDatesFor('USDCNY', trade, '1M');
    expect(p.startDate).toBe(d.spotDate);
    expect(p.basisD).toBe(365);
    expect(p.basisF).toBe(360);
    expect(r.tDomestic).toBe(r.days / 365);
    expect(r.tForeign).toBe(r.days / 360);
    const eur = solve({ ...DEFAULT_INPUTS, pair: 'EURUSD', spot: 1.08, swapPips: 40, rd: null, rf: 2.1 });
    expect(eur.r.tDomestic).toBe(eur.r.tForeign); // both ACT/360
  });

  it('round trip: rate solved from the points gives back the same points, and the other way, for any inputs', () => {
    fc.assert(fc.property(
      fc.double({ min: 6, max: 8, noNaN: true }), fc.integer({ min: -3000, max: 1000 }), fc.double({ min: 0, max: 6, noNaN: true }),
      fc.constantFrom('1W', '1M', '3M', '6M', '1Y'), fc.constantFrom<'rd' | 'rf'>('rd', 'rf'),
      (spot, pips, rate, tenor, solveFor) => {
        const base: FesInputs = { ...DEFAULT_INPUTS, spot, tenor: { kind: 'tenor', tenor }, swapPips: pips, rd: 1.6, rf: 3.5, [solveFor]: null };
        if (solveFor === 'rd') base.rf = rate; else base.rd = rate;
        const first = solve(base).r;
        const back = solve({ ...base, [solveFor]: first[solveFor] * 100, swapPips: null }).r;
        expect(back.swapPips).toBeCloseTo(pips, 8);
        expect(back.forward).toBeCloseTo(spot + pips / 1e4, 12);
      },
    ), { numRuns: 60 });
  });

  it('parity mode takes the outright; ON runs from the trade date', () => {
    const { p, r } = solve({ ...DEFAULT_INPUTS, mode: 'parity', forward: 7.06, swapPips: null, tenor: { kind: 'tenor', tenor: 'ON' }, rd: 1.6, rf: null });
    expect(p.startDate).toBe(trade);
    expect(r.forward).toBe(7.06);
    expect(r.days).toBeGreaterThanOrEqual(1);
  });

  it('a year without a CNY notice is priced on projected dates and says so', () => {
    const { p } = solve({ ...DEFAULT_INPUTS, tenor: { kind: 'tenor', tenor: '1Y' }, rd: null });
    expect(p.projectedYears.some((y) => y.calendar === 'CNY' && y.year === 2027)).toBe(true);
  });

  it('an impossible solve reports the SPEC inverse failure', () => {
    expect(() => solve({ ...DEFAULT_INPUTS, mode: 'parity', forward: 7.06, swapPips: null, rd: -900, rf: null })).toThrow(ToolFailure);
  });
});

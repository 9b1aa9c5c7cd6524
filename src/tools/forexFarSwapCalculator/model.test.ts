import { describe, expect, it } from 'vitest';
import { fxDatesFor } from '../../pricing-core/dates/calendars';
import { answerLocally } from '../../kit/pricing/offline-core';
import { ToolFailure } from '../../kit/results';
import { legDate, pairDates } from '../../kit/fx-market';
import { FXSWAP_METHOD, prepare, withEdit } from './model';
import { DEFAULT_INPUTS } from './state';

const trade = '2026-11-24';

describe('leg dates on the pair calendars', () => {
  it('tenors follow fxDates: SPOT, ON start, TN, SN and 3M on USDCNY', () => {
    const spot = fxDatesFor('USDCNY', trade, 'SPOT');
    expect(legDate('USDCNY', trade, { kind: 'tenor', tenor: 'SPOT' }).date).toBe(spot.deliveryDate);
    expect(legDate('USDCNY', trade, { kind: 'tenor', tenor: 'ON' }, 'start').date).toBe(trade);
    expect(legDate('USDCNY', trade, { kind: 'tenor', tenor: 'SN' }, 'start').date).toBe(spot.spotDate);
    expect(legDate('USDCNY', trade, { kind: 'tenor', tenor: '1M' }, 'start').date).toBe(fxDatesFor('USDCNY', trade, '1M').deliveryDate);
    expect(legDate('USDCNY', trade, { kind: 'tenor', tenor: 'TN' }).date).toBe(spot.spotDate);
    expect(legDate('USDCNY', trade, { kind: 'tenor', tenor: '1M' }).date).toBe(fxDatesFor('USDCNY', trade, '1M').deliveryDate);
    expect(pairDates('USDCNH', trade).spotDate).toBe(spot.spotDate);
  });
  it('a broken date must be a value day of both currencies: a CNY holiday and a make-up Saturday are refused', () => {
    expect(legDate('USDCNY', '2026-09-01', { kind: 'date', date: '2026-09-15' }).date).toBe('2026-09-15');
    expect(() => legDate('USDCNY', '2026-09-01', { kind: 'date', date: '2026-10-05' })).toThrow(/notValueDay/);
    expect(() => legDate('USDCNY', '2026-09-01', { kind: 'date', date: '2026-09-20' })).toThrow(/notValueDay/); // make-up Sunday: US shut
    expect(() => legDate('USDCNY', trade, { kind: 'date', date: '2026-11-01' })).toThrow(/beforeTrade/);
  });
  it('dates in a CNY year without an official notice are answered from the projection and flagged', () => {
    const one = legDate('USDCNY', trade, { kind: 'tenor', tenor: '1Y' });
    expect(one.date.startsWith('2027-')).toBe(true);
    expect(one.projectedYears).toContainEqual(expect.objectContaining({ calendar: 'CNY', year: 2027 }));
    expect(legDate('USDCNY', trade, { kind: 'tenor', tenor: '1M' }).projectedYears).toEqual([]);
  });
});

describe('prepare and price (the FXSWAP method, as the offline worker answers it)', () => {
  it('from rates: near SPOT / far 3M forwards are parity from spot, points in pips', () => {
    const i = { ...DEFAULT_INPUTS, spot: 7.1, source: 'rates' as const, rd: 1.6, rf: 4.3 };
    const p = prepare(i, trade, null);
    const body = answerLocally(FXSWAP_METHOD, p.content) as Record<string, any>;
    expect(body.Code).toBe(0);
    const days = (Date.parse(p.farDate) - Date.parse(p.spotDate)) / 86_400_000;
    const far = 7.1 * (1 + 0.016 * days / 365) / (1 + 0.043 * days / 360);
    expect(body.near.rate).toBe(7.1);
    expect(body.far.rate).toBeCloseTo(far, 13);
    expect(body.swapPips).toBeCloseTo((far - 7.1) * 1e4, 8);
    expect(body.far.quote).toBeCloseTo(1e6 * far, 6);
  });
  it('from points: a broken date between two quotes is interpolated; ON near leg is before spot', () => {
    const market = { spot: 7.1, pipFactor: 10000, on: -4, tn: -5, byTenor: {}, deposits: {}, projectedYears: [], points: [
      { day: Date.parse(fxDatesFor('USDCNY', trade, '1M').deliveryDate) / 86_400_000, pips: -120 },
      { day: Date.parse(legDate('USDCNY', trade, { kind: 'tenor', tenor: '3M' }).date) / 86_400_000, pips: -350 },
    ] };
    const p = prepare({ ...DEFAULT_INPUTS, near: { kind: 'tenor', tenor: 'ON' }, far: { kind: 'tenor', tenor: '1M' } }, trade, market);
    const body = answerLocally(FXSWAP_METHOD, p.content) as Record<string, any>;
    expect(body.near.rate).toBeCloseTo(7.1 + 9e-4, 12);
    expect(body.far.rate).toBeCloseTo(7.1 - 0.012, 12);
  });
  it('bad input fails in the user language without pricing', () => {
    expect(() => prepare({ ...DEFAULT_INPUTS, near: { kind: 'tenor', tenor: '3M' }, far: { kind: 'tenor', tenor: '1M' } }, trade, null)).toThrow(ToolFailure);
    expect(() => prepare({ ...DEFAULT_INPUTS, source: 'rates' }, trade, null)).toThrow(/spot/);
  });
});

describe('a typed rate is never silently ignored (issue 20 section 3)', () => {
  const market = { spot: 7.1, pipFactor: 10000, on: null, tn: null, byTenor: {}, deposits: {}, projectedYears: [], points: [
    { day: Date.parse(legDate('USDCNY', trade, { kind: 'tenor', tenor: '3M' }).date) / 86_400_000, pips: -350 },
  ] };
  it('typing a rate while outrights come from the points switches the source to rates, and the typed rate prices', () => {
    const typed = withEdit({ ...DEFAULT_INPUTS, spot: 7.1 }, { rd: 1.6 });
    expect(typed.source).toBe('rates');
    const both = withEdit(typed, { rf: 4.3 });
    const p = prepare(both, trade, market);
    expect(p.source).toBe('typedRates');
    expect(p.rd).toBe(0.016);
    const body = answerLocally(FXSWAP_METHOD, p.content) as Record<string, any>;
    const days = (Date.parse(p.farDate) - Date.parse(p.spotDate)) / 86_400_000;
    expect(body.far.rate).toBeCloseTo(7.1 * (1 + 0.016 * days / 365) / (1 + 0.043 * days / 360), 13);
    // and not the points' outright
    expect(Math.abs(body.far.rate - (7.1 - 0.035))).toBeGreaterThan(1e-4);
  });
  it('choosing the points again clears the typed rates, so the fields show the market and nothing typed is unused', () => {
    const back = withEdit({ ...DEFAULT_INPUTS, source: 'rates', rd: 1.6, rf: 4.3 }, { source: 'points' });
    expect(back).toMatchObject({ source: 'points', rd: null, rf: null });
    expect(prepare({ ...back, spot: 7.1 }, trade, market).source).toBe('marketPoints');
  });
  it('an item saved with the points and a typed rate prices from the typed rate and says so', () => {
    const old = { ...DEFAULT_INPUTS, spot: 7.1, source: 'points' as const, rd: 1.6, rf: 4.3 };
    const p = prepare(old, trade, market);
    expect(p.source).toBe('typedRates');
    expect(p.content.source).toBe('rates');
  });
});

import { describe, expect, it } from 'vitest';
import { fxDatesFor } from '../../pricing-core/dates/calendars';
import { answerLocally } from '../../kit/pricing/offline-core';
import { ToolFailure } from '../../kit/results';
import { legDate, pairDates } from '../../kit/fx-market';
import { FXSWAP_METHOD, prepare } from './model';
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

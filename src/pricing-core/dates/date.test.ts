import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type CalendarDate, addMonths, fromISO, fromYMD, toISO, toYMD, weekday, isEndOfMonth, nthWeekday, Weekday } from './date';
import { addTenor, immCode, immDateFromCode, isIMMDate, nextIMMDate, parseTenor, shortDate, advance } from './tenor';
import { HolidayCalendar } from './calendar';
import { HOLIDAY_SEED } from './holiday-seed';
import { ql, toQL, fromQL } from './testing/quantlib-peer';

describe('CalendarDate', () => {
  it('serials agree with the proleptic Gregorian calendar of JS Date (UTC), both ways', () => {
    fc.assert(fc.property(fc.integer({ min: -800_000, max: 800_000 }), (n) => {
      const js = new Date(n * 86_400_000);
      const { y, m, d } = toYMD(n as CalendarDate);
      expect([y, m, d]).toEqual([js.getUTCFullYear(), js.getUTCMonth() + 1, js.getUTCDate()]);
      expect(fromYMD(y, m, d)).toBe(n);
      expect(weekday(n as CalendarDate)).toBe(js.getUTCDay());
    }), { numRuns: 500 });
  });
  it('ISO parsing is strict', () => {
    expect(toISO(fromISO('2024-02-29'))).toBe('2024-02-29');
    expect(() => fromISO('2023-02-29')).toThrow();
    expect(() => fromISO('2024-2-1')).toThrow();
    expect(() => fromISO('2024-01-01T00:00:00Z')).toThrow();
  });
  it('month arithmetic clamps to month ends', () => {
    expect(toISO(addMonths(fromISO('2024-01-31'), 1))).toBe('2024-02-29');
    expect(toISO(addMonths(fromISO('2024-02-29'), 12))).toBe('2025-02-28');
    expect(toISO(addMonths(fromISO('2024-03-31'), -1))).toBe('2024-02-29');
    expect(isEndOfMonth(fromISO('2100-02-28'))).toBe(true);
    expect(toISO(nthWeekday(-1, Weekday.Monday, 2024, 5))).toBe('2024-05-27');
  });
});

describe('tenors and IMM dates', () => {
  it('parses tenors and adds them', () => {
    expect(parseTenor('18m')).toEqual({ n: 18, unit: 'M' });
    expect(() => parseTenor('1X')).toThrow();
    expect(toISO(addTenor(fromISO('2024-01-31'), parseTenor('1M')))).toBe('2024-02-29');
    expect(toISO(addTenor(fromISO('2024-01-31'), parseTenor('2W')))).toBe('2024-02-14');
  });
  it('advance with the end-of-month rule and business days (TARGET)', () => {
    const t = HolidayCalendar.fromData(HOLIDAY_SEED.EUR);
    expect(toISO(advance(t, fromISO('2024-02-29'), parseTenor('1M'), 'ModifiedFollowing', true))).toBe('2024-03-28'); // 29 Mar is Good Friday
    expect(toISO(advance(t, fromISO('2024-02-29'), parseTenor('1M'), 'ModifiedFollowing', false))).toBe('2024-03-28');
    expect(toISO(advance(t, fromISO('2024-04-30'), parseTenor('1M'), 'ModifiedFollowing', true))).toBe('2024-05-31');
    expect(toISO(advance(t, fromISO('2024-04-30'), parseTenor('1M'), 'ModifiedFollowing', false))).toBe('2024-05-30');
    expect(toISO(advance(t, fromISO('2024-12-24'), parseTenor('2D'), 'Following'))).toBe('2024-12-30');
    const on = shortDate(t, fromISO('2024-12-24'), 'ON');
    expect([toISO(on.start), toISO(on.end)]).toEqual(['2024-12-24', '2024-12-27']);
    const tn = shortDate(t, fromISO('2024-12-23'), 'TN');
    expect([toISO(tn.start), toISO(tn.end)]).toEqual(['2024-12-24', '2024-12-27']);
  });
  it('IMM dates match QuantLib IMM', () => {
    for (let d = fromISO('2024-01-01'); d < fromISO('2030-01-01'); d = (d + 3) as CalendarDate) {
      expect(isIMMDate(d)).toBe(ql.IMM.isIMMdate(toQL(d), true));
      expect(toISO(nextIMMDate(d))).toBe(toISO(fromQL(ql.IMM.nextDate1(toQL(d), true))));
    }
    expect(immCode(fromISO('2025-03-19'))).toBe('H5');
    expect(toISO(immDateFromCode('H5', fromISO('2024-06-01')))).toBe('2025-03-19');
    expect(toISO(immDateFromCode('Z4', fromISO('2024-06-01')))).toBe('2024-12-18');
  });
});

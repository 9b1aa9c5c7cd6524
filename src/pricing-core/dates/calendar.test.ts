import { describe, expect, it } from 'vitest';
import { type CalendarDate, addDays, fromISO, fromYMD, toISO, weekday } from './date';
import { HolidayCalendar, jointCalendar } from './calendar';
import { BUSINESS_DAY_CONVENTIONS, adjust, addBusinessDays, businessDaysBetween } from './business-day';
import { HOLIDAY_SEED } from './holiday-seed';
import { calendarFor } from './calendars';
import { ql, qlConvention, toQL } from './testing/quantlib-peer';

const days = (from: string, to: string): CalendarDate[] => {
  const out: CalendarDate[] = [];
  for (let d = fromISO(from); d <= fromISO(to); d = addDays(d, 1)) out.push(d);
  return out;
};

/** Compares business days, every convention and short advances, skipping known data gaps. */
function compareWithQuantLib(ours: HolidayCalendar, theirs: ql.Calendar, range: CalendarDate[], skip: Set<string> = new Set()) {
  const skipped = (d: CalendarDate) => skip.has(toISO(d));
  let compared = 0;
  for (const d of range) {
    if (skipped(d)) continue;
    expect(ours.isBusinessDay(d), toISO(d)).toBe(theirs.isBusinessDay(toQL(d)));
    // Adjusting a business day is the identity on both sides: compare the others.
    if (ours.isBusinessDay(d)) { compared++; continue; }
    for (const c of BUSINESS_DAY_CONVENTIONS) {
      const o = adjust(ours, d, c);
      const near = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].some((k) => skipped(addDays(d, k)) || skipped(addDays(d, -k)));
      if (!near) expect(toISO(o), `${c} ${toISO(d)}`).toBe(toISO(fromQ(theirs.adjust(toQL(d), qlConvention(c)))));
    }
    compared++;
  }
  return compared;
}
const fromQ = (d: Date) => Math.round(d.valueOf() / 86_400_000) as CalendarDate;

describe('HOLIDAY_SEED (deprecated) is the new calendars as data', () => {
  it('matches calendarFor() day by day over its coverage, CNY and HKD only where a notice is held', () => {
    for (const [code, data] of Object.entries(HOLIDAY_SEED)) {
      const seeded = HolidayCalendar.fromData(data);
      const cal = calendarFor(code);
      expect(data.coverage?.fromYear).toBe(2024);
      expect(data.coverage?.toYear).toBe(code === 'CNY' || code === 'HKD' ? 2026 : 2027);
      for (const d of days(`${data.coverage?.fromYear}-01-01`, `${data.coverage?.toYear}-12-31`)) expect(seeded.isBusinessDay(d), `${code} ${toISO(d)}`).toBe(cal.isBusinessDay(d));
    }
  });
  it('the adjust conventions on a HolidayCalendar agree with QuantLib TARGET and UnitedKingdom', () => {
    const range = days('2024-01-01', '2027-12-31');
    expect(compareWithQuantLib(HolidayCalendar.fromData(HOLIDAY_SEED.EUR), new ql.TARGET(), range)).toBe(range.length);
    expect(compareWithQuantLib(HolidayCalendar.fromData(HOLIDAY_SEED.GBP), new ql.UnitedKingdom(), range)).toBe(range.length);
  });
});

describe('China: working weekends', () => {
  it('HolidayCalendar fed with QuantLib China::IB data adjusts and advances like QuantLib', () => {
    // @quantlib/ql has China data only up to about 2019; feed those years into our calendar
    // as data (holidays + make-up weekend days) and compare the conventions and advances.
    const ib = new ql.China(ql.China.Market.IB);
    const range = days('2017-01-01', '2019-12-31');
    const holidays: CalendarDate[] = [];
    const working: CalendarDate[] = [];
    for (const d of range) {
      const we = weekday(d) === 0 || weekday(d) === 6;
      const bd = ib.isBusinessDay(toQL(d));
      if (!we && !bd) holidays.push(d);
      if (we && bd) working.push(d);
    }
    expect(working.length).toBeGreaterThan(8); // 11 make-up weekend days in 2017-2019
    const ours = new HolidayCalendar('CNY-IB-QL', { holidays, workingWeekends: working });
    compareWithQuantLib(ours, ib, days('2017-01-15', '2019-12-15'));
    for (const d of days('2018-01-15', '2019-12-15')) {
      if (![-2, -1, 0, 1, 2, 3, 4, 5, 6, 7].some((k) => !ours.isBusinessDay(addDays(d, k)))) continue;
      for (const n of [-1, 2, 5]) {
        expect(toISO(addBusinessDays(ours, d, n))).toBe(toISO(fromQ(ib.advance1(toQL(d), n, ql.TimeUnit.Days))));
      }
    }
  });

  it('CNY: Spring Festival 2024 holidays and make-up Sundays, through HolidayCalendar data', () => {
    const cny = HolidayCalendar.fromData(HOLIDAY_SEED.CNY);
    expect(cny.isBusinessDay(fromISO('2024-02-04'))).toBe(true); // Sunday, make-up working day
    expect(cny.isBusinessDay(fromISO('2024-02-12'))).toBe(false);
    expect(cny.isBusinessDay(fromISO('2024-02-18'))).toBe(true);
    expect(toISO(adjust(cny, fromISO('2024-02-09'), 'Following'))).toBe('2024-02-09');
    expect(toISO(addBusinessDays(cny, fromISO('2024-02-08'), 2))).toBe('2024-02-18');
    expect(toISO(addBusinessDays(cny, fromISO('2025-09-30'), 1))).toBe('2025-10-09');
    expect(cny.covers(fromISO('2026-06-01'))).toBe(true);
    expect(cny.covers(fromISO('2027-06-01'))).toBe(false);
  });
});

describe('HolidayCalendar data and joint calendars', () => {
  it('round-trips through its data form', () => {
    for (const data of Object.values(HOLIDAY_SEED)) {
      const c = HolidayCalendar.fromData(data);
      const again = HolidayCalendar.fromData(c.toData());
      for (const d of days('2024-01-01', '2026-12-31')) expect(again.isBusinessDay(d)).toBe(c.isBusinessDay(d));
    }
  });
  it('every seed holiday is in its coverage and no working weekend is also a holiday', () => {
    for (const data of Object.values(HOLIDAY_SEED)) {
      const c = HolidayCalendar.fromData(data);
      for (const h of data.holidays) { expect(c.covers(fromISO(h))).toBe(true); expect(c.isBusinessDay(fromISO(h))).toBe(false); }
      for (const w of data.workingWeekends ?? []) { expect([0, 6]).toContain(weekday(fromISO(w))); expect(data.holidays).not.toContain(w); }
    }
  });
  it('union and intersection, matching QuantLib JointCalendar', () => {
    const usd = HolidayCalendar.fromData(HOLIDAY_SEED.USD);
    const eur = HolidayCalendar.fromData(HOLIDAY_SEED.EUR);
    const union = jointCalendar('union', [usd, eur]);
    const inter = jointCalendar('intersection', [usd, eur]);
    const qU = new ql.JointCalendar(new ql.TARGET(), new ql.UnitedKingdom(), undefined, undefined, ql.JointCalendar.JointCalendarRule.JoinHolidays);
    const qI = new ql.JointCalendar(new ql.TARGET(), new ql.UnitedKingdom(), undefined, undefined, ql.JointCalendar.JointCalendarRule.JoinBusinessDays);
    const gbp = HolidayCalendar.fromData(HOLIDAY_SEED.GBP);
    const oU = jointCalendar('union', [eur, gbp]);
    const oI = jointCalendar('intersection', [eur, gbp]);
    for (const d of days('2024-01-01', '2027-12-31')) {
      expect(union.isBusinessDay(d)).toBe(usd.isBusinessDay(d) && eur.isBusinessDay(d));
      expect(inter.isBusinessDay(d)).toBe(usd.isBusinessDay(d) || eur.isBusinessDay(d));
      expect(oU.isBusinessDay(d)).toBe(qU.isBusinessDay(toQL(d)));
      expect(oI.isBusinessDay(d)).toBe(qI.isBusinessDay(toQL(d)));
    }
  });
  it('custom weekends (Friday/Saturday) and business days between', () => {
    const c = new HolidayCalendar('FS', { weekend: [5, 6], holidays: [fromYMD(2025, 1, 1)] });
    expect(c.isBusinessDay(fromISO('2025-01-03'))).toBe(false); // Friday
    expect(c.isBusinessDay(fromISO('2025-01-05'))).toBe(true); // Sunday
    expect(businessDaysBetween(c, fromISO('2024-12-31'), fromISO('2025-01-07'))).toBe(4);
  });
});

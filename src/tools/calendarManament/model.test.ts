import { describe, expect, it } from 'vitest';
import { isBusinessDay, fxCalendar, holidaysIn } from '../../pricing-core/dates/calendars';
import { addDays, fromISO, toISO } from '../../pricing-core/dates/date';
import { coverageProblem, coverageText, monthDates, monthText, monthView, pairOf, parseCalendarCode, parseMonth, parseYear } from './model';

describe('parsing what a desk types', () => {
  it('months: 1-12, English names and abbreviations, Chinese', () => {
    expect(parseMonth('10')).toBe(10);
    expect(parseMonth('01')).toBe(1);
    expect(parseMonth(' October ')).toBe(10);
    expect(parseMonth('oct')).toBe(10);
    expect(parseMonth('Oct.')).toBe(10);
    expect(parseMonth('Sept')).toBe(9);
    expect(parseMonth('february')).toBe(2);
    expect(parseMonth('十月')).toBe(10);
    expect(parseMonth('十二月')).toBe(12);
    expect(parseMonth('10月')).toBe(10);
    expect(parseMonth('2月份')).toBe(2);
    for (const bad of ['', '0', '13', 'Ju', 'Octo ber', 'x', '十三月', '1.5']) expect(parseMonth(bad), bad).toBeNull();
    // 'Ju' is ambiguous (June, July): refused rather than guessed
    expect(parseMonth('Jun')).toBe(6);
    expect(parseMonth('Jul')).toBe(7);
  });
  it('every month name round-trips in both languages', () => {
    for (let m = 1; m <= 12; m++) {
      expect(parseMonth(monthText(m, 'en'))).toBe(m);
      expect(parseMonth(monthText(m, 'zh'))).toBe(m);
    }
  });
  it('years: four digits in range', () => {
    expect(parseYear('2026')).toBe(2026);
    expect(parseYear(' 2026年 ')).toBe(2026);
    for (const bad of ['', '26', '20266', '1899', '2200', '2026.5', 'abcd']) expect(parseYear(bad), bad).toBeNull();
  });
  it('calendar codes: any case, only calendars we hold', () => {
    expect(parseCalendarCode(' cny ')).toBe('CNY');
    expect(parseCalendarCode('USD')).toBe('USD');
    expect(parseCalendarCode('XYZ')).toBeNull();
    expect(parseCalendarCode('')).toBeNull();
  });
  it('pairs are named in market order', () => {
    expect(pairOf('CNY', 'USD')).toBe('USDCNY');
    expect(pairOf('USD', 'CNY')).toBe('USDCNY');
    expect(pairOf('JPY', 'CNY')).toBe('JPYCNY');
    expect(pairOf('USD', 'EUR')).toBe('EURUSD');
    expect(pairOf('GBP', 'EUR')).toBe('EURGBP');
    expect(pairOf('HKD', 'USD')).toBe('USDHKD');
  });
});

describe('the month view follows the calendars module', () => {
  it('CNY October 2026: National Day closed, the make-up Saturday 10 Oct open', () => {
    const v = monthView({ currency: 'CNY', year: 2026, month: 10 });
    expect(v.days.get('2026-10-01')!.business).toBe(false);
    expect(v.days.get('2026-10-07')!.business).toBe(false);
    expect(v.days.get('2026-10-08')!.business).toBe(true);
    expect(v.days.get('2026-10-10')!.business).toBe(true);
    expect(v.days.get('2026-10-10')!.names.map((n) => n.kind)).toEqual(['workingWeekend']);
    expect(v.days.get('2026-10-01')!.names[0]).toMatchObject({ zh: '国庆节', en: 'National Day', calendar: 'CNY' });
    // every day of the month, and each agrees with isBusinessDay
    expect([...v.days.keys()]).toEqual(monthDates(2026, 10));
    for (const [iso, d] of v.days) expect(d.business, iso).toBe(isBusinessDay('CNY', iso));
    expect(v.businessDays).toBe([...v.days.values()].filter((d) => d.business).length);
    expect(v.workingWeekends).toBe(1);
    expect(v.closedWeekdays).toBe(5); // 1, 2, 5, 6, 7 Oct
    expect(v.monthNamed.map((n) => n.date)).toEqual(holidaysIn('CNY', '2026-10-01', '2026-10-31').map((h) => h.date));
    expect(v.sources).toEqual([expect.objectContaining({ calendar: 'CNY', covered: '2008-2026', kind: 'decreed' })]);
    expect(v.sources[0].source).toMatch(/chinese-days/);
  });
  it('per-month business days add up to the year', () => {
    const v = monthView({ currency: 'CNY', year: 2026, month: 2 });
    let n = 0;
    for (let d = fromISO('2026-01-01'); d <= fromISO('2026-12-31'); d = addDays(d, 1)) if (isBusinessDay('CNY', toISO(d))) n++;
    expect(v.perMonth.reduce((a, b) => a + b, 0)).toBe(n);
    expect(v.perMonth[1]).toBe(v.businessDays);
    // Spring Festival 2026: 15-23 Feb closed, 14 and 28 Feb make-up Saturdays
    expect(v.days.get('2026-02-16')!.business).toBe(false);
    expect(v.days.get('2026-02-14')!.business).toBe(true);
    expect(v.days.get('2026-02-28')!.business).toBe(true);
  });
  it('joint view: the pair value days (a make-up Saturday is no USD/CNY value day)', () => {
    const v = monthView({ currency: 'CNY', year: 2026, month: 10, joint: 'USD' });
    expect(v.pair).toBe('USDCNY');
    expect(v.calendars).toEqual(['CNY', 'USD']);
    const value = fxCalendar('USDCNY');
    for (const [iso, d] of v.days) expect(d.business, iso).toBe(value.isBusinessDay(fromISO(iso)));
    expect(v.days.get('2026-10-10')!.business).toBe(false);
    expect(v.days.get('2026-10-10')!.closedIn).toEqual(['USD']);
    expect(v.days.get('2026-10-12')!.closedIn).toEqual(['USD']); // Columbus Day
    expect(v.days.get('2026-10-12')!.business).toBe(false);
    expect(v.workingWeekends).toBe(0);
    expect(v.yearNamed.some((r) => r.calendar === 'USD' && r.en === 'Thanksgiving Day')).toBe(true);
  });
  it('a cross without CNY or USD adds the USD calendar, as FX value dates do', () => {
    const v = monthView({ currency: 'EUR', year: 2026, month: 7, joint: 'GBP' });
    expect(v.pair).toBe('EURGBP');
    expect(v.calendars).toEqual(['EUR', 'GBP', 'USD']);
    expect(v.days.get('2026-07-03')!.business).toBe(true); // 4 Jul on a Saturday is not observed by the Fed
    const value = fxCalendar('EURGBP');
    for (const [iso, d] of v.days) expect(d.business, iso).toBe(value.isBusinessDay(fromISO(iso)));
  });
  it('joint with itself is the single calendar', () => {
    expect(monthView({ currency: 'USD', year: 2026, month: 1, joint: 'USD' }).pair).toBeNull();
  });
});

describe('years a calendar does not hold are refused, never guessed', () => {
  const problem = (q: Parameters<typeof monthView>[0]) => {
    try {
      monthView(q);
    } catch (e) {
      return coverageProblem(e);
    }
    return 'answered';
  };
  it('CNY 2027 before the notice: no official notice yet', () => {
    const p = problem({ currency: 'CNY', year: 2027, month: 1 });
    expect(p).toMatchObject({ calendar: 'CNY', year: 2027, reason: 'noNoticeYet', covered: '2008-2026', decreed: true });
    const en = coverageText(p as never, 'en');
    expect(en.title).toMatch(/^No official notice yet/);
    expect(en.body).toContain('2008-2026');
    expect(coverageText(p as never, 'zh').title).toContain('尚无官方通知');
  });
  it('CNY before 2008 is outside, not "no notice yet"', () => {
    expect(problem({ currency: 'CNY', year: 2005, month: 5 })).toMatchObject({ reason: 'outside' });
  });
  it('a rule calendar outside its table years', () => {
    expect(problem({ currency: 'USD', year: 2150, month: 5 })).toMatchObject({ calendar: 'USD', reason: 'outside', decreed: false });
  });
  it('a joint view fails when either side lacks the year', () => {
    expect(problem({ currency: 'USD', year: 2027, month: 3, joint: 'CNY' })).toMatchObject({ calendar: 'CNY', reason: 'noNoticeYet' });
    expect(problem({ currency: 'USD', year: 2027, month: 3 })).toBe('answered');
  });
  it('CNY and HKD years after the notices can be projected, SGD and years before cannot', () => {
    expect(problem({ currency: 'CNY', year: 2027, month: 1 })).toMatchObject({ projectable: true });
    expect(problem({ currency: 'HKD', year: 2028, month: 1 })).toMatchObject({ projectable: true });
    expect(problem({ currency: 'CNY', year: 2005, month: 1 })).toMatchObject({ projectable: false });
    expect(problem({ currency: 'SGD', year: 2030, month: 1 })).toMatchObject({ projectable: false });
  });
  it('other errors are not coverage problems', () => {
    expect(coverageProblem(new Error('x'))).toBeNull();
  });
});

describe('the projection, only when asked for, always flagged', () => {
  it('CNY 2027 projected: statutory days closed, every projected year reported, the source says projection', () => {
    const v = monthView({ currency: 'CNY', year: 2027, month: 10, projected: true });
    expect(v.projectedYears).toEqual([{ calendar: 'CNY', year: 2027 }]);
    expect(v.days.get('2027-10-01')!.business).toBe(false);
    expect(v.days.get('2027-10-01')!.names[0]).toMatchObject({ projected: true });
    for (const [iso, d] of v.days) expect(d.business, iso).toBe(isBusinessDay('CNY', iso, { beyondCoverage: 'projected' }).businessDay);
    expect(v.sources[0].source).toMatch(/projection/i);
    expect(v.workingWeekends).toBe(0); // make-up weekends are never projected
  });
  it('a covered year is not flagged even with the option on', () => {
    const v = monthView({ currency: 'CNY', year: 2026, month: 10, projected: true });
    expect(v.projectedYears).toEqual([]);
    expect(v.days.get('2026-10-10')!.business).toBe(true);
  });
  it('joint USD/CNY 2027 projected', () => {
    const v = monthView({ currency: 'USD', year: 2027, month: 10, joint: 'CNY', projected: true });
    expect(v.projectedYears).toEqual([{ calendar: 'CNY', year: 2027 }]);
    expect(v.days.get('2027-10-11')!.business).toBe(false); // Columbus Day
  });
});

// Decreed calendars (CNY, HKD, SGD) against the official tables, the notice loader, coverage
// and the ISO-string API.
import Holidays from 'date-holidays';
import { afterEach, describe, expect, it } from 'vitest';
import { type CalendarDate, Weekday, addDays, fromISO, fromYMD, toISO, toYMD, weekday } from '../date';
import { ql, toQL } from '../testing/quantlib-peer';
import qlFixture from '../testing/fixtures/quantlib-calendars.json';
import {
  CALENDAR_CODES, CalendarCoverageError, NoticeError, addBusinessDays, calendarErrorText, calendarFor, calendarSummary, coverage,
  holidaysIn, isBusinessDay, loadOfficialNotice, loadedNotices, unloadOfficialNotice,
} from './index';

afterEach(() => {
  for (const n of loadedNotices()) unloadOfficialNotice(n.calendar, n.year);
});

const mmdd = (list: string[]) => list.map((d) => d.slice(5).replace('-', '')).join(' ');
/** Expands "02-12..02-16" ranges of the PRICING-CLI tables. */
function expand(year: number, spec: string): string {
  const out: string[] = [];
  for (const part of spec.split(/[;,]\s*/)) {
    const [a, b] = part.trim().split('..');
    const from = fromISO(`${year}-${a}`), to = b ? fromISO(`${year}-${b}`) : from;
    for (let d = from; d <= to; d = addDays(d, 1)) out.push(toISO(d));
  }
  return mmdd(out);
}

describe('CNY = the State Council notices (PRICING-CLI table)', () => {
  // Binding table of ../shared/PRICING-CLI.md, "Dates and calendars".
  const official: Record<number, [string, string]> = {
    2024: ['01-01; 02-12..02-16; 04-04, 04-05; 05-01..05-03; 06-10; 09-16, 09-17; 10-01..10-04, 10-07', '02-04, 02-18, 04-07, 04-28, 05-11, 09-14, 09-29, 10-12'],
    2025: ['01-01; 01-28..01-31, 02-03, 02-04; 04-04; 05-01, 05-02, 05-05; 06-02; 10-01..10-03, 10-06..10-08', '01-26, 02-08, 04-27, 09-28, 10-11'],
    2026: ['01-01, 01-02; 02-16..02-20, 02-23; 04-06; 05-01, 05-04, 05-05; 06-19; 09-25; 10-01, 10-02, 10-05..10-07', '01-04, 02-14, 02-28, 05-09, 09-20, 10-10'],
  };
  it.each([2024, 2025, 2026])('%i: weekday holidays and make-up working weekends', (y) => {
    const s = calendarSummary('CNY', `${y}-01-01`, `${y}-12-31`);
    expect(mmdd(s.holidays)).toBe(expand(y, official[y][0]));
    expect(mmdd(s.workingWeekends)).toBe(expand(y, official[y][1]));
  });

  it('Spring Festival and National Day with their make-up days', () => {
    // 2024: the eve (9 Feb) is open in the inter-bank market; Sun 4 and Sun 18 Feb are working days.
    expect(isBusinessDay('CNY', '2024-02-09')).toBe(true);
    expect(isBusinessDay('CNY', '2024-02-04')).toBe(true);
    expect(isBusinessDay('CNY', '2024-02-18')).toBe(true);
    expect(addBusinessDays('CNY', '2024-02-08', 2)).toBe('2024-02-18');
    // 2025: National Day and Mid-Autumn together, 1-8 Oct; Sun 28 Sep and Sat 11 Oct work.
    expect(addBusinessDays('CNY', '2025-09-30', 1)).toBe('2025-10-09');
    expect(addBusinessDays('CNY', '2025-09-26', 1)).toBe('2025-09-28');
    expect(calendarSummary('CNY', '2025-10-01', '2025-10-12').businessDays).toBe(3); // Thu 9, Fri 10, Sat 11
    // 2026: Spring Festival 15-23 Feb, Sat 14 and Sat 28 Feb work.
    expect(addBusinessDays('CNY', '2026-02-13', 1)).toBe('2026-02-14');
    expect(addBusinessDays('CNY', '2026-02-14', 1)).toBe('2026-02-24');
  });

  it('agrees with QuantLib China(IB) (C++ data) on every day of 2008-2026', () => {
    const q = (qlFixture as { calendars: Record<string, { weekdayHolidays: Record<string, string>; workingWeekends?: Record<string, string> }> }).calendars.CNY;
    for (let y = 2008; y <= 2026; y++) {
      const s = calendarSummary('CNY', `${y}-01-01`, `${y}-12-31`);
      expect(mmdd(s.holidays), String(y)).toBe(q.weekdayHolidays[String(y)]);
      expect(mmdd(s.workingWeekends), String(y)).toBe(q.workingWeekends?.[String(y)]);
    }
  });

  it('agrees with the @quantlib/ql China(IB) port (data to 2017) day by day', () => {
    const ib = new ql.China(ql.China.Market.IB);
    const cny = calendarFor('CNY');
    let n = 0;
    for (let d = fromYMD(2008, 1, 1); d <= fromYMD(2017, 12, 31); d = addDays(d, 1)) {
      expect(cny.isBusinessDay(d), toISO(d)).toBe(ib.isBusinessDay(toQL(d)));
      n++;
    }
    expect(n).toBe(3653);
  });

  it('refuses years with no notice held (before 2008, after the last notice)', () => {
    expect(() => isBusinessDay('CNY', '2027-03-01')).toThrow(CalendarCoverageError);
    expect(() => isBusinessDay('CNY', '2027-03-01')).toThrow(/CNY holidays for 2027 .* no official notice/);
    expect(() => isBusinessDay('CNY', '2007-06-01')).toThrow(CalendarCoverageError);
    expect(coverage('CNY')).toMatchObject({ kind: 'decreed', fromYear: 2008, toYear: 2026 });
  });
});

describe('HKD = gazetted general holidays', () => {
  const official: Record<number, string> = {
    2024: '01-01, 02-12, 02-13, 03-29, 04-01, 04-04, 05-01, 05-15, 06-10, 07-01, 09-18, 10-01, 10-11, 12-25, 12-26',
    2025: '01-01, 01-29..01-31, 04-04, 04-18, 04-21, 05-01, 05-05, 07-01, 10-01, 10-07, 10-29, 12-25, 12-26',
    2026: '01-01, 02-17..02-19, 04-03, 04-06, 04-07, 05-01, 05-25, 06-19, 07-01, 10-01, 10-19, 12-25',
  };
  it.each([2024, 2025, 2026])('%i: the weekday holidays of PRICING-CLI, no working weekend', (y) => {
    const s = calendarSummary('HKD', `${y}-01-01`, `${y}-12-31`);
    expect(mmdd(s.holidays)).toBe(expand(y, official[y]));
    expect(s.workingWeekends).toEqual([]);
  });
  it('the shipped notices are what date-holidays\' Hong Kong rules give (names included)', () => {
    const hk = new Holidays('HK', { languages: ['en'], types: ['public'] });
    for (const y of [2024, 2025, 2026]) {
      const ours = holidaysIn('HKD', `${y}-01-01`, `${y}-12-31`).map((h) => `${h.date} ${h.en}`);
      expect(ours).toEqual(hk.getHolidays(y, 'en').map((h) => `${h.date.slice(0, 10)} ${h.name}`));
    }
  });
  it('Saturdays are never business days; other years are refused', () => {
    expect(isBusinessDay('HKD', '2026-04-04')).toBe(false); // Saturday holiday
    expect(isBusinessDay('HKD', '2026-03-07')).toBe(false); // plain Saturday
    expect(() => isBusinessDay('HKD', '2027-01-04')).toThrow(/HKD holidays for 2027/);
    expect(() => isBusinessDay('HKD', '2023-12-29')).toThrow(CalendarCoverageError);
  });
});

describe('SGD = MOM public holidays', () => {
  it('2024-2027 weekday holidays (SGX trading calendars)', () => {
    const s = (y: number) => mmdd(calendarSummary('SGD', `${y}-01-01`, `${y}-12-31`).holidays);
    expect(s(2024)).toBe('0101 0212 0329 0410 0501 0522 0617 0809 1031 1225');
    expect(s(2025)).toBe('0101 0129 0130 0331 0418 0501 0512 1020 1225');
    expect(s(2026)).toBe('0101 0217 0218 0320 0403 0501 0527 0601 0810 1109 1225');
    expect(s(2027)).toBe('0101 0208 0310 0326 0517 0520 0809 1028');
  });
  it('differs from date-holidays\' computed Singapore dates only where its lunar/Islamic estimates are off', () => {
    const sg = new Holidays('SG', { languages: ['en'], types: ['public'] });
    const cal = calendarFor('SGD');
    const diffs: string[] = [];
    for (const y of [2024, 2025, 2026, 2027]) {
      const theirs = new Set(sg.getHolidays(y).map((h) => h.date.slice(0, 10)).filter((d) => ![0, 6].includes(weekday(fromISO(d)))));
      for (let d = fromYMD(y, 1, 1); toYMD(d).y === y; d = addDays(d, 1)) {
        const w = weekday(d);
        if (w === Weekday.Saturday || w === Weekday.Sunday) continue;
        const oursClosed = !cal.isBusinessDay(d);
        if (oursClosed !== theirs.has(toISO(d))) diffs.push(`${oursClosed ? '+' : '-'}${toISO(d)}`);
      }
    }
    // 2024 Hari Raya Haji Mon 17 Jun (package: Sun 16 without substitute); 2026 Hari Raya
    // Puasa Fri 20 Mar (package: Sat 21st); 2027 Hari Raya Puasa 10 Mar, Haji 17 May and
    // Vesak 20 May (package: 9 Mar, none, Sun 16 May).
    expect(diffs).toEqual(['+2024-06-17', '+2026-03-20', '-2027-03-09', '+2027-03-10', '+2027-05-17', '+2027-05-20']);
  });
  it('the fixed holidays agree with the @quantlib/ql Singapore port', () => {
    const q = new ql.Singapore();
    for (const iso of ['2024-01-01', '2024-03-29', '2024-05-01', '2024-08-09', '2024-12-25', '2025-04-18', '2026-04-03', '2026-12-25', '2027-03-26']) {
      expect(isBusinessDay('SGD', iso), iso).toBe(q.isBusinessDay(toQL(fromISO(iso))));
    }
  });
});

describe('official notices loaded at run time', () => {
  const cny2027 = {
    calendar: 'CNY', year: 2027, reference: 'test notice (not the real 2027 notice)',
    holidays: [{ date: '2027-01-01', en: "New Year's Day", zh: '元旦' }, { date: '2027-02-08', en: 'Spring Festival', zh: '春节' }],
    workingWeekends: [{ date: '2027-02-20', en: 'Make-up working day', zh: '调休上班' }],
  };

  it('a valid notice makes its year usable and wins over nothing', () => {
    const cal = calendarFor('CNY');
    expect(() => cal.isBusinessDay(fromISO('2027-02-08'))).toThrow(CalendarCoverageError);
    loadOfficialNotice(cny2027);
    expect(cal.isBusinessDay(fromISO('2027-02-08'))).toBe(false);
    expect(cal.isBusinessDay(fromISO('2027-02-20'))).toBe(true); // Saturday make-up day
    expect(cal.isBusinessDay(fromISO('2027-02-09'))).toBe(true);
    expect(coverage('CNY').toYear).toBe(2027);
    expect(coverage('CNY').spans.at(-1)).toEqual({ fromYear: 2027, toYear: 2027, source: 'official notice: test notice (not the real 2027 notice)' });
    expect(unloadOfficialNotice('CNY', 2027)).toBe(true);
    expect(() => cal.isBusinessDay(fromISO('2027-02-09'))).toThrow(CalendarCoverageError);
  });

  it('a notice wins over the package for its year (e.g. an unscheduled closure)', () => {
    const usd = calendarFor('USD');
    expect(usd.isBusinessDay(fromISO('2026-03-10'))).toBe(true);
    const year = holidaysIn('USD', '2026-01-01', '2026-12-31').map(({ date, en, zh }) => ({ date, en, zh }));
    loadOfficialNotice({ calendar: 'USD', year: 2026, reference: 'test closure', holidays: [...year, { date: '2026-03-10', en: 'Closure', zh: '休市' }] });
    expect(usd.isBusinessDay(fromISO('2026-03-10'))).toBe(false);
    expect(usd.isBusinessDay(fromISO('2026-11-26'))).toBe(false);
    expect(holidaysIn('USD', '2026-03-10', '2026-03-10')[0]).toMatchObject({ en: 'Closure', source: 'official notice: test closure' });
    unloadOfficialNotice('USD', 2026);
    expect(usd.isBusinessDay(fromISO('2026-03-10'))).toBe(true);
  });

  it('an invalid notice is refused with every problem named, and changes nothing', () => {
    const bad = {
      calendar: 'HKD', year: 2027, reference: 'x',
      holidays: [{ date: '2027-01-01', en: 'A' }, { date: '2027-01-01', en: 'B' }, { date: '2028-01-03', en: 'C' }, { date: '2027-02-30', en: 'D' }],
      workingWeekends: [{ date: '2027-02-22', en: 'E' }],
    };
    let err: unknown;
    try { loadOfficialNotice(bad); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(NoticeError);
    const msg = String((err as Error).message);
    expect(msg).toMatch(/2027-01-01 is listed twice/);
    expect(msg).toMatch(/2028-01-03 is not in 2027/);
    expect(msg).toMatch(/2027-02-30 is not a calendar date/);
    expect(msg).toMatch(/only CNY decrees make-up working days/);
    expect(msg).toMatch(/2027-02-22 is not a Saturday or Sunday/);
    expect(() => loadOfficialNotice({ calendar: 'XYZ', year: 2027 })).toThrow(/calendar must be one of/);
    expect(() => loadOfficialNotice({ ...cny2027, holidays: [] })).toThrow(/at least one closed day/);
    expect(() => loadOfficialNotice({ ...cny2027, year: 2027.5 })).toThrow(/integer/);
    expect(loadedNotices()).toEqual([]);
    expect(() => isBusinessDay('HKD', '2027-01-04')).toThrow(CalendarCoverageError);
  });
});

describe('holidaysIn and coverage', () => {
  it('names holidays in zh and en, weekend ones and make-up days included', () => {
    const h = holidaysIn('CNY', '2025-09-27', '2025-10-12');
    expect(h[0]).toMatchObject({ date: '2025-09-28', kind: 'workingWeekend', weekday: 0 });
    expect(h.find((x) => x.date === '2025-10-01')).toMatchObject({ kind: 'holiday', en: 'National Day', zh: '国庆节' });
    expect(h.find((x) => x.date === '2025-10-06')).toMatchObject({ en: 'Mid-autumn Festival', zh: '中秋' });
    expect(h.at(-1)).toMatchObject({ date: '2025-10-11', kind: 'workingWeekend' });
    expect(holidaysIn('USD', '2025-11-01', '2025-11-30').map((x) => [x.date, x.en, x.zh])).toEqual([
      ['2025-11-11', 'Veterans Day', '退伍军人节'], ['2025-11-27', 'Thanksgiving Day', '感恩节'],
    ]);
    expect(holidaysIn('GBP', '2026-12-25', '2026-12-31').map((x) => x.en)).toEqual(['Christmas Day', 'Boxing Day', 'Boxing Day (substitute day)']);
    expect(holidaysIn('HKD', '2026-04-03', '2026-04-07').map((x) => x.zh)).toEqual(['耶稣受难节', '耶稣受难节翌日', '清明节翌日', '复活节星期一翌日']);
  });
  it('states the years of every calendar', () => {
    const years = Object.fromEntries(CALENDAR_CODES.map((c) => [c, [coverage(c).fromYear, coverage(c).toYear, coverage(c).kind]]));
    expect(years).toEqual({
      CNY: [2008, 2026, 'decreed'], USD: [1990, 2099, 'rules'], EUR: [1999, 2099, 'rules'], GBP: [1990, 2099, 'rules'], JPY: [1990, 2099, 'rules'],
      HKD: [2024, 2026, 'decreed'], CAD: [1990, 2099, 'rules'], AUD: [1990, 2099, 'rules'], CHF: [1990, 2099, 'rules'], SGD: [2024, 2027, 'decreed'],
    });
    expect(coverage('HKD').spans.map((s) => s.source)).toEqual([2024, 2025, 2026].map((y) => expect.stringContaining(`General holidays for ${y}`)));
  });
  it('rejects unknown currencies and bad dates clearly', () => {
    expect(() => calendarFor('XAU')).toThrow(/no calendar for XAU/);
    expect(() => isBusinessDay('USD', '2025-13-01')).toThrow(/ISO date/);
    expect(() => holidaysIn('USD', '2025-02-01', '2025-01-01')).toThrow(/from must not be after to/);
  });
  it('beyondCoverage: weekends projects uncovered years only when asked', () => {
    const projected = calendarFor('CNY', { beyondCoverage: 'weekends' });
    expect(projected.isBusinessDay(fromISO('2030-10-01'))).toBe(true); // no notice: weekday open
    expect(projected.isBusinessDay(fromISO('2030-10-05'))).toBe(false);
    expect(projected.isBusinessDay(fromISO('2026-10-01'))).toBe(false); // covered years unchanged
    expect(() => calendarFor('CNY').isBusinessDay(fromISO('2030-10-01'))).toThrow(CalendarCoverageError);
  });
});

describe('errors in the user\'s language', () => {
  const caught = (f: () => unknown) => { try { f(); } catch (e) { return e; } throw new Error('did not throw'); };
  it('coverage, notice and unknown-calendar errors in zh and en', () => {
    const cov = caught(() => isBusinessDay('CNY', '2027-03-01'));
    expect(calendarErrorText(cov, 'zh')).toBe('中国银行间市场（外汇交易中心）节假日按年公布：尚未载入 2027 年的官方通知（已有年份：2008-2026），无法计算该年的日期。请先载入 2027 年的通知。');
    expect(calendarErrorText(cov, 'en')).toMatch(/^CNY holidays for 2027 are decreed year by year/);
    expect(calendarErrorText(caught(() => isBusinessDay('USD', '2100-01-04')), 'zh')).toBe('美国（美联储）日历覆盖 1990-2099 年，2100 年不在范围内。');
    const notice = caught(() => loadOfficialNotice({ calendar: 'CNY', year: 2027, reference: 'x', holidays: [{ date: '2026-01-01', en: 'A' }] }));
    expect(calendarErrorText(notice, 'zh')).toBe('节假日通知无效，未作任何更改：\n- holidays[0]: 2026-01-01 is not in 2027');
    expect(calendarErrorText(caught(() => calendarFor('XAU')), 'zh')).toMatch(/^没有 XAU 的日历/);
    expect(calendarErrorText(new Error('other'), 'zh')).toBeUndefined();
  });
});

// Sanity of the helper used above, so a wrong expansion cannot pass silently.
it('expand() reads the PRICING-CLI ranges', () => {
  expect(expand(2025, '01-28..01-31, 02-03')).toBe('0128 0129 0130 0131 0203');
  expect((fromISO('2024-02-09') as CalendarDate) > 0).toBe(true);
});

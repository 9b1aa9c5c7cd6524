// Projected CNY/HKD holidays (opt-in for screens): the projection against the official
// notices of past years and an independent lunar calendar, the report of projected years on
// every FX date function, and the refusing default (PRICING-CLI) unchanged.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Holidays from 'date-holidays';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import chinesedays from 'chinese-days/dist/chinese-days.json';
import { Weekday, addDays, fromISO, fromYMD, toISO, toYMD, weekday } from '../date';
import { priceOne } from '../../api/price-request';
import {
  CalendarCoverageError, addBusinessDays, calendarFor, calendarSummary, coverage, expiryFromDelivery, fxDatesFor, holidaysIn, isBusinessDay,
  loadOfficialNotice, loadedNotices, projectionCoverage, projectionText, spotDate, tenorDate, trackProjection, unloadOfficialNotice,
} from './index';
import { renderProjectionTables } from './rules/render-tables';
import { projectionYear } from './rules/rule-tables';
import { CNY_STATUTORY_FROM_YEAR, PROJECTION_TO_YEAR } from './rules/projection-specs';

const P = { beyondCoverage: 'projected' } as const;

afterEach(() => {
  for (const n of loadedNotices()) unloadOfficialNotice(n.calendar, n.year);
});

const isWeekend = (iso: string) => [Weekday.Saturday, Weekday.Sunday].includes(weekday(fromISO(iso)));
const projectedDays = (code: 'CNY' | 'HKD', y: number) => projectionYear(code, y)!.holidays.map((h) => ({ date: toISO(h.date), en: h.en, zh: h.zh }));

describe('the projection tables', () => {
  it('are what chinese-days and date-holidays compute today (regenerate with scripts/gen-holiday-tables.ts)', () => {
    const file = readFileSync(fileURLToPath(new URL('./rules/projections.generated.ts', import.meta.url)), 'utf8');
    expect(file === renderProjectionTables(), 'projections.generated.ts is stale: run npx tsx scripts/gen-holiday-tables.ts').toBe(true);
  }, 30_000);

  it('CNY: the 13 statutory days every year, on the right festivals', () => {
    for (let y = CNY_STATUTORY_FROM_YEAR; y <= PROJECTION_TO_YEAR; y++) {
      const days = projectedDays('CNY', y);
      // 13 days, one fewer when Mid-Autumn falls on 1-3 October (one day, both names)
      const merged = days.filter((d) => d.en.includes(' / ')).length;
      expect(days.length + merged, String(y)).toBe(13);
      const md = days.map((d) => d.date.slice(5));
      for (const fixed of ['01-01', '05-01', '05-02', '10-01', '10-02', '10-03']) expect(md, `${y} ${fixed}`).toContain(fixed);
      const spring = days.filter((d) => d.en.startsWith('Spring Festival'));
      expect(spring.length, String(y)).toBe(4);
      expect(fromISO(spring[3].date) - fromISO(spring[0].date), String(y)).toBe(3); // eve + three consecutive days
      expect(days.every((d) => d.zh.match(/\p{Script=Han}/u))).toBe(true);
      expect(projectionYear('CNY', y)!.workingWeekends).toEqual([]); // no make-up days projected
    }
  });

  it('CNY lunar festivals and Qingming agree with date-holidays\' own Chinese calendar 2025-2099 but for 7 known days', () => {
    // An independent lunar/solar-term computation (date-holidays' CN rules, astronomical):
    // Spring Festival eve and day 1, Qingming, Dragon Boat and Mid-Autumn must fall on the same
    // days, except where the two disagree and the published calendar sides with chinese-days:
    // 2033 is the "2033 problem" (the accepted leap month is the 11th, so Mid-Autumn is 8 Sep,
    // not 7 Oct); the others are new moons close to midnight that date-holidays puts on the
    // other day (e.g. Mid-Autumn on 1 Oct happens in 2031 and 2077 this century, not in 2039,
    // as the astronomers' lists say: tested below).
    const cn = new Holidays('CN', { languages: ['en'] });
    const diffs: string[] = [];
    for (let y = CNY_STATUTORY_FROM_YEAR; y <= PROJECTION_TO_YEAR; y++) {
      const theirs = cn.getHolidays(y, 'en');
      const on = (name: string) => theirs.filter((h) => h.name === name).map((h) => h.date.slice(0, 10));
      const ours = projectedDays('CNY', y);
      const oursOf = (en: string) => ours.filter((d) => d.en.split(' / ').includes(en)).map((d) => d.date);
      const spring = ours.filter((d) => d.en.startsWith('Spring Festival')).map((d) => d.date);
      const pairs: [string, string[], string[]][] = [
        ['eve+day1', spring.slice(0, 2), on('Spring Festival').slice(0, 2)],
        ['Qingming', oursOf('Tomb-sweeping Day'), on('Qingming Festival')],
        ['Dragon Boat', oursOf('Dragon Boat Festival'), on('Dragon Boat Festival')],
        ['Mid-Autumn', oursOf('Mid-autumn Festival'), on('Mid-Autumn Festival')],
      ];
      for (const [what, a, b] of pairs) if (a.join() !== b.join()) diffs.push(`${y} ${what}: ${a.join()} vs ${b.join()}`);
    }
    expect(diffs).toEqual([
      '2033 Mid-Autumn: 2033-09-08 vs 2033-10-07',
      '2039 Mid-Autumn: 2039-10-02 vs 2039-10-01',
      '2053 Dragon Boat: 2053-06-20 vs 2053-06-19',
      '2059 Mid-Autumn: 2059-09-21 vs 2059-09-20',
      '2077 Mid-Autumn: 2077-10-01 vs 2077-09-30',
      '2080 Dragon Boat: 2080-06-22 vs 2080-06-21',
      '2093 Dragon Boat: 2093-05-29 vs 2093-05-28',
    ]);
  });

  it('CNY: Mid-Autumn on National Day (1 Oct) in 2031 and 2077 only, as published (2001, 2020, 2031, 2077 this century)', () => {
    const years: number[] = [];
    for (let y = CNY_STATUTORY_FROM_YEAR; y <= PROJECTION_TO_YEAR; y++) {
      if (projectedDays('CNY', y).some((d) => d.date.endsWith('-10-01') && d.en.includes('Mid-autumn'))) years.push(y);
    }
    expect(years).toEqual([2031, 2077]);
    // 2028: Mid-Autumn on 3 Oct, inside National Day: one day with both names (12 days that year)
    expect(projectedDays('CNY', 2028).find((d) => d.date === '2028-10-03')).toMatchObject({ en: 'Mid-autumn Festival / National Day', zh: '中秋节 / 国庆节' });
  });

  it('HKD: the projection of 2024-2026 is exactly the shipped official lists (dates and names)', () => {
    for (const y of [2024, 2025, 2026]) {
      const official = holidaysIn('HKD', `${y}-01-01`, `${y}-12-31`).map(({ date, en, zh }) => ({ date, en, zh }));
      expect(projectedDays('HKD', y), String(y)).toEqual(official);
    }
    for (let y = 2027; y <= PROJECTION_TO_YEAR; y++) {
      for (const d of projectedDays('HKD', y)) expect(d.zh, `${y} ${d.en}`).toMatch(/\p{Script=Han}/u);
    }
  });
});

describe('CNY projection against the official notices of 2025 and 2026', () => {
  const official = chinesedays as { holidays: Record<string, string> };

  it.each([2025, 2026])('%i: every statutory day is closed in the notice; the weekday ones are a subset of its weekday holidays', (y) => {
    const days = projectedDays('CNY', y);
    for (const d of days) expect(official.holidays[d.date], `${d.date} ${d.en}`).toBeTruthy();
    const projectedWeekdays = days.map((d) => d.date).filter((d) => !isWeekend(d));
    const officialWeekdays = calendarSummary('CNY', `${y}-01-01`, `${y}-12-31`).holidays;
    expect(projectedWeekdays.filter((d) => !officialWeekdays.includes(d))).toEqual([]);
  });

  it('how close: the projection holds 12 of 18 (2025) and 10 of 19 (2026) weekday holidays; the rest are bridging and in-lieu days', () => {
    // What the notices add and no rule predicts: 2025 Spring Festival 3-4 Feb; Labour 5 May;
    // Dragon Boat in lieu of Sat 31 May on 2 Jun; National Day 7-8 Oct. 2026 New Year 2 Jan;
    // Spring Festival 20, 23 Feb; Qingming in lieu of Sun 5 Apr on 6 Apr; Labour 4-5 May;
    // National Day 5-7 Oct.
    const closeness = [2025, 2026].map((y) => {
      const proj = new Set(projectedDays('CNY', y).map((d) => d.date).filter((d) => !isWeekend(d)));
      const off = calendarSummary('CNY', `${y}-01-01`, `${y}-12-31`).holidays;
      return { year: y, projected: proj.size, official: off.length, missed: off.filter((d) => !proj.has(d)).map((d) => d.slice(5)) };
    });
    expect(closeness).toEqual([
      { year: 2025, projected: 12, official: 18, missed: ['02-03', '02-04', '05-05', '06-02', '10-07', '10-08'] },
      { year: 2026, projected: 10, official: 19, missed: ['01-02', '02-20', '02-23', '04-06', '05-04', '05-05', '10-05', '10-06', '10-07'] },
    ]);
  });
});

describe('projected mode', () => {
  it('answers a USDCNY 1Y traded 2026-11-23 with the 2027 projection flagged; the default refuses', () => {
    const r = fxDatesFor('USDCNY', '2026-11-23', '1Y', P);
    expect(r).toEqual({
      spotDate: '2026-11-25', startDate: '2026-11-25', deliveryDate: '2027-11-26', expiryDate: '2027-11-23',
      projected: true, projectedYears: [{ calendar: 'CNY', year: 2027 }],
    });
    expect(projectionText(r.projectedYears, 'en')).toBe('2027 CNY holidays projected (no official notice yet)');
    expect(projectionText(r.projectedYears, 'zh')).toBe('2027年人民币节假日为推算（尚无官方通知）');
    expect(() => fxDatesFor('USDCNY', '2026-11-23', '1Y')).toThrow(CalendarCoverageError);
  });

  it('the projected days are closed: a delivery never lands on one (Spring Festival 2027)', () => {
    // 2026-12-03 + 2M: spot Mon 7 Dec, delivery 7 Feb 2027 (a Sunday) -> Mon 8 Feb is the
    // third day of the lunar year (projected closed) -> Tue 9 Feb.
    expect(tenorDate('USDCNY', '2026-12-03', '2M', P)).toEqual({ date: '2027-02-09', projected: true, projectedYears: [{ calendar: 'CNY', year: 2027 }] });
    expect(isBusinessDay('CNY', '2027-02-05', P)).toMatchObject({ businessDay: false, projected: true });
    expect(isBusinessDay('CNY', '2027-02-10', P)).toMatchObject({ businessDay: true, projected: true }); // no bridging projected
    expect(isBusinessDay('CNY', '2027-02-20', P)).toMatchObject({ businessDay: false }); // no make-up Saturday projected
  });

  it('flags exactly the answers that depend on a projected year: same dates as the default where it answers', () => {
    // The default refuses exactly when a date of a year without a notice is read; the
    // projected mode must then flag, and otherwise give the default's answer unflagged.
    const pairs = ['USDCNY', 'EURCNY', 'USDHKD', 'HKDCNY', 'EURUSD'];
    const tenors = ['ON', 'TN', 'SPOT', 'SN', '1W', '2W', '1M', '2M', '3M', '6M', '9M', '1Y', '18M'];
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 364 }), fc.constantFrom(...pairs), fc.constantFrom(...tenors),
      (offset, pair, tenor) => {
        const trade = toISO(addDays(fromYMD(2026, 1, 1), offset));
        let plain: unknown;
        try { plain = fxDatesFor(pair, trade, tenor); } catch (e) { plain = e; }
        let proj: ReturnType<typeof fxDatesFor> & { projected: boolean } | Error;
        try { proj = fxDatesFor(pair, trade, tenor, P); } catch (e) { proj = e as Error; }
        if (plain instanceof CalendarCoverageError) {
          expect(proj).not.toBeInstanceOf(Error);
          expect((proj as { projected: boolean }).projected, `${pair} ${trade} ${tenor}`).toBe(true);
        } else if (plain instanceof Error) {
          expect(proj, `${pair} ${trade} ${tenor}`).toBeInstanceOf(Error); // e.g. TN not before spot
        } else {
          expect(proj, `${pair} ${trade} ${tenor}`).toEqual({ ...(plain as object), projected: false, projectedYears: [] });
        }
      },
    ), { numRuns: 600, seed: 20261123 });
  });

  it('reports from every date function, and only the years read', () => {
    expect(spotDate('USDCNY', '2026-12-29', P)).toEqual({ date: '2026-12-31', projected: false, projectedYears: [] });
    expect(spotDate('USDCNY', '2026-12-30', P)).toEqual({ date: '2027-01-04', projected: true, projectedYears: [{ calendar: 'CNY', year: 2027 }] });
    expect(addBusinessDays('HKD', '2026-12-31', 1, P)).toEqual({ date: '2027-01-04', projected: true, projectedYears: [{ calendar: 'HKD', year: 2027 }] });
    expect(expiryFromDelivery('USDCNY', '2027-03-10', '2026-11-23', P)).toMatchObject({ date: '2027-03-08', projected: true });
    expect(fxDatesFor('HKDCNY', '2026-11-23', '1Y', P).projectedYears).toEqual([{ calendar: 'CNY', year: 2027 }, { calendar: 'HKD', year: 2027 }]);
    const s = calendarSummary('CNY', '2027-01-01', '2027-12-31', P);
    expect(s).toMatchObject({ holidays: ['2027-01-01', '2027-02-05', '2027-02-08', '2027-04-05', '2027-06-09', '2027-09-15', '2027-10-01'], workingWeekends: [], projected: true });
    const h = holidaysIn('CNY', '2026-12-31', '2027-01-01', P);
    expect(h.days).toMatchObject([{ date: '2027-01-01', en: "New Year's Day", zh: '元旦', projected: true }]);
    expect(h.days[0].source).toMatch(/^projection \(no official notice for 2027\)/);
    expect(holidaysIn('CNY', '2026-10-01', '2026-10-01', P)).toMatchObject({ projected: false, days: [{ date: '2026-10-01', zh: '国庆节' }] });
    expect(holidaysIn('CNY', '2026-10-01', '2026-10-01', P).days[0].projected).toBeUndefined();
    expect(projectionText([], 'en')).toBeUndefined();
    expect(projectionText([{ calendar: 'CNY', year: 2027 }, { calendar: 'CNY', year: 2028 }, { calendar: 'HKD', year: 2027 }], 'zh')).toBe('2027-2028年人民币、2027年港币节假日为推算（尚无官方通知）');
  });

  it('trackProjection reports the projected years a calendar computation read (nested calls merge outward)', () => {
    const cny = calendarFor('CNY', P);
    const outer = trackProjection(() => {
      const inner = trackProjection(() => cny.isBusinessDay(fromISO('2028-03-01')));
      expect(inner.projectedYears).toEqual([{ calendar: 'CNY', year: 2028 }]);
      return cny.isBusinessDay(fromISO('2026-03-02'));
    });
    expect(outer).toEqual({ value: true, projectedYears: [{ calendar: 'CNY', year: 2028 }] });
    expect(trackProjection(() => cny.isBusinessDay(fromISO('2026-03-02'))).projectedYears).toEqual([]);
  });

  it('a loaded notice takes its year out of the projection', () => {
    loadOfficialNotice({
      calendar: 'CNY', year: 2027, reference: 'test notice (not the real 2027 notice)',
      holidays: [{ date: '2027-02-05', en: 'Spring Festival', zh: '春节' }, { date: '2027-02-10', en: 'Spring Festival', zh: '春节' }],
      workingWeekends: [{ date: '2027-02-20', en: 'Make-up working day', zh: '调休上班' }],
    });
    expect(isBusinessDay('CNY', '2027-02-10', P)).toEqual({ businessDay: false, projected: false, projectedYears: [] });
    expect(isBusinessDay('CNY', '2027-02-20', P)).toMatchObject({ businessDay: true, projected: false });
    expect(projectionCoverage('CNY')!.spans[0].fromYear).toBe(2028);
    expect(calendarFor('CNY', P).isProjected(2027)).toBe(false);
    unloadOfficialNotice('CNY', 2027);
    expect(calendarFor('CNY', P).isProjected(2027)).toBe(true);
    expect(isBusinessDay('CNY', '2027-02-10', P)).toEqual({ businessDay: true, projected: true, projectedYears: [{ calendar: 'CNY', year: 2027 }] });
  });

  it('exposes which years are projected; other calendars and years are refused as before', () => {
    expect(projectionCoverage('CNY')).toMatchObject({ spans: [{ fromYear: 2027, toYear: 2099 }] });
    expect(projectionCoverage('HKD')).toMatchObject({ spans: [{ fromYear: 2027, toYear: 2099 }] });
    expect(projectionCoverage('SGD')).toBeNull();
    expect(projectionCoverage('USD')).toBeNull();
    const cny = calendarFor('CNY', P);
    expect(cny.isProjected(2026)).toBe(false);
    expect(cny.isProjected(2027)).toBe(true);
    expect(cny.isProjected(2100)).toBe(false);
    expect(calendarFor('CNY').isProjected(2027)).toBe(false); // the default never projects
    expect(() => cny.isBusinessDay(fromISO('2100-01-04'))).toThrow(CalendarCoverageError);
    expect(() => cny.isBusinessDay(fromISO('2007-06-01'))).toThrow(CalendarCoverageError);
    expect(() => isBusinessDay('SGD', '2028-01-04', P)).toThrow(CalendarCoverageError);
    expect(() => fxDatesFor('USDSGD', '2027-11-23', '3M', P)).toThrow(CalendarCoverageError);
    expect(coverage('CNY')).toMatchObject({ fromYear: 2008, toYear: 2026 }); // coverage is official data only
    expect(calendarFor('CNY', P)).toBe(calendarFor('CNY', P)); // shared instance
  });

  it('the weekends mode is unchanged and reports nothing', () => {
    const w = calendarFor('CNY', { beyondCoverage: 'weekends' });
    expect(trackProjection(() => w.isBusinessDay(fromISO('2027-02-08')))).toEqual({ value: true, projectedYears: [] });
  });
});

describe('the pricing interface keeps refusing (PRICING-CLI)', () => {
  it('fxDates and calendar refuse 2027 CNY and answer 2026 exactly as before', () => {
    const fx = priceOne({ model: 'fxDates', pair: 'USDCNY', tradeDate: '2026-11-23', tenor: '1Y' }) as Record<string, unknown>;
    expect(JSON.stringify(fx)).toMatch(/CNY holidays for 2027/);
    expect(fx).not.toHaveProperty('projected');
    const ok = priceOne({ model: 'fxDates', pair: 'USDCNY', tradeDate: '2026-11-23', tenor: '1M' }) as Record<string, unknown>;
    expect(ok).not.toHaveProperty('projected');
    expect(ok).toMatchObject({ deliveryDate: '2026-12-28' });
    const cal = priceOne({ model: 'calendar', calendar: 'CNY', from: '2027-01-01', to: '2027-01-31' });
    expect(JSON.stringify(cal)).toMatch(/CNY holidays for 2027/);
  });
});

// The helper above must see weekends, or the subset test would pass vacuously.
it('isWeekend sanity', () => {
  expect(isWeekend('2027-02-06')).toBe(true);
  expect(isWeekend('2027-02-08')).toBe(false);
  expect(toYMD(fromISO('2027-02-08')).y).toBe(2027);
});

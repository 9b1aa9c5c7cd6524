// The holiday query, pure: inputs as typed (currency, year, month, an optional second
// currency for the joint view) -> the month the screen shows, the year's named days and
// business days per month. Every rule comes from the calendars module
// (src/pricing-core/dates/calendars); nothing here knows a holiday. A year a calendar does not
// cover is refused (CalendarCoverageError), never answered with a guessed grid.
import { fromISO, fromYMD, daysInMonth, toISO, weekday, addDays } from '../../pricing-core/dates/date';
import { fxPair } from '../../pricing-core/dates/fx-dates';
import {
  CALENDAR_CODES, CALENDAR_NAMES, CalendarCoverageError, calendarFor, coverage, holidaysIn, isCalendarCode, marketCalendars, projectedCalendars,
  projectionCoverage, trackProjection, type CalendarCode, type HolidayDay, type ProjectedYear,
} from '../../pricing-core/dates/calendars';
import type { Calendar } from '../../pricing-core/dates/calendar';
import { describeYears } from '../../pricing-core/dates/calendars/registry';

export type Lang = 'zh' | 'en';

export const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
export const MONTHS_ZH = ['一月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月', '十一月', '十二月'] as const;

const ZH_DIGITS: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10, 十一: 11, 十二: 12 };

/**
 * A month as a desk types it: 1-12 (`10`, `01`), the English name or its abbreviation
 * (`October`, `oct`, `Sept`), or Chinese (`十月`, `10月`). Null when it is not a month.
 */
export function parseMonth(text: string): number | null {
  const s = text.trim().replace(/\.$/, '');
  if (!s) return null;
  if (/^\d{1,2}$/.test(s)) {
    const n = Number(s);
    return n >= 1 && n <= 12 ? n : null;
  }
  const zh = /^(\d{1,2}|[一二三四五六七八九十]{1,3})\s*月(份)?$/.exec(s);
  if (zh) {
    const n = /^\d+$/.test(zh[1]) ? Number(zh[1]) : ZH_DIGITS[zh[1]];
    return n !== undefined && n >= 1 && n <= 12 ? n : null;
  }
  const lower = s.toLowerCase();
  if (lower === 'sept') return 9;
  if (lower.length < 3) return null;
  const i = MONTHS_EN.findIndex((m) => m.toLowerCase().startsWith(lower));
  return i >= 0 ? i + 1 : null;
}

/** The month as a field shows it: `October` / `10月`. */
export function monthText(m: number, lang: Lang): string {
  return lang === 'en' ? MONTHS_EN[m - 1] : `${m}月`;
}

/** Years the query takes at all (each calendar then says what it covers). */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2199;

/** A four-digit year (`2026`, `2026年`), or null. */
export function parseYear(text: string): number | null {
  const m = /^\s*(\d{4})\s*年?\s*$/.exec(text);
  if (!m) return null;
  const y = Number(m[1]);
  return y >= YEAR_MIN && y <= YEAR_MAX ? y : null;
}

/** A calendar's currency code (`cny`, ` USD `), or null when no calendar has it. */
export function parseCalendarCode(text: string): CalendarCode | null {
  const c = text.trim().toUpperCase();
  return isCalendarCode(c) ? c : null;
}

export { CALENDAR_CODES, CALENDAR_NAMES, type CalendarCode };

// The order currencies are quoted in a pair (base first): EUR/USD, USD/CNY, JPY/CNY (CFETS
// quotes 100 JPY), HKD/CNY. Only for naming the joint calendar; the days do not depend on it.
const BASE_RANK: readonly string[] = ['EUR', 'GBP', 'AUD', 'NZD', 'USD', 'CAD', 'CHF', 'SGD', 'HKD', 'JPY', 'CNY'];

/** The pair two calendars' currencies are quoted as: ('CNY', 'USD') -> 'USDCNY'. */
export function pairOf(a: string, b: string): string {
  const ra = BASE_RANK.indexOf(a), rb = BASE_RANK.indexOf(b);
  const aFirst = ra === -1 ? (rb === -1 ? a < b : false) : rb === -1 ? true : ra < rb;
  return aFirst ? `${a}${b}` : `${b}${a}`;
}

export interface CalendarQuery {
  currency: CalendarCode;
  year: number;
  month: number;
  /** Second currency: the grid then shows the pair's FX value days. */
  joint?: CalendarCode | null;
  /**
   * Opt-in: CNY/HKD years without an official notice answered from the projection of the
   * statutory days (docs/calendars.md), flagged in `projectedYears`. Off by default.
   */
  projected?: boolean;
}

export interface NamedDayRow {
  date: string;
  /** 0 = Sunday ... 6 = Saturday. */
  weekday: number;
  calendar: CalendarCode;
  kind: HolidayDay['kind'];
  zh: string;
  en: string;
  source: string;
}

export interface DayInfo {
  iso: string;
  business: boolean;
  weekend: boolean;
  /** Named days on this date (holidays and make-up working days), of every calendar shown. */
  names: NamedDayRow[];
  /** Calendars among those shown that are closed this day (joint view). */
  closedIn: CalendarCode[];
}

export interface SourceLine {
  calendar: CalendarCode;
  /** Where this year comes from. */
  source: string;
  /** Every year the calendar answers, as text: "2008-2026". */
  covered: string;
  kind: 'decreed' | 'rules';
}

export interface MonthView {
  query: CalendarQuery;
  /** The calendars whose days are shown (joint: the pair's value calendars, USD included for crosses). */
  calendars: CalendarCode[];
  /** Joint view: the pair (`USDCNY`). */
  pair: string | null;
  days: ReadonlyMap<string, DayInfo>;
  /** Named days of the month, ascending. */
  monthNamed: NamedDayRow[];
  businessDays: number;
  /** Monday-Friday closed days of the month. */
  closedWeekdays: number;
  /** Saturdays/Sundays that are business days (CNY make-up days; never in a joint view). */
  workingWeekends: number;
  /** Named days of the whole year, ascending (the table). */
  yearNamed: NamedDayRow[];
  /** Business days of each month of the year (index 0 = January). */
  perMonth: number[];
  sources: SourceLine[];
  /** Years shown from the projection, not from an official notice (empty unless opted in). */
  projectedYears: ProjectedYear[];
}

/** The calendars shown, the predicate of the grid and the pair (joint view). */
const modeOf = (q: CalendarQuery) => (q.projected ? { beyondCoverage: 'projected' as const } : undefined);

function shownCalendar(q: CalendarQuery): { cal: Calendar; calendars: CalendarCode[]; pair: string | null } {
  if (!q.joint || q.joint === q.currency) return { cal: calendarFor(q.currency, modeOf(q)), calendars: [q.currency], pair: null };
  const pair = pairOf(q.currency, q.joint);
  const p = fxPair(pair, q.projected ? projectedCalendars : marketCalendars);
  // The value calendar adds USD for a cross without CNY (the FX spot convention).
  const calendars = [q.currency, q.joint];
  if (p.value !== p.both && !calendars.includes('USD')) calendars.push('USD');
  return { cal: p.value, calendars, pair };
}

/**
 * The month of the query. Throws CalendarCoverageError (from the calendars module) when a
 * calendar shown does not cover the year: the screen says so instead of a grid.
 */
export function monthView(q: CalendarQuery): MonthView {
  const { value, projectedYears } = trackProjection(() => computeMonth(q));
  return { ...value, projectedYears };
}

function namedDaysOf(c: CalendarCode, from: string, to: string, q: CalendarQuery): HolidayDay[] {
  return q.projected ? holidaysIn(c, from, to, { beyondCoverage: 'projected' }).days : holidaysIn(c, from, to);
}

function computeMonth(q: CalendarQuery): Omit<MonthView, 'projectedYears'> {
  const { cal, calendars, pair } = shownCalendar(q);
  const y = q.year;
  const mode = modeOf(q);
  // Every calendar must hold the year before anything is shown (a joint view too).
  for (const c of calendars) calendarFor(c, mode).isBusinessDay(fromYMD(y, 1, 1));
  const from = `${y}-01-01`, to = `${y}-12-31`;
  const yearNamed: NamedDayRow[] = calendars
    .flatMap((c) => namedDaysOf(c, from, to, q).map((h) => ({ ...h, calendar: c })))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : calendars.indexOf(a.calendar) - calendars.indexOf(b.calendar)));
  const byDate = new Map<string, NamedDayRow[]>();
  for (const r of yearNamed) {
    const list = byDate.get(r.date);
    if (list) list.push(r);
    else byDate.set(r.date, [r]);
  }

  const perMonth = Array.from({ length: 12 }, () => 0);
  const days = new Map<string, DayInfo>();
  let businessDays = 0, closedWeekdays = 0, workingWeekends = 0;
  const singles = calendars.map((c) => [c, calendarFor(c, mode)] as const);
  // Month by month on day serials: ISO strings only for the month shown (the hot part of a
  // keystroke's recompute, see reference-screens.bench.ts).
  for (let m = 1; m <= 12; m++) {
    const first = fromYMD(y, m, 1);
    const n = daysInMonth(y, m);
    for (let i = 0; i < n; i++) {
      const d = addDays(first, i);
      const business = cal.isBusinessDay(d);
      if (business) perMonth[m - 1]++;
      if (m !== q.month) continue;
      const iso = toISO(d);
      const wd = weekday(d);
      const weekend = wd === 0 || wd === 6;
      if (business) businessDays++;
      if (!weekend && !business) closedWeekdays++;
      if (weekend && business) workingWeekends++;
      // A make-up Saturday is a CNY business day but never a value day of a CNY pair.
      const closedIn = singles.filter(([, c]) => !c.isBusinessDay(d)).map(([code]) => code);
      days.set(iso, { iso, business, weekend, names: byDate.get(iso) ?? [], closedIn });
    }
  }
  const monthPrefix = `${y}-${String(q.month).padStart(2, '0')}-`;
  const sources = calendars.map((c): SourceLine => {
    const cov = coverage(c);
    return { calendar: c, source: calendarFor(c, mode).year(y).source, covered: describeYears(cov), kind: cov.kind };
  });
  return {
    query: q,
    calendars,
    pair,
    days,
    monthNamed: yearNamed.filter((r) => r.date.startsWith(monthPrefix)),
    businessDays,
    closedWeekdays,
    workingWeekends,
    yearNamed,
    perMonth,
    sources,
  };
}

/** Days of the month in order (for lists and tests). */
export function monthDates(year: number, month: number): string[] {
  return Array.from({ length: daysInMonth(year, month) }, (_, i) => toISO(fromYMD(year, month, i + 1)));
}

export interface CoverageProblem {
  calendar: CalendarCode;
  year: number;
  /** `noNoticeYet`: a decreed calendar after its last notice; `outside`: any other year not held. */
  reason: 'noNoticeYet' | 'outside';
  covered: string;
  decreed: boolean;
  /** The year can be shown from the projection (CNY/HKD), if the user opts in. */
  projectable: boolean;
}

/** What a CalendarCoverageError means for the user, or null for any other error. */
export function coverageProblem(e: unknown): CoverageProblem | null {
  if (!(e instanceof CalendarCoverageError)) return null;
  const cov = coverage(e.calendar);
  const decreed = cov.kind === 'decreed';
  return {
    calendar: e.calendar,
    year: e.year,
    reason: decreed && e.year > cov.toYear ? 'noNoticeYet' : 'outside',
    covered: describeYears(cov),
    decreed,
    projectable: (projectionCoverage(e.calendar)?.spans ?? []).some((s) => e.year >= s.fromYear && e.year <= s.toYear),
  };
}

/** The coverage problem in words, zh or en. */
export function coverageText(p: CoverageProblem, lang: Lang): { title: string; body: string } {
  const name = CALENDAR_NAMES[p.calendar][lang];
  if (lang === 'en') {
    return p.reason === 'noNoticeYet'
      ? {
        title: `No official notice yet: ${p.calendar} holidays for ${p.year} have not been published`,
        body: `${name} holidays are decreed year by year${p.calendar === 'CNY' ? ' by the State Council (usually in November of the year before)' : ''}. Years held: ${p.covered}. No grid is shown for ${p.year} rather than a guess; it appears once the notice is loaded.`,
      }
      : {
        title: `${p.year} is outside the ${p.calendar} calendar`,
        body: `${name}: years held ${p.covered}. No grid is shown for ${p.year} rather than a guess.`,
      };
  }
  return p.reason === 'noNoticeYet'
    ? {
      title: `尚无官方通知：${p.year} 年${p.calendar}节假日安排尚未公布`,
      body: `${name}节假日按年公布${p.calendar === 'CNY' ? '（国务院办公厅通知，通常于上一年 11 月发布）' : ''}。已有年份：${p.covered}。${p.year} 年不显示推测的日历，载入官方通知后即可查询。`,
    }
    : {
      title: `${p.year} 年不在${p.calendar}日历范围内`,
      body: `${name}：已有年份 ${p.covered}。${p.year} 年不显示推测的日历。`,
    };
}

/** The first of the month as ISO (the grid's focus when a query changes). */
export const firstOfMonth = (year: number, month: number): string => toISO(fromYMD(year, month, 1));

/** Year and month of an ISO date. */
export function ymOf(iso: string): { year: number; month: number } {
  const d = fromISO(iso);
  const s = toISO(d);
  return { year: Number(s.slice(0, 4)), month: Number(s.slice(5, 7)) };
}

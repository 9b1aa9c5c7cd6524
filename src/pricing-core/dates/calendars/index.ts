// The calendars of the desk, one module for the server, the browser and the pricing core.
// Dates are ISO strings (YYYY-MM-DD) here; the core's CalendarDate API sits underneath
// (MarketCalendar is a Calendar, fx-dates.ts takes a CalendarLookup).
//
//   calendarFor('CNY')                     the CNY settlement calendar (a Calendar)
//   fxCalendar('USDCNY')                   value days of a pair
//   holidaysIn('CNY', from, to)            named closed days and make-up days (zh, en)
//   isBusinessDay, addBusinessDays         on one currency's calendar
//   spotDate, tenorDate, fxDatesFor, expiryFromDelivery   FX value dates
//   coverage('HKD')                        years held, by source
//   loadOfficialNotice(json)               a year's official notice, wins over the package
//
// Screens may opt in to projected CNY/HKD holidays for years without a notice: pass
// { beyondCoverage: 'projected' } to calendarFor or as the last argument of the functions
// below, which then answer with `projected` and `projectedYears` (the years whose holidays
// were projected and actually read). The pricing interface (PRICING-CLI) never opts in.
import { type CalendarDate, Weekday, addDays, fromISO, toISO, weekday } from '../date';
import type { Calendar } from '../calendar';
import { addBusinessDays as addBd } from '../business-day';
import { type CalendarLookup, fxDates, fxExpiryFromDelivery, fxSpotDate, fxValueCalendar, splitPair } from '../fx-dates';
import { CALENDAR_CODES, type CalendarCode, isCalendarCode } from './codes';
import { CalendarCoverageError, MarketCalendar, type MarketCalendarOptions, type ProjectedYear, trackProjection } from './market-calendar';
import { coverage as coverageOf, projectionCoverage as projectionCoverageOf } from './registry';

export { CALENDAR_CODES, CALENDAR_NAMES, DECREED_CALENDAR_CODES, RULE_CALENDAR_CODES, isCalendarCode, type CalendarCode } from './codes';
export { CalendarCoverageError, MarketCalendar, trackProjection, type BeyondCoverage, type MarketCalendarOptions, type ProjectedYear } from './market-calendar';
export { allCoverage, loadOfficialNotice, loadedNotices, unloadOfficialNotice, type CalendarCoverage, type CoverageSpan, type ProjectionCoverage } from './registry';
export { NoticeError, officialNoticeSchema, parseNotice, type OfficialNotice } from './notices';
export { calendarErrorText, projectionText } from './messages';
export type { NamedDay, YearCalendar } from './year-data';

/** The opt-in of screens: CNY/HKD years without a notice answered from the projection. */
export interface ProjectionOption {
  beyondCoverage: 'projected';
}

/** What a projected-mode answer adds: whether, and which, projected years it depends on. */
export interface ProjectionReport {
  /** True when any date of the answer depends on a projected (not decreed) year. */
  projected: boolean;
  /** Those years, by calendar then year (empty when `projected` is false). */
  projectedYears: ProjectedYear[];
}

export type Projected<T> = T & ProjectionReport;


/** A currency without a calendar. */
export class UnknownCalendarError extends RangeError {
  override name = 'UnknownCalendarError';
  constructor(readonly currency: string) {
    super(`no calendar for ${currency}: calendars are ${CALENDAR_CODES.join(', ')}`);
  }
}

function code(ccy: string): CalendarCode {
  const c = ccy.trim().toUpperCase();
  if (!isCalendarCode(c)) throw new UnknownCalendarError(ccy);
  return c;
}

const shared = new Map<CalendarCode, MarketCalendar>();
const sharedProjected = new Map<CalendarCode, MarketCalendar>();

/**
 * The settlement calendar of a currency: shared instances in the default (refuse) and
 * projected modes, a new one with `beyondCoverage: 'weekends'`.
 */
export function calendarFor(ccy: string, options?: MarketCalendarOptions): MarketCalendar {
  const c = code(ccy);
  const mode = options?.beyondCoverage ?? 'refuse';
  if (mode === 'weekends') return new MarketCalendar(c, options);
  const cache = mode === 'projected' ? sharedProjected : shared;
  let cal = cache.get(c);
  if (!cal) { cal = new MarketCalendar(c, { beyondCoverage: mode }); cache.set(c, cal); }
  return cal;
}

/** CalendarLookup for the fx-dates functions. */
export const marketCalendars: CalendarLookup = (ccy) => calendarFor(ccy);

/** CalendarLookup of the projected mode (CNY/HKD projected where no notice is held). */
export const projectedCalendars: CalendarLookup = (ccy) => calendarFor(ccy, { beyondCoverage: 'projected' });

const projectedMode = (o: ProjectionOption | undefined): o is ProjectionOption => o?.beyondCoverage === 'projected';

/** Runs fn on the projected calendars and adds its ProjectionReport. */
function withReport<T extends object>(fn: () => T): Projected<T> {
  const { value, projectedYears } = trackProjection(fn);
  return { ...value, projected: projectedYears.length > 0, projectedYears };
}

/** Value days of a currency pair (both currencies, and USD for non-CNY pairs). */
export function fxCalendar(pair: string): Calendar {
  return fxValueCalendar(pair, marketCalendars);
}

const iso = (name: string, s: string): CalendarDate => {
  try { return fromISO(s); } catch { throw new RangeError(`${name} must be an ISO date (YYYY-MM-DD), got ${JSON.stringify(s)}`); }
};

export function isBusinessDay(ccy: string, date: string): boolean;
export function isBusinessDay(ccy: string, date: string, options: ProjectionOption): Projected<{ businessDay: boolean }>;
export function isBusinessDay(ccy: string, date: string, options?: ProjectionOption): boolean | Projected<{ businessDay: boolean }> {
  const d = iso('date', date);
  if (!projectedMode(options)) return calendarFor(ccy).isBusinessDay(d);
  const cal = calendarFor(ccy, options);
  return withReport(() => ({ businessDay: cal.isBusinessDay(d) }));
}

/** Moves n business days (n = 0 rolls to the next business day, QuantLib-style). */
export function addBusinessDays(ccy: string, date: string, n: number): string;
export function addBusinessDays(ccy: string, date: string, n: number, options: ProjectionOption): Projected<{ date: string }>;
export function addBusinessDays(ccy: string, date: string, n: number, options?: ProjectionOption): string | Projected<{ date: string }> {
  if (!Number.isInteger(n)) throw new RangeError('n must be an integer');
  const d = iso('date', date);
  if (!projectedMode(options)) return toISO(addBd(calendarFor(ccy), d, n));
  const cal = calendarFor(ccy, options);
  return withReport(() => ({ date: toISO(addBd(cal, d, n)) }));
}

export interface HolidayDay {
  date: string;
  /** 0 = Sunday ... 6 = Saturday. */
  weekday: number;
  /** `holiday`: closed; `workingWeekend`: a Saturday/Sunday decreed a working day (CNY). */
  kind: 'holiday' | 'workingWeekend';
  en: string;
  zh: string;
  /** Source of the year: package and version, or the official notice (or the projection). */
  source: string;
  /** Projected mode only: the day was projected from rules, no official notice for its year. */
  projected?: true;
}

/** Named holidays (weekend ones included) and make-up working days in [from, to]. */
export function holidaysIn(ccy: string, from: string, to: string): HolidayDay[];
/** Projected mode: `days` as above, projected ones flagged, and the report. */
export function holidaysIn(ccy: string, from: string, to: string, options: ProjectionOption): Projected<{ days: HolidayDay[] }>;
export function holidaysIn(ccy: string, from: string, to: string, options?: ProjectionOption): HolidayDay[] | Projected<{ days: HolidayDay[] }> {
  if (!projectedMode(options)) return namedDays(calendarFor(ccy), from, to);
  const cal = calendarFor(ccy, options);
  return withReport(() => ({ days: namedDays(cal, from, to) }));
}

function namedDays(cal: MarketCalendar, from: string, to: string): HolidayDay[] {
  const a = iso('from', from), b = iso('to', to);
  if (b < a) throw new RangeError('from must not be after to');
  const out: HolidayDay[] = [];
  const y0 = Number(from.slice(0, 4)), y1 = Number(to.slice(0, 4));
  for (let y = y0; y <= y1; y++) {
    const data = cal.year(y);
    const add = (kind: HolidayDay['kind']) => (d: { date: CalendarDate; en: string; zh: string }) => {
      if (d.date >= a && d.date <= b) {
        const day: HolidayDay = { date: toISO(d.date), weekday: weekday(d.date), kind, en: d.en, zh: d.zh, source: data.source };
        if (data.projected) day.projected = true;
        out.push(day);
      }
    };
    data.holidays.forEach(add('holiday'));
    data.workingWeekends.forEach(add('workingWeekend'));
  }
  return out.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
}

export interface CalendarSummary {
  /** Monday-Friday dates in [from, to] that are not business days. */
  holidays: string[];
  /** Saturday/Sunday dates in [from, to] that are business days. */
  workingWeekends: string[];
  businessDays: number;
}

/** PRICING-CLI `calendar`: closed weekdays, working weekends and business days in [from, to]. */
export function calendarSummary(ccy: string, from: string, to: string): CalendarSummary;
export function calendarSummary(ccy: string, from: string, to: string, options: ProjectionOption): Projected<CalendarSummary>;
export function calendarSummary(ccy: string, from: string, to: string, options?: ProjectionOption): CalendarSummary | Projected<CalendarSummary> {
  if (!projectedMode(options)) return summary(calendarFor(ccy), from, to);
  const cal = calendarFor(ccy, options);
  return withReport(() => summary(cal, from, to));
}

function summary(cal: MarketCalendar, from: string, to: string): CalendarSummary {
  const a = iso('from', from), b = iso('to', to);
  if (b < a) throw new RangeError('from must not be after to');
  const holidays: string[] = [], workingWeekends: string[] = [];
  let businessDays = 0;
  for (let d = a; d <= b; d = addDays(d, 1)) {
    const bd = cal.isBusinessDay(d);
    const w = weekday(d);
    const weekend = w === Weekday.Saturday || w === Weekday.Sunday;
    if (bd) businessDays++;
    if (!weekend && !bd) holidays.push(toISO(d));
    if (weekend && bd) workingWeekends.push(toISO(d));
  }
  return { holidays, workingWeekends, businessDays };
}

export function spotDate(pair: string, trade: string): string;
export function spotDate(pair: string, trade: string, options: ProjectionOption): Projected<{ date: string }>;
export function spotDate(pair: string, trade: string, options?: ProjectionOption): string | Projected<{ date: string }> {
  const t = iso('trade', trade);
  if (!projectedMode(options)) return toISO(fxSpotDate(pair, t, marketCalendars));
  return withReport(() => ({ date: toISO(fxSpotDate(pair, t, projectedCalendars)) }));
}

export interface FxDatesIso {
  spotDate: string;
  startDate: string;
  deliveryDate: string;
  expiryDate: string | null;
}

function fxDatesIso(pair: string, trade: string, tenor: string, lookup: CalendarLookup): FxDatesIso {
  const [b, q] = splitPair(pair);
  code(b); code(q);
  const r = fxDates(pair, iso('tradeDate', trade), tenor, lookup);
  return { spotDate: toISO(r.spot), startDate: toISO(r.start), deliveryDate: toISO(r.delivery), expiryDate: r.expiry === null ? null : toISO(r.expiry) };
}

/**
 * PRICING-CLI `fxDates`: spot, start, delivery and expiry of a tenor. With the projected
 * option (screens only) the answer adds `projected` / `projectedYears`.
 */
export function fxDatesFor(pair: string, trade: string, tenor: string): FxDatesIso;
export function fxDatesFor(pair: string, trade: string, tenor: string, options: ProjectionOption): Projected<FxDatesIso>;
export function fxDatesFor(pair: string, trade: string, tenor: string, options?: ProjectionOption): FxDatesIso | Projected<FxDatesIso> {
  if (!projectedMode(options)) return fxDatesIso(pair, trade, tenor, marketCalendars);
  return withReport(() => fxDatesIso(pair, trade, tenor, projectedCalendars));
}

function tenorDateIso(pair: string, trade: string, tenor: string, lookup: CalendarLookup): string {
  const [b, q] = splitPair(pair);
  code(b); code(q);
  return toISO(fxDates(pair, iso('trade', trade), tenor, lookup, { expiry: false }).delivery);
}

/** Delivery date of a tenor (no expiry search). */
export function tenorDate(pair: string, trade: string, tenor: string): string;
export function tenorDate(pair: string, trade: string, tenor: string, options: ProjectionOption): Projected<{ date: string }>;
export function tenorDate(pair: string, trade: string, tenor: string, options?: ProjectionOption): string | Projected<{ date: string }> {
  if (!projectedMode(options)) return tenorDateIso(pair, trade, tenor, marketCalendars);
  return withReport(() => ({ date: tenorDateIso(pair, trade, tenor, projectedCalendars) }));
}

/** Option expiry for a delivery date (not before `trade` when given). */
export function expiryFromDelivery(pair: string, delivery: string, trade?: string): string;
export function expiryFromDelivery(pair: string, delivery: string, trade: string | undefined, options: ProjectionOption): Projected<{ date: string }>;
export function expiryFromDelivery(pair: string, delivery: string, trade?: string, options?: ProjectionOption): string | Projected<{ date: string }> {
  const d = iso('delivery', delivery);
  const t = trade === undefined ? undefined : iso('trade', trade);
  if (!projectedMode(options)) return toISO(fxExpiryFromDelivery(pair, d, marketCalendars, t));
  return withReport(() => ({ date: toISO(fxExpiryFromDelivery(pair, d, projectedCalendars, t)) }));
}

export function coverage(ccy: string) {
  return coverageOf(code(ccy));
}

/** Years a calendar answers by projection in the projected mode (null: it has none). */
export function projectionCoverage(ccy: string) {
  return projectionCoverageOf(code(ccy));
}

export const isCoverageError = (e: unknown): e is CalendarCoverageError => e instanceof CalendarCoverageError;

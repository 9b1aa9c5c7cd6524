// A calendar date without time or time zone: an integer count of days since 1970-01-01
// (serial 0). Plain numbers keep arithmetic and comparison free and make dates safe to send
// between workers; the brand stops an arbitrary number being passed where a date is meant.
export type CalendarDate = number & { readonly __calendarDate: unique symbol };

export enum Weekday { Sunday = 0, Monday = 1, Tuesday = 2, Wednesday = 3, Thursday = 4, Friday = 5, Saturday = 6 }

/** Days since 1970-01-01 of a proleptic Gregorian y-m-d (month 1..12). */
export function fromYMD(y: number, m: number, d: number): CalendarDate {
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d) || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) {
    throw new RangeError(`invalid date ${y}-${m}-${d}`);
  }
  // Civil-to-days with March-based years so the leap day is last in its year.
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return (era * 146097 + doe - 719468) as CalendarDate;
}

export interface YMD { y: number; m: number; d: number }

export function toYMD(date: CalendarDate): YMD {
  const z = date + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d };
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses `YYYY-MM-DD` strictly (no time part, no offsets). */
export function fromISO(s: string): CalendarDate {
  const m = ISO.exec(s);
  if (!m) throw new RangeError(`not an ISO date (YYYY-MM-DD): ${s}`);
  return fromYMD(Number(m[1]), Number(m[2]), Number(m[3]));
}

export function toISO(date: CalendarDate): string {
  const { y, m, d } = toYMD(date);
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export const year = (date: CalendarDate): number => toYMD(date).y;
export const month = (date: CalendarDate): number => toYMD(date).m;
export const dayOfMonth = (date: CalendarDate): number => toYMD(date).d;

/** 0 = Sunday ... 6 = Saturday (1970-01-01 was a Thursday). */
export function weekday(date: CalendarDate): Weekday {
  return (((date + 4) % 7) + 7) % 7;
}

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
export function daysInMonth(y: number, m: number): number {
  return m === 2 && isLeapYear(y) ? 29 : MONTH_DAYS[m - 1];
}

export function addDays(date: CalendarDate, n: number): CalendarDate {
  return (date + n) as CalendarDate;
}

export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return to - from;
}

/** Adds calendar months; a day past the end of the target month is clamped to its last day. */
export function addMonths(date: CalendarDate, n: number): CalendarDate {
  return addMonthsYMD(toYMD(date), n);
}

/**
 * `addMonths` from a date already split into y-m-d: a schedule rolls every coupon date from
 * one anchor, and splitting a date (toYMD, a chain of divisions) is most of the cost.
 */
export function addMonthsYMD({ y, m, d }: YMD, n: number): CalendarDate {
  const total = y * 12 + (m - 1) + n;
  const ny = Math.floor(total / 12);
  const nm = total - ny * 12 + 1;
  return fromYMD(ny, nm, Math.min(d, daysInMonth(ny, nm)));
}

export function endOfMonth(date: CalendarDate): CalendarDate {
  const { y, m } = toYMD(date);
  return fromYMD(y, m, daysInMonth(y, m));
}

export function isEndOfMonth(date: CalendarDate): boolean {
  const { y, m, d } = toYMD(date);
  return d === daysInMonth(y, m);
}

/** The n-th (1-based) given weekday of a month; n = -1 gives the last one. */
export function nthWeekday(n: number, wd: Weekday, y: number, m: number): CalendarDate {
  if (n === -1) {
    const last = fromYMD(y, m, daysInMonth(y, m));
    return addDays(last, -((weekday(last) - wd + 7) % 7));
  }
  const first = fromYMD(y, m, 1);
  return addDays(first, ((wd - weekday(first) + 7) % 7) + 7 * (n - 1));
}

export const minDate = (a: CalendarDate, b: CalendarDate): CalendarDate => (a <= b ? a : b);
export const maxDate = (a: CalendarDate, b: CalendarDate): CalendarDate => (a >= b ? a : b);

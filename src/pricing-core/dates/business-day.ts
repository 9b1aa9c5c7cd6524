// Business-day conventions and business-day arithmetic on any Calendar.
import { type CalendarDate, addDays, month } from './date';
import type { Calendar } from './calendar';

export const BUSINESS_DAY_CONVENTIONS = ['Following', 'ModifiedFollowing', 'Preceding', 'ModifiedPreceding', 'Unadjusted'] as const;
export type BusinessDayConvention = (typeof BUSINESS_DAY_CONVENTIONS)[number];

export function adjust(cal: Calendar, d: CalendarDate, conv: BusinessDayConvention): CalendarDate {
  if (conv === 'Unadjusted') return d;
  const step = conv === 'Following' || conv === 'ModifiedFollowing' ? 1 : -1;
  let x = d;
  while (!cal.isBusinessDay(x)) x = addDays(x, step);
  // Modified: never roll into another month; go the other way instead.
  if ((conv === 'ModifiedFollowing' || conv === 'ModifiedPreceding') && month(x) !== month(d)) {
    return adjust(cal, d, conv === 'ModifiedFollowing' ? 'Preceding' : 'Following');
  }
  return x;
}

/**
 * Moves n business days (n may be negative). With n = 0 the date is rolled to the next
 * business day, as QuantLib does.
 */
export function addBusinessDays(cal: Calendar, d: CalendarDate, n: number): CalendarDate {
  if (n === 0) return adjust(cal, d, 'Following');
  const step = n > 0 ? 1 : -1;
  let x = d;
  for (let left = Math.abs(n); left > 0; ) {
    x = addDays(x, step);
    if (cal.isBusinessDay(x)) left--;
  }
  return x;
}

/** Business days in (from, to] (negative if to < from). */
export function businessDaysBetween(cal: Calendar, from: CalendarDate, to: CalendarDate): number {
  if (to < from) return -businessDaysBetween(cal, to, from);
  let n = 0;
  for (let x = addDays(from, 1); x <= to; x = addDays(x, 1)) if (cal.isBusinessDay(x)) n++;
  return n;
}

/** Last business day of the date's month. */
export function lastBusinessDayOfMonth(cal: Calendar, d: CalendarDate): CalendarDate {
  let x = d;
  const m = month(d);
  while (month(addDays(x, 1)) === m) x = addDays(x, 1);
  return adjust(cal, x, 'Preceding');
}

/** A business day that is the last business day of its month. */
export function isBusinessEndOfMonth(cal: Calendar, d: CalendarDate): boolean {
  return month(d) !== month(adjust(cal, addDays(d, 1), 'Following'));
}

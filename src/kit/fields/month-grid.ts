// The days a month picker shows: whole weeks from the week holding the 1st to the week
// holding the last day. Pure; the picker marks each day with `data-date` and
// `data-business-day` (UI-CONTRACT section 4) through an injected predicate.
import { addDays, addMonths, daysInMonth, fromISO, fromYMD, toISO, toYMD, weekday } from '../../pricing-core/dates/date';

export interface GridDay {
  iso: string;
  /** Day of month. */
  day: number;
  /** 0 = Sunday ... 6 = Saturday. */
  weekday: number;
  inMonth: boolean;
}

/** Weeks of `year`-`month` (1-12); `weekStart` 1 = Monday (SPEC section 9 for zh). */
export function monthWeeks(year: number, month: number, weekStart = 1): GridDay[][] {
  const first = fromYMD(year, month, 1);
  const last = fromYMD(year, month, daysInMonth(year, month));
  const lead = (weekday(first) - weekStart + 7) % 7;
  const weeks: GridDay[][] = [];
  let d = addDays(first, -lead);
  while (d <= last) {
    const week: GridDay[] = [];
    for (let i = 0; i < 7; i++, d = addDays(d, 1)) {
      const ymd = toYMD(d);
      week.push({ iso: toISO(d), day: ymd.d, weekday: weekday(d), inMonth: ymd.m === month && ymd.y === year });
    }
    weeks.push(week);
  }
  return weeks;
}

/** ISO date moved by whole days. */
export const shiftDays = (iso: string, n: number): string => toISO(addDays(fromISO(iso), n));

/** ISO date moved by whole months (day clamped to the month's end). */
export const shiftMonths = (iso: string, n: number): string => toISO(addMonths(fromISO(iso), n));

/** 0 = Sunday ... 6 = Saturday. */
export const weekdayOf = (iso: string): number => weekday(fromISO(iso));

export function yearMonth(iso: string): { y: number; m: number } {
  const { y, m } = toYMD(fromISO(iso));
  return { y, m };
}


/** Weekday order of the header row, starting at `weekStart`. */
export const weekdayOrder = (weekStart = 1): number[] => Array.from({ length: 7 }, (_, i) => (weekStart + i) % 7);

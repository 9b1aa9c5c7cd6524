// Money-market instruments used to build the short end of curves: deposits, FRAs and
// rate futures (3M IMM contracts and the like).
import type { CalendarDate } from '../../dates/date';
import type { DayCount } from '../../dates/day-count';
import { nextIMMDate } from '../../dates/tenor';
import { addDays } from '../../dates/date';

/** Deposit (or index fixing): simple rate over [start, end]. */
export interface Deposit { kind: 'deposit'; label?: string; start: CalendarDate; end: CalendarDate; rate: number; dayCount: DayCount }

/** Forward rate agreement: simple forward rate over [start, end] (settlement discounting is irrelevant to the curve). */
export interface Fra { kind: 'fra'; label?: string; start: CalendarDate; end: CalendarDate; rate: number; dayCount: DayCount }

/** Rate future: quoted price, implied rate (100 - price)/100 less a convexity adjustment. */
export interface RateFuture {
  kind: 'future';
  label?: string;
  start: CalendarDate;
  end: CalendarDate;
  price: number;
  dayCount: DayCount;
  /** Futures rate minus forward rate (positive); none by default. */
  convexityAdjustment?: number;
}

export function futureForwardRate(f: RateFuture): number {
  return (100 - f.price) / 100 - (f.convexityAdjustment ?? 0);
}

/** A 3M IMM future: accrual from the first IMM date after `after` to the following IMM date. */
export function immFuture(after: CalendarDate, price: number, dayCount: DayCount, convexityAdjustment = 0): RateFuture {
  const start = nextIMMDate(addDays(after, -1));
  return { kind: 'future', start, end: nextIMMDate(start), price, dayCount, convexityAdjustment };
}

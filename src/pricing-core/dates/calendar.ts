// Holiday calendars as data. A calendar is a set of weekend weekdays, a list of holidays and a
// list of working weekend days (China's official make-up working Saturdays/Sundays). The data
// comes from the market-data service (`HolidayCalendarData`, ISO strings) or from seed data.
import { type CalendarDate, Weekday, fromISO, toISO, weekday, year } from './date';

export interface Calendar {
  readonly name: string;
  isBusinessDay(d: CalendarDate): boolean;
}

/** Wire/storage form of a holiday calendar (what the market-data service sends). */
export interface HolidayCalendarData {
  name: string;
  /** Weekend weekdays, 0 = Sunday .. 6 = Saturday. Default [0, 6]. */
  weekend?: number[];
  /** ISO dates that are not business days. */
  holidays: string[];
  /** ISO dates falling on a weekend that are business days (official make-up days). */
  workingWeekends?: string[];
  /** Inclusive year range the holiday data is complete for; outside it only weekends apply. */
  coverage?: { fromYear: number; toYear: number };
}

export class HolidayCalendar implements Calendar {
  private readonly weekend: boolean[];
  private readonly holidays: Set<number>;
  private readonly working: Set<number>;

  constructor(
    readonly name: string,
    spec: { weekend?: readonly number[]; holidays: Iterable<CalendarDate>; workingWeekends?: Iterable<CalendarDate>; coverage?: { fromYear: number; toYear: number } },
    readonly coverage = spec.coverage,
  ) {
    const we = spec.weekend ?? [Weekday.Saturday, Weekday.Sunday];
    this.weekend = [0, 1, 2, 3, 4, 5, 6].map((w) => we.includes(w));
    this.holidays = new Set(spec.holidays);
    this.working = new Set(spec.workingWeekends ?? []);
  }

  static fromData(data: HolidayCalendarData): HolidayCalendar {
    return new HolidayCalendar(data.name, {
      weekend: data.weekend,
      holidays: data.holidays.map(fromISO),
      workingWeekends: (data.workingWeekends ?? []).map(fromISO),
      coverage: data.coverage,
    });
  }

  toData(): HolidayCalendarData {
    const iso = (s: Set<number>) => [...s].sort((a, b) => a - b).map((d) => toISO(d as CalendarDate));
    return {
      name: this.name,
      weekend: this.weekend.flatMap((w, i) => (w ? [i] : [])),
      holidays: iso(this.holidays),
      workingWeekends: iso(this.working),
      ...(this.coverage ? { coverage: this.coverage } : {}),
    };
  }

  isWeekend(d: CalendarDate): boolean {
    return this.weekend[weekday(d)];
  }

  isBusinessDay(d: CalendarDate): boolean {
    if (this.holidays.has(d)) return false;
    return !this.weekend[weekday(d)] || this.working.has(d);
  }

  /** Whether the holiday data is known complete for this date's year. */
  covers(d: CalendarDate): boolean {
    const c = this.coverage;
    if (!c) return true;
    const y = year(d);
    return y >= c.fromYear && y <= c.toYear;
  }
}

/** Every day a business day (used for unadjusted schedules). */
export const NULL_CALENDAR: Calendar = { name: 'NULL', isBusinessDay: () => true };

/** Saturdays and Sundays only. */
export const WEEKENDS_ONLY: Calendar = new HolidayCalendar('WEEKENDS', { holidays: [] });

/**
 * Joint calendar. `union` (the usual for settlement in several centres): a holiday in any
 * calendar is a holiday, i.e. a business day must be good in all. `intersection`: a holiday
 * only where all calendars have one.
 */
export function jointCalendar(rule: 'union' | 'intersection', calendars: readonly Calendar[]): Calendar {
  if (calendars.length === 0) throw new RangeError('joint calendar needs at least one calendar');
  if (calendars.length === 1) return calendars[0];
  const name = `${rule === 'union' ? 'JoinHolidays' : 'JoinBusinessDays'}(${calendars.map((c) => c.name).join(',')})`;
  return rule === 'union'
    ? { name, isBusinessDay: (d) => calendars.every((c) => c.isBusinessDay(d)) }
    : { name, isBusinessDay: (d) => calendars.some((c) => c.isBusinessDay(d)) };
}

// One calendar year of one calendar, whatever its source (rule table, chinese-days, an
// official notice): the named closed days and the named make-up working weekend days.
import { type CalendarDate, fromYMD } from '../date';

export interface NamedDay {
  date: CalendarDate;
  en: string;
  zh: string;
}

export interface YearCalendar {
  year: number;
  /** Closed days, ascending; may include Saturdays and Sundays (named for display). */
  holidays: readonly NamedDay[];
  /** Saturdays/Sundays that are business days (CNY make-up days), ascending. */
  workingWeekends: readonly NamedDay[];
  /** Where the year comes from, e.g. "chinese-days 1.5.7" or a notice's reference. */
  source: string;
  /** The year has no official notice and these days are projected from rules (opt-in). */
  projected?: boolean;
}

/** Serial of 1 January of a year (fast path of fromYMD for the hot per-year lookups). */
export const startOfYear = (y: number): CalendarDate => fromYMD(y, 1, 1);

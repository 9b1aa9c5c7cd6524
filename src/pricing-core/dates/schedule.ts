// Schedule generation (coupon/accrual dates), forward or backward from an anchor, with stub
// handling and the end-of-month rule. Semantics follow QuantLib's Schedule for the rules
// implemented here (Forward, Backward), so the two can be compared date by date.
import { type CalendarDate, type YMD, addMonthsYMD, endOfMonth as dateEndOfMonth, isEndOfMonth, toYMD } from './date';
import { type Calendar, NULL_CALENDAR } from './calendar';
import { type BusinessDayConvention, adjust, isBusinessEndOfMonth, lastBusinessDayOfMonth } from './business-day';
import { type Tenor, addTenor } from './tenor';

export interface ScheduleSpec {
  start: CalendarDate;
  end: CalendarDate;
  tenor: Tenor;
  /** `backward`: roll from `end` (stub at the front); `forward`: roll from `start` (stub at the back). */
  rule: 'forward' | 'backward';
  calendar?: Calendar;
  convention?: BusinessDayConvention;
  /** Convention for the final date; defaults to `convention`. */
  terminationConvention?: BusinessDayConvention;
  /** A month-end anchor keeps every rolled date on a month end. */
  endOfMonth?: boolean;
  /** Explicit end of a first stub (forward) / start of a last stub (backward). */
  firstDate?: CalendarDate;
  nextToLastDate?: CalendarDate;
}

export interface Schedule {
  /** Adjusted dates, strictly increasing; period i is [dates[i], dates[i+1]]. */
  dates: CalendarDate[];
  /** Whether period i is a whole tenor (false for stubs). */
  isRegular: boolean[];
  tenor: Tenor;
}

export function generateSchedule(spec: ScheduleSpec): Schedule {
  const { start, end, tenor, rule } = spec;
  if (!(end > start)) throw new RangeError('schedule end must be after start');
  if (tenor.n <= 0) throw new RangeError('schedule tenor must be positive');
  const cal = spec.calendar ?? NULL_CALENDAR;
  const conv = spec.convention ?? 'Unadjusted';
  const termConv = spec.terminationConvention ?? conv;
  const eom = spec.endOfMonth === true && (tenor.unit === 'M' || tenor.unit === 'Y');
  // One-entry memo: each rolled date is compared, adjusted, with the previous one, which was
  // the previous call's argument (halves the calendar lookups of a long schedule).
  let memoIn = NaN, memoOut = NaN as CalendarDate;
  const adj = (d: CalendarDate) => {
    if (d !== memoIn) { memoIn = d; memoOut = adjust(cal, d, conv); }
    return memoOut;
  };

  let dates: CalendarDate[];
  let regular: boolean[];
  let seed: CalendarDate;
  // Rolled dates count whole tenors from the seed (not step by step), so a 31st survives
  // short months; with EOM a month-end seed rolls to month ends.
  // Month tenors: the anchor is split into y-m-d once, not once per rolled date (the split is
  // most of the cost of adding months, and this runs for every coupon of every leg).
  const months = tenor.unit === 'M' ? tenor.n : tenor.unit === 'Y' ? 12 * tenor.n : 0;
  let anchor = NaN, anchorYMD: YMD = { y: 0, m: 0, d: 0 }, anchorEom = false;
  const roll = (from: CalendarDate, k: number) => {
    if (from !== anchor) { anchor = from; anchorYMD = toYMD(from); anchorEom = eom && isEndOfMonth(from); }
    const d = months > 0 ? addMonthsYMD(anchorYMD, months * k) : addTenor(from, { n: tenor.n * k, unit: tenor.unit });
    return anchorEom ? dateEndOfMonth(d) : d;
  };
  if (rule === 'backward') {
    dates = [end];
    regular = [];
    seed = end;
    if (spec.nextToLastDate !== undefined) {
      dates.push(spec.nextToLastDate);
      regular.push(roll(end, -1) === spec.nextToLastDate);
      seed = spec.nextToLastDate;
    }
    const exit = spec.firstDate ?? start;
    for (let k = 1; ; k++) {
      const d = roll(seed, -k);
      if (d < exit) {
        if (spec.firstDate !== undefined && adj(dates[dates.length - 1]) !== adj(spec.firstDate)) {
          dates.push(spec.firstDate);
          regular.push(false);
        }
        break;
      }
      if (adj(dates[dates.length - 1]) !== adj(d)) { dates.push(d); regular.push(true); }
    }
    if (adj(dates[dates.length - 1]) !== adj(start)) { dates.push(start); regular.push(false); }
    dates.reverse();
    regular.reverse();
  } else {
    dates = [start];
    regular = [];
    seed = start;
    if (spec.firstDate !== undefined) {
      dates.push(spec.firstDate);
      regular.push(roll(start, 1) === spec.firstDate);
      seed = spec.firstDate;
    }
    const exit = spec.nextToLastDate ?? end;
    for (let k = 1; ; k++) {
      const d = roll(seed, k);
      if (d > exit) {
        if (spec.nextToLastDate !== undefined && adj(dates[dates.length - 1]) !== adj(spec.nextToLastDate)) {
          dates.push(spec.nextToLastDate);
          regular.push(false);
        }
        break;
      }
      if (adj(dates[dates.length - 1]) !== adj(d)) { dates.push(d); regular.push(true); }
    }
    if (adjust(cal, dates[dates.length - 1], termConv) !== adjust(cal, end, termConv)) { dates.push(end); regular.push(false); }
  }

  const n = dates.length;
  if (eom && isBusinessEndOfMonth(cal, seed)) {
    // Month ends; with an adjusting convention the last business day of the month.
    for (let i = 1; i < n - 1; i++) dates[i] = conv === 'Unadjusted' ? dateEndOfMonth(dates[i]) : lastBusinessDayOfMonth(cal, dates[i]);
  } else {
    for (let i = 1; i < n - 1; i++) dates[i] = adj(dates[i]);
  }
  dates[0] = adj(dates[0]);
  dates[n - 1] = adjust(cal, dates[n - 1], termConv);

  // Adjustment can make a stub collapse onto its neighbour: drop the duplicate.
  if (n > 2 && dates[n - 2] >= dates[n - 1]) {
    regular[n - 3] = dates[n - 2] === dates[n - 1];
    dates.splice(n - 2, 1);
    regular.splice(n - 2, 1);
  }
  if (dates.length > 2 && dates[1] <= dates[0]) {
    dates.splice(1, 1);
    regular[1] = dates[1] === dates[0];
    regular.splice(0, 1);
  }
  return { dates, isRegular: regular, tenor };
}

// Day-count conventions: the year fraction between two dates. Names follow PRICING-CLI.md
// (`ACT/360`, `ACT/365F`, `ACT/ACT-ISDA`, `ACT/ACT-ISMA`, `30/360`) plus the two European
// 30/360 variants. ACT/ACT-ISMA needs the coupon (reference) period; see `yearFraction`.
import { type CalendarDate, addMonths, daysInMonth, isLeapYear, toYMD, fromYMD } from './date';

export const DAY_COUNTS = ['ACT/360', 'ACT/365F', 'ACT/ACT-ISDA', 'ACT/ACT-ISMA', '30/360', '30E/360', '30E/360-ISDA'] as const;
export type DayCount = (typeof DAY_COUNTS)[number];

const ALIASES: Record<string, DayCount> = {
  'ACT/365': 'ACT/365F', 'ACT/365-FIXED': 'ACT/365F', 'ACT/ACT': 'ACT/ACT-ISDA', 'ACT/ACT-ICMA': 'ACT/ACT-ISMA',
  '30/360-BB': '30/360', '30/360-ISDA': '30/360', '30/360-BOND-BASIS': '30/360', '30E/360-EUROBOND': '30E/360',
  '30E/360-GERMAN': '30E/360-ISDA',
};

/** Accepts the canonical names (case-insensitive) and a few common aliases. */
export function parseDayCount(name: unknown): DayCount {
  if (typeof name !== 'string') throw new RangeError('day count must be a string');
  const up = name.trim().toUpperCase().replace(/\s+/g, '');
  const hit = (DAY_COUNTS as readonly string[]).find((d) => d.toUpperCase() === up) ?? ALIASES[up];
  if (!hit) throw new RangeError(`unknown day count: ${name} (known: ${DAY_COUNTS.join(', ')})`);
  return hit as DayCount;
}

export interface DayCountOptions {
  /** Reference (regular coupon) period, used by ACT/ACT-ISMA. Defaults to [d1, d2]. */
  refStart?: CalendarDate;
  refEnd?: CalendarDate;
  /** Final date of the leg/bond: 30E/360-ISDA keeps a February month-end on it unchanged. */
  terminationDate?: CalendarDate;
}

/** Day count numerator: actual days, or the 30/360 day count for those conventions. */
export function dayCount(dc: DayCount, d1: CalendarDate, d2: CalendarDate, opts?: DayCountOptions): number {
  switch (dc) {
    case '30/360': return thirty360(d1, d2, 'bond');
    case '30E/360': return thirty360(d1, d2, 'eurobond');
    case '30E/360-ISDA': return thirty360(d1, d2, 'isda', opts?.terminationDate);
    default: return d2 - d1;
  }
}

export function yearFraction(dc: DayCount, d1: CalendarDate, d2: CalendarDate, opts?: DayCountOptions): number {
  switch (dc) {
    case 'ACT/360': return (d2 - d1) / 360;
    case 'ACT/365F': return (d2 - d1) / 365;
    case 'ACT/ACT-ISDA': return actActIsda(d1, d2);
    case 'ACT/ACT-ISMA': return actActIsma(d1, d2, opts?.refStart ?? d1, opts?.refEnd ?? d2);
    default: return dayCount(dc, d1, d2, opts) / 360;
  }
}

function thirty360(a: CalendarDate, b: CalendarDate, kind: 'bond' | 'eurobond' | 'isda', termination?: CalendarDate): number {
  const p = toYMD(a);
  const q = toYMD(b);
  let d1 = p.d;
  let d2 = q.d;
  if (kind === 'bond') {
    // ISDA 2006 4.16(f): D1 31 -> 30; D2 31 -> 30 only when D1 is (now) 30.
    if (d1 === 31) d1 = 30;
    if (d2 === 31 && d1 === 30) d2 = 30;
  } else if (kind === 'eurobond') {
    d1 = Math.min(d1, 30);
    d2 = Math.min(d2, 30);
  } else {
    // ISDA 2006 4.16(h): month-ends count as 30, except a February end that is the termination date.
    if (d1 === daysInMonth(p.y, p.m)) d1 = 30;
    if (d2 === daysInMonth(q.y, q.m) && !(q.m === 2 && b === termination)) d2 = 30;
  }
  return 360 * (q.y - p.y) + 30 * (q.m - p.m) + (d2 - d1);
}

function actActIsda(d1: CalendarDate, d2: CalendarDate): number {
  if (d1 === d2) return 0;
  if (d1 > d2) return -actActIsda(d2, d1);
  const y1 = toYMD(d1).y;
  const y2 = toYMD(d2).y;
  // Days in each calendar year over that year's length (366 in leap years).
  const first = (fromYMD(y1 + 1, 1, 1) - d1) / (isLeapYear(y1) ? 366 : 365);
  const last = (d2 - fromYMD(y2, 1, 1)) / (isLeapYear(y2) ? 366 : 365);
  return first + (y2 - y1 - 1) + last;
}

/**
 * ACT/ACT-ISMA (ICMA rule 251): within a reference period of about n months, a fraction is
 * (days / days in the period) x n/12. Accrual outside [refStart, refEnd] (long first or last
 * stubs) is split into notional regular periods of the same length stepped off refStart/refEnd.
 * With no reference period the accrual interval itself is taken; under half a month a notional
 * year from d1 is used. Same semantics as QuantLib's ActualActual(ISMA) without a schedule.
 */
function actActIsma(d1: CalendarDate, d2: CalendarDate, refStart: CalendarDate, refEnd: CalendarDate): number {
  if (d1 === d2) return 0;
  if (d1 > d2) return -actActIsma(d2, d1, refStart, refEnd);
  if (!(refEnd > refStart && refEnd > d1)) throw new RangeError('ACT/ACT-ISMA: invalid reference period');
  let months = Math.floor(0.5 + (12 * (refEnd - refStart)) / 365);
  if (months === 0) {
    refStart = d1;
    refEnd = addMonths(d1, 12);
    months = 12;
  }
  const period = months / 12;
  if (d2 <= refEnd) {
    if (d1 >= refStart) return (period * (d2 - d1)) / (refEnd - refStart);
    // Long first stub: d1 lies before the reference period; the notional period before it.
    const prevRef = addMonths(refStart, -months);
    if (d2 > refStart) return actActIsma(d1, refStart, prevRef, refStart) + actActIsma(refStart, d2, refStart, refEnd);
    return actActIsma(d1, d2, prevRef, refStart);
  }
  // Long last stub: whole notional periods after refEnd, then the remainder.
  if (refStart > d1) throw new RangeError('ACT/ACT-ISMA: d1 < refStart < refEnd < d2');
  let sum = actActIsma(d1, refEnd, refStart, refEnd);
  for (let i = 0; ; i++) {
    const s = addMonths(refEnd, months * i);
    const e = addMonths(refEnd, months * (i + 1));
    if (d2 < e) return sum + actActIsma(s, d2, s, e);
    sum += period;
  }
}

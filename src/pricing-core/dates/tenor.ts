// Tenors ("1D", "2W", "3M", "10Y", "ON", "TN", "SN") and IMM dates.
import { type CalendarDate, Weekday, addDays, addMonths, nthWeekday, toYMD } from './date';
import type { Calendar } from './calendar';
import { type BusinessDayConvention, adjust, addBusinessDays, isBusinessEndOfMonth, lastBusinessDayOfMonth } from './business-day';

export type TenorUnit = 'D' | 'W' | 'M' | 'Y';
export interface Tenor { n: number; unit: TenorUnit }

const TENOR = /^(\d+)([DWMY])$/;

export function parseTenor(s: string): Tenor {
  const m = TENOR.exec(s.trim().toUpperCase());
  if (!m) throw new RangeError(`not a tenor: ${s}`);
  return { n: Number(m[1]), unit: m[2] as TenorUnit };
}

export const tenorToString = (t: Tenor): string => `${t.n}${t.unit}`;

/** Tenor length in months (for W/D tenors only whole months are meaningful: throws). */
export function tenorMonths(t: Tenor): number {
  if (t.unit === 'M') return t.n;
  if (t.unit === 'Y') return 12 * t.n;
  throw new RangeError(`${tenorToString(t)} is not a whole number of months`);
}

/** Unadjusted calendar arithmetic: d + tenor (month ends clamped). */
export function addTenor(d: CalendarDate, t: Tenor, sign = 1): CalendarDate {
  switch (t.unit) {
    case 'D': return addDays(d, sign * t.n);
    case 'W': return addDays(d, sign * 7 * t.n);
    case 'M': return addMonths(d, sign * t.n);
    case 'Y': return addMonths(d, sign * 12 * t.n);
  }
}

/**
 * Business-calendar advance, QuantLib-style: days count business days; weeks, months and years
 * are calendar steps then adjusted by the convention. With `endOfMonth`, a start on the last
 * business day of its month lands on the last business day of the target month.
 */
export function advance(cal: Calendar, d: CalendarDate, t: Tenor, conv: BusinessDayConvention, endOfMonthRule = false, sign = 1): CalendarDate {
  if (t.unit === 'D') return addBusinessDays(cal, d, sign * t.n);
  const raw = addTenor(d, t, sign);
  if (endOfMonthRule && (t.unit === 'M' || t.unit === 'Y') && isBusinessEndOfMonth(cal, d)) {
    return lastBusinessDayOfMonth(cal, raw);
  }
  return adjust(cal, raw, conv);
}

/** Money-market short dates: ON = today -> +1bd, TN = +1bd -> +2bd, SN = spot -> spot+1bd. */
export function shortDate(cal: Calendar, trade: CalendarDate, code: 'ON' | 'TN' | 'SN', spotLag = 2): { start: CalendarDate; end: CalendarDate } {
  const t0 = adjust(cal, trade, 'Following');
  switch (code) {
    case 'ON': return { start: t0, end: addBusinessDays(cal, t0, 1) };
    case 'TN': { const s = addBusinessDays(cal, t0, 1); return { start: s, end: addBusinessDays(cal, s, 1) }; }
    case 'SN': { const s = addBusinessDays(cal, t0, spotLag); return { start: s, end: addBusinessDays(cal, s, 1) }; }
  }
}

// ---- IMM dates: third Wednesday of March, June, September, December (main cycle). ----

export function isIMMDate(d: CalendarDate, mainCycle = true): boolean {
  const { y, m } = toYMD(d);
  if (mainCycle && m % 3 !== 0) return false;
  return d === nthWeekday(3, Weekday.Wednesday, y, m);
}

/** The first IMM date strictly after d. */
export function nextIMMDate(d: CalendarDate, mainCycle = true): CalendarDate {
  let { y, m } = toYMD(d);
  for (;;) {
    if (!mainCycle || m % 3 === 0) {
      const imm = nthWeekday(3, Weekday.Wednesday, y, m);
      if (imm > d) return imm;
    }
    if (++m > 12) { m = 1; y++; }
  }
}

const IMM_MONTHS = 'FGHJKMNQUVXZ';

/** Futures code such as "H5" for the IMM date in March 2025. */
export function immCode(d: CalendarDate): string {
  if (!isIMMDate(d, false)) throw new RangeError('not an IMM date');
  const { y, m } = toYMD(d);
  return `${IMM_MONTHS[m - 1]}${y % 10}`;
}

/** The IMM date of a code such as "H5": the first one on or after `ref`. */
export function immDateFromCode(code: string, ref: CalendarDate): CalendarDate {
  const m = IMM_MONTHS.indexOf(code[0]?.toUpperCase() ?? '') + 1;
  const digit = Number(code.slice(1));
  if (m === 0 || code.length !== 2 || !Number.isInteger(digit)) throw new RangeError(`not an IMM code: ${code}`);
  const ry = toYMD(ref).y;
  let y = ry - (ry % 10) + digit;
  let d = nthWeekday(3, Weekday.Wednesday, y, m);
  if (d < ref) { y += 10; d = nthWeekday(3, Weekday.Wednesday, y, m); }
  return d;
}

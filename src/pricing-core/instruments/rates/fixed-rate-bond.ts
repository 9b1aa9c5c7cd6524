// Fixed-rate bullet bond: definition and its coupon periods. Regular schedule rolled back
// from maturity (a short first stub from the issue date when needed), unadjusted dates, no
// end-of-month rolling (PRICING-CLI `fixedBond`).
import { type CalendarDate, addMonths } from '../../dates/date';
import { type DayCount, yearFraction } from '../../dates/day-count';
import { generateSchedule } from '../../dates/schedule';

export interface FixedRateBond {
  issue: CalendarDate;
  maturity: CalendarDate;
  /** Annual coupon rate, decimal. */
  coupon: number;
  /** Coupons a year: 1, 2 or 4 (12 allowed). */
  frequency: 1 | 2 | 4 | 12;
  dayCount: DayCount;
  /** Face (redemption) amount. */
  face: number;
}

export interface CouponPeriod {
  start: CalendarDate;
  end: CalendarDate;
  /** Reference (regular) period, equal to [start, end] except for a first stub. */
  refStart: CalendarDate;
  refEnd: CalendarDate;
  /** Day-count fraction of the period (exactly 1/frequency under ACT/ACT-ISMA for regular periods). */
  tau: number;
}

export function validateBond(b: FixedRateBond): void {
  if (!(b.maturity > b.issue)) throw new RangeError('maturity must be after issue');
  if (![1, 2, 4, 12].includes(b.frequency)) throw new RangeError('frequency must be 1, 2, 4 or 12');
  if (!Number.isFinite(b.coupon) || b.coupon < 0) throw new RangeError('coupon must be a non-negative number');
  if (!(b.face > 0)) throw new RangeError('face must be positive');
}

export function couponPeriods(b: FixedRateBond): CouponPeriod[] {
  validateBond(b);
  const months = 12 / b.frequency;
  const { dates, isRegular } = generateSchedule({ start: b.issue, end: b.maturity, tenor: { n: months, unit: 'M' }, rule: 'backward' });
  const out: CouponPeriod[] = [];
  for (let i = 0; i + 1 < dates.length; i++) {
    const start = dates[i];
    const end = dates[i + 1];
    // A first stub's reference period is the whole regular period ending at its end date.
    const refStart = i === 0 && !isRegular[0] ? addMonths(end, -months) : start;
    const opts = { refStart, refEnd: end, terminationDate: b.maturity };
    out.push({ start, end, refStart, refEnd: end, tau: yearFraction(b.dayCount, start, end, opts) });
  }
  return out;
}

// China inter-bank bonds (国债, policy-bank, local-government, corporate) as plain data, and
// their coupon schedule under the ChinaBond/CFETS convention (PRICING-CLI `cnBond`): coupon
// dates are maturity minus k * 12/f months, each computed from maturity (a day past the end
// of the month becomes its last day), unadjusted. Interest start (`issue`) is on that grid.
import { type CalendarDate, addMonths, toISO } from '../../dates/date';

export type CnCouponFrequency = 1 | 2 | 4 | 12;

/**
 * `fixed`     fixed coupon paid f times a year (附息债).
 * `zero`      zero-coupon / discount bill (贴现债): bought below par, redeemed at 100;
 *             `issuePrice` gives the accrual of the discount.
 * `bullet`    interest paid with principal at maturity (到期一次还本付息, 利随本清): simple
 *             interest coupon * years on the face.
 */
export type CnBondKind = 'fixed' | 'zero' | 'bullet';

/** Embedded option: issuer call (赎回) or investor put (回售) at `price` (clean, per 100) on `date`. */
export interface EmbeddedOption {
  type: 'call' | 'put';
  date: CalendarDate;
  /** Clean exercise price per 100 of face (100 at par). */
  price: number;
  /** Coupon from this date on if the option is not exercised (票面利率调整/step-up), decimal. */
  resetCoupon?: number;
}

export interface CnBond {
  kind: CnBondKind;
  /** Interest start date (起息日). */
  issue: CalendarDate;
  maturity: CalendarDate;
  /** Annual coupon, decimal (0 for `zero`). */
  coupon: number;
  /** Coupons a year (`fixed` only; 1 for the theoretical annual grid of `zero`/`bullet`). */
  frequency: CnCouponFrequency;
  /** Redemption amount (face), default 100. */
  face: number;
  /** Issue price per 100 (`zero` only): the discount accrues linearly from issue to maturity. */
  issuePrice?: number;
  options?: readonly EmbeddedOption[];
}

/** A fixed-coupon bond with the given terms. */
export function cnFixedBond(issue: CalendarDate, maturity: CalendarDate, coupon: number, frequency: CnCouponFrequency, face = 100): CnBond {
  return { kind: 'fixed', issue, maturity, coupon, frequency, face };
}

export function validateCnBond(b: CnBond): void {
  if (!(b.maturity > b.issue)) throw new RangeError('maturity must be after issue');
  if (![1, 2, 4, 12].includes(b.frequency)) throw new RangeError('frequency must be 1, 2, 4 or 12');
  if (!Number.isFinite(b.coupon) || b.coupon < 0 || b.coupon > 1) throw new RangeError('coupon must be a decimal in [0, 1]');
  if (!(b.face > 0)) throw new RangeError('face must be positive');
  if (b.kind === 'zero' && b.issuePrice !== undefined && !(b.issuePrice > 0 && b.issuePrice <= b.face)) throw new RangeError('issuePrice must be in (0, face]');
}

/**
 * Coupon dates from `issue` (first element) to maturity (last), ascending: maturity - k*12/f
 * months. Throws if `issue` is not on the grid (irregular first period: not this convention).
 */
export function cnCouponSchedule(issue: CalendarDate, maturity: CalendarDate, frequency: CnCouponFrequency): CalendarDate[] {
  const step = 12 / frequency;
  const out: CalendarDate[] = [maturity];
  for (let k = 1; ; k++) {
    const d = addMonths(maturity, -k * step);
    if (d < issue) break;
    out.push(d);
    if (d === issue) return out.reverse();
  }
  // Not on the grid: name the two grid dates around issue so the user sees why.
  const before = out[out.length - 1];
  throw new RangeError(`issue ${toISO(issue)} is not a coupon date of the schedule rolled back from maturity (nearest: ${toISO(addMonths(before, -step))}, ${toISO(before)})`);
}

/**
 * The bond's period grid, ascending, from `issue` to maturity: its coupon dates for `fixed`;
 * for `zero` and `bullet` the theoretical annual dates maturity - k years after issue (the
 * "interest years" of the PBOC yield standard), with issue itself as the first element.
 */
export function cnBondSchedule(b: CnBond): CalendarDate[] {
  // Schedules are pure functions of three terms and rebuilt on every pricing call: memoise
  // (bounded) so repricing a bond at many yields or dates does not redo the date arithmetic.
  // The returned array is shared: callers must not mutate it.
  const key = `${b.kind}|${b.issue}|${b.maturity}|${b.frequency}`;
  const hit = scheduleCache.get(key);
  if (hit) return hit;
  const out = buildSchedule(b);
  if (scheduleCache.size >= 4096) scheduleCache.clear();
  scheduleCache.set(key, out);
  return out;
}

const scheduleCache = new Map<string, CalendarDate[]>();

function buildSchedule(b: CnBond): CalendarDate[] {
  if (b.kind === 'fixed') return cnCouponSchedule(b.issue, b.maturity, b.frequency);
  const out: CalendarDate[] = [b.maturity];
  for (let k = 1; ; k++) {
    const d = addMonths(b.maturity, -12 * k);
    if (d <= b.issue) break;
    out.push(d);
  }
  out.push(b.issue);
  return out.reverse();
}

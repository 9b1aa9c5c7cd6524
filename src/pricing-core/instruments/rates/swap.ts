// Interest-rate swap definitions: a fixed leg against a floating leg, each with its own
// schedule, day count and per-period notionals (amortisation). The floating leg projects
// either a term rate (IBOR/SHIBOR/LPR style, one fixing per period) or an overnight/repo rate
// compounded in arrears over resets (SOFR daily, FR007 weekly); both are valued from a
// projection curve over each accrual period. Fixing dates and reset rules are kept so a
// seasoned swap can be valued from past fixings (engines/rates/swap-pricer.ts).
import { type CalendarDate, addMonths } from '../../dates/date';
import type { DayCount } from '../../dates/day-count';
import { type Calendar, NULL_CALENDAR } from '../../dates/calendar';
import { type BusinessDayConvention, addBusinessDays } from '../../dates/business-day';
import { generateSchedule } from '../../dates/schedule';
import type { Currency } from '../../core/currency';
import { yearFraction } from '../../dates/day-count';

export interface LegPeriod {
  start: CalendarDate;
  end: CalendarDate;
  payment: CalendarDate;
  tau: number;
  notional: number;
  /** Float legs on a term rate: the date the period's rate is fixed (start less the fixing lag). */
  fixingDate?: CalendarDate;
}

/**
 * How a compounded period is split into resets, so its past part can be rebuilt from fixings:
 * `daily` = each business day of `calendar` accrues that day's fixing to the next business day
 * (SOFR); a number n = sub-periods of n calendar days from the period start, the last one
 * shorter (FR007: 7). Each reset's fixing is published `fixingLag` business days before it.
 */
export interface ResetRule {
  step: 'daily' | number;
  calendar: Calendar;
  fixingLag: number;
}

export interface FixedLeg { periods: LegPeriod[]; rate: number; dayCount: DayCount }
export interface FloatLeg {
  periods: LegPeriod[];
  spread: number;
  dayCount: DayCount;
  index: 'term' | 'compounded';
  /** Compounded legs: the reset rule (needed only once a period has started). */
  resets?: ResetRule;
}

export interface InterestRateSwap {
  /** Currency of both legs' notionals (optional for the plain CLI swap). */
  currency?: Currency;
  /** true: pay fixed, receive float. */
  payer: boolean;
  fixed: FixedLeg;
  float: FloatLeg;
}

export interface SwapSpec {
  startDate: CalendarDate;
  endDate: CalendarDate;
  /** Payments a year on each leg (1, 2, 4, 12). */
  fixedFrequency: number;
  floatFrequency: number;
  fixedDayCount: DayCount;
  floatDayCount: DayCount;
  fixedRate: number;
  notional: number;
  payer: boolean;
  currency?: Currency;
  spread?: number;
  floatIndex?: 'term' | 'compounded';
  /** Schedule generation; PRICING-CLI `swap` uses forward, unadjusted. */
  rule?: 'forward' | 'backward';
  calendar?: Calendar;
  convention?: BusinessDayConvention;
  endOfMonth?: boolean;
  /**
   * Amortisation: notional of each fixed-leg period (the float leg follows the same notional
   * at each date), or a linear amortisation to zero. Default bullet.
   */
  amortisation?: { kind: 'bullet' } | { kind: 'linear' } | { kind: 'schedule'; notionals: number[] };
  /** Payment `paymentLag` business days (of `paymentCalendar`, default `calendar`) after each period end. */
  paymentLag?: number;
  paymentCalendar?: Calendar;
  /** Term-rate float legs: the fixing is `fixingLag` business days of `fixingCalendar` before the period start. */
  fixingLag?: number;
  fixingCalendar?: Calendar;
  /** Compounded float legs: reset rule for seasoned valuation. */
  resets?: ResetRule;
}

export function frequencyMonths(f: number): number {
  if (![1, 2, 3, 4, 6, 12].includes(f)) throw new RangeError(`frequency must be 1, 2, 3, 4, 6 or 12 payments a year, got ${f}`);
  return 12 / f;
}

function legPeriods(spec: SwapSpec, frequency: number, dc: DayCount, notionalAt: (start: CalendarDate, i: number, n: number) => number, fixing = false): LegPeriod[] {
  const months = frequencyMonths(frequency);
  const { dates, isRegular } = generateSchedule({
    start: spec.startDate, end: spec.endDate, tenor: { n: months, unit: 'M' }, rule: spec.rule ?? 'forward',
    calendar: spec.calendar, convention: spec.convention ?? 'Unadjusted', endOfMonth: spec.endOfMonth,
  });
  const n = dates.length - 1;
  const payCal = spec.paymentCalendar ?? spec.calendar ?? NULL_CALENDAR;
  const lag = spec.paymentLag ?? 0;
  const fixCal = spec.fixingCalendar ?? spec.calendar ?? NULL_CALENDAR;
  const fixLag = spec.fixingLag ?? 0;
  // Only the day counts that read a reference period get one (this runs for every period).
  const withRef = dc === 'ACT/ACT-ISMA' || dc === '30E/360-ISDA';
  const out: LegPeriod[] = [];
  for (let i = 0; i < n; i++) {
    const start = dates[i], end = dates[i + 1];
    let tau: number;
    if (withRef) {
      // Stubs take a whole regular period as reference (matters for ACT/ACT-ISMA only).
      const refStart = i === 0 && !isRegular[0] ? addMonths(dates[1], -months) : start;
      const refEnd = i === n - 1 && i > 0 && !isRegular[i] ? addMonths(dates[i], months) : end;
      tau = yearFraction(dc, start, end, { refStart, refEnd, terminationDate: dates[n] });
    } else {
      tau = yearFraction(dc, start, end);
    }
    const payment = lag > 0 ? addBusinessDays(payCal, end, lag) : end;
    const notional = notionalAt(start, i, n);
    // One literal per shape (the fixing date last, as before), not a property added later.
    out.push(fixing
      ? { start, end, payment, tau, notional, fixingDate: fixLag > 0 ? addBusinessDays(fixCal, start, -fixLag) : start }
      : { start, end, payment, tau, notional });
  }
  return out;
}

export function makeSwap(spec: SwapSpec): InterestRateSwap {
  if (!(spec.endDate > spec.startDate)) throw new RangeError('endDate must be after startDate');
  if (!Number.isFinite(spec.notional) || spec.notional <= 0) throw new RangeError('notional must be positive');
  const am = spec.amortisation ?? { kind: 'bullet' };
  const fixedPeriods = legPeriods(spec, spec.fixedFrequency, spec.fixedDayCount, (_s, i, n) =>
    am.kind === 'bullet' ? spec.notional : am.kind === 'linear' ? (spec.notional * (n - i)) / n : am.notionals[i] ?? NaN);
  if (fixedPeriods.some((p) => !(p.notional >= 0))) throw new RangeError(`amortisation schedule needs ${fixedPeriods.length} non-negative notionals`);
  // The float leg carries the notional outstanding at its period start (the fixed-leg notional
  // of the period containing it); both legs' periods are in date order, so one forward walk.
  let k = 0;
  const outstanding = (d: CalendarDate) => {
    while (k < fixedPeriods.length - 1 && !(d < fixedPeriods[k].end)) k++;
    return fixedPeriods[k].notional;
  };
  const index = spec.floatIndex ?? 'term';
  const floatPeriods = legPeriods(spec, spec.floatFrequency, spec.floatDayCount, (s) => outstanding(s), index === 'term');
  return {
    ...(spec.currency ? { currency: spec.currency } : {}),
    payer: spec.payer,
    fixed: { periods: fixedPeriods, rate: spec.fixedRate, dayCount: spec.fixedDayCount },
    float: { periods: floatPeriods, spread: spec.spread ?? 0, dayCount: spec.floatDayCount, index, ...(spec.resets ? { resets: spec.resets } : {}) },
  };
}

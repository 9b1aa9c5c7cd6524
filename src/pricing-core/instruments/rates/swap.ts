// Interest-rate swap definitions: a fixed leg against a floating leg, each with its own
// schedule, day count and per-period notionals (amortisation). The floating leg projects
// either a term rate (IBOR/SHIBOR style) or an overnight/repo rate compounded in arrears
// (SOFR, FR007); both are valued from a projection curve over each accrual period.
import { type CalendarDate, addMonths } from '../../dates/date';
import type { DayCount } from '../../dates/day-count';
import type { Calendar } from '../../dates/calendar';
import type { BusinessDayConvention } from '../../dates/business-day';
import { generateSchedule } from '../../dates/schedule';
import type { Currency } from '../../core/currency';
import { yearFraction } from '../../dates/day-count';

export interface LegPeriod {
  start: CalendarDate;
  end: CalendarDate;
  payment: CalendarDate;
  tau: number;
  notional: number;
}

export interface FixedLeg { periods: LegPeriod[]; rate: number; dayCount: DayCount }
export interface FloatLeg { periods: LegPeriod[]; spread: number; dayCount: DayCount; index: 'term' | 'compounded' }

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
}

export function frequencyMonths(f: number): number {
  if (![1, 2, 3, 4, 6, 12].includes(f)) throw new RangeError(`frequency must be 1, 2, 3, 4, 6 or 12 payments a year, got ${f}`);
  return 12 / f;
}

function legPeriods(spec: SwapSpec, frequency: number, dc: DayCount, notionalAt: (start: CalendarDate, i: number, n: number) => number): LegPeriod[] {
  const months = frequencyMonths(frequency);
  const { dates, isRegular } = generateSchedule({
    start: spec.startDate, end: spec.endDate, tenor: { n: months, unit: 'M' }, rule: spec.rule ?? 'forward',
    calendar: spec.calendar, convention: spec.convention ?? 'Unadjusted', endOfMonth: spec.endOfMonth,
  });
  const n = dates.length - 1;
  return Array.from({ length: n }, (_, i) => {
    // Stubs take a whole regular period as reference (matters for ACT/ACT-ISMA only).
    const refStart = i === 0 && !isRegular[0] ? addMonths(dates[1], -months) : dates[i];
    const refEnd = i === n - 1 && i > 0 && !isRegular[i] ? addMonths(dates[i], months) : dates[i + 1];
    return {
      start: dates[i], end: dates[i + 1], payment: dates[i + 1],
      tau: yearFraction(dc, dates[i], dates[i + 1], { refStart, refEnd, terminationDate: spec.endDate }),
      notional: notionalAt(dates[i], i, n),
    };
  });
}

export function makeSwap(spec: SwapSpec): InterestRateSwap {
  if (!(spec.endDate > spec.startDate)) throw new RangeError('endDate must be after startDate');
  if (!Number.isFinite(spec.notional) || spec.notional <= 0) throw new RangeError('notional must be positive');
  const am = spec.amortisation ?? { kind: 'bullet' };
  const fixedPeriods = legPeriods(spec, spec.fixedFrequency, spec.fixedDayCount, (_s, i, n) =>
    am.kind === 'bullet' ? spec.notional : am.kind === 'linear' ? (spec.notional * (n - i)) / n : am.notionals[i] ?? NaN);
  if (fixedPeriods.some((p) => !(p.notional >= 0))) throw new RangeError(`amortisation schedule needs ${fixedPeriods.length} non-negative notionals`);
  // The float leg carries the notional outstanding at its period start (the fixed-leg notional of the period containing it).
  const outstanding = (d: CalendarDate) => {
    const p = fixedPeriods.find((q) => d >= q.start && d < q.end) ?? fixedPeriods[fixedPeriods.length - 1];
    return p.notional;
  };
  const floatPeriods = legPeriods(spec, spec.floatFrequency, spec.floatDayCount, (s) => outstanding(s));
  return {
    ...(spec.currency ? { currency: spec.currency } : {}),
    payer: spec.payer,
    fixed: { periods: fixedPeriods, rate: spec.fixedRate, dayCount: spec.fixedDayCount },
    float: { periods: floatPeriods, spread: spec.spread ?? 0, dayCount: spec.floatDayCount, index: spec.floatIndex ?? 'term' },
  };
}

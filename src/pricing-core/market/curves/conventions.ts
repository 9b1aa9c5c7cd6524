// Market conventions of the rate indices we build curves and price swaps on, as data: the index
// itself (term rate or overnight compounded, day count, fixing lag) and its standard swap (spot
// lag, leg frequencies and day counts, business-day rule, payment lag, calendar). Sources and
// choices per index: docs/pricing-rates.md ("Conventions per index").
//  CNY FR007 IRS   fixed quarterly ACT/365F vs 7-day repo fixing compounded over weekly resets,
//                  paid quarterly, ACT/365F; T+1; each reset fixes on the business day before it.
//  CNY SHIBOR 3M   fixed quarterly ACT/365F vs SHIBOR 3M ACT/360, quarterly; T+1; fixing T-1.
//  CNY LPR 1Y / 5Y fixed quarterly ACT/365F vs the loan prime rate (1Y / 5Y) ACT/365F, quarterly;
//                  T+1; the LPR in force on the business day before each period (LPR is
//                  published monthly, so a fixing is the latest publication on or before).
//  USD SOFR OIS    annual ACT/360 both legs, SOFR compounded daily in arrears; T+2; paid 2
//                  business days after each period end; USD (Fedwire) calendar.
//  EUR ESTR OIS    annual ACT/360 both legs, ESTR compounded daily; T+2; paid 1 business day
//                  after; TARGET calendar.
// CNY swaps roll their schedules forward from the start date (CFETS: payment every three months
// from the value date); USD and EUR ones backward from maturity (ISDA). Modified Following
// everywhere, no end-of-month rule.
import { type CalendarDate, addDays } from '../../dates/date';
import { type Calendar, type HolidayCalendarData, HolidayCalendar } from '../../dates/calendar';
import type { DayCount } from '../../dates/day-count';
import type { BusinessDayConvention } from '../../dates/business-day';
import { addBusinessDays, adjust } from '../../dates/business-day';
import type { CalendarLookup } from '../../dates/fx-dates';
import { type Tenor, advance, parseTenor, tenorToString } from '../../dates/tenor';
import { makeSwap } from '../../instruments/rates/swap';
import type { Currency } from '../../core/currency';
import type { CurveInstrument } from './bootstrap';

export const RATE_INDICES = ['FR007', 'SHIBOR3M', 'LPR1Y', 'LPR5Y', 'SOFR', 'ESTR'] as const;
export type RateIndexId = (typeof RATE_INDICES)[number];

export type FloatIndexRule =
  /** One fixing per period, `fixingLag` business days before its start. */
  | { kind: 'term'; tenor: string; dayCount: DayCount; fixingLag: number; fixingLookup: 'exact' | 'latestOnOrBefore' }
  /** Compounded over resets (`daily` business days, or every n calendar days), each fixed `fixingLag` business days before it. */
  | { kind: 'compounded'; resetStep: 'daily' | number; dayCount: DayCount; fixingLag: number };

export interface SwapLegRules {
  fixedFrequency: number;
  fixedDayCount: DayCount;
  floatFrequency: number;
  floatDayCount: DayCount;
  convention: BusinessDayConvention;
  endOfMonth: boolean;
  rule: 'forward' | 'backward';
  /** Business days from a period end to its payment. */
  paymentLag: number;
}

export interface RateIndexConvention {
  id: RateIndexId;
  name: string;
  currency: Currency;
  /** Calendar code for the CalendarLookup (fixings, schedules, payments). */
  calendar: string;
  /** Business days from trade date to a spot-starting swap's start. */
  spotLag: number;
  index: FloatIndexRule;
  swap: SwapLegRules;
  /** Day count of deposits in this currency (short end). */
  depositDayCount: DayCount;
}

const CNY_SWAP = (floatDayCount: DayCount): SwapLegRules => ({
  fixedFrequency: 4, fixedDayCount: 'ACT/365F', floatFrequency: 4, floatDayCount, convention: 'ModifiedFollowing', endOfMonth: false, rule: 'forward', paymentLag: 0,
});

export const INDEX_CONVENTIONS: Readonly<Record<RateIndexId, RateIndexConvention>> = {
  FR007: {
    id: 'FR007', name: 'CNY FR007 IRS', currency: 'CNY', calendar: 'CNY', spotLag: 1, depositDayCount: 'ACT/365F',
    index: { kind: 'compounded', resetStep: 7, dayCount: 'ACT/365F', fixingLag: 1 }, swap: CNY_SWAP('ACT/365F'),
  },
  SHIBOR3M: {
    id: 'SHIBOR3M', name: 'CNY SHIBOR 3M IRS', currency: 'CNY', calendar: 'CNY', spotLag: 1, depositDayCount: 'ACT/360',
    index: { kind: 'term', tenor: '3M', dayCount: 'ACT/360', fixingLag: 1, fixingLookup: 'exact' }, swap: CNY_SWAP('ACT/360'),
  },
  LPR1Y: {
    id: 'LPR1Y', name: 'CNY LPR 1Y IRS', currency: 'CNY', calendar: 'CNY', spotLag: 1, depositDayCount: 'ACT/365F',
    index: { kind: 'term', tenor: '1Y', dayCount: 'ACT/365F', fixingLag: 1, fixingLookup: 'latestOnOrBefore' }, swap: CNY_SWAP('ACT/365F'),
  },
  LPR5Y: {
    id: 'LPR5Y', name: 'CNY LPR 5Y IRS', currency: 'CNY', calendar: 'CNY', spotLag: 1, depositDayCount: 'ACT/365F',
    index: { kind: 'term', tenor: '5Y', dayCount: 'ACT/365F', fixingLag: 1, fixingLookup: 'latestOnOrBefore' }, swap: CNY_SWAP('ACT/365F'),
  },
  SOFR: {
    id: 'SOFR', name: 'USD SOFR OIS', currency: 'USD', calendar: 'USD', spotLag: 2, depositDayCount: 'ACT/360',
    index: { kind: 'compounded', resetStep: 'daily', dayCount: 'ACT/360', fixingLag: 0 },
    swap: { fixedFrequency: 1, fixedDayCount: 'ACT/360', floatFrequency: 1, floatDayCount: 'ACT/360', convention: 'ModifiedFollowing', endOfMonth: false, rule: 'backward', paymentLag: 2 },
  },
  ESTR: {
    id: 'ESTR', name: 'EUR ESTR OIS', currency: 'EUR', calendar: 'EUR', spotLag: 2, depositDayCount: 'ACT/360',
    index: { kind: 'compounded', resetStep: 'daily', dayCount: 'ACT/360', fixingLag: 0 },
    swap: { fixedFrequency: 1, fixedDayCount: 'ACT/360', floatFrequency: 1, floatDayCount: 'ACT/360', convention: 'ModifiedFollowing', endOfMonth: false, rule: 'backward', paymentLag: 1 },
  },
};

export function indexConvention(id: string): RateIndexConvention {
  if (!(RATE_INDICES as readonly string[]).includes(id)) throw new RangeError(`unknown rate index ${id} (known: ${RATE_INDICES.join(', ')})`);
  return INDEX_CONVENTIONS[id as RateIndexId];
}

/**
 * A CalendarLookup over calendar data by code (e.g. what the market-data service sends). With
 * the package-backed calendars of dates/calendars, pass `projectedCalendars` instead (as every
 * rate screen and the rate option engine do): a CNY swap runs years past the last decreed
 * holiday notice, which the default calendars refuse.
 */
export function calendarLookup(data: Readonly<Record<string, HolidayCalendarData>>): CalendarLookup {
  const cache = new Map<string, Calendar>();
  return (code) => {
    let cal = cache.get(code);
    if (!cal) {
      const d = data[code];
      if (!d) throw new RangeError(`no holiday calendar for ${code}`);
      cal = HolidayCalendar.fromData(d);
      cache.set(code, cal);
    }
    return cal;
  };
}

export function spotDate(conv: RateIndexConvention, cal: Calendar, trade: CalendarDate): CalendarDate {
  return addBusinessDays(cal, trade, conv.spotLag);
}

/** Leg-rule overrides a trade or curve instrument may carry over the index's standard swap. */
export type SwapOverrides = Partial<Pick<SwapLegRules, 'fixedFrequency' | 'fixedDayCount' | 'floatFrequency' | 'floatDayCount' | 'paymentLag'>>;

/**
 * The index's swap between two dates with its market conventions: calendar, business-day rule,
 * payment lag, fixing dates (term index) or reset rule (compounded index).
 */
export function conventionSwap(
  conv: RateIndexConvention, cal: Calendar,
  terms: { startDate: CalendarDate; endDate: CalendarDate; fixedRate: number; notional: number; payer: boolean; spread?: number; amortisation?: Parameters<typeof makeSwap>[0]['amortisation'] },
  overrides: SwapOverrides = {},
) {
  const s = { ...conv.swap, ...overrides };
  const ix = conv.index;
  return makeSwap({
    ...terms, currency: conv.currency,
    fixedFrequency: s.fixedFrequency, floatFrequency: s.floatFrequency, fixedDayCount: s.fixedDayCount, floatDayCount: s.floatDayCount,
    rule: s.rule, calendar: cal, convention: s.convention, endOfMonth: s.endOfMonth, paymentLag: s.paymentLag,
    floatIndex: ix.kind,
    ...(ix.kind === 'term'
      ? { fixingLag: ix.fixingLag, fixingCalendar: cal }
      : { resets: { step: ix.resetStep, calendar: cal, fixingLag: ix.fixingLag } }),
  });
}

/** A spot-starting par swap of the given tenor, as a curve instrument. */
export function swapInstrument(conv: RateIndexConvention, cal: Calendar, trade: CalendarDate, tenor: string | Tenor, rate: number, overrides: SwapOverrides = {}): CurveInstrument {
  const t = typeof tenor === 'string' ? parseTenor(tenor) : tenor;
  const start = spotDate(conv, cal, trade);
  const end = advance(cal, start, t, 'Unadjusted', conv.swap.endOfMonth); // adjusted by the schedule (see buildIrs)
  const swap = conventionSwap(conv, cal, { startDate: start, endDate: end, fixedRate: rate, notional: 1, payer: true }, overrides);
  return { kind: 'swap', label: `${conv.name} ${tenorToString(t)}`, swap };
}

/** A spot-starting deposit of the given tenor (`ON`: today to the next business day). */
export function depositInstrument(conv: RateIndexConvention, cal: Calendar, trade: CalendarDate, tenor: string, rate: number, dayCount: DayCount = conv.depositDayCount): CurveInstrument {
  if (tenor.toUpperCase() === 'ON') {
    return { kind: 'deposit', label: `${conv.name} deposit ON`, start: trade, end: addBusinessDays(cal, trade, 1), rate, dayCount };
  }
  const start = spotDate(conv, cal, trade);
  const end = advance(cal, start, parseTenor(tenor), conv.swap.convention, conv.swap.endOfMonth);
  return { kind: 'deposit', label: `${conv.name} deposit ${tenor}`, start, end, rate, dayCount };
}

/**
 * The index's own fixing as a curve instrument, from the date the fixing published today applies
 * to (today plus the fixing lag): over one index tenor (SHIBOR 3M: 3M; FR007: 7 days; overnight
 * indices: one business day). An index longer than its swap's reset period (LPR 1Y / 5Y, reset
 * quarterly) is the known rate of the first reset period instead: its curve projects the
 * expected fixing per period, not a forward of the 1Y / 5Y loan rate.
 */
export function fixingInstrument(conv: RateIndexConvention, cal: Calendar, trade: CalendarDate, rate: number, dayCount: DayCount = conv.index.dayCount): CurveInstrument {
  const ix = conv.index;
  const start = addBusinessDays(cal, trade, ix.fixingLag);
  let end: CalendarDate;
  let tenor: string;
  if (ix.kind === 'term') {
    const resetMonths = 12 / conv.swap.floatFrequency;
    const t = parseTenor(ix.tenor);
    const months = t.unit === 'Y' ? 12 * t.n : t.unit === 'M' ? t.n : 0;
    tenor = months > resetMonths ? `${resetMonths}M` : ix.tenor;
    end = advance(cal, start, parseTenor(tenor), conv.swap.convention, false);
  }
  else if (ix.resetStep === 'daily') { tenor = 'ON'; end = addBusinessDays(cal, start, 1); }
  else { tenor = `${ix.resetStep}D`; end = adjust(cal, addDays(start, ix.resetStep), 'Following'); }
  return { kind: 'deposit', label: `${conv.name} fixing ${tenor}`, start, end, rate, dayCount };
}

/** FRA "AxB": the forward rate from spot + A months to spot + B months. */
export function fraInstrument(conv: RateIndexConvention, cal: Calendar, trade: CalendarDate, startMonths: number, endMonths: number, rate: number, dayCount: DayCount = conv.index.dayCount): CurveInstrument {
  if (!(endMonths > startMonths && startMonths >= 0)) throw new RangeError(`FRA ${startMonths}x${endMonths}: the end must be after the start`);
  const spot = spotDate(conv, cal, trade);
  const start = advance(cal, spot, { n: startMonths, unit: 'M' }, conv.swap.convention, conv.swap.endOfMonth);
  const end = advance(cal, spot, { n: endMonths, unit: 'M' }, conv.swap.convention, conv.swap.endOfMonth);
  return { kind: 'fra', label: `${conv.name} FRA ${startMonths}x${endMonths}`, start, end, rate, dayCount };
}

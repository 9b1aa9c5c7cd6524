// Market swap conventions for the curves we bootstrap, and builders that turn a quote
// (tenor, rate) into a CurveInstrument with the market's dates.
//  CNY FR007 IRS: fixed quarterly ACT/365F vs 7-day repo fixing compounded weekly over each
//    quarter, ACT/365F; T+1 spot, Modified Following on the CNY calendar.
//  CNY SHIBOR 3M IRS: fixed quarterly ACT/365F vs 3M SHIBOR, ACT/360; T+1, Mod. Following.
//  USD SOFR OIS: annual fixed ACT/360 vs SOFR compounded in arrears, ACT/360; T+2, Mod.
//    Following on the USD calendar. The 2-business-day payment lag is NOT modelled (flows are
//    paid at period ends); its effect on a par rate is well under 0.1bp.
// Compounded legs are valued as P(s)/P(e) - 1 over each period, exact for daily/weekly
// compounding of forwards off the same curve (no lookback, lockout or observation shift).
import type { CalendarDate } from '../../dates/date';
import type { Calendar } from '../../dates/calendar';
import type { DayCount } from '../../dates/day-count';
import type { BusinessDayConvention } from '../../dates/business-day';
import { addBusinessDays } from '../../dates/business-day';
import { type Tenor, advance, parseTenor } from '../../dates/tenor';
import { makeSwap } from '../../instruments/rates/swap';
import type { Currency } from '../../core/currency';
import type { CurveInstrument } from './bootstrap';

export interface SwapConvention {
  name: string;
  currency: Currency;
  spotLag: number;
  fixedFrequency: number;
  fixedDayCount: DayCount;
  floatFrequency: number;
  floatDayCount: DayCount;
  floatIndex: 'term' | 'compounded';
  convention: BusinessDayConvention;
  endOfMonth: boolean;
  /** Day count of the index's deposit-style fixings (short end). */
  depositDayCount: DayCount;
}

export const SWAP_CONVENTIONS = {
  CNY_FR007: { name: 'CNY FR007 IRS', currency: 'CNY', spotLag: 1, fixedFrequency: 4, fixedDayCount: 'ACT/365F', floatFrequency: 4, floatDayCount: 'ACT/365F', floatIndex: 'compounded', convention: 'ModifiedFollowing', endOfMonth: false, depositDayCount: 'ACT/365F' },
  CNY_SHIBOR3M: { name: 'CNY SHIBOR 3M IRS', currency: 'CNY', spotLag: 1, fixedFrequency: 4, fixedDayCount: 'ACT/365F', floatFrequency: 4, floatDayCount: 'ACT/360', floatIndex: 'term', convention: 'ModifiedFollowing', endOfMonth: false, depositDayCount: 'ACT/360' },
  USD_SOFR: { name: 'USD SOFR OIS', currency: 'USD', spotLag: 2, fixedFrequency: 1, fixedDayCount: 'ACT/360', floatFrequency: 1, floatDayCount: 'ACT/360', floatIndex: 'compounded', convention: 'ModifiedFollowing', endOfMonth: false, depositDayCount: 'ACT/360' },
} as const satisfies Record<string, SwapConvention>;

export function spotDate(conv: SwapConvention, cal: Calendar, trade: CalendarDate): CalendarDate {
  return addBusinessDays(cal, trade, conv.spotLag);
}

/** A spot-starting par swap of the given tenor (schedules rolled backward from maturity). */
export function swapInstrument(conv: SwapConvention, cal: Calendar, trade: CalendarDate, tenor: string | Tenor, rate: number): CurveInstrument {
  const t = typeof tenor === 'string' ? parseTenor(tenor) : tenor;
  const start = spotDate(conv, cal, trade);
  const end = advance(cal, start, t, conv.convention, conv.endOfMonth);
  const swap = makeSwap({
    startDate: start, endDate: end, fixedFrequency: conv.fixedFrequency, floatFrequency: conv.floatFrequency,
    fixedDayCount: conv.fixedDayCount, floatDayCount: conv.floatDayCount, fixedRate: rate, notional: 1, payer: true, currency: conv.currency,
    floatIndex: conv.floatIndex, rule: 'backward', calendar: cal, convention: conv.convention, endOfMonth: conv.endOfMonth,
  });
  return { kind: 'swap', label: `${conv.name} ${typeof tenor === 'string' ? tenor : `${t.n}${t.unit}`}`, swap };
}

/** A spot-starting deposit (or fixing) of the given tenor. */
export function depositInstrument(conv: SwapConvention, cal: Calendar, trade: CalendarDate, tenor: string, rate: number): CurveInstrument {
  const start = spotDate(conv, cal, trade);
  const end = advance(cal, start, parseTenor(tenor), conv.convention, conv.endOfMonth);
  return { kind: 'deposit', label: `${conv.name} deposit ${tenor}`, start, end, rate, dayCount: conv.depositDayCount };
}

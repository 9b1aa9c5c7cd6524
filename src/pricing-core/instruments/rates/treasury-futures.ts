// CFFEX treasury futures (国债期货) contract terms and calendar rules, as data.
// Sources (contract tables published by CFFEX, www.cffex.com.cn, product pages 2年期/5年期/10年期/
// 30年期国债期货合约表; mirrored by futures brokers, e.g. bocifco.com TS and TL tables, jltrsp.cn TS
// table of 2023-08-29, cffex.com.cn/en_new/sspz/10t/):
//   TS  notional 2,000,000, 3 % coupon; deliverable: original term <= 5 years, remaining term
//       1.5-2.25 years on the first day of the contract month; tick 0.005; limit +-0.5 %; margin 0.5 %
//   TF  1,000,000; original term <= 7 years, remaining 4-5.25 years; tick 0.005; limit +-1.2 %; margin 1 %
//   T   1,000,000; original term <= 10 years, remaining 6.5-10.25 years; tick 0.005; +-2 %; 2 %
//   TL  1,000,000; original term <= 30 years, remaining >= 25 years; tick 0.01; +-3.5 %; 3.5 %
//   All: book-entry fixed-coupon CGBs (记账式附息国债); the three nearest quarterly months
//   (Mar/Jun/Sep/Dec); last trading day the second Friday of the contract month; last delivery
//   day the third trading day after the last trading day; physical delivery.
// Conversion factor and delivery accrued: CFFEX notice of 2013-09-03 on the CF and accrued
// interest formulas (r = 3 %, rounded to 4 and 7 decimals).
import type { Calendar } from '../../dates/calendar';
import { addBusinessDays } from '../../dates/business-day';
import { type CalendarDate, Weekday, addDays, addMonths, fromYMD, nthWeekday, toISO, weekday } from '../../dates/date';

export type CffexContractCode = 'TS' | 'TF' | 'T' | 'TL';

export interface CffexContractSpec {
  code: CffexContractCode;
  nameZh: string;
  nameEn: string;
  /** Face value of one contract, CNY. */
  contractFace: number;
  notionalCoupon: number;
  /** Longest original term (issue to maturity) of a deliverable bond, years. */
  maxOriginalTermYears: number;
  /** Remaining term on the first day of the contract month, months: [min, max] (max null = none). */
  remainingMonths: readonly [number, number | null];
  tickSize: number;
  /** Daily limit and minimum margin as fractions of the previous settlement price / contract value. */
  priceLimit: number;
  minMargin: number;
  /** First listing date (informative). */
  listed: string;
}

export const CFFEX_CONTRACTS: Readonly<Record<CffexContractCode, CffexContractSpec>> = {
  TS: { code: 'TS', nameZh: '2年期国债期货', nameEn: '2-year CGB futures', contractFace: 2_000_000, notionalCoupon: 0.03, maxOriginalTermYears: 5, remainingMonths: [18, 27], tickSize: 0.005, priceLimit: 0.005, minMargin: 0.005, listed: '2018-08-17' },
  TF: { code: 'TF', nameZh: '5年期国债期货', nameEn: '5-year CGB futures', contractFace: 1_000_000, notionalCoupon: 0.03, maxOriginalTermYears: 7, remainingMonths: [48, 63], tickSize: 0.005, priceLimit: 0.012, minMargin: 0.01, listed: '2013-09-06' },
  T: { code: 'T', nameZh: '10年期国债期货', nameEn: '10-year CGB futures', contractFace: 1_000_000, notionalCoupon: 0.03, maxOriginalTermYears: 10, remainingMonths: [78, 123], tickSize: 0.005, priceLimit: 0.02, minMargin: 0.02, listed: '2015-03-20' },
  TL: { code: 'TL', nameZh: '30年期国债期货', nameEn: '30-year CGB futures', contractFace: 1_000_000, notionalCoupon: 0.03, maxOriginalTermYears: 30, remainingMonths: [300, null], tickSize: 0.01, priceLimit: 0.035, minMargin: 0.035, listed: '2023-04-21' },
};

/**
 * Exchange trading days: Monday-Friday that are not mainland public holidays. Built from a
 * CNY (inter-bank) calendar by dropping its make-up working weekends: the exchanges do not open
 * on them. (The inter-bank market may open on days the exchanges close, e.g. 2024-02-09; such a
 * day must be a holiday of the calendar passed in to be closed here.)
 */
export function exchangeTradingCalendar(cny: Calendar): Calendar {
  return {
    name: `${cny.name}-EXCHANGE`,
    isBusinessDay: (d) => {
      const w = weekday(d);
      return w !== Weekday.Saturday && w !== Weekday.Sunday && cny.isBusinessDay(d);
    },
  };
}

export interface CffexContractDates {
  /** e.g. `T2506`. */
  symbol: string;
  year: number;
  month: number;
  firstDayOfMonth: CalendarDate;
  /** Second Friday of the month, rolled to the next trading day if the exchange is closed. */
  lastTradingDay: CalendarDate;
  /** Third trading day after the last trading day (final delivery / payment). */
  lastDeliveryDay: CalendarDate;
}

export function isQuarterlyMonth(month: number): boolean {
  return month % 3 === 0;
}

export function contractDates(code: CffexContractCode, year: number, month: number, trading: Calendar): CffexContractDates {
  if (!isQuarterlyMonth(month)) throw new RangeError('CFFEX treasury futures expire in March, June, September or December');
  const secondFriday = nthWeekday(2, Weekday.Friday, year, month);
  let ltd = secondFriday;
  while (!trading.isBusinessDay(ltd)) ltd = addDays(ltd, 1);
  return {
    symbol: `${code}${String(year % 100).padStart(2, '0')}${String(month).padStart(2, '0')}`,
    year, month,
    firstDayOfMonth: fromYMD(year, month, 1),
    lastTradingDay: ltd,
    lastDeliveryDay: addBusinessDays(trading, ltd, 3),
  };
}

/** Parses `T2506` / `TS2412` into its contract and month. */
export function parseContractSymbol(symbol: string): { code: CffexContractCode; year: number; month: number } {
  const m = /^(TS|TF|TL|T)(\d{2})(\d{2})$/.exec(symbol.trim().toUpperCase());
  if (!m) throw new RangeError(`not a CFFEX treasury futures symbol: ${symbol}`);
  const month = Number(m[3]);
  if (!isQuarterlyMonth(month)) throw new RangeError(`contract month must be 03, 06, 09 or 12: ${symbol}`);
  return { code: m[1] as CffexContractCode, year: 2000 + Number(m[2]), month };
}

/** The three nearest quarterly contracts trading on `date` (one expires on its last trading day). */
export function listedContracts(code: CffexContractCode, date: CalendarDate, trading: Calendar): CffexContractDates[] {
  const out: CffexContractDates[] = [];
  let probe = fromYMD(Number(toISO(date).slice(0, 4)), Number(toISO(date).slice(5, 7)), 1);
  while (out.length < 3) {
    const y = Number(toISO(probe).slice(0, 4)), m = Number(toISO(probe).slice(5, 7));
    if (isQuarterlyMonth(m)) {
      const c = contractDates(code, y, m, trading);
      if (c.lastTradingDay >= date) out.push(c);
    }
    probe = addMonths(probe, 1);
  }
  return out;
}

/**
 * Deliverability of a fixed-coupon CGB for a contract month: original term within the limit
 * and remaining term (from the first day of the contract month) within the window. Terms are
 * compared in calendar months, a remaining term of exactly 1.5 years counting as inside. A bond
 * whose interest starts on or after the contract's second Friday cannot be delivered into it.
 * Returns null when deliverable, else the reason.
 */
export function deliverabilityFailure(spec: CffexContractSpec, issue: CalendarDate, maturity: CalendarDate, year: number, month: number): string | null {
  if (issue >= nthWeekday(2, Weekday.Friday, year, month)) return 'issued after the last trading day';
  if (maturity > addMonths(issue, 12 * spec.maxOriginalTermYears)) return `original term over ${spec.maxOriginalTermYears} years`;
  const first = fromYMD(year, month, 1);
  const [lo, hi] = spec.remainingMonths;
  if (maturity < addMonths(first, lo)) return `remaining term under ${lo / 12} years`;
  if (hi !== null && maturity > addMonths(first, hi)) return `remaining term over ${hi / 12} years`;
  return null;
}

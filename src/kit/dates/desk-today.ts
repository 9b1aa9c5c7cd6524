// One "today" for every screen: the Beijing date of the desk clock (src/clock), the business
// date of CNY markets and of the server. A screen that trades or values needs more than a
// calendar date: today rolled forward to a business day of the currencies involved, and to
// say so when it rolled (a desk on a Saturday prices for Monday, it does not fail).
import { isBusinessDay } from '../../pricing-core/dates/calendars';
import { addDays, fromISO, toISO, weekday } from '../../pricing-core/dates/date';

const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** Today on the desk (Beijing date of the desk clock), ISO. */
export function deskToday(nowMs: number = Date.now()): string {
  return new Date(nowMs + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}

export type Roll = 'following' | 'preceding';

export interface TradeDay {
  /** The desk's calendar date. */
  today: string;
  /** Today, or the next date that is a business day of every currency given. */
  date: string;
  /** True when `date` is not `today`. */
  rolled: boolean;
  /** `following` (trade and settlement dates) or `preceding` (valuation: the latest close). */
  roll: Roll;
  /** The currencies whose calendars were used (upper case, de-duplicated). */
  currencies: string[];
}

const MAX_ROLL_DAYS = 31; // longer than any holiday run of the calendars offered

const shiftDay = (iso: string, n: number): string => toISO(addDays(fromISO(iso), n));

/** Is `iso` a business day of `ccy`? Beyond a calendar's published years the projected calendar answers; an unknown code counts weekends only. */
function openOn(ccy: string, iso: string): boolean {
  try {
    return isBusinessDay(ccy, iso, { beyondCoverage: 'projected' }).businessDay;
  } catch {
    const wd = weekday(fromISO(iso));
    return wd !== 0 && wd !== 6;
  }
}

/**
 * Today rolled to a date that is a business day of every currency in `currencies`: forward for
 * trade and settlement dates, back for a valuation (marked at the latest close).
 */
export function tradeDayFor(currencies: readonly string[], today: string = deskToday(), roll: Roll = 'following'): TradeDay {
  const ccys = [...new Set(currencies.map((c) => c.toUpperCase()).filter((c) => /^[A-Z]{3}$/.test(c)))];
  let date = today;
  const step = roll === 'following' ? 1 : -1;
  for (let i = 0; i < MAX_ROLL_DAYS && !ccys.every((c) => openOn(c, date)); i++) date = shiftDay(date, step);
  return { today, date, rolled: date !== today, roll, currencies: ccys };
}

/** The currencies of a pair code such as USDCNY or USD/CNY. */
export function pairCurrencies(pair: string): string[] {
  const p = pair.replace('/', '').toUpperCase();
  return [p.slice(0, 3), p.slice(3, 6)];
}

// Expiry dates of listed options from their contract rules, on the exchange trading calendar:
// Monday-Friday except the mainland public holidays (the State Council's notices). Unlike
// the inter-bank CNY calendar, the exchanges do not open on make-up weekend working days.
// Years without an official holiday notice are refused, never guessed (PRICING-CLI's rule).
import { PricingError } from '../../core/types';
import { HolidayCalendar, type Calendar } from '../../dates/calendar';
import { HOLIDAY_SEED } from '../../dates/holiday-seed';
import { addDays, daysInMonth, fromISO, fromYMD, nthWeekday, toISO, year, type CalendarDate } from '../../dates/date';
import { addBusinessDays, adjust } from '../../dates/business-day';
import type { ExpiryRule } from '../../instruments/listed-option-contracts';

/** Years for which the State Council has published the holiday arrangements we hold. */
export const EXCHANGE_CALENDAR_YEARS = { fromYear: 2024, toYear: 2026 } as const;

export const CN_EXCHANGE_CALENDAR: HolidayCalendar = new HolidayCalendar('CN-EXCHANGE', {
  holidays: HOLIDAY_SEED.CNY.holidays.map(fromISO).filter((d) => year(d) >= EXCHANGE_CALENDAR_YEARS.fromYear && year(d) <= EXCHANGE_CALENDAR_YEARS.toYear),
  workingWeekends: [],
  coverage: { ...EXCHANGE_CALENDAR_YEARS },
});

function covered(cal: Calendar, d: CalendarDate): void {
  if (cal instanceof HolidayCalendar && !cal.covers(d)) {
    throw new PricingError(`no official exchange holiday calendar for ${year(d)}: give the expiry date`);
  }
}

/** Parses a contract month 'YYYY-MM' (or 'YYMM' as exchanges write it, e.g. 2609). */
export function parseContractMonth(s: string): { y: number; m: number } {
  const a = /^(\d{4})-(\d{2})$/.exec(s.trim());
  const b = /^(\d{2})(\d{2})$/.exec(s.trim());
  const [y, m] = a ? [Number(a[1]), Number(a[2])] : b ? [2000 + Number(b[1]), Number(b[2])] : [NaN, NaN];
  if (!(m >= 1 && m <= 12)) throw new PricingError(`contract month must be YYYY-MM or YYMM: ${s}`);
  return { y, m };
}

/** The expiry (last trading) date of a contract month under a rule. */
export function expiryDate(rule: ExpiryRule, contractMonth: string, cal: Calendar = CN_EXCHANGE_CALENDAR): string {
  const { y, m } = parseContractMonth(contractMonth);
  let d: CalendarDate;
  switch (rule.kind) {
    case 'nthWeekday': {
      d = nthWeekday(rule.n, rule.weekday, y, m);
      covered(cal, d);
      d = adjust(cal, d, 'Following');
      break;
    }
    case 'nthTradingDayOfPriorMonth': {
      const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
      const start = addDays(fromYMD(py, pm, 1), -1);
      covered(cal, fromYMD(py, pm, 1));
      d = addBusinessDays(cal, start, rule.n);
      break;
    }
    case 'nthLastTradingDayOfPriorMonth': {
      const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
      const end = fromYMD(py, pm, daysInMonth(py, pm));
      covered(cal, end);
      d = addBusinessDays(cal, addDays(end, 1), -rule.n);
      break;
    }
  }
  covered(cal, d);
  return toISO(d);
}

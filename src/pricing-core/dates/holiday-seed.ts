// Deprecated compatibility export. The hand-typed 2024-2027 tables that lived here are replaced
// by dates/calendars (date-holidays and chinese-days packages plus official notices; see
// docs/calendars.md). Use `calendarFor(ccy)` from './calendars' instead.
//
// HOLIDAY_SEED keeps its old shape (HolidayCalendarData per currency) for code that still
// builds a HolidayCalendar from data. It is derived from the new calendars: 2024-2027 for the
// rule-based USD, EUR, GBP, JPY; for CNY and HKD only the years with an official notice held
// (2024-2026 today; the old file projected 2027, which was a guess). Beware: HolidayCalendar
// does not refuse dates outside `coverage` (weekends only there), calendarFor() does.
import type { HolidayCalendarData } from './calendar';
import { toISO } from './date';
import { calendarFor } from './calendars';

type SeedCode = 'CNY' | 'USD' | 'EUR' | 'GBP' | 'JPY' | 'HKD';

function seed(code: SeedCode, fromYear: number, toYear: number): HolidayCalendarData {
  const cal = calendarFor(code);
  const holidays: string[] = [], workingWeekends: string[] = [];
  let last = fromYear - 1;
  for (let y = fromYear; y <= toYear && cal.covers(y); y++) {
    const data = cal.year(y);
    for (const h of data.holidays) holidays.push(toISO(h.date));
    for (const w of data.workingWeekends) workingWeekends.push(toISO(w.date));
    last = y;
  }
  return { name: code, coverage: { fromYear, toYear: last }, holidays, workingWeekends };
}

/** @deprecated use calendarFor(ccy) from './calendars'. */
export const HOLIDAY_SEED: Record<SeedCode, HolidayCalendarData> = {
  CNY: seed('CNY', 2024, 2027),
  USD: seed('USD', 2024, 2027),
  EUR: seed('EUR', 2024, 2027),
  GBP: seed('GBP', 2024, 2027),
  JPY: seed('JPY', 2024, 2027),
  HKD: seed('HKD', 2024, 2027),
};

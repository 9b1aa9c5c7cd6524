// Official holiday notices as data: one calendar year of one calendar, as decreed (State
// Council notice, Hong Kong gazette, Singapore MOM list) or as a correction to a rule
// calendar (e.g. a one-off national day of mourning). A notice lists every closed day of the
// year and, for CNY, the make-up working Saturdays/Sundays. Loaded at run time (from a file,
// or later from the market-data service), it wins over the package for its year.
import * as z from 'zod/mini';
import { type CalendarDate, Weekday, fromISO, weekday, year as yearOf } from '../date';
import { CALENDAR_CODES, type CalendarCode } from './codes';
import type { NamedDay, YearCalendar } from './year-data';

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be an ISO date (YYYY-MM-DD)'));
const namedDay = z.object({
  date: isoDate,
  en: z.string().check(z.minLength(1, 'en: the English name is required')),
  zh: z.optional(z.string()),
});

export const officialNoticeSchema = z.object({
  calendar: z.enum(CALENDAR_CODES, `calendar must be one of ${CALENDAR_CODES.join(', ')}`),
  year: z.number().check(z.int('year must be an integer'), z.gte(1900, 'year must be >= 1900'), z.lte(2199, 'year must be <= 2199')),
  /** The notice's reference, e.g. "国办发明电〔2025〕7号". */
  reference: z.string().check(z.minLength(1, 'reference (the notice number or title) is required')),
  url: z.optional(z.string()),
  /** Date the notice was published (ISO). */
  published: z.optional(isoDate),
  holidays: z.array(namedDay).check(z.minLength(1, 'holidays: a notice lists at least one closed day')),
  workingWeekends: z.optional(z.array(namedDay)),
});

export type OfficialNotice = z.infer<typeof officialNoticeSchema>;

export class NoticeError extends Error {
  override name = 'NoticeError';
  constructor(message: string, readonly problems: readonly string[]) {
    super(message);
  }
}

const WEEKEND = new Set<number>([Weekday.Saturday, Weekday.Sunday]);

/**
 * Validates a notice (schema, then meaning: dates real and in the year, no day twice, make-up
 * days on weekends and only for CNY). Throws NoticeError listing every problem found.
 */
export function parseNotice(input: unknown): OfficialNotice {
  const r = officialNoticeSchema.safeParse(input);
  if (!r.success) {
    const problems = r.error.issues.map((i) => `${i.path.join('.') || '(notice)'}: ${i.message}`);
    throw new NoticeError(`invalid holiday notice:\n${z.prettifyError(r.error)}`, problems);
  }
  const n = r.data;
  const problems: string[] = [];
  const seen = new Set<number>();
  const check = (list: readonly { date: string }[], field: string, mustBeWeekend: boolean) => {
    list.forEach((d, i) => {
      let date: CalendarDate;
      try { date = fromISO(d.date); } catch { problems.push(`${field}[${i}]: ${d.date} is not a calendar date`); return; }
      if (yearOf(date) !== n.year) problems.push(`${field}[${i}]: ${d.date} is not in ${n.year}`);
      if (seen.has(date)) problems.push(`${field}[${i}]: ${d.date} is listed twice`);
      seen.add(date);
      if (mustBeWeekend && !WEEKEND.has(weekday(date))) problems.push(`${field}[${i}]: ${d.date} is not a Saturday or Sunday`);
    });
  };
  check(n.holidays, 'holidays', false);
  const ww = n.workingWeekends ?? [];
  if (ww.length > 0 && n.calendar !== 'CNY') problems.push(`workingWeekends: only CNY decrees make-up working days, not ${n.calendar}`);
  check(ww, 'workingWeekends', true);
  if (problems.length) throw new NoticeError(`invalid holiday notice for ${n.calendar} ${n.year}:\n${problems.map((p) => `- ${p}`).join('\n')}`, problems);
  return n;
}

export function noticeToYear(n: OfficialNotice): YearCalendar {
  const named = (d: { date: string; en: string; zh?: string }): NamedDay => ({ date: fromISO(d.date), en: d.en, zh: d.zh || d.en });
  const sort = (xs: NamedDay[]) => xs.sort((a, b) => a.date - b.date);
  return {
    year: n.year,
    holidays: sort(n.holidays.map(named)),
    workingWeekends: sort((n.workingWeekends ?? []).map(named)),
    source: `official notice: ${n.reference}`,
  };
}

export const noticeKey = (calendar: CalendarCode, year: number) => `${calendar}:${year}`;

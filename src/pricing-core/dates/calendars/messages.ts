// The calendars' errors in the user's language, for screens (the pricing interface answers
// in English). Pure strings: no i18next here, the core stays free of UI libraries.
import { CALENDAR_CODES, CALENDAR_NAMES } from './codes';
import { CalendarCoverageError, type ProjectedYear } from './market-calendar';
import { NoticeError } from './notices';

export type Lang = 'zh' | 'en';

/** A message for a calendar error in zh or en, or undefined if `e` is not a calendar error. */
export function calendarErrorText(e: unknown, lang: Lang): string | undefined {
  if (e instanceof CalendarCoverageError) {
    if (lang === 'en') return e.message;
    return e.kind === 'decreed'
      ? `${CALENDAR_NAMES[e.calendar].zh}节假日按年公布：尚未载入 ${e.year} 年的官方通知（已有年份：${e.held}），无法计算该年的日期。请先载入 ${e.year} 年的通知。`
      : `${CALENDAR_NAMES[e.calendar].zh}日历覆盖 ${e.held} 年，${e.year} 年不在范围内。`;
  }
  if (e instanceof NoticeError) {
    if (lang === 'en') return e.message;
    return `节假日通知无效，未作任何更改：\n${e.problems.map((p) => `- ${p}`).join('\n')}`;
  }
  if (e instanceof Error && e.name === 'UnknownCalendarError') {
    const ccy = (e as Error & { currency: string }).currency;
    return lang === 'en' ? e.message : `没有 ${ccy} 的日历；可用日历：${CALENDAR_CODES.join('、')}`;
  }
  return undefined;
}

// Currency names as a desk says them ("人民币节假日"), for the projection notice.
const ZH_CURRENCY: Partial<Record<string, string>> = { CNY: '人民币', HKD: '港币' };

const runs = (years: number[], sep: string) => {
  const out: string[] = [];
  for (let i = 0; i < years.length; i++) {
    let j = i;
    while (j + 1 < years.length && years[j + 1] === years[j] + 1) j++;
    out.push(j > i ? `${years[i]}-${years[j]}` : `${years[i]}`);
    i = j;
  }
  return out.join(sep);
};

/**
 * The notice a screen shows under dates that depend on projected holidays, e.g.
 * "2027 CNY holidays projected (no official notice yet)" / "2027年人民币节假日为推算（尚无官方通知）";
 * undefined when nothing was projected.
 */
export function projectionText(projectedYears: readonly ProjectedYear[], lang: Lang): string | undefined {
  if (projectedYears.length === 0) return undefined;
  const byCalendar = new Map<string, number[]>();
  for (const p of projectedYears) byCalendar.set(p.calendar, [...(byCalendar.get(p.calendar) ?? []), p.year]);
  const parts = [...byCalendar].map(([ccy, ys]) => {
    const years = [...new Set(ys)].sort((a, b) => a - b);
    return lang === 'en' ? `${runs(years, ', ')} ${ccy}` : `${runs(years, '、')}年${ZH_CURRENCY[ccy] ?? ccy}`;
  });
  return lang === 'en'
    ? `${parts.join(' and ')} holidays projected (no official notice yet)`
    : `${parts.join('、')}节假日为推算（尚无官方通知）`;
}

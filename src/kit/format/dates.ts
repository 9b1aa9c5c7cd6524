// Dates as the kit shows them: dayjs with the project's zh-cn locale (src/locale, SPEC
// section 9) or en, chosen per call so formatting stays pure (no global locale switch).
import dayjs, { type Dayjs } from 'dayjs';
import { registerZhCn } from '../../locale/zh-cn';
import type { Lang } from '../locale';

const ZH = registerZhCn();

export const dayjsLocale = (lang: Lang): string => (lang === 'en' ? 'en' : ZH);

/** A dayjs of epoch milliseconds in the language's locale. */
export function dayIn(ms: number, lang: Lang): Dayjs {
  return dayjs(ms).locale(dayjsLocale(lang));
}

/** A dayjs of an ISO calendar date (local midnight) in the language's locale. */
export function isoDay(iso: string, lang: Lang): Dayjs {
  return dayjs(iso).locale(dayjsLocale(lang));
}

/** Weekday names, Sunday first: `min` 日/Su, `short` 周日/Sun, `long` 星期日/Sunday. */
export function weekdayNames(lang: Lang, style: 'min' | 'short' | 'long'): string[] {
  const base = dayjs('2023-01-01').locale(dayjsLocale(lang)); // a Sunday
  const fmt = style === 'min' ? 'dd' : style === 'short' ? 'ddd' : 'dddd';
  return Array.from({ length: 7 }, (_, i) => base.add(i, 'day').format(fmt));
}

/** Month title of a picker: `2027年3月` / `March 2027`. */
export function monthTitle(y: number, m: number, lang: Lang): string {
  return lang === 'en' ? dayjs(new Date(y, m - 1, 1)).locale('en').format('MMMM YYYY') : `${y}年${m}月`;
}

/** A calendar date spoken in full, for accessible names: `2027年3月15日 星期一` / `Monday, 15 March 2027`. */
export function longDate(iso: string, lang: Lang): string {
  const d = isoDay(iso, lang);
  return lang === 'en' ? d.format('dddd, D MMMM YYYY') : d.format('YYYY年M月D日 dddd');
}

/** The short weekday shown beside a resolved date: `周一` / `Mon`. */
export const shortWeekday = (iso: string, lang: Lang): string => isoDay(iso, lang).format('ddd');

/**
 * An as-of stamp: a business date stays `YYYY-MM-DD`; an intraday timestamp shows date and
 * time to the second in Beijing time, the desk's clock (the quote tables' Time column and
 * market-data/label.ts show the same clock), whatever the browser's time zone.
 */
export function formatAsOf(asOf: string, _lang?: Lang): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(asOf)) return asOf;
  return beijingStamp(asOf) ?? asOf;
}

/** An instant (ISO text or epoch ms) as `YYYY-MM-DD HH:mm:ss` Beijing time, or null when it does not parse. */
export function beijingStamp(at: string | number): string | null {
  const t = typeof at === 'number' ? at : Date.parse(at);
  if (!Number.isFinite(t)) return null;
  return new Date(t + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

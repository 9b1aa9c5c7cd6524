// Projected holidays of the decreed calendars for years without an official notice (Node
// only: the generator scripts/gen-holiday-tables.ts and the tests import this file, never the
// runtime code, so neither chinese-days' lunar code nor date-holidays reaches the browser).
//
// CNY: the statutory days of 国务院《全国年节及纪念日放假办法》 as amended on 2024-11-12
// (effective 2025-01-01), article 2: New Year 1 day (1 Jan); Spring Festival 4 days (lunar
// new year's eve and the first three days of the lunar year); Qingming 1 day (the solar term
// 清明); Labour Day 2 days (1-2 May); Dragon Boat 1 day (lunar 5/5); Mid-Autumn 1 day (lunar
// 8/15); National Day 3 days (1-3 Oct). What each year's notice adds is not predictable: the
// bridging into longer breaks, the weekday given in lieu of a statutory day on a weekend
// (article 6) and the make-up working weekends. So the projection holds only these 13 days,
// weekend ones included (they are closed anyway), and no make-up working day: it is a subset
// of what the notice will close (calendars.test.ts checks this against 2025 and 2026).
//
// HKD: date-holidays' Hong Kong rules (the General Holidays Ordinance, Cap. 149, with its
// lunar dates and substitution rules), the same rules the shipped 2024-2026 lists agree with.
import chineseDays from 'chinese-days';
import Holidays from 'date-holidays';
import hkdNotices from '../official/hkd.json';
import type { RuleHoliday } from './rule-specs';

/** First year the 2024 amendment applies (Spring Festival eve, Labour Day 2 days). */
export const CNY_STATUTORY_FROM_YEAR = 2025;
export const PROJECTION_TO_YEAR = 2099;

const cnyName = {
  newYear: ["New Year's Day", '元旦'],
  eve: ["Spring Festival (Lunar New Year's Eve)", '春节（除夕）'],
  spring: ['Spring Festival', '春节'],
  qingming: ['Tomb-sweeping Day', '清明节'],
  labour: ['Labour Day', '劳动节'],
  dragonBoat: ['Dragon Boat Festival', '端午节'],
  midAutumn: ['Mid-autumn Festival', '中秋节'],
  national: ['National Day', '国庆节'],
} as const;

const pad = (n: number) => String(n).padStart(2, '0');
const addDaysIso = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Solar date of a lunar date of lunar year `y` (the regular month, never a leap month). */
function lunar(y: number, m: number, d: number): string {
  return chineseDays.getSolarDateFromLunar(`${y}-${pad(m)}-${pad(d)}`).date;
}

/** The 13 statutory days of a year (ISO, ascending), weekend ones included. */
export function cnyStatutoryDays(year: number): RuleHoliday[] {
  if (year < CNY_STATUTORY_FROM_YEAR) throw new RangeError(`the 2024 statutory rules apply from ${CNY_STATUTORY_FROM_YEAR}`);
  const out: RuleHoliday[] = [];
  const add = (date: string, [en, zh]: readonly [string, string]) => {
    if (!date.startsWith(`${year}-`)) throw new Error(`CNY ${year}: ${en} computed on ${date}`);
    out.push({ date, en, zh });
  };
  add(`${year}-01-01`, cnyName.newYear);
  const lunarNewYear = lunar(year, 1, 1); // 21 Jan - 20 Feb, so the eve is in the same year
  add(addDaysIso(lunarNewYear, -1), cnyName.eve);
  for (let i = 0; i < 3; i++) add(addDaysIso(lunarNewYear, i), cnyName.spring);
  add(chineseDays.getSolarTermDate(year, 4, 'pure_brightness'), cnyName.qingming);
  add(`${year}-05-01`, cnyName.labour);
  add(`${year}-05-02`, cnyName.labour);
  add(lunar(year, 5, 5), cnyName.dragonBoat);
  add(lunar(year, 8, 15), cnyName.midAutumn);
  for (let d = 1; d <= 3; d++) add(`${year}-10-0${d}`, cnyName.national);
  // Mid-Autumn can fall on 1-3 Oct (2028: 3 Oct): one closed day, both names.
  const byDate = new Map<string, RuleHoliday>();
  for (const h of out) {
    const prev = byDate.get(h.date);
    byDate.set(h.date, prev ? { date: h.date, en: `${prev.en} / ${h.en}`, zh: `${prev.zh} / ${h.zh}` } : h);
  }
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

// zh names of Hong Kong's general holidays: the GovHK simplified-Chinese names of the shipped
// lists, and the same wording for the substitute days those three years happen not to have.
const HK_ZH_EXTRA: Record<string, string> = {
  'The day following Tuen Ng Festival': '端午节翌日',
  'The day following National Day': '国庆日翌日',
  'The day following Hong Kong Special Administrative Region Establishment Day': '香港特别行政区成立纪念日翌日',
  'The second day following the Chinese Mid-Autumn Festival': '中秋节后第二日',
  'The day following Labour Day': '劳动节翌日',
  'The second weekday after Christmas Day': '圣诞节后第二个周日',
  'The day following the first day of January': '一月一日翌日',
};
const HK_ZH: Record<string, string> = { ...HK_ZH_EXTRA };
for (const n of hkdNotices) for (const h of n.holidays) HK_ZH[h.en] = h.zh;

export function hkZhName(en: string): string | undefined {
  return HK_ZH[en];
}

let hk: Holidays | undefined;

/** Hong Kong general holidays of a year by date-holidays' rules (weekend ones included). */
export function hkdGeneralHolidays(year: number): RuleHoliday[] {
  hk ??= new Holidays('HK', { languages: ['en'], types: ['public'] });
  return hk.getHolidays(year, 'en').map((h) => ({ date: h.date.slice(0, 10), en: h.name, zh: HK_ZH[h.name] ?? h.name }));
}

export interface ProjectionSpec {
  code: 'CNY' | 'HKD';
  /** What the projection is, for `source` and coverage. */
  title: string;
  fromYear: number;
  toYear: number;
  days: (year: number) => RuleHoliday[];
}

// The tables start at years that have an official notice too, so the tests can compare the
// projection with what was decreed; the runtime uses a projected year only without a notice.
export const PROJECTION_SPECS: readonly ProjectionSpec[] = [
  {
    code: 'CNY',
    title: 'statutory days of 《全国年节及纪念日放假办法》 (2024 amendment) only: no bridging, in-lieu or make-up days',
    fromYear: CNY_STATUTORY_FROM_YEAR,
    toYear: PROJECTION_TO_YEAR,
    days: cnyStatutoryDays,
  },
  {
    code: 'HKD',
    title: 'Hong Kong general holidays by the date-holidays HK rules (General Holidays Ordinance, Cap. 149)',
    fromYear: 2024,
    toYear: PROJECTION_TO_YEAR,
    days: hkdGeneralHolidays,
  },
];

// Rule-based holiday calendars as date-holidays rules (Node only: the generator
// scripts/gen-holiday-tables.ts and the tests import this file, never the runtime code).
//
// Each calendar starts from a date-holidays country/state (its rules and holiday names) and
// states, in the package's own rule grammar, where the settlement calendar differs from the
// public holidays there. The generator evaluates these rules year by year into
// `tables.generated.ts`; a test re-evaluates them and fails if the table is stale.
// Why not evaluate date-holidays in the browser: its rule engine pulls moment-timezone and
// astronomia (about 144 KB gzip even with our countries only), the tables are ~8 KB gzip.
import Holidays, { type HolidaysTypes } from 'date-holidays';
import type { RuleCalendarCode } from '../codes';
import { zhHolidayName } from './zh-names';

export interface RuleCalendarSpec {
  code: RuleCalendarCode;
  /** What the calendar is, with the peer it must agree with. */
  title: string;
  fromYear: number;
  toYear: number;
  /** Country (and state) of date-holidays whose rules and names are the starting point; null = only `set`. */
  base: { country: string; state?: string; types: HolidaysTypes.HolidayType[] } | null;
  /** Package rules replaced by ours (same holiday, different observance), keyed by the package rule. */
  replace?: Record<string, string>;
  /** Package rules dropped. */
  unset?: string[];
  /** Package rules kept but moved in given years (date-holidays' `disable` / `enable` options). */
  patch?: Record<string, { disable: string[]; enable: string[] }>;
  /**
   * Japan's citizens' holiday (Public Holiday Law art. 3(3)): a day between two national
   * holidays is a holiday. The package encodes it only for 22 September.
   */
  citizensHoliday?: { en: string };
  /** Rules added, in date-holidays grammar. */
  set?: { rule: string; en: string; zh?: string }[];
  /** English names renamed (the package's spelling is not the market's). */
  rename?: Record<string, string>;
}

const MODERN = { fromYear: 1990, toYear: 2099 };

export const RULE_CALENDAR_SPECS: readonly RuleCalendarSpec[] = [
  {
    code: 'USD',
    title: 'Federal Reserve (Fedwire) holidays = QuantLib UnitedStates(FederalReserve)',
    ...MODERN,
    base: { country: 'US', types: ['public'] },
    // The Fed moves a Sunday holiday to Monday but does not observe a Saturday one on Friday.
    replace: {
      '01-01 and if sunday then next monday if saturday then previous friday': '01-01 and if sunday then next monday',
      '07-04 and if sunday then next monday if saturday then previous friday': '07-04 and if sunday then next monday',
      '12-25 and if sunday then next monday if saturday then previous friday': '12-25 and if sunday then next monday',
      // Juneteenth: federal law of 17 June 2021, but Fedwire stayed open on 18 June 2021.
      '06-19 and if sunday then next monday if saturday then previous friday since 2021': '06-19 and if sunday then next monday since 2022',
      '11-11': '11-11 and if sunday then next monday',
    },
    rename: { 'Labour Day': 'Labor Day' },
  },
  {
    code: 'EUR',
    title: 'TARGET2 closing days = QuantLib TARGET',
    fromYear: 1999,
    toYear: MODERN.toYear,
    base: null,
    set: [
      { rule: '01-01', en: "New Year's Day" },
      { rule: 'easter -2 since 2000', en: 'Good Friday' },
      { rule: 'easter 1 since 2000', en: 'Easter Monday' },
      { rule: '05-01 since 2000', en: 'Labour Day' },
      { rule: '12-25', en: 'Christmas Day' },
      { rule: '12-26 since 2000', en: "St Stephen's Day", zh: '圣诞节翌日' },
      // TARGET closed on 31 December 1999 (millennium) and 2001 (euro cash changeover).
      { rule: '1999-12-31', en: 'Special closing day', zh: '特别休市日' },
      { rule: '2001-12-31', en: 'Special closing day', zh: '特别休市日' },
    ],
  },
  {
    code: 'GBP',
    title: 'England and Wales bank holidays = QuantLib UnitedKingdom(Settlement)',
    ...MODERN,
    base: { country: 'GB', state: 'ENG', types: ['public', 'bank'] },
    // Royal and national occasions before the package's data starts.
    patch: {
      '1st monday in May': { disable: ['1995-05-01'], enable: ['1995-05-08'] },
      '1st monday before 06-01': { disable: ['2002-05-27', '2012-05-28'], enable: ['2002-06-04', '2012-06-04'] },
    },
    set: [
      { rule: '1999-12-31', en: 'Millennium Day', zh: '千禧年假日' },
      { rule: '2002-06-03', en: 'Queen’s Golden Jubilee', zh: '女王登基金禧纪念' },
      { rule: '2011-04-29', en: 'Royal Wedding', zh: '威廉王子大婚' },
    ],
  },
  {
    code: 'JPY',
    title: 'Japanese national holidays (substitute and citizens\' holidays) and bank holidays 2, 3 Jan and 31 Dec',
    ...MODERN,
    base: { country: 'JP', types: ['public', 'bank'] },
    // The package knows the citizens' holiday only on 22 September; from 2032 it also falls
    // on 21 September (between Respect-for-the-Aged Day and the equinox).
    citizensHoliday: { en: "Citizens' Holiday" },
  },
  {
    code: 'CAD',
    title: 'Canadian settlement holidays = QuantLib 1.29 Canada(Settlement)',
    ...MODERN,
    base: null,
    set: [
      { rule: '01-01 and if saturday,sunday then next monday', en: "New Year's Day" },
      { rule: '3rd monday in February since 2008', en: 'Family Day' },
      { rule: 'easter -2', en: 'Good Friday' },
      { rule: 'monday before 05-25', en: 'Victoria Day' },
      { rule: '07-01 and if saturday,sunday then next monday', en: 'Canada Day' },
      { rule: '1st monday in August', en: 'Civic Holiday' },
      { rule: '1st monday in September', en: 'Labour Day' },
      { rule: '09-30 and if saturday,sunday then next monday since 2021', en: 'National Day for Truth and Reconciliation' },
      { rule: '2nd monday in October', en: 'Thanksgiving' },
      { rule: '11-11 and if saturday,sunday then next monday', en: 'Remembrance Day' },
      { rule: '12-25 and if saturday then next monday if sunday then next tuesday', en: 'Christmas Day' },
      { rule: '12-26 and if saturday then next monday if sunday then next tuesday', en: 'Boxing Day' },
    ],
  },
  {
    code: 'AUD',
    title: 'Australian settlement holidays (Sydney) = QuantLib Australia(Settlement)',
    ...MODERN,
    base: { country: 'AU', state: 'NSW', types: ['public', 'bank'] },
    // QuantLib's settlement calendar never moves Anzac Day off a weekend.
    unset: ['04-25 and if saturday then next monday', '04-25 and if saturday,sunday then next monday'],
  },
  {
    code: 'CHF',
    title: 'Swiss bank holidays (SIC, Zurich) = QuantLib Switzerland',
    ...MODERN,
    base: { country: 'CH', types: ['public'] },
    set: [
      { rule: '01-02', en: 'Berchtoldstag', zh: '贝希托尔德日' },
      { rule: '05-01', en: 'Labour Day' },
    ],
    rename: { Bundesfeiertag: 'Swiss National Day' },
  },
];

export interface RuleHoliday {
  /** ISO date. */
  date: string;
  en: string;
  zh: string;
}

/** A date-holidays instance with the spec's rules applied. */
export function holidaysFor(spec: RuleCalendarSpec): Holidays {
  // A calendar with no base starts from a country whose rules are all removed (custom data).
  const base = spec.base ?? { country: 'DE', types: ['public'] as HolidaysTypes.HolidayType[] };
  const h = base.state
    ? new Holidays(base.country, base.state, { languages: ['en'], types: base.types })
    : new Holidays(base.country, { languages: ['en'], types: base.types });
  // The typings omit that a HolidayRule carries its rule string and options.
  const all = () => h.getRules() as unknown as HolidaysTypes.HolidayRule[];
  if (!spec.base) for (const r of all()) h.unsetRule(r.rule);
  const rules = new Map(all().map((r) => [r.rule, r]));
  for (const [from, to] of Object.entries(spec.replace ?? {})) {
    const r = rules.get(from);
    if (!r) throw new Error(`${spec.code}: no date-holidays rule "${from}" to replace`);
    h.unsetRule(from);
    const { rule: _unused, ...opts } = r;
    if (!h.setHoliday(to, opts as HolidaysTypes.HolidayOptions)) throw new Error(`${spec.code}: rule "${to}" rejected`);
  }
  for (const u of spec.unset ?? []) {
    if (!rules.has(u)) throw new Error(`${spec.code}: no rule "${u}" to unset`);
    h.unsetRule(u);
  }
  for (const [rule, p] of Object.entries(spec.patch ?? {})) {
    const r = rules.get(rule);
    if (!r) throw new Error(`${spec.code}: no date-holidays rule "${rule}" to patch`);
    const { rule: _unused, ...opts } = r;
    const o = opts as HolidaysTypes.HolidayOptions & { disable?: string[]; enable?: string[] };
    h.setHoliday(rule, { ...o, disable: [...(o.disable ?? []), ...p.disable], enable: [...(o.enable ?? []), ...p.enable] });
  }
  for (const s of spec.set ?? []) {
    if (!h.setHoliday(s.rule, { name: { en: s.en }, type: base.types[0] })) throw new Error(`${spec.code}: rule "${s.rule}" rejected`);
  }
  return h;
}

/** The year's holidays of a spec (weekends included), one entry per date, names joined. */
export function evaluateRuleCalendar(spec: RuleCalendarSpec, h: Holidays, year: number): RuleHoliday[] {
  const byDate = new Map<string, RuleHoliday>();
  const zhOf = new Map((spec.set ?? []).filter((s) => s.zh).map((s) => [s.en, s.zh as string]));
  for (const e of h.getHolidays(year, 'en')) {
    if (e.type === 'observance' || e.type === 'optional' || e.type === 'school') continue;
    const date = e.date.slice(0, 10);
    const en = spec.rename?.[e.name] ?? e.name;
    const zh = zhOf.get(en) ?? zhHolidayName(en);
    const prev = byDate.get(date);
    if (!prev) byDate.set(date, { date, en, zh });
    else if (!prev.en.split(' / ').includes(en)) byDate.set(date, { date, en: `${prev.en} / ${en}`, zh: `${prev.zh} / ${zh}` });
  }
  if (spec.citizensHoliday) addCitizensHolidays(byDate, year, spec.citizensHoliday.en);
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

function addCitizensHolidays(byDate: Map<string, RuleHoliday>, year: number, en: string): void {
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  const day = 86_400_000;
  for (let t = Date.UTC(year, 0, 2); t < Date.UTC(year, 11, 31); t += day) {
    const d = iso(t);
    // A Sunday between two holidays is no citizens' holiday (the law excludes it).
    if (byDate.has(d) || new Date(t).getUTCDay() === 0) continue;
    const before = byDate.get(iso(t - day)), after = byDate.get(iso(t + day));
    if (before && after && !isBankOnly(before) && !isBankOnly(after)) byDate.set(d, { date: d, en, zh: zhHolidayName(en) });
  }
}

// 2, 3 January and 31 December are bank holidays, not national holidays.
const isBankOnly = (h: RuleHoliday) => /^(January 2nd|January 3rd|New Year's Eve)$/.test(h.en);

// Where each calendar year comes from, in order of precedence:
//   1. an official notice loaded at run time (loadOfficialNotice),
//   2. an official notice shipped with the code (official/*.json: HKD, SGD),
//   3. the package: chinese-days for CNY, the date-holidays rule tables for the others.
// A year none of them holds is not covered: decreed calendars (CNY, HKD, SGD) refuse it.
import hkdNotices from './official/hkd.json';
import sgdNotices from './official/sgd.json';
import { CALENDAR_CODES, type CalendarCode, isDecreed } from './codes';
import { CNY_PACKAGE_FROM_YEAR, CNY_PACKAGE_SOURCE, CNY_PACKAGE_TO_YEAR, cnyPackageYear } from './cny-package';
import { type OfficialNotice, noticeKey, noticeToYear, parseNotice } from './notices';
import { hasProjection, projectionYear, projectionYearRange, ruleYear, ruleYearRange } from './rules/rule-tables';
import { RULE_TABLES, RULE_TABLES_SOURCE } from './rules/tables.generated';
import type { YearCalendar } from './year-data';

const bundled = new Map<string, OfficialNotice>();
for (const n of [...hkdNotices, ...sgdNotices]) {
  const notice = parseNotice(n);
  bundled.set(noticeKey(notice.calendar, notice.year), notice);
}

const loaded = new Map<string, OfficialNotice>();
const yearCache = new Map<string, YearCalendar | null>();
let version = 0;

/** Bumped whenever a notice is loaded or unloaded (compiled calendars re-read their years). */
export const registryVersion = () => version;

function packageYear(code: CalendarCode, year: number): YearCalendar | undefined {
  if (code === 'CNY') return cnyPackageYear(year);
  if (code === 'HKD' || code === 'SGD') return undefined;
  return ruleYear(code, year);
}

/** The calendar year, or undefined when no source holds it. */
export function yearCalendar(code: CalendarCode, year: number): YearCalendar | undefined {
  const key = noticeKey(code, year);
  const cached = yearCache.get(key);
  if (cached !== undefined) return cached ?? undefined;
  const notice = loaded.get(key) ?? bundled.get(key);
  const y = notice ? noticeToYear(notice) : packageYear(code, year);
  yearCache.set(key, y ?? null);
  return y;
}

/**
 * The projected year of a decreed calendar (CNY, HKD) that no notice or package covers, or
 * undefined (a covered year, a calendar without projection, a year outside the table).
 */
export function projectedYearCalendar(code: CalendarCode, year: number): YearCalendar | undefined {
  if (!hasProjection(code) || yearCalendar(code, year) !== undefined) return undefined;
  return projectionYear(code, year);
}

export interface ProjectionCoverage {
  calendar: CalendarCode;
  /** Years answered by projection when asked (no notice, no package data), ascending runs. */
  spans: { fromYear: number; toYear: number }[];
  /** What the projection holds (and leaves out). */
  source: string;
}

/**
 * Years a calendar projects in `beyondCoverage: 'projected'` mode, or null (no projection).
 * Years covered by a notice or the package are never projected, so a notice loaded for a
 * year takes it out of the projection.
 */
export function projectionCoverage(code: CalendarCode): ProjectionCoverage | null {
  if (!hasProjection(code)) return null;
  const r = projectionYearRange(code);
  const spans: { fromYear: number; toYear: number }[] = [];
  for (let y = r.fromYear; y <= r.toYear; y++) {
    if (yearCalendar(code, y) !== undefined) continue;
    const last = spans[spans.length - 1];
    if (last && last.toYear === y - 1) last.toYear = y;
    else spans.push({ fromYear: y, toYear: y });
  }
  return spans.length ? { calendar: code, spans, source: r.title } : null;
}

/**
 * Validates an official notice (see notices.ts for the JSON form) and makes it the source of
 * its calendar year, replacing the package's and any earlier notice for that year. Returns
 * the parsed notice; throws NoticeError (nothing changed) if it is invalid.
 */
export function loadOfficialNotice(input: unknown): OfficialNotice {
  const n = parseNotice(input);
  const key = noticeKey(n.calendar, n.year);
  loaded.set(key, n);
  yearCache.delete(key);
  version++;
  return n;
}

/** Drops a loaded notice (the shipped data applies again). True if there was one. */
export function unloadOfficialNotice(code: CalendarCode, year: number): boolean {
  const key = noticeKey(code, year);
  const had = loaded.delete(key);
  if (had) { yearCache.delete(key); version++; }
  return had;
}

export function loadedNotices(): OfficialNotice[] {
  return [...loaded.values()];
}

export interface CoverageSpan {
  fromYear: number;
  toYear: number;
  /** Where these years come from. */
  source: string;
}

export interface CalendarCoverage {
  calendar: CalendarCode;
  /** `decreed`: holidays are set year by year and other years are refused; `rules`: computed. */
  kind: 'decreed' | 'rules';
  /** Covered years, ascending, in runs of one source. */
  spans: CoverageSpan[];
  fromYear: number;
  toYear: number;
}

function candidateYears(code: CalendarCode): number[] {
  const ys = new Set<number>();
  const add = (a: number, b: number) => { for (let y = a; y <= b; y++) ys.add(y); };
  if (code === 'CNY') add(CNY_PACKAGE_FROM_YEAR, CNY_PACKAGE_TO_YEAR);
  else if (code !== 'HKD' && code !== 'SGD') { const r = ruleYearRange(code); add(r.fromYear, r.toYear); }
  for (const m of [bundled, loaded]) for (const n of m.values()) if (n.calendar === code) ys.add(n.year);
  return [...ys].sort((a, b) => a - b);
}

const packageSource = (code: CalendarCode) =>
  code === 'CNY' ? CNY_PACKAGE_SOURCE : `${RULE_TABLES_SOURCE} rules: ${RULE_TABLES[code as keyof typeof RULE_TABLES].title}`;

/** The years a calendar answers, and from which source. */
export function coverage(code: CalendarCode): CalendarCoverage {
  const spans: CoverageSpan[] = [];
  for (const y of candidateYears(code)) {
    const n = loaded.get(noticeKey(code, y)) ?? bundled.get(noticeKey(code, y));
    // Runs of package years share one source; every notice year is its own span.
    const source = n ? `official notice: ${n.reference}` : packageSource(code);
    const last = spans[spans.length - 1];
    if (last && last.toYear === y - 1 && last.source === source && !n) last.toYear = y;
    else spans.push({ fromYear: y, toYear: y, source });
  }
  return {
    calendar: code,
    kind: isDecreed(code) ? 'decreed' : 'rules',
    spans,
    fromYear: spans[0]?.fromYear ?? NaN,
    toYear: spans[spans.length - 1]?.toYear ?? NaN,
  };
}

/** Covered years as text, runs merged: "2008-2026, 2030". */
export function describeYears(c: CalendarCoverage): string {
  const runs: [number, number][] = [];
  for (const s of c.spans) {
    const last = runs[runs.length - 1];
    if (last && last[1] === s.fromYear - 1) last[1] = s.toYear;
    else runs.push([s.fromYear, s.toYear]);
  }
  return runs.length ? runs.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(', ') : 'none';
}

export function allCoverage(): CalendarCoverage[] {
  return CALENDAR_CODES.map(coverage);
}

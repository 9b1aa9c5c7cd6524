// Reads the generated tables (tables.generated.ts, projections.generated.ts) into
// YearCalendar values.
import { fromYMD } from '../../date';
import type { RuleCalendarCode } from '../codes';
import type { NamedDay, YearCalendar } from '../year-data';
import { PROJECTION_TABLES } from './projections.generated';
import { RULE_TABLES, RULE_TABLES_SOURCE, type RuleTable } from './tables.generated';

const decoded = new Map<RuleTable, (string | undefined)[]>();

function yearsOf(t: RuleTable): (string | undefined)[] {
  let y = decoded.get(t);
  if (!y) { y = t.years.split('|'); decoded.set(t, y); }
  return y;
}

function decodeYear(t: RuleTable, year: number): NamedDay[] | undefined {
  if (year < t.fromYear || year > t.toYear) return undefined;
  const row = yearsOf(t)[year - t.fromYear] ?? '';
  return row === '' ? [] : row.split(' ').map((e) => {
    const [en, zh] = t.names[parseInt(e.slice(4), 36)];
    return { date: fromYMD(year, Number(e.slice(0, 2)), Number(e.slice(2, 4))), en, zh };
  });
}

export function ruleYearRange(code: RuleCalendarCode): { fromYear: number; toYear: number } {
  const t = RULE_TABLES[code];
  return { fromYear: t.fromYear, toYear: t.toYear };
}

/** The year from the package's rules, or undefined outside the table's years. */
export function ruleYear(code: RuleCalendarCode, year: number): YearCalendar | undefined {
  const t = RULE_TABLES[code];
  const holidays = decodeYear(t, year);
  return holidays && { year, holidays, workingWeekends: [], source: `${RULE_TABLES_SOURCE} rules: ${t.title}` };
}

export type ProjectedCode = keyof typeof PROJECTION_TABLES;
export const PROJECTED_CODES = Object.keys(PROJECTION_TABLES) as ProjectedCode[];
export const hasProjection = (code: string): code is ProjectedCode => Object.prototype.hasOwnProperty.call(PROJECTION_TABLES, code);

export function projectionYearRange(code: ProjectedCode): { fromYear: number; toYear: number; title: string } {
  const t = PROJECTION_TABLES[code];
  return { fromYear: t.fromYear, toYear: t.toYear, title: t.title };
}

/**
 * The projected year (whether or not a notice exists for it: the registry decides when to use
 * it), or undefined outside the table. Projections have no make-up working days.
 */
export function projectionYear(code: ProjectedCode, year: number): YearCalendar | undefined {
  const t = PROJECTION_TABLES[code];
  const holidays = decodeYear(t, year);
  return holidays && { year, holidays, workingWeekends: [], source: `projection (no official notice for ${year}): ${t.title}`, projected: true };
}

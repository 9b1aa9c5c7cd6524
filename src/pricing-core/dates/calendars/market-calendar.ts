// A currency's settlement calendar as a Calendar (calendar.ts), compiled per year into a
// byte per day so isBusinessDay is an array read on the hot path (schedules, FX dates).
import { type CalendarDate, Weekday, toYMD, weekday } from '../date';
import type { Calendar } from '../calendar';
import type { CalendarCode } from './codes';
import { coverage, describeYears, projectedYearCalendar, registryVersion, yearCalendar } from './registry';
import { type YearCalendar, startOfYear } from './year-data';

/** A date of a year the calendar holds no data for (decreed calendars refuse these). */
export class CalendarCoverageError extends RangeError {
  override name = 'CalendarCoverageError';
  /** `decreed`: no official notice for the year; `rules`: outside the rules' years. */
  readonly kind: 'decreed' | 'rules';
  /** The years held, as text ("2008-2026"). */
  readonly held: string;
  constructor(readonly calendar: CalendarCode, readonly year: number) {
    const c = coverage(calendar);
    const held = describeYears(c);
    super(
      c.kind === 'decreed'
        ? `${calendar} holidays for ${year} are decreed year by year and no official notice for ${year} is held (years held: ${held}); load the notice to use dates of ${year}`
        : `${calendar} calendar covers ${held}; ${year} is outside it`,
    );
    this.kind = c.kind;
    this.held = held;
  }
}

export type BeyondCoverage = 'refuse' | 'weekends' | 'projected';

export interface MarketCalendarOptions {
  /**
   * `refuse` (default): a date in a year without data throws CalendarCoverageError.
   * `weekends`: such a year has weekends only (a projection for long schedules, e.g. a 10Y
   * CNY swap; the pricing interface never uses it).
   * `projected`: CNY and HKD years without an official notice use the holidays projected from
   * rules (rules/projection-specs.ts; CNY: the statutory days only); other uncovered years are
   * still refused. For screens, which must say so: every projected year a computation reads is
   * recorded by trackProjection. The pricing interface (PRICING-CLI) never uses it.
   */
  beyondCoverage?: BeyondCoverage;
}

/** A year of a calendar whose holidays were projected, not decreed. */
export interface ProjectedYear {
  calendar: CalendarCode;
  year: number;
}

// Projected years read while trackProjection runs (null otherwise). The calendar code is
// synchronous, so one module-level set is enough; nested tracking merges into the outer one.
let touched: Set<string> | null = null;

/**
 * Runs `fn` and reports the projected years any `projected` MarketCalendar read meanwhile
 * (sorted by calendar, then year). Empty when every date came from official data.
 */
export function trackProjection<T>(fn: () => T): { value: T; projectedYears: ProjectedYear[] } {
  const outer = touched;
  const mine = new Set<string>();
  touched = mine;
  let value: T;
  try {
    value = fn();
  } finally {
    touched = outer;
    if (outer) for (const k of mine) outer.add(k);
  }
  const projectedYears = [...mine].sort().map((k) => ({ calendar: k.slice(0, 3) as CalendarCode, year: Number(k.slice(4)) }));
  return { value, projectedYears };
}

interface CompiledYear {
  start: number;
  end: number;
  bits: Uint8Array;
  /** `data`: notice or package; `none`: weekends only; `projected`: projection applied. */
  status: 'data' | 'none' | 'projected';
  /** `CNY:2027` for a projected year (what trackProjection records), else null. */
  key: string | null;
}

// Compiled years per calendar; projected-mode calendars have their own map, as an uncovered
// year compiles differently there.
const compiled = new Map<string, Map<number, CompiledYear>>();
let compiledVersion = -1;

/** Weekends closed, then the year's data applied; no data = weekends only. */
function compile(code: CalendarCode, y: number, data: YearCalendar | undefined, status: CompiledYear['status']): CompiledYear {
  const start = startOfYear(y), end = startOfYear(y + 1);
  const bits = new Uint8Array(end - start);
  for (let i = 0; i < bits.length; i++) {
    const w = weekday((start + i) as CalendarDate);
    bits[i] = w === Weekday.Saturday || w === Weekday.Sunday ? 0 : 1;
  }
  if (data) {
    for (const h of data.holidays) bits[h.date - start] = 0;
    for (const d of data.workingWeekends) bits[d.date - start] = 1;
  }
  return { start, end, bits, status, key: status === 'projected' ? `${code}:${y}` : null };
}

function yearBits(code: CalendarCode, y: number, beyond: BeyondCoverage): CompiledYear {
  if (compiledVersion !== registryVersion()) { compiled.clear(); compiledVersion = registryVersion(); }
  const mapKey = beyond === 'projected' ? `${code}/projected` : code;
  let byYear = compiled.get(mapKey);
  if (!byYear) { byYear = new Map(); compiled.set(mapKey, byYear); }
  let c = byYear.get(y);
  if (!c) {
    const data = yearCalendar(code, y);
    const projection = data || beyond !== 'projected' ? undefined : projectedYearCalendar(code, y);
    c = data ? compile(code, y, data, 'data') : projection ? compile(code, y, projection, 'projected') : compile(code, y, undefined, 'none');
    byYear.set(y, c);
  }
  if (c.status === 'none' && beyond !== 'weekends') throw new CalendarCoverageError(code, y);
  return c;
}

export class MarketCalendar implements Calendar {
  readonly name: CalendarCode;
  readonly beyondCoverage: BeyondCoverage;
  // The year last looked at: most lookups fall in it.
  private start = 1;
  private end = 0;
  private bits: Uint8Array = new Uint8Array(0);
  private version = -1;
  /** Set while the selected year is projected: reads are recorded for trackProjection. */
  private projectedKey: string | null = null;

  constructor(code: CalendarCode, options: MarketCalendarOptions = {}) {
    this.name = code;
    this.beyondCoverage = options.beyondCoverage ?? 'refuse';
  }

  isBusinessDay(d: CalendarDate): boolean {
    if (d < this.start || d >= this.end || this.version !== registryVersion()) this.select(d);
    if (this.projectedKey !== null && touched !== null) touched.add(this.projectedKey);
    return this.bits[d - this.start] === 1;
  }

  isHoliday(d: CalendarDate): boolean {
    return !this.isBusinessDay(d);
  }

  /** Whether the year has data (a notice or the package), i.e. is neither refused nor projected. */
  covers(year: number): boolean {
    return yearCalendar(this.name, year) !== undefined;
  }

  /** Whether this calendar answers the year by projection (projected mode, no notice held). */
  isProjected(year: number): boolean {
    return this.beyondCoverage === 'projected' && projectedYearCalendar(this.name, year) !== undefined;
  }

  /**
   * The year's named holidays and make-up days; in projected mode a projected year (flagged
   * `projected`, and recorded by trackProjection). Throws CalendarCoverageError otherwise.
   */
  year(y: number): YearCalendar {
    const data = yearCalendar(this.name, y);
    if (data) return data;
    const projection = this.beyondCoverage === 'projected' ? projectedYearCalendar(this.name, y) : undefined;
    if (!projection) throw new CalendarCoverageError(this.name, y);
    if (touched !== null) touched.add(`${this.name}:${y}`);
    return projection;
  }

  private select(d: CalendarDate): void {
    const c = yearBits(this.name, toYMD(d).y, this.beyondCoverage);
    this.start = c.start; this.end = c.end; this.bits = c.bits; this.version = registryVersion(); this.projectedKey = c.key;
  }
}

import { describe, expect, it } from 'vitest';
import { addDays, fromISO, toISO } from '../../dates/date';
import { type Calendar, HolidayCalendar } from '../../dates/calendar';
import { StructuredLanguageError } from './diagnostics';
import { parsePackageText } from './parser';
import { observationTable, resolvePackage, type ResolveContext } from './resolve';
import { templateSource } from './templates';

// A small test calendar (not the production tables): a New Year holiday, a week of Spring
// Festival holidays and two make-up working weekend days.
const TEST_CAL = new HolidayCalendar('TST', {
  holidays: ['2025-01-01', '2025-01-28', '2025-01-29', '2025-01-30', '2025-01-31', '2025-02-03', '2025-02-04', '2025-10-01'].map(fromISO),
  workingWeekends: ['2025-01-26', '2025-02-08'].map(fromISO),
});
const calendars = (code: string): Calendar | undefined => (code === 'TST' ? TEST_CAL : undefined);

const snowball = (extra: (s: string) => string = (s) => s) =>
  parsePackageText(extra(templateSource('snowball', { trade: '2025-01-06', calendar: 'TST' }))).ast;

function errors(f: () => unknown): string[] {
  try {
    f();
    return [];
  } catch (e) {
    if (e instanceof StructuredLanguageError) return e.diagnostics.map((d) => `${d.code}@${d.line ?? d.path}`);
    throw e;
  }
}

const lineOf = (src: string, text: string) => src.split('\n').findIndex((l) => l.startsWith(text)) + 1;

describe('resolving a package: dates, schedules, calendars', () => {
  const ctx: ResolveContext = { valuationDate: '2025-01-06', calendars, spot: 7.2 };

  it('builds the snowball schedules on the calendar (lock-up, month ends rolled, daily business days)', () => {
    const r = resolvePackage(snowball(), ctx);
    expect(r.dates.get('maturity')!.iso).toBe('2027-01-06');
    const ko = r.schedules.get('koDates')!;
    expect(ko.length).toBe(22);
    expect(ko[0].iso).toBe('2025-04-07'); // 6 April 2025 is a Sunday: modified following
    expect(ko.at(-1)!.iso).toBe('2027-01-06');
    const ki = r.schedules.get('kiDates')!;
    // Independent count: every date after start up to maturity the calendar calls a business day.
    const expected: string[] = [];
    for (let d = addDays(fromISO('2025-01-06'), 1); d <= fromISO('2027-01-06'); d = addDays(d, 1)) if (TEST_CAL.isBusinessDay(d)) expected.push(toISO(d));
    expect(ki.map((d) => d.iso)).toEqual(expected);
    expect(ki.map((d) => d.iso)).toContain('2025-01-26'); // make-up Sunday
    expect(ki.map((d) => d.iso)).not.toContain('2025-01-28');
    expect(ki[0].time).toBeCloseTo(1 / 365, 15);
    expect(r.initialFixing.kind).toBe('today');
    expect(r.yf(r.dates.get('start')!, r.dates.get('maturity')!)).toBeCloseTo(730 / 365, 15);
  });

  it('lists every observation with the levels its rule uses (the step-down knock-out per date)', () => {
    const r = resolvePackage(snowball(), ctx);
    const rows = observationTable(r, 7.2);
    const ko = rows.filter((x) => x.on === 'koDates');
    expect(ko.map((x) => x.levels.koLevel)).toEqual(Array.from({ length: 22 }, (_, i) => (1.03 - 0.005 * i) * 7.2));
    expect(ko[0]).toMatchObject({ rule: 1, index: 0, date: { iso: '2025-04-07' } });
    // On a shared date the knock-out rule comes first.
    const onFirstKo = rows.filter((x) => x.date.iso === '2025-04-07').map((x) => x.on);
    expect(onFirstKo).toEqual(['koDates', 'kiDates']);
    expect(rows.find((x) => x.on === 'kiDates')!.levels).toEqual({ kiLevel: 0.75 * 7.2 });
  });

  it('checks strike constraints at every observation of an index-dependent level', () => {
    const src = templateSource('snowball', { trade: '2025-01-06', calendar: 'TST' });
    const ok = resolvePackage(snowball(), { ...ctx, params: { koStepDown: 0.01 } });
    expect(ok.params.get('koStepDown')).toBe(0.01);
    // 2% a month for 22 months takes the knock-out level below the knock-in level.
    expect(errors(() => resolvePackage(snowball(), { ...ctx, params: { koStepDown: 0.02 } }))).toEqual([`CONSTRAINT_VIOLATED@${lineOf(src, 'require')}`]);
    expect(errors(() => resolvePackage(snowball(), { ...ctx, params: { couponn: 0.1 } }))).toEqual(['PARAM_UNKNOWN@2']);
  });

  it('reports dates out of order, schedules outside the product, unknown calendars, a missing valuation date', () => {
    const src = templateSource('snowball', { trade: '2025-01-06', calendar: 'TST' });
    expect(errors(() => resolvePackage(snowball((s) => s.replace('maturity start + 2Y', 'maturity start - 1M')), ctx))[0]).toMatch(/^DATES_NOT_ORDERED@/);
    const outside = (s: string) => s.replace('schedule kiDates = daily from start to maturity', 'schedule kiDates = [2025-03-03, 2027-02-01]');
    expect(errors(() => resolvePackage(snowball(outside), ctx))).toEqual([`SCHEDULE_OUTSIDE_PRODUCT@${lineOf(outside(src), 'schedule kiDates')}`]);
    const unordered = (s: string) => s.replace('schedule kiDates = daily from start to maturity', 'schedule kiDates = [2025-03-03, 2025-03-03]');
    expect(errors(() => resolvePackage(snowball(unordered), ctx))[0]).toMatch(/^SCHEDULE_NOT_INCREASING@/);
    expect(errors(() => resolvePackage(snowball((s) => s.replace('calendar TST', 'calendar TST+XYZ')), ctx))).toEqual([`CALENDAR_UNKNOWN@${lineOf(src, 'calendar')}`]);
    expect(errors(() => resolvePackage(snowball(), { calendars }))).toEqual(['VALUATION_DATE_REQUIRED@2']);
  });

  it('a seasoned product needs the stored fixings of its past observations', () => {
    const seasoned = { ...ctx, valuationDate: '2025-03-03' };
    const missing = errors(() => resolvePackage(snowball(), seasoned));
    expect(missing[0]).toMatch(/^FIXING_MISSING@/);
    const fixings: Record<string, number> = { '2025-01-06': 7.3 };
    for (let d = addDays(fromISO('2025-01-06'), 1); d < fromISO('2025-03-03'); d = addDays(d, 1)) if (TEST_CAL.isBusinessDay(d)) fixings[toISO(d)] = 7.25;
    const r = resolvePackage(snowball(), { ...seasoned, fixings });
    expect(r.initialFixing).toMatchObject({ kind: 'known', value: 7.3 });
    expect(r.schedules.get('kiDates')!.filter((d) => d.time < 0).length).toBe(Object.keys(fixings).length - 1);
    expect(errors(() => resolvePackage(snowball(), { ...seasoned, fixings: { ...fixings, '2025-02-05': -1 } }))[0]).toMatch(/^FIXING_INVALID@/);
  });

  it('warns when a continuously monitored level is already reached (seasoned shark-fin, spot moved)', () => {
    const { ast } = parsePackageText(templateSource('sharkfinBullAmerican', { trade: '2025-01-06', calendar: 'TST' }));
    const fixings = { '2025-01-06': 7.0 };
    const quiet = resolvePackage(ast, { valuationDate: '2025-01-08', calendars, fixings, spot: 7.2 });
    expect(quiet.warnings).toEqual([]);
    const hit = resolvePackage(ast, { valuationDate: '2025-01-08', calendars, fixings, spot: 7.8 });
    expect(hit.warnings.map((d) => [d.code, d.severity])).toEqual([['LEVEL_ALREADY_BREACHED', 'warning']]);
  });

  it('the years timeline: count schedules are equally spaced, terms are fractions of a year', () => {
    const { ast } = parsePackageText(templateSource('snowball', { timeline: 'years', maturity: 1 }));
    const r = resolvePackage(ast);
    const ki = r.schedules.get('kiDates')!;
    expect(ki.length).toBe(250);
    expect(ki[0].time).toBe(1 / 250);
    expect(ki.at(-1)!.time).toBe(1);
    const ko = r.schedules.get('koDates')!;
    expect(ko.map((d) => d.time)).toEqual(Array.from({ length: 10 }, (_, i) => (i + 3) / 12).map((t, i, a) => (i === a.length - 1 ? 1 : t)));
  });
});

import { describe, expect, it } from 'vitest';
import { type CalendarDate, addDays, addMonths, fromISO, fromYMD, daysInMonth } from './date';
import { type DayCount, dayCount, parseDayCount, yearFraction } from './day-count';
import { ql, qlDayCounter, rng, toQL } from './testing/quantlib-peer';

// Generated pairs weighted towards the awkward days: month ends, 29-31, Feb 28/29.
function pairs(n: number, seed: number): [CalendarDate, CalendarDate][] {
  const r = rng(seed);
  const pick = (): CalendarDate => {
    const y = 1996 + Math.floor(r() * 40);
    const m = 1 + Math.floor(r() * 12);
    const dim = daysInMonth(y, m);
    const u = r();
    const d = u < 0.35 ? dim - Math.floor(r() * 3) : u < 0.45 ? Math.min(dim, 28 + Math.floor(r() * 4)) : 1 + Math.floor(r() * dim);
    return fromYMD(y, m, Math.max(1, d));
  };
  const out: [CalendarDate, CalendarDate][] = [];
  for (let i = 0; i < n; i++) {
    const a = pick();
    const b = r() < 0.5 ? pick() : addDays(a, Math.floor(r() * 800));
    out.push(a <= b ? [a, b] : [b, a]);
  }
  return out;
}

describe('day counts vs QuantLib (generated date pairs)', () => {
  const cases = pairs(3000, 7);
  for (const dc of ['ACT/360', 'ACT/365F', 'ACT/ACT-ISDA', '30/360', '30E/360'] as DayCount[]) {
    it(dc, () => {
      const q = qlDayCounter(dc);
      let worst = 0;
      for (const [a, b] of cases) {
        const ours = yearFraction(dc, a, b);
        const theirs = q.yearFraction(toQL(a), toQL(b));
        worst = Math.max(worst, Math.abs(ours - theirs) / Math.max(1, Math.abs(theirs)));
        // (@quantlib/ql's Actual* dayCount returns milliseconds, so only 30/360 counts are compared.)
        if (dc.startsWith('30')) expect(dayCount(dc, a, b)).toBe(q.dayCount(toQL(a), toQL(b)));
        else expect(dayCount(dc, a, b)).toBe(b - a);
      }
      expect(worst).toBeLessThan(1e-14);
    });
  }

  it('ACT/ACT-ISMA with reference periods: regular, short and long stubs', () => {
    const q = qlDayCounter('ACT/ACT-ISMA');
    const r = rng(11);
    let worst = 0;
    for (let i = 0; i < 3000; i++) {
      const months = [1, 3, 6, 12][Math.floor(r() * 4)];
      const refStart = fromYMD(2000 + Math.floor(r() * 30), 1 + Math.floor(r() * 12), r() < 0.3 ? 28 : 1 + Math.floor(r() * 31) % 28);
      const refEnd = addMonths(refStart, months);
      const len = refEnd - refStart;
      // d1/d2 inside, before (long first stub) or after (long last stub) the reference period.
      const kind = Math.floor(r() * 3);
      let d1: CalendarDate, d2: CalendarDate;
      if (kind === 0) { d1 = addDays(refStart, Math.floor(r() * len)); d2 = addDays(d1, Math.floor(r() * (refEnd - d1)) + 1); }
      else if (kind === 1) { d1 = addDays(refStart, -Math.floor(r() * len) - 1); d2 = addDays(refStart, Math.floor(r() * len) + 1); }
      else { d1 = addDays(refStart, Math.floor(r() * len)); d2 = addDays(refEnd, Math.floor(r() * 2 * len) + 1); }
      const ours = yearFraction('ACT/ACT-ISMA', d1, d2, { refStart, refEnd });
      const theirs = q.yearFraction(toQL(d1), toQL(d2), toQL(refStart), toQL(refEnd));
      worst = Math.max(worst, Math.abs(ours - theirs));
    }
    expect(worst).toBeLessThan(1e-14);
  });

  it('30E/360 ISDA: month ends count as 30, February end kept at termination', () => {
    const y = (a: string, b: string, t?: string) => dayCount('30E/360-ISDA', fromISO(a), fromISO(b), t ? { terminationDate: fromISO(t) } : undefined);
    expect(y('2024-02-29', '2024-08-31')).toBe(180);
    expect(y('2023-02-28', '2023-08-31')).toBe(180);
    expect(y('2023-08-31', '2024-02-29')).toBe(180);
    expect(y('2023-08-31', '2024-02-29', '2024-02-29')).toBe(179);
    expect(y('2024-01-30', '2024-03-31')).toBe(60);
    expect(y('2024-01-15', '2024-02-15')).toBe(30);
  });

  it('ISDA 2006 examples and textbook values', () => {
    // ISDA ACT/ACT example: 2003-11-01 .. 2004-05-01 = 61/365 + 121/366.
    expect(yearFraction('ACT/ACT-ISDA', fromISO('2003-11-01'), fromISO('2004-05-01'))).toBeCloseTo(61 / 365 + 121 / 366, 15);
    // ICMA: semi-annual period 2003-11-01..2004-05-01, whole period = 0.5.
    expect(yearFraction('ACT/ACT-ISMA', fromISO('2003-11-01'), fromISO('2004-05-01'), { refStart: fromISO('2003-11-01'), refEnd: fromISO('2004-05-01') })).toBe(0.5);
    expect(dayCount('30/360', fromISO('2024-01-31'), fromISO('2024-03-31'))).toBe(60);
    expect(dayCount('30/360', fromISO('2024-01-29'), fromISO('2024-03-31'))).toBe(62);
    expect(dayCount('30E/360', fromISO('2024-01-29'), fromISO('2024-03-31'))).toBe(61);
  });

  it('parses names and aliases, rejects unknown ones', () => {
    expect(parseDayCount('act/365f')).toBe('ACT/365F');
    expect(parseDayCount('30/360')).toBe('30/360');
    expect(parseDayCount('ACT/ACT-ICMA')).toBe('ACT/ACT-ISMA');
    expect(() => parseDayCount('BUS/252')).toThrow(/unknown day count/);
  });

  it('reversed dates give the negative fraction', () => {
    expect(yearFraction('ACT/ACT-ISDA', fromISO('2025-03-01'), fromISO('2023-07-15'))).toBeCloseTo(-yearFraction('ACT/ACT-ISDA', fromISO('2023-07-15'), fromISO('2025-03-01')), 15);
    void ql;
  });
});

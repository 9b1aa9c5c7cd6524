import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { priceOne } from '../price-request';
import { type CalendarDate, addDays, addMonths, fromISO, fromYMD, toISO } from '../../dates/date';
import { type DayCount, yearFraction } from '../../dates/day-count';
import { ql, qlDayCounter, toQL } from '../../dates/testing/quantlib-peer';

type Out = Record<string, number[]> & { curve: [number, number][]; error?: string };
const RATE_DCS: DayCount[] = ['ACT/360', 'ACT/365F', '30/360', 'ACT/ACT-ISDA'];
const FREQ: Record<number, ql.Frequency> = { 1: ql.Frequency.Annual, 2: ql.Frequency.Semiannual, 4: ql.Frequency.Quarterly, 12: ql.Frequency.Monthly };

/** DF from the model's own `curve` output, log-linear, written out here independently of the engine. */
function dfFrom(curve: [number, number][], t: number): number {
  let i = 0;
  while (i < curve.length - 2 && curve[i + 1][0] <= t) i++;
  const [t0, z0] = curve[i], [t1, z1] = curve[i + 1];
  const l0 = -z0 * t0, l1 = -z1 * t1;
  return Math.exp(l0 + ((t - t0) / (t1 - t0)) * (l1 - l0));
}

/** Forward-rolled schedule dates of the section: D_k = S + k (12/f) months (clamped), then E. */
function forwardDates(s: CalendarDate, e: CalendarDate, f: number): CalendarDate[] {
  const out: CalendarDate[] = [];
  for (let k = 1; ; k++) {
    const d = addMonths(s, (12 / f) * k);
    if (d >= e) break;
    out.push(d);
  }
  return [...out, e];
}

// Generated curve: up to 4 deposits (any end date within a year, any section day count) and up
// to 8 swaps on the fixed grid (end = start + n periods), increasing random-walk rates incl.
// negative ones. Valuation dates keep day <= 28, where QuantLib's backward-rolled swap
// schedules coincide with the section's forward-rolled ones.
const caseArb = fc.record({
  y: fc.integer({ min: 2019, max: 2030 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }),
  depDays: fc.uniqueArray(fc.integer({ min: 1, max: 360 }), { minLength: 1, maxLength: 4 }),
  depDc: fc.array(fc.constantFrom(...RATE_DCS), { minLength: 4, maxLength: 4 }),
  fixedFrequency: fc.constantFrom(1, 2, 4, 12), fixedDc: fc.constantFrom(...RATE_DCS),
  swapPeriods: fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 8 }),
  level: fc.double({ min: -0.01, max: 0.08, noNaN: true }),
  steps: fc.array(fc.double({ min: -0.004, max: 0.004, noNaN: true }), { minLength: 12, maxLength: 12 }),
});

describe('bootstrap (PRICING-CLI) vs QuantLib PiecewiseYieldCurve<Discount, LogLinear>', () => {
  it('generated deposit + swap sets: pillars, discount factors, zero rates, interpolated points to 1e-12', () => {
    ql.Settings.evaluationDate.set(toQL(fromISO('2025-01-02')));
    fc.assert(fc.property(caseArb, (c) => {
      const v = fromYMD(c.y, c.m, c.d);
      const months = 12 / c.fixedFrequency;
      const depEnds = c.depDays.map((n) => addDays(v, n));
      const swapN = c.swapPeriods.filter((n) => !depEnds.includes(addMonths(v, months * n)));
      const swapEnds = swapN.map((n) => addMonths(v, months * n));
      let r = c.level;
      const rates = [...depEnds, ...swapEnds].map((_, i) => (r += c.steps[i % 12]));
      const instruments = [
        ...depEnds.map((e, i) => ({ type: 'deposit', endDate: toISO(e), rate: rates[i], dayCount: c.depDc[i] })),
        ...swapEnds.map((e, i) => ({ type: 'swap', endDate: toISO(e), rate: rates[depEnds.length + i], fixedFrequency: c.fixedFrequency, fixedDayCount: c.fixedDc })),
      ];
      const at = [0, toISO(addDays(v, 17)), 0.77, toISO(swapEnds.length ? swapEnds[0] : depEnds[0])];
      const out = priceOne({ model: 'bootstrap', valuationDate: toISO(v), instruments, at }) as Out;
      expect(out.error).toBeUndefined();

      ql.Settings.evaluationDate.set(toQL(v));
      const nullCal = new ql.NullCalendar(), U = ql.BusinessDayConvention.Unadjusted;
      const idx = new ql.IborIndex('FLT', new ql.Period().init2(FREQ[c.fixedFrequency]), 0, new ql.USDCurrency(), nullCal, U, false, qlDayCounter(c.fixedDc), new ql.Handle());
      const helpers = [
        ...depEnds.map((_, i) => new ql.DepositRateHelper().drhInit2(rates[i], new ql.Period().init1(c.depDays[i], ql.TimeUnit.Days), 0, nullCal, U, false, qlDayCounter(c.depDc[i]))),
        ...swapEnds.map((_, i) => new ql.SwapRateHelper().srhInit4(rates[depEnds.length + i], new ql.Period().init1(months * swapN[i], ql.TimeUnit.Months), nullCal,
          FREQ[c.fixedFrequency], U, qlDayCounter(c.fixedDc), idx, new ql.Handle(), new ql.Period().init1(0, ql.TimeUnit.Days), new ql.Handle(), 0)),
      ];
      const qc = new ql.PiecewiseYieldCurve(new ql.Discount(), new ql.LogLinear()).pwycInit2(toQL(v), helpers, new ql.Actual365Fixed(), 1e-14);
      const ends = [...depEnds, ...swapEnds];
      ends.forEach((e, i) => {
        expect(out.pillarTimes[i]).toBe((e - v) / 365);
        expect(Math.abs(out.discountFactors[i] / qc.discount1(toQL(e)) - 1)).toBeLessThan(1e-12);
        expect(Math.abs(out.zeroRates[i] + Math.log(out.discountFactors[i]) / out.pillarTimes[i])).toBeLessThan(1e-15);
      });
      out.atTimes.forEach((t, i) => expect(Math.abs(out.atDiscountFactors[i] / qc.discount2(t) - 1), `at ${i}`).toBeLessThan(1e-12));
      expect(out.atZeroRates[0]).toBe(out.curve[0][1]);

      // The section's equations hold on the returned `curve` (independent log-linear evaluation).
      ends.forEach((e, i) => {
        const t = (x: CalendarDate) => (x - v) / 365;
        if (i < depEnds.length) {
          expect(Math.abs(dfFrom(out.curve, t(e)) * (1 + rates[i] * yearFraction(c.depDc[i], v, e)) - 1)).toBeLessThan(1e-12);
        } else {
          const dates = forwardDates(v, e, c.fixedFrequency);
          let a = 0, prev = v;
          for (const d of dates) { a += yearFraction(c.fixedDc, prev, d) * dfFrom(out.curve, t(d)); prev = d; }
          expect(Math.abs(rates[i] * a - (1 - dfFrom(out.curve, t(e))))).toBeLessThan(1e-12);
        }
      });
    }), { numRuns: 30, seed: 20251123 });
  });

  it('swaps off the grid get a final short stub (independent check of the equations)', () => {
    const v = '2025-01-31';
    const instruments = [
      { type: 'deposit', endDate: '2025-04-30', rate: 0.02, dayCount: 'ACT/360' },
      { type: 'swap', endDate: '2026-08-15', rate: 0.022, fixedFrequency: 2, fixedDayCount: '30/360', floatFrequency: 4, floatDayCount: 'ACT/360' },
      { type: 'swap', endDate: '2028-01-31', rate: 0.024, fixedFrequency: 4, fixedDayCount: 'ACT/ACT-ISDA' },
    ];
    const out = priceOne({ model: 'bootstrap', valuationDate: v, instruments }) as Out;
    const vd = fromISO(v);
    for (const [k, inst] of instruments.entries()) {
      if (inst.type !== 'swap') continue;
      const e = fromISO(inst.endDate);
      const dates = forwardDates(vd, e, inst.fixedFrequency!);
      if (k === 1) expect(dates.map(toISO)).toEqual(['2025-07-31', '2026-01-31', '2026-07-31', '2026-08-15']);
      let a = 0, prev = vd;
      for (const d of dates) { a += yearFraction(inst.fixedDayCount as DayCount, prev, d) * dfFrom(out.curve, (d - vd) / 365); prev = d; }
      expect(Math.abs(inst.rate * a - (1 - dfFrom(out.curve, (e - vd) / 365)))).toBeLessThan(1e-13);
    }
    // Any input order gives the same curve; outputs follow the input order.
    const rev = priceOne({ model: 'bootstrap', valuationDate: v, instruments: [...instruments].reverse() }) as Out;
    expect(rev.discountFactors).toEqual([...out.discountFactors].reverse());
    expect(rev.curve).toEqual(out.curve);
    expect(out.curve[0]).toEqual([0, out.zeroRates[0]]);
  });

  it('refuses what the section refuses', () => {
    const ok = { model: 'bootstrap', valuationDate: '2025-01-15', instruments: [{ type: 'deposit', endDate: '2025-07-15', rate: 0.02, dayCount: 'ACT/360' }, { type: 'swap', endDate: '2027-01-15', rate: 0.025, fixedFrequency: 1, fixedDayCount: 'ACT/365F' }] };
    expect(priceOne(ok).error).toBeUndefined();
    const bad = (patch: (r: typeof ok) => unknown) => priceOne(patch(structuredClone(ok))).error as string;
    expect(bad((r) => { r.instruments[1].endDate = '2025-07-15'; return r; })).toMatch(/share|one date/);
    expect(bad((r) => { r.instruments[0].endDate = '2025-01-15'; return r; })).toMatch(/after valuationDate/);
    expect(bad((r) => { r.instruments[0].dayCount = 'ACT/ACT-ISMA'; return r; })).toMatch(/dayCount/);
    expect(bad((r) => { (r.instruments[1] as Record<string, unknown>).fixedFrequency = 3; return r; })).toMatch(/fixedFrequency/);
    expect(bad((r) => { r.instruments[0].type = 'fra'; return r; })).toMatch(/deposit or swap/);
    expect(bad((r) => ({ ...r, instruments: [] }))).toMatch(/instruments/);
    expect(bad((r) => ({ ...r, at: ['2027-02-01'] }))).toMatch(/no extrapolation/);
    expect(bad((r) => ({ ...r, at: [-1] }))).toMatch(/at\[0\]/);
    expect(bad((r) => { r.instruments[0].rate = -50; return r; })).toMatch(/positive/);
  });
});

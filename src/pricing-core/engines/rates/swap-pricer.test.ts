import { describe, expect, it } from 'vitest';
import { type CalendarDate, addDays, addMonths, fromISO } from '../../dates/date';
import type { DayCount } from '../../dates/day-count';
import { makeSwap } from '../../instruments/rates/swap';
import { DiscountCurve } from '../../market/curves/discount-curve';
import { priceSwap, swapPv01 } from './swap-pricer';
import { ql, qlDayCounter, rng, toQL } from '../../dates/testing/quantlib-peer';

const FREQ: Record<number, ql.Frequency> = { 1: ql.Frequency.Annual, 2: ql.Frequency.Semiannual, 4: ql.Frequency.Quarterly, 12: ql.Frequency.Monthly };

/** A QuantLib log-linear discount curve on the same nodes (integer days, ACT/365F). */
export function qlCurve(valuation: CalendarDate, days: number[], dfs: number[]) {
  const c = new ql.InterpolatedDiscountCurve(new ql.LogLinear()).curveInit3(days.map((d) => toQL(addDays(valuation, d))), dfs, new ql.Actual365Fixed()) as ql.YieldTermStructure;
  c.enableExtrapolation();
  return c;
}

describe('vanilla swap vs QuantLib VanillaSwap + DiscountingSwapEngine', () => {
  it('generated swaps on generated log-linear curves: leg PVs, NPV, par rate, BPS', () => {
    const r = rng(21);
    const worst: Record<string, number> = {};
    const note = (k: string, a: number, b: number) => { worst[k] = Math.max(worst[k] ?? 0, Math.abs(a - b) / Math.max(1, Math.abs(b))); };
    for (let i = 0; i < 60; i++) {
      const valuation = fromISO('2025-01-10');
      ql.Settings.evaluationDate.set(toQL(valuation));
      const days = [0, 30, 91, 182, 365, 730, 1095, 1825, 2555, 3650, 5475, 7300, 10950];
      const zs = days.map(() => 0.01 + 0.04 * r());
      const dfs = days.map((d, k) => Math.exp(-zs[k] * d / 365));
      const curve = new DiscountCurve({ times: days.map((d) => d / 365), discounts: dfs });
      const start = addDays(valuation, Math.floor(r() * 400));
      const end = r() < 0.5 ? addMonths(start, 12 * (1 + Math.floor(r() * 20))) : addDays(start, 100 + Math.floor(r() * 9000));
      const fixedFrequency = [1, 2, 4][Math.floor(r() * 3)];
      const floatFrequency = [1, 2, 4, 12][Math.floor(r() * 4)];
      const dcs: DayCount[] = ['ACT/360', 'ACT/365F', '30/360'];
      const fixedDayCount = ([...dcs, 'ACT/ACT-ISMA'] as DayCount[])[Math.floor(r() * 4)];
      const floatDayCount = dcs[Math.floor(r() * 3)];
      const fixedRate = 0.005 + 0.05 * r();
      const payer = r() < 0.5;
      const notional = 1e6 * (1 + Math.floor(r() * 100));
      const swap = makeSwap({ startDate: start, endDate: end, fixedFrequency, floatFrequency, fixedDayCount, floatDayCount, fixedRate, notional, payer });
      const ours = priceSwap(swap, { valuationDate: valuation, discount: curve });

      const qc = qlCurve(valuation, days, dfs);
      const h = new ql.Handle(qc);
      const sched = (f: number) => new ql.Schedule().init2(toQL(start), toQL(end), new ql.Period().init2(FREQ[f]), new ql.NullCalendar(),
        ql.BusinessDayConvention.Unadjusted, ql.BusinessDayConvention.Unadjusted, ql.DateGeneration.Rule.Forward, false);
      const index = new ql.IborIndex('TEST', new ql.Period().init2(FREQ[floatFrequency]), 0, new ql.USDCurrency(), new ql.NullCalendar(),
        ql.BusinessDayConvention.Unadjusted, false, qlDayCounter(floatDayCount), h);
      const qs = new ql.VanillaSwap(payer ? ql.VanillaSwap.Type.Payer : ql.VanillaSwap.Type.Receiver, notional, sched(fixedFrequency), fixedRate,
        qlDayCounter(fixedDayCount), sched(floatFrequency), index, 0, qlDayCounter(floatDayCount), ql.BusinessDayConvention.Unadjusted);
      qs.setPricingEngine(new ql.DiscountingSwapEngine(h));
      note('npv', ours.npv / notional, qs.NPV() / notional);
      note('fixedLegPv', ours.fixedLegPv / notional, Math.abs(qs.fixedLegNPV()) / notional);
      note('floatLegPv', ours.floatLegPv / notional, Math.abs(qs.floatingLegNPV()) / notional);
      note('bps', ours.bps / notional, Math.abs(qs.fixedLegBPS()) / notional);
      note('parRate', ours.parRate, qs.fairRate());
    }
    for (const [k, v] of Object.entries(worst)) expect(v, k).toBeLessThan(1e-10);
  });
});

describe('swap engine properties', () => {
  const valuation = fromISO('2025-01-10');
  const curve = DiscountCurve.fromZeroRates([[0, 0.03], [1, 0.031], [5, 0.035], [30, 0.04]]);
  const spec = { startDate: fromISO('2025-01-14'), endDate: fromISO('2035-01-14'), fixedFrequency: 2, floatFrequency: 4, fixedDayCount: '30/360' as DayCount, floatDayCount: 'ACT/360' as DayCount, fixedRate: 0.035, notional: 1e7, payer: true };
  it('at the par rate the NPV is zero; payer = -receiver', () => {
    const v = priceSwap(makeSwap(spec), { valuationDate: valuation, discount: curve });
    expect(priceSwap(makeSwap({ ...spec, fixedRate: v.parRate }), { valuationDate: valuation, discount: curve }).npv / spec.notional).toBeCloseTo(0, 14);
    expect(priceSwap(makeSwap({ ...spec, payer: false }), { valuationDate: valuation, discount: curve }).npv).toBeCloseTo(-v.npv, 6);
  });
  it('PV01 by bumping: a payer gains when rates rise, near the leg duration', () => {
    const sw = makeSwap(spec);
    const pv01 = swapPv01(sw, { valuationDate: valuation, discount: curve });
    expect(pv01).toBeGreaterThan(0);
    const bps = priceSwap(sw, { valuationDate: valuation, discount: curve }).bps;
    expect(pv01 / bps).toBeGreaterThan(0.85);
    expect(pv01 / bps).toBeLessThan(1.15);
  });
  it('amortisation: linear notionals reduce the annuity; the float leg follows', () => {
    const bullet = priceSwap(makeSwap(spec), { valuationDate: valuation, discount: curve });
    const lin = makeSwap({ ...spec, amortisation: { kind: 'linear' } });
    expect(lin.fixed.periods[0].notional).toBe(1e7);
    expect(lin.fixed.periods[19].notional).toBeCloseTo(5e5, 6);
    expect(lin.float.periods[39].notional).toBeCloseTo(5e5, 6);
    const v = priceSwap(lin, { valuationDate: valuation, discount: curve });
    expect(v.bps).toBeLessThan(bullet.bps * 0.6);
    expect(v.parRate).toBeGreaterThan(0.02);
  });
  it('dual curve: projecting off a higher curve raises the float leg', () => {
    const proj = DiscountCurve.fromZeroRates([[0, 0.035], [1, 0.036], [5, 0.04], [30, 0.045]]);
    const single = priceSwap(makeSwap(spec), { valuationDate: valuation, discount: curve });
    const dual = priceSwap(makeSwap(spec), { valuationDate: valuation, discount: curve, projection: proj });
    expect(dual.floatLegPv).toBeGreaterThan(single.floatLegPv);
    expect(dual.fixedLegPv).toBeCloseTo(single.fixedLegPv, 8);
  });
});

describe('OIS vs QuantLib OvernightIndexedSwap (daily compounding, null calendar)', () => {
  it('fixed vs compounded overnight leg: NPV, leg PVs and fair rate', () => {
    const r = rng(77);
    const valuation = fromISO('2025-06-20');
    ql.Settings.evaluationDate.set(toQL(valuation));
    const days = [0, 7, 30, 91, 182, 365, 730, 1095, 1825, 3650, 7300];
    const dfs = days.map((d) => Math.exp(-(0.03 + 0.015 * r()) * d / 365));
    const curve = new DiscountCurve({ times: days.map((d) => d / 365), discounts: dfs });
    const qc = qlCurve(valuation, days, dfs);
    const h = new ql.Handle(qc);
    const sofr = new ql.OvernightIndex('SOFR', 0, new ql.USDCurrency(), new ql.NullCalendar(), new ql.Actual360(), h);
    for (let i = 0; i < 5; i++) {
      const start = addDays(valuation, 2 + Math.floor(r() * 30));
      const end = addMonths(start, 12 * (1 + Math.floor(r() * 5)));
      const fixedRate = 0.03 + 0.01 * r();
      const ours = priceSwap(makeSwap({ startDate: start, endDate: end, fixedFrequency: 1, floatFrequency: 1, fixedDayCount: 'ACT/360', floatDayCount: 'ACT/360', fixedRate, notional: 1e8, payer: true, floatIndex: 'compounded' }),
        { valuationDate: valuation, discount: curve });
      const sched = new ql.Schedule().init2(toQL(start), toQL(end), new ql.Period().init2(ql.Frequency.Annual), new ql.NullCalendar(),
        ql.BusinessDayConvention.Unadjusted, ql.BusinessDayConvention.Unadjusted, ql.DateGeneration.Rule.Forward, false);
      const ois = new ql.OvernightIndexedSwap().oisInit1(ql.OvernightIndexedSwap.Type.Payer, 1e8, sched, fixedRate, new ql.Actual360(), sofr, 0, 0,
        ql.BusinessDayConvention.Unadjusted, new ql.NullCalendar(), false);
      ois.setPricingEngine(new ql.DiscountingSwapEngine(h));
      expect(Math.abs(ours.npv - ois.NPV()) / 1e8).toBeLessThan(1e-10);
      expect(Math.abs(ours.floatLegPv - Math.abs(ois.overnightLegNPV())) / 1e8).toBeLessThan(1e-10);
      expect(Math.abs(ours.parRate - ois.fairRate())).toBeLessThan(1e-10);
    }
  });
});

describe('seasoned swaps: past fixings (vs QuantLib index fixings)', () => {
  it('term index, fixing lag 2 days: started periods use the stored fixing; NPV equals VanillaSwap', async () => {
    const { NULL_CALENDAR } = await import('../../dates/calendar');
    const { fixingsFrom } = await import('./swap-pricer');
    const { toISO } = await import('../../dates/date');
    const r = rng(404);
    for (let i = 0; i < 12; i++) {
      const start = fromISO('2024-03-11');
      const valuation = addDays(start, 10 + Math.floor(r() * 500));
      ql.Settings.evaluationDate.set(toQL(valuation));
      const end = addMonths(start, 12 * (2 + Math.floor(r() * 4)));
      const days = [0, 30, 91, 182, 365, 730, 1095, 1825, 2555];
      const dfs = days.map((d) => Math.exp(-(0.02 + 0.02 * r()) * d / 365));
      const curve = new DiscountCurve({ times: days.map((d) => d / 365), discounts: dfs });
      const record: Record<string, number> = {};
      const swap = makeSwap({ startDate: start, endDate: end, fixedFrequency: 1, floatFrequency: 4, fixedDayCount: 'ACT/365F', floatDayCount: 'ACT/360', fixedRate: 0.03, notional: 1e8, payer: true, fixingLag: 2, fixingCalendar: NULL_CALENDAR, spread: 0.001 });
      const qc = qlCurve(valuation, days, dfs);
      const h = new ql.Handle(qc);
      const index = new ql.IborIndex('TST3M', new ql.Period().init1(3, ql.TimeUnit.Months), 2, new ql.USDCurrency(), new ql.NullCalendar(),
        ql.BusinessDayConvention.Unadjusted, false, new ql.Actual360(), h);
      index.clearFixings();
      for (const p of swap.float.periods) {
        if (p.fixingDate! < valuation) {
          const fix = 0.01 + 0.03 * r();
          record[toISO(p.fixingDate!)] = fix;
          index.addFixing(toQL(p.fixingDate!), fix);
        }
      }
      const ours = priceSwap(swap, { valuationDate: valuation, discount: curve, fixings: fixingsFrom(record) });
      const sched = (f: ql.Frequency) => new ql.Schedule().init2(toQL(start), toQL(end), new ql.Period().init2(f), new ql.NullCalendar(),
        ql.BusinessDayConvention.Unadjusted, ql.BusinessDayConvention.Unadjusted, ql.DateGeneration.Rule.Forward, false);
      const qs = new ql.VanillaSwap(ql.VanillaSwap.Type.Payer, 1e8, sched(ql.Frequency.Annual), 0.03, new ql.Actual365Fixed(), sched(ql.Frequency.Quarterly), index, 0.001, new ql.Actual360(), ql.BusinessDayConvention.Unadjusted);
      qs.setPricingEngine(new ql.DiscountingSwapEngine(h));
      expect(Math.abs(ours.npv - qs.NPV()) / 1e8).toBeLessThan(1e-10);
      // A fixing that is needed but missing is an error naming its date (the latest one belongs
      // to the current period, which is not paid yet).
      const missing = Object.keys(record).sort().at(-1);
      if (missing) {
        const { [missing]: _, ...rest } = record;
        expect(() => priceSwap(swap, { valuationDate: valuation, discount: curve, fixings: fixingsFrom(rest) })).toThrow(new RegExp(missing));
      }
    }
  });

  it('compounded overnight, daily resets, payment lag 2: NPV equals OvernightIndexedSwap with past fixings', async () => {
    const { NULL_CALENDAR } = await import('../../dates/calendar');
    const { fixingsFrom } = await import('./swap-pricer');
    const { toISO } = await import('../../dates/date');
    const r = rng(515);
    const start = fromISO('2024-09-16');
    for (let i = 0; i < 6; i++) {
      const valuation = addDays(start, 5 + Math.floor(r() * 600));
      ql.Settings.evaluationDate.set(toQL(valuation));
      const end = addMonths(start, 12 * (2 + Math.floor(r() * 3)));
      const days = [0, 7, 30, 91, 182, 365, 730, 1095, 1825];
      const dfs = days.map((d) => Math.exp(-(0.03 + 0.015 * r()) * d / 365));
      const curve = new DiscountCurve({ times: days.map((d) => d / 365), discounts: dfs });
      const h = new ql.Handle(qlCurve(valuation, days, dfs));
      const sofr = new ql.OvernightIndex('SOFRT', 0, new ql.USDCurrency(), new ql.NullCalendar(), new ql.Actual360(), h);
      sofr.clearFixings();
      const record: Record<string, number> = {};
      for (let d = start; d < valuation; d = addDays(d, 1)) {
        const fix = 0.03 + 0.02 * r();
        record[toISO(d)] = fix;
        sofr.addFixing(toQL(d), fix);
      }
      const swap = makeSwap({ startDate: start, endDate: end, fixedFrequency: 1, floatFrequency: 1, fixedDayCount: 'ACT/360', floatDayCount: 'ACT/360', fixedRate: 0.035, notional: 1e8, payer: false,
        floatIndex: 'compounded', paymentLag: 2, paymentCalendar: NULL_CALENDAR, resets: { step: 'daily', calendar: NULL_CALENDAR, fixingLag: 0 } });
      const ours = priceSwap(swap, { valuationDate: valuation, discount: curve, fixings: fixingsFrom(record) });
      const sched = new ql.Schedule().init2(toQL(start), toQL(end), new ql.Period().init2(ql.Frequency.Annual), new ql.NullCalendar(),
        ql.BusinessDayConvention.Unadjusted, ql.BusinessDayConvention.Unadjusted, ql.DateGeneration.Rule.Forward, false);
      const ois = new ql.OvernightIndexedSwap().oisInit1(ql.OvernightIndexedSwap.Type.Receiver, 1e8, sched, 0.035, new ql.Actual360(), sofr, 0, 2,
        ql.BusinessDayConvention.Unadjusted, new ql.NullCalendar(), false);
      ois.setPricingEngine(new ql.DiscountingSwapEngine(h));
      expect(Math.abs(ours.npv - ois.NPV()) / 1e8).toBeLessThan(1e-10);
    }
  });

  it('weekly compounded (FR007 style): past resets fixed the business day before, the rest projected', async () => {
    const { HolidayCalendar } = await import('../../dates/calendar');
    const { HOLIDAY_SEED } = await import('../../dates/holiday-seed');
    const { addBusinessDays } = await import('../../dates/business-day');
    const { fixingsFrom, swapCashflows } = await import('./swap-pricer');
    const { toISO } = await import('../../dates/date');
    const cny = HolidayCalendar.fromData(HOLIDAY_SEED.CNY);
    const start = fromISO('2025-04-21'), valuation = fromISO('2025-05-12');
    const swap = makeSwap({ startDate: start, endDate: fromISO('2026-04-21'), fixedFrequency: 4, floatFrequency: 4, fixedDayCount: 'ACT/365F', floatDayCount: 'ACT/365F', fixedRate: 0.016, notional: 1e8, payer: true,
      floatIndex: 'compounded', calendar: cny, convention: 'ModifiedFollowing', resets: { step: 7, calendar: cny, fixingLag: 1 } });
    const curve = DiscountCurve.fromZeroRates([[0, 0.015], [1, 0.016], [2, 0.017]]);
    // Resets 04-21, 04-28, 05-05, 05-12 (fixed on 04-18 (Fri), 04-27 (a CNY make-up Sunday), 04-30, 05-09).
    const record = { '2025-04-18': 0.017, '2025-04-27': 0.018, '2025-04-30': 0.021, '2025-05-09': 0.016 };
    expect(toISO(addBusinessDays(cny, fromISO('2025-04-28'), -1))).toBe('2025-04-27');
    const first = swap.float.periods[0];
    const tau = (a: string, b: string) => (fromISO(b) - fromISO(a)) / 365;
    // 05-12's fixing (dated 05-09 < valuation) is known too: projection starts at 05-19.
    const known = (1 + 0.017 * tau('2025-04-21', '2025-04-28')) * (1 + 0.018 * tau('2025-04-28', '2025-05-05')) * (1 + 0.021 * tau('2025-05-05', '2025-05-12')) * (1 + 0.016 * tau('2025-05-12', '2025-05-19'));
    const t = (d: CalendarDate) => (d - valuation) / 365;
    const expected = 1e8 * (known * curve.discount(t(fromISO('2025-05-19'))) / curve.discount(t(first.end)) - 1);
    const rows = swapCashflows(swap, { valuationDate: valuation, discount: curve, fixings: fixingsFrom(record) });
    const row = rows.find((x) => x.leg === 'float' && x.start === first.start)!;
    expect(row.amount).toBeCloseTo(expected, 6);
    expect(row.rateSource).toBe('partlyFixed');
    expect(row.pv).toBeCloseTo(expected * curve.discount(t(first.payment)), 6);
    expect(rows.filter((x) => x.leg === 'fixed').every((x) => x.amount < 0)).toBe(true);
    // Leg sums of the rows are the pricer's leg PVs.
    const v = priceSwap(swap, { valuationDate: valuation, discount: curve, fixings: fixingsFrom(record) });
    expect(rows.reduce((s, x) => s + x.pv, 0)).toBeCloseTo(v.npv, 6);
    expect(() => priceSwap(swap, { valuationDate: valuation, discount: curve, fixings: fixingsFrom({ '2025-04-18': 0.017 }) })).toThrow(/2025-04-27/);
  });

  it('latestOnOrBefore fixings (LPR, published monthly)', async () => {
    const { fixingsFrom } = await import('./swap-pricer');
    const f = fixingsFrom({ '2025-05-20': 0.03, '2025-06-20': 0.029 }, 'latestOnOrBefore');
    expect(f(fromISO('2025-06-19'))).toBe(0.03);
    expect(f(fromISO('2025-06-20'))).toBe(0.029);
    expect(f(fromISO('2025-05-19'))).toBeUndefined();
  });
});

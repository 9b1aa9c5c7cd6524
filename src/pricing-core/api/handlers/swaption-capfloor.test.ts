import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { priceOne } from '../price-request';
import { type CalendarDate, addDays, addMonths, fromYMD, toISO } from '../../dates/date';
import type { DayCount } from '../../dates/day-count';
import { ql, qlDayCounter, toQL } from '../../dates/testing/quantlib-peer';

const DCS: DayCount[] = ['ACT/360', 'ACT/365F', '30/360', 'ACT/ACT-ISDA'];
const FREQ: Record<number, ql.Frequency> = { 1: ql.Frequency.Annual, 2: ql.Frequency.Semiannual, 4: ql.Frequency.Quarterly, 12: ql.Frequency.Monthly };
type Out = Record<string, number> & { error?: string; capletNpvs: number[]; forwards: number[] };

/** A curve of [t, z] nodes (the request form) and the same curve in QuantLib (log-linear DFs). */
function curves(v: CalendarDate, level: number, steps: number[]) {
  const days = [0, 30, 91, 182, 365, 730, 1095, 1825, 2555, 3650, 5475, 7300, 11000];
  let z = level;
  const zs = days.map((_, i) => (z += steps[i % steps.length]));
  const nodes = days.map((d, i) => [d / 365, zs[i]] as [number, number]);
  const qc = new ql.InterpolatedDiscountCurve(new ql.LogLinear()).curveInit3(days.map((d) => toQL(addDays(v, d))), nodes.map(([t, r]) => Math.exp(-r * t)), new ql.Actual365Fixed()) as ql.YieldTermStructure;
  return { nodes, handle: new ql.Handle(qc) };
}

const sched = (s: CalendarDate, e: CalendarDate, f: number) => new ql.Schedule().init2(toQL(s), toQL(e), new ql.Period().init2(FREQ[f]), new ql.NullCalendar(),
  ql.BusinessDayConvention.Unadjusted, ql.BusinessDayConvention.Unadjusted, ql.DateGeneration.Rule.Forward, false);

const marketArb = fc.record({
  y: fc.integer({ min: 2020, max: 2030 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 31 }),
  level: fc.double({ min: -0.01, max: 0.06, noNaN: true }),
  steps: fc.array(fc.double({ min: -0.003, max: 0.003, noNaN: true }), { minLength: 13, maxLength: 13 }),
  volType: fc.constantFrom<'black' | 'normal'>('black', 'normal'),
  volB: fc.double({ min: 0.05, max: 0.8, noNaN: true }), volN: fc.double({ min: 0.001, max: 0.02, noNaN: true }),
  strikeOffset: fc.double({ min: -0.015, max: 0.015, noNaN: true }),
});

describe('swaption (PRICING-CLI) vs QuantLib Swaption + BlackSwaptionEngine / BachelierSwaptionEngine', () => {
  it('generated swaptions incl. negative rates with shifts: npv, forward, annuity (1e-9 of notional / 1e-12), delta and vega by the engine identities', () => {
    fc.assert(fc.property(marketArb, fc.record({
      expiryDays: fc.integer({ min: 7, max: 3650 }), lagDays: fc.integer({ min: 0, max: 5 }), years: fc.integer({ min: 1, max: 15 }), stubDays: fc.integer({ min: 0, max: 100 }),
      fixedFrequency: fc.constantFrom(1, 2, 4, 12), floatFrequency: fc.constantFrom(1, 2, 4, 12), fixedDc: fc.constantFrom(...DCS), floatDc: fc.constantFrom(...DCS), payer: fc.boolean(),
    }), (mk, c) => {
      const v = fromYMD(mk.y, mk.m, Math.min(mk.d, 28));
      ql.Settings.evaluationDate.set(toQL(v));
      const { nodes, handle } = curves(v, mk.level, mk.steps);
      const expiry = addDays(v, c.expiryDays), start = addDays(expiry, c.lagDays), end = addDays(addMonths(start, 12 * c.years), c.stubDays);
      const notional = 1e7;
      const shift = mk.volType === 'black' ? Math.max(0, 0.03 - mk.level) : 0;
      // Strike around the curve level (kept above -shift for the lognormal model).
      const strike = Math.max(mk.level + mk.strikeOffset, -shift + 0.002);
      const vol = mk.volType === 'black' ? mk.volB : mk.volN;
      const out = priceOne({
        model: 'swaption', valuationDate: toISO(v), expiryDate: toISO(expiry), startDate: toISO(start), endDate: toISO(end), curve: nodes,
        fixedFrequency: c.fixedFrequency, fixedDayCount: c.fixedDc, floatFrequency: c.floatFrequency, floatDayCount: c.floatDc,
        notional, strike, payer: c.payer, volType: mk.volType, vol, ...(mk.volType === 'black' ? { shift } : {}),
      }) as Out;
      if (out.error) {
        // Only a lognormal forward below -shift may be refused.
        expect(out.error).toMatch(/forward \+ shift/);
        return;
      }
      const index = new ql.IborIndex('FLT', new ql.Period().init2(FREQ[c.floatFrequency]), 0, new ql.USDCurrency(), new ql.NullCalendar(), ql.BusinessDayConvention.Unadjusted, false, qlDayCounter(c.floatDc), handle);
      const swap = new ql.VanillaSwap(c.payer ? ql.VanillaSwap.Type.Payer : ql.VanillaSwap.Type.Receiver, notional, sched(start, end, c.fixedFrequency), strike, qlDayCounter(c.fixedDc),
        sched(start, end, c.floatFrequency), index, 0, qlDayCounter(c.floatDc), ql.BusinessDayConvention.Unadjusted);
      swap.setPricingEngine(new ql.DiscountingSwapEngine(handle));
      const qs = new ql.Swaption(swap, new ql.EuropeanExercise(toQL(expiry)));
      const engine = mk.volType === 'black'
        ? new ql.BlackSwaptionEngine().bseInit1(handle, vol, new ql.Actual365Fixed(), shift)
        : new ql.BachelierSwaptionEngine().bseInit1(handle, vol, new ql.Actual365Fixed());
      qs.setPricingEngine(engine);
      expect(Math.abs(out.npv - qs.NPV()) / notional).toBeLessThan(1e-9);
      expect(Math.abs(out.forwardSwapRate - swap.fairRate())).toBeLessThan(1e-12);
      expect(Math.abs(out.annuity - Math.abs(swap.fixedLegBPS()) * 1e4) / notional).toBeLessThan(1e-12);
      // delta = dnpv/dF at fixed annuity, vega = dnpv/dvol: check against QuantLib's own NPV.
      const T = (expiry - v) / 365;
      const h = 1e-6 * vol;
      const at = (vv: number) => {
        const e = mk.volType === 'black' ? new ql.BlackSwaptionEngine().bseInit1(handle, vv, new ql.Actual365Fixed(), shift) : new ql.BachelierSwaptionEngine().bseInit1(handle, vv, new ql.Actual365Fixed());
        qs.setPricingEngine(e);
        return qs.NPV();
      };
      expect(Math.abs(out.vega - (at(vol + h) - at(vol - h)) / (2 * h)) / notional).toBeLessThan(1e-7 * Math.max(1, Math.sqrt(T)));
      const w = c.payer ? 1 : -1;
      const d1 = mk.volType === 'black'
        ? (Math.log((out.forwardSwapRate + shift) / (strike + shift)) + 0.5 * vol * vol * T) / (vol * Math.sqrt(T))
        : (out.forwardSwapRate - strike) / (vol * Math.sqrt(T));
      const N = (x: number) => 0.5 * (1 + erf(x / Math.SQRT2));
      expect(out.delta / out.annuity).toBeCloseTo(w * N(w * d1), 9);
    }), { numRuns: 80, seed: 4242 });
  });

  it('payer - receiver = annuity x (F - K) (parity), and refusals', () => {
    const base = { model: 'swaption', valuationDate: '2025-03-10', expiryDate: '2026-03-10', startDate: '2026-03-12', endDate: '2031-03-12', curve: [[0, -0.002], [1, -0.001], [5, 0.004], [10, 0.008]],
      fixedFrequency: 1, fixedDayCount: '30/360', notional: 1e8, strike: 0.001, payer: true, volType: 'normal', vol: 0.006 };
    const p = priceOne(base) as Out, r = priceOne({ ...base, payer: false }) as Out;
    expect((p.npv - r.npv) / 1e8).toBeCloseTo(p.annuity * (p.forwardSwapRate - 0.001) / 1e8, 12);
    expect(priceOne({ ...base, shift: 0.01 }).error).toMatch(/shift/);
    expect(priceOne({ ...base, volType: 'black', vol: 0.3, strike: -0.001 }).error).toMatch(/strike \+ shift/);
    expect(priceOne({ ...base, volType: 'black', vol: 0.3, strike: -0.001, shift: 0.01 }).error).toBeUndefined();
    expect(priceOne({ ...base, expiryDate: '2026-03-13' }).error).toMatch(/expiryDate <= startDate/);
    expect(priceOne({ ...base, endDate: '2036-03-12' }).error).toMatch(/no extrapolation/);
    expect(priceOne({ ...base, fixedDayCount: 'ACT/ACT-ISMA' }).error).toMatch(/fixedDayCount/);
    expect(priceOne({ ...base, volType: 'lognormal' }).error).toMatch(/volType/);
  });
});

describe('capFloor (PRICING-CLI) vs QuantLib CapFloor + BlackCapFloorEngine (normal: bachelierBlackFormula on QuantLib coupons)', () => {
  it('generated caps and floors incl. negative rates with shifts: every caplet, forwards, npv and vega', () => {
    fc.assert(fc.property(marketArb, fc.record({
      startDays: fc.constantFrom(0, 0, 3, 45, 400), years: fc.integer({ min: 1, max: 10 }), stubDays: fc.integer({ min: 0, max: 60 }),
      frequency: fc.constantFrom(1, 2, 4, 12), dc: fc.constantFrom(...DCS), type: fc.constantFrom<'cap' | 'floor'>('cap', 'floor'),
    }), (mk, c) => {
      const v = fromYMD(mk.y, mk.m, Math.min(mk.d, 28));
      ql.Settings.evaluationDate.set(toQL(v));
      const { nodes, handle } = curves(v, mk.level, mk.steps);
      const start = addDays(v, c.startDays), end = addDays(addMonths(start, 12 * c.years), c.stubDays);
      const notional = 1e6;
      const shift = mk.volType === 'black' ? Math.max(0, 0.03 - mk.level) : 0;
      const strike = Math.max(mk.level + mk.strikeOffset, -shift + 0.002);
      const vol = mk.volType === 'black' ? mk.volB : mk.volN;
      const out = priceOne({
        model: 'capFloor', valuationDate: toISO(v), startDate: toISO(start), endDate: toISO(end), frequency: c.frequency, dayCount: c.dc, curve: nodes,
        notional, strike, type: c.type, volType: mk.volType, vol, ...(mk.volType === 'black' ? { shift } : {}),
      }) as Out;
      if (out.error) { expect(out.error).toMatch(/forward \+ shift/); return; }
      const index = new ql.IborIndex('FLT', new ql.Period().init2(FREQ[c.frequency]), 0, new ql.USDCurrency(), new ql.NullCalendar(), ql.BusinessDayConvention.Unadjusted, false, qlDayCounter(c.dc), handle);
      const leg = new ql.IborLeg(sched(start, end, c.frequency), index).withNotionals1(notional).withPaymentDayCounter(qlDayCounter(c.dc)).withFixingDays1(0).withPaymentAdjustment(ql.BusinessDayConvention.Unadjusted).f();
      const cf = c.type === 'cap' ? new ql.Cap(leg, [strike]) : new ql.Floor(leg, [strike]);
      // QuantLib's caplet i: BlackCapFloorEngine for lognormal vols. The port's
      // BachelierCapFloorEngine is broken (it evaluates the Black formula with the normal vol:
      // checked, its caplets equal blackFormula, and it throws for forwards <= 0), so normal
      // caplets are QuantLib's bachelierBlackFormula x notional x accrual x DF(payment) on
      // QuantLib's own coupon (forward, accrual, fixing and payment dates).
      const qlCaplet = (i: number, vv: number) => {
        if (mk.volType === 'black') {
          const opt = cf.optionlet(i);
          opt.setPricingEngine(new ql.BlackCapFloorEngine().init1(handle, vv, new ql.Actual365Fixed(), shift));
          return opt.NPV();
        }
        const cpn = leg[i] as unknown as ql.FloatingRateCoupon;
        const T = (cpn.fixingDate().valueOf() - toQL(v).valueOf()) / 86_400_000 / 365;
        const w = c.type === 'cap' ? ql.Option.Type.Call : ql.Option.Type.Put;
        return notional * cpn.accrualPeriod() * handle.currentLink().discount1(cpn.date()) * ql.bachelierBlackFormula1(w, strike, cpn.rate(), vv * Math.sqrt(T), 1);
      };
      expect(out.capletNpvs.length).toBe(leg.length);
      let total = 0;
      out.capletNpvs.forEach((npv, i) => {
        if (i === 0 && c.startDays === 0) {
          expect(npv).toBe(0); // fixes today: excluded (QuantLib would value it at intrinsic)
          return;
        }
        expect(Math.abs(out.forwards[i] - (leg[i] as unknown as ql.FloatingRateCoupon).rate())).toBeLessThan(1e-12);
        const peer = qlCaplet(i, vol);
        expect(Math.abs(npv - peer) / notional, `caplet ${i}`).toBeLessThan(1e-9);
        total += npv;
      });
      expect(out.npv).toBeCloseTo(total, 9);
      // vega: d npv / d vol of QuantLib's strip without the excluded caplet
      const strip = (vv: number) => out.capletNpvs.reduce((s, _, i) => (i === 0 && c.startDays === 0 ? s : s + qlCaplet(i, vv)), 0);
      const h = 1e-6 * vol;
      expect(Math.abs(out.vega - (strip(vol + h) - strip(vol - h)) / (2 * h)) / notional).toBeLessThan(1e-6);
    }), { numRuns: 50, seed: 777 });
  });

  it('cap - floor = the swap (float minus fixed at the strike) caplet by caplet, the excluded period aside', () => {
    const curve: [number, number][] = [[0, -0.004], [1, -0.002], [3, 0.001], [6, 0.004]];
    const base = { model: 'capFloor', valuationDate: '2025-06-02', startDate: '2025-06-02', endDate: '2030-06-02', frequency: 4, dayCount: 'ACT/360',
      curve, notional: 1e7, strike: 0.0005 };
    const v = fromYMD(2025, 6, 2);
    // log-linear DF from the request's nodes, written out here
    const df = (t: number) => {
      let i = 0;
      while (i < curve.length - 2 && curve[i + 1][0] <= t) i++;
      const [t0, z0] = curve[i], [t1, z1] = curve[i + 1];
      return Math.exp(-z0 * t0 + ((t - t0) / (t1 - t0)) * (-z1 * t1 + z0 * t0));
    };
    for (const vol of [{ volType: 'black', vol: 0.3, shift: 0.02 }, { volType: 'normal', vol: 0.007 }]) {
      const cap = priceOne({ ...base, ...vol, type: 'cap' }) as Out, floor = priceOne({ ...base, ...vol, type: 'floor' }) as Out;
      expect(cap.capletNpvs[0]).toBe(0);
      expect(floor.capletNpvs[0]).toBe(0);
      let s = v;
      cap.capletNpvs.forEach((c, i) => {
        const e = addMonths(v, 3 * (i + 1));
        const tau = (e - s) / 360;
        if (i > 0) expect((c - floor.capletNpvs[i]) / 1e7).toBeCloseTo(tau * df((e - v) / 365) * (cap.forwards[i] - 0.0005), 13);
        expect(cap.forwards[i]).toBeCloseTo((df((s - v) / 365) / df((e - v) / 365) - 1) / tau, 13);
        s = e;
      });
    }
    expect(priceOne({ ...base, type: 'collar', volType: 'normal', vol: 0.01 }).error).toMatch(/cap or floor/);
    expect(priceOne({ ...base, startDate: '2025-06-01', type: 'cap', volType: 'normal', vol: 0.01 }).error).toMatch(/startDate/);
    expect(priceOne({ ...base, volType: 'normal', vol: 0.01, shift: 0.01, type: 'cap' }).error).toMatch(/shift/);
    expect(priceOne({ ...base, volType: 'black', vol: 0.3, type: 'cap' }).error).toMatch(/shift/);
    expect(priceOne({ ...base, endDate: '2031-06-03', volType: 'normal', vol: 0.01, type: 'cap' }).error).toMatch(/no extrapolation/);
  });
});

/** erf by the core's normal distribution (N(x) = (1 + erf(x / sqrt 2)) / 2). */
function erf(x: number): number {
  // Abramowitz-Stegun 7.1.26 is too coarse for 1e-9: use the identity with normCdf instead.
  return 2 * normCdfLocal(x * Math.SQRT2) - 1;
}
import { normCdf as normCdfLocal } from '../../math/normal';

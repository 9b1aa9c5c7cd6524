import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type CalendarDate, addDays, addMonths, fromISO, fromYMD } from '../../dates/date';
import { type CnBond, type CnCouponFrequency, cnBondSchedule, cnCouponSchedule, cnFixedBond } from '../../instruments/rates/cn-bond';
import { cnSettlementView, daysExcludingLeapDays, priceCnBond } from './cn-bond';
import { priceFixedBond } from './fixed-bond-yield';
import { QL_FREQ, ql, qlAnalytics, qlCnFixedBond, qlIsma } from '../../testing/quantlib-bonds';
import { rng } from '../../dates/testing/quantlib-peer';

// Day counts computed independently of our date library.
const days = (a: string, b: string) => (Date.UTC(+b.slice(0, 4), +b.slice(5, 7) - 1, +b.slice(8)) - Date.UTC(+a.slice(0, 4), +a.slice(5, 7) - 1, +a.slice(8))) / 86_400_000;
const bond = (issue: string, maturity: string, coupon: number, f: CnCouponFrequency, face = 100): CnBond => cnFixedBond(fromISO(issue), fromISO(maturity), coupon, f, face);
const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(1e-300, Math.abs(b));

describe('cnBond schedule', () => {
  it('rolls back from maturity with end-of-month clamping, each date from maturity', () => {
    const s = cnCouponSchedule(fromISO('2020-08-31'), fromISO('2022-08-31'), 2).map((d) => new Date(d * 864e5).toISOString().slice(0, 10));
    expect(s).toEqual(['2020-08-31', '2021-02-28', '2021-08-31', '2022-02-28', '2022-08-31']);
    // A 29 February maturity: the prior anniversaries are 28 February.
    expect(cnCouponSchedule(fromISO('2021-02-28'), fromISO('2024-02-29'), 1).length).toBe(4);
  });
  it('refuses an issue date off the grid', () => {
    expect(() => cnCouponSchedule(fromISO('2020-01-10'), fromISO('2025-06-15'), 1)).toThrow(/not a coupon date/);
  });
});

describe('cnBond: published formulas, hand-computed cases', () => {
  // 2024 book-entry CGB (12th issue): 2 years, 1.67 %, interest from 2024-06-15, annual
  // (Ministry of Finance reopening notice of 2024-08-05). Last coupon period from 2025-06-15.
  const b = bond('2024-06-15', '2026-06-15', 0.0167, 1);
  it('final coupon period: simple formula with TY = 365', () => {
    const S = '2025-09-01';
    const D = days(S, '2026-06-15'), TY = days('2025-06-15', '2026-06-15');
    expect(TY).toBe(365);
    const y = 0.015;
    const a = priceCnBond(b, fromISO(S), { yield: y });
    expect(a.remainingCoupons).toBe(1);
    expect(a.regime).toBe('simple');
    expect(rel(a.dirtyPrice, 101.67 / (1 + (y * D) / TY))).toBeLessThan(1e-14);
    expect(rel(a.accrued, (1.67 * days('2025-06-15', S)) / 365)).toBeLessThan(1e-14);
    expect(rel(a.modifiedDuration, D / TY / (1 + (y * D) / TY))).toBeLessThan(1e-14);
    expect(rel(a.convexity, (2 * (D / TY) ** 2) / (1 + (y * D) / TY) ** 2)).toBeLessThan(1e-14);
    // Closed-form yield from price: y = (FV - PV)/PV / (D/TY).
    const back = priceCnBond(b, fromISO(S), { cleanPrice: a.cleanPrice });
    expect(Math.abs(back.yield - y)).toBeLessThan(1e-15);
  });
  it('compounded formula with d/TS + i before the final period', () => {
    const S = '2024-11-20';
    const y = 0.0155;
    const d = days(S, '2025-06-15'), TS = days('2024-06-15', '2025-06-15');
    const expected = 1.67 / (1 + y) ** (d / TS) + 101.67 / (1 + y) ** (d / TS + 1);
    const a = priceCnBond(b, fromISO(S), { yield: y });
    expect(a.remainingCoupons).toBe(2);
    expect(rel(a.dirtyPrice, expected)).toBeLessThan(1e-14);
    expect(rel(a.accrued, (1.67 * days('2024-06-15', S)) / TS)).toBeLessThan(1e-14);
  });
  it('leap years: 29 February counted in TS and t; TY = 366 in the final period', () => {
    // Annual bond, period 2023-06-15 .. 2024-06-15 holds 29 Feb 2024: TS = 366.
    const lb = bond('2022-06-15', '2025-06-15', 0.03, 1);
    const a = priceCnBond(lb, fromISO('2024-03-01'), { yield: 0.025 });
    expect(days('2023-06-15', '2024-06-15')).toBe(366);
    expect(rel(a.accrued, (3 * days('2023-06-15', '2024-03-01')) / 366)).toBeLessThan(1e-14);
    // Final period whose interest year holds 29 Feb 2028: TY = 366.
    const lb2 = bond('2025-03-10', '2028-03-10', 0.02, 2);
    const S = '2027-12-01';
    const TY = days('2027-03-10', '2028-03-10');
    expect(TY).toBe(366);
    const p = priceCnBond(lb2, fromISO(S), { yield: 0.018 });
    expect(p.remainingCoupons).toBe(1);
    expect(rel(p.dirtyPrice, 101 / (1 + (0.018 * days(S, '2028-03-10')) / 366))).toBeLessThan(1e-14);
  });
  it('settlement on a coupon date: the coupon is the seller\'s, accrued 0, par at yield = coupon', () => {
    const pb = bond('2020-03-15', '2030-03-15', 0.029, 2);
    const a = priceCnBond(pb, fromISO('2023-09-15'), { yield: 0.029 });
    expect(a.accrued).toBe(0);
    expect(a.remainingCoupons).toBe(13);
    expect(a.cleanPrice).toBeCloseTo(100, 12);
    // On the last coupon date before maturity of an annual bond: simple formula, still par.
    const ab = bond('2021-05-20', '2026-05-20', 0.025, 1);
    const last = priceCnBond(ab, fromISO('2025-05-20'), { yield: 0.025 });
    expect(last.regime).toBe('simple');
    expect(last.accrued).toBe(0);
    expect(last.cleanPrice).toBeCloseTo(100, 12);
  });
  it('face scales every amount', () => {
    const a = priceCnBond(bond('2024-06-15', '2026-06-15', 0.0167, 1, 1_000_000), fromISO('2024-11-20'), { yield: 0.0155 });
    const u = priceCnBond(b, fromISO('2024-11-20'), { yield: 0.0155 });
    expect(rel(a.dirtyPrice, u.dirtyPrice * 1e4)).toBeLessThan(1e-14);
    expect(rel(a.dv01, u.dv01 * 1e4)).toBeLessThan(1e-14);
    expect(a.modifiedDuration).toBeCloseTo(u.modifiedDuration, 14);
  });
  it('exchange-market accrual: coupon/365 per day, 29 February not counted', () => {
    expect(daysExcludingLeapDays(fromISO('2024-01-01'), fromISO('2024-03-01'))).toBe(59);
    const lb = bond('2022-06-15', '2025-06-15', 0.03, 1);
    const a = priceCnBond(lb, fromISO('2024-03-01'), { yield: 0.025 }, { accrual: 'exchange' });
    expect(rel(a.accrued, (3 * (days('2023-06-15', '2024-03-01') - 1)) / 365)).toBeLessThan(1e-14);
    // Same dirty price from the same yield: only the accrued (and so the clean) differs.
    expect(a.dirtyPrice).toBe(priceCnBond(lb, fromISO('2024-03-01'), { yield: 0.025 }).dirtyPrice);
  });
});

describe('zero-coupon (贴现) and interest-at-maturity bonds', () => {
  it('discount bill within a year: y = (FV - PV)/PV / (D/TY); discount accrues linearly', () => {
    const bill: CnBond = { kind: 'zero', issue: fromISO('2025-04-07'), maturity: fromISO('2025-07-07'), coupon: 0, frequency: 1, face: 100, issuePrice: 99.6 };
    const S = '2025-05-20';
    const a = priceCnBond(bill, fromISO(S), { dirtyPrice: 99.8 });
    const D = days(S, '2025-07-07');
    expect(rel(a.yield, (100 / 99.8 - 1) / (D / 365))).toBeLessThan(1e-14);
    expect(rel(a.accrued, (0.4 * days('2025-04-07', S)) / days('2025-04-07', '2025-07-07'))).toBeLessThan(1e-13);
  });
  it('zero over a year: FV / (1 + y)^(d/TY + m)', () => {
    const z: CnBond = { kind: 'zero', issue: fromISO('2024-01-10'), maturity: fromISO('2027-01-10'), coupon: 0, frequency: 1, face: 100 };
    const S = '2024-05-01', y = 0.02;
    const d = days(S, '2025-01-10'), TY = days('2024-01-10', '2025-01-10');
    const a = priceCnBond(z, fromISO(S), { yield: y });
    expect(rel(a.dirtyPrice, 100 / (1 + y) ** (d / TY + 2))).toBeLessThan(1e-14);
  });
  it('interest at maturity: FV = face (1 + c N), accrued c (K + t/TY)', () => {
    const z: CnBond = { kind: 'bullet', issue: fromISO('2023-03-01'), maturity: fromISO('2026-03-01'), coupon: 0.03, frequency: 1, face: 100 };
    const S = '2025-06-01';
    const a = priceCnBond(z, fromISO(S), { yield: 0.02 });
    expect(rel(a.dirtyPrice, 109 / (1 + (0.02 * days(S, '2026-03-01')) / 365))).toBeLessThan(1e-14);
    expect(rel(a.accrued, 3 * (2 + days('2025-03-01', S) / 365))).toBeLessThan(1e-14);
    expect(cnBondSchedule(z).length).toBe(4);
  });
});

describe('cnBond vs QuantLib FixedRateBond (ActualActual(ISMA), compounded at f) where the conventions match', () => {
  function generated(n: number, seed: number) {
    const r = rng(seed);
    const out: { b: CnBond; S: CalendarDate; y: number }[] = [];
    while (out.length < n) {
      const f = ([1, 2] as const)[Math.floor(r() * 2)];
      const maturity = fromYMD(2026 + Math.floor(r() * 25), 1 + Math.floor(r() * 12), 1 + Math.floor(r() * 28));
      const years = 2 + Math.floor(r() * 29);
      const issue = addMonths(maturity, -12 * years);
      const S = addDays(issue, Math.floor(r() * (maturity - issue)));
      out.push({ b: cnFixedBond(issue, maturity, Math.round(r() * 600) / 10000, f), S, y: -0.002 + r() * 0.08 });
    }
    return out;
  }
  it('n > 1: price, accrued, yield, durations, convexity to 1e-10 relative', () => {
    ql.Settings.evaluationDate.set(new Date(Date.UTC(1999, 0, 1)));
    let compared = 0;
    const worst: Record<string, number> = {};
    const note = (k: string, v: number) => { worst[k] = Math.max(worst[k] ?? 0, v); };
    for (const { b, S, y } of generated(300, 11)) {
      const v = cnSettlementView(b, S);
      if (v.remainingCoupons === 1) continue;
      compared++;
      const a = priceCnBond(b, S, { yield: y });
      const q = qlAnalytics(qlCnFixedBond(b), y, qlIsma(b), S);
      note('accrued', Math.abs(a.accrued - q.accrued));
      note('dirty', rel(a.dirtyPrice, q.dirty));
      note('clean', rel(a.cleanPrice, q.clean));
      note('modified', rel(a.modifiedDuration, q.modified));
      note('macaulay', rel(a.macaulayDuration, q.macaulay));
      note('convexity', rel(a.convexity, q.convexity));
      note('yield', Math.abs(priceCnBond(b, S, { cleanPrice: a.cleanPrice }).yield - q.yieldOf(a.cleanPrice)));
    }
    expect(compared).toBeGreaterThan(250);
    for (const [k, v] of Object.entries(worst)) expect(v, k).toBeLessThan(1e-10);
  });
  it('final period, annual coupons: QuantLib Simple with ActualActual(ISMA) (D/TS with TS = TY)', () => {
    for (const { b, y } of generated(80, 12).filter((g) => g.b.frequency === 1)) {
      const S = addDays(addMonths(b.maturity, -12), 1 + Math.floor((y + 0.01) * 3000) % 360);
      const a = priceCnBond(b, S, { yield: y });
      expect(a.regime).toBe('simple');
      const q = qlAnalytics(qlCnFixedBond(b), y, { ...qlIsma(b), comp: ql.Compounding.Simple }, S);
      expect(rel(a.dirtyPrice, q.dirty)).toBeLessThan(1e-12);
      expect(rel(a.modifiedDuration, q.modified)).toBeLessThan(1e-10);
      expect(rel(a.convexity, q.convexity)).toBeLessThan(1e-10);
    }
  });
  it('final period, semi-annual with a 365-day last year: QuantLib Simple with Actual365Fixed', () => {
    const b = bond('2021-07-20', '2026-07-20', 0.0275, 2);
    const S = fromISO('2026-03-02');
    const a = priceCnBond(b, S, { yield: 0.016 });
    const q = qlAnalytics(qlCnFixedBond(b), 0.016, { dc: new ql.Actual365Fixed(), comp: ql.Compounding.Simple, freq: QL_FREQ[2] }, S);
    expect(rel(a.dirtyPrice, q.dirty)).toBeLessThan(1e-12);
    expect(rel(a.accrued, q.accrued)).toBeLessThan(1e-12);
  });
  it('the ISMA option is the fixedBond engine: equal to cn before the last period, compounded in it', () => {
    const b = bond('2021-07-20', '2026-07-20', 0.0275, 2);
    const early = fromISO('2024-03-02'), late = fromISO('2026-03-02');
    expect(priceCnBond(b, early, { yield: 0.02 }, { convention: 'isma' }).dirtyPrice).toBeCloseTo(priceCnBond(b, early, { yield: 0.02 }).dirtyPrice, 12);
    const isma = priceCnBond(b, late, { yield: 0.02 }, { convention: 'isma' });
    const fb = priceFixedBond({ issue: b.issue, maturity: b.maturity, coupon: b.coupon, frequency: 2, dayCount: 'ACT/ACT-ISMA', face: 100 }, late, { yield: 0.02 });
    expect(isma.dirtyPrice).toBe(fb.dirtyPrice);
    expect(Math.abs(isma.dirtyPrice - priceCnBond(b, late, { yield: 0.02 }).dirtyPrice)).toBeGreaterThan(1e-6);
  });
});

describe('cnBond properties', () => {
  it('yield round-trips; durations are the derivatives of the formula in force', () => {
    fc.assert(fc.property(
      fc.integer({ min: 20000, max: 25000 }), fc.integer({ min: 1, max: 30 }), fc.double({ min: 0, max: 0.999, noNaN: true }),
      fc.double({ min: 0, max: 0.08, noNaN: true }), fc.constantFrom<1 | 2>(1, 2), fc.double({ min: -0.01, max: 0.1, noNaN: true }),
      (m, years, frac, c, f, y) => {
        const maturity = m as CalendarDate;
        const b = cnFixedBond(addMonths(maturity, -12 * years), maturity, c, f);
        const S = addDays(b.issue, Math.floor(frac * (maturity - b.issue)));
        const a = priceCnBond(b, S, { yield: y });
        expect(Math.abs(priceCnBond(b, S, { cleanPrice: a.cleanPrice }).yield - y)).toBeLessThan(1e-11);
        const h = 1e-5;
        const up = priceCnBond(b, S, { yield: y + h }).dirtyPrice, dn = priceCnBond(b, S, { yield: y - h }).dirtyPrice;
        expect(Math.abs(-(up - dn) / (2 * h) / a.dirtyPrice - a.modifiedDuration)).toBeLessThan(1e-6 * Math.max(1, a.modifiedDuration));
        expect(Math.abs((up - 2 * a.dirtyPrice + dn) / (h * h) / a.dirtyPrice - a.convexity)).toBeLessThan(1e-3 * Math.max(1, a.convexity));
        expect(a.accrued).toBeGreaterThanOrEqual(0);
        expect(a.accrued).toBeLessThanOrEqual((100 * c) / f + 1e-12);
      },
    ), { numRuns: 300 });
  });
});

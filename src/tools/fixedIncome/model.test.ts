import { describe, expect, it } from 'vitest';
import { ToolFailure } from '../../kit/results';
import { computeFixedIncome, type FiInputs } from './model';
import { DEFAULT_FI } from './state';
import { editTerms } from './shared/terms';

const base: FiInputs = { ...DEFAULT_FI, settlement: '2025-09-01', terms: { ...DEFAULT_FI.terms, coupon: 1.67, frequency: 1, issue: '2024-06-15', maturity: '2026-06-15' } };

describe('fixedIncome model', () => {
  it('prices from a yield and solves the same yield back from the clean price', () => {
    const a = computeFixedIncome({ ...base, yieldPct: 1.5, cleanPrice: null });
    expect(a.solved).toBe('cleanPrice');
    const b = computeFixedIncome({ ...base, yieldPct: null, cleanPrice: a.analytics.cleanPrice });
    expect(b.solved).toBe('yield');
    expect(b.analytics.yield).toBeCloseTo(0.015, 12);
  });

  it('final coupon period: the simple formula (face + C) / (1 + y D/TY)', () => {
    // 2025-09-01 is inside the last period (2025-06-15 .. 2026-06-15): one coupon left.
    const a = computeFixedIncome({ ...base, yieldPct: 1.5, cleanPrice: null }).analytics;
    expect(a.regime).toBe('simple');
    const D = (Date.UTC(2026, 5, 15) - Date.UTC(2025, 8, 1)) / 864e5, TY = 365;
    expect(a.dirtyPrice).toBeCloseTo(101.67 / (1 + 0.015 * D / TY), 12);
    const acc = 1.67 * ((Date.UTC(2025, 8, 1) - Date.UTC(2025, 5, 15)) / 864e5) / 365;
    expect(a.accrued).toBeCloseTo(acc, 12);
  });

  it('settlement on a coupon date: no accrued, the coupon of that day belongs to the seller', () => {
    const a = computeFixedIncome({ ...base, settlement: '2025-06-15', terms: { ...base.terms, maturity: '2027-06-15', issue: '2024-06-15' }, yieldPct: 1.67, cleanPrice: null }).analytics;
    expect(a.accrued).toBe(0);
    expect(a.remainingCoupons).toBe(2);
    expect(a.cleanPrice).toBeCloseTo(100, 10); // priced at its coupon on a coupon date: par
  });

  it('leap year: 29 February counts in the CFETS accrued (366-day period)', () => {
    const t = { ...base.terms, coupon: 3.66, frequency: 1 as const, issue: '2023-06-01', maturity: '2030-06-01' };
    const a = computeFixedIncome({ ...base, terms: t, settlement: '2024-03-01', yieldPct: 2, cleanPrice: null }).analytics;
    // period 2023-06-01 .. 2024-06-01 has 366 days; 2023-06-01 .. 2024-03-01 is 274 days.
    expect(a.accrued).toBeCloseTo(3.66 * 274 / 366, 12);
  });

  it('typed terms without an interest start use the coupon date before settlement', () => {
    const withIssue = computeFixedIncome({ ...base, yieldPct: 1.5, cleanPrice: null }).analytics;
    const without = computeFixedIncome({ ...base, terms: { ...base.terms, issue: null }, yieldPct: 1.5, cleanPrice: null }).analytics;
    expect(without.dirtyPrice).toBe(withIssue.dirtyPrice);
  });

  it('ISMA equals the inter-bank formula while several coupons remain, not in the final period', () => {
    const t = { ...base.terms, maturity: '2034-06-15' };
    const cn = computeFixedIncome({ ...base, terms: t, yieldPct: 1.8, cleanPrice: null }).analytics;
    const isma = computeFixedIncome({ ...base, terms: t, yieldPct: 1.8, cleanPrice: null, convention: 'isma' }).analytics;
    expect(isma.cleanPrice).toBeCloseTo(cn.cleanPrice, 9);
    const last = computeFixedIncome({ ...base, yieldPct: 1.5, cleanPrice: null, convention: 'isma' }).analytics;
    expect(Math.abs(last.dirtyPrice - computeFixedIncome({ ...base, yieldPct: 1.5, cleanPrice: null }).analytics.dirtyPrice)).toBeGreaterThan(1e-6);
  });

  it('holding period: held to maturity returns redemption plus coupons; financing lowers the P&L', () => {
    const r = computeFixedIncome({ ...base, yieldPct: 1.5, cleanPrice: null, sellDate: '2026-06-15', notional: 100, reinvestPct: 0, repoPct: 0 });
    expect(r.hpr!.pnl).toBeCloseTo(100 + 1.67 - r.analytics.dirtyPrice, 10);
    const f = computeFixedIncome({ ...base, yieldPct: 1.5, cleanPrice: null, sellDate: '2026-06-15', notional: 100, reinvestPct: 0, repoPct: 2, financedPct: 50 });
    expect(f.hpr!.financingCost).toBeCloseTo(0.5 * r.analytics.dirtyPrice * 0.02 * f.hpr!.days / 365, 10);
  });

  it('refuses both quotes, no quote and a sale without its yield, in both languages', () => {
    const words = (f: () => unknown) => { try { f(); } catch (e) { return (e as ToolFailure).words; } return null; };
    expect(words(() => computeFixedIncome({ ...base, yieldPct: 1.5, cleanPrice: 99 }))?.en).toMatch(/either/);
    expect(words(() => computeFixedIncome({ ...base, yieldPct: null, cleanPrice: null }))?.zh).toMatch(/收益率或净价/);
    expect(words(() => computeFixedIncome({ ...base, yieldPct: 1.5, cleanPrice: null, sellDate: '2026-01-10' }))?.en).toMatch(/sale yield/);
    expect(words(() => computeFixedIncome({ ...base, settlement: '2026-07-01', yieldPct: 1.5, cleanPrice: null }))?.en).toMatch(/before maturity/);
  });
});

describe('fixedIncome: what the user typed is what is priced (issue 20)', () => {
  // A bond picked from the list (terms from BondSvr), then a maturity typed by hand.
  const picked: FiInputs = { ...DEFAULT_FI, settlement: '2026-11-27', yieldPct: 2, cleanPrice: null, terms: { ...DEFAULT_FI.terms, code: '210005', issue: '2021-03-10', maturity: '2031-03-10', frequency: 2 } };

  it('a typed maturity clears the picked bond\'s interest start, so the calculation runs on what was typed', () => {
    // The old behaviour: the other bond's interest start kept, the calculation fails.
    expect(() => computeFixedIncome({ ...picked, terms: { ...picked.terms, maturity: '2029-01-31' } })).toThrow(ToolFailure);
    const terms = editTerms(picked.terms, { maturity: '2029-01-31' });
    expect(terms.issue).toBeNull();
    expect(terms.code).toBeNull();
    const r = computeFixedIncome({ ...picked, terms });
    expect(r.maturity).toBe('2029-01-31');
    expect(r.analytics.yield).toBeCloseTo(0.02, 12);
    // A frequency change does the same; an unchanged maturity keeps the bond's date.
    expect(editTerms(picked.terms, { frequency: 1 }).issue).toBeNull();
    expect(editTerms(picked.terms, { coupon: 3 }).issue).toBe('2021-03-10');
  });

  it('an interest start the user typed is kept when the maturity changes', () => {
    const typed = editTerms(picked.terms, { issue: '2022-01-31' });
    expect(typed.issueTyped).toBe(true);
    expect(editTerms(typed, { maturity: '2029-01-31' }).issue).toBe('2022-01-31');
    expect(editTerms(typed, { issue: null }).issueTyped).toBe(false);
  });

  it('DV01, accrued and dirty value for the face amount entered, not only per 100', () => {
    const per100 = computeFixedIncome({ ...base, yieldPct: 1.5, notional: 100 });
    const face = computeFixedIncome({ ...base, yieldPct: 1.5, notional: 25_000_000 });
    expect(per100.position.dv01).toBeCloseTo(per100.analytics.dv01, 15);
    expect(face.position.dv01).toBeCloseTo(face.analytics.dv01 * 250_000, 6);
    expect(face.position.dv01).toBeGreaterThan(0);
    expect(face.position.accrued).toBeCloseTo(face.analytics.accrued * 250_000, 6);
    expect(face.position.dirtyValue).toBeCloseTo(face.analytics.dirtyPrice * 250_000, 4);
    // Per-100 analytics do not depend on the face amount.
    expect(face.analytics.dv01).toBe(per100.analytics.dv01);
  });
});

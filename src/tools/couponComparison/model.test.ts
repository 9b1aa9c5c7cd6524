import { describe, expect, it } from 'vitest';
import { bondRecordSchema, type BondView } from '../../kit/bonds/contract';
import { computeComparison, curveIdFor } from './model';

const rec = (code: string, issuerType: string, coupon: number, issue: string, maturity: string, frequency = 1): BondView =>
  ({ ...bondRecordSchema.parse({ code, name: code, issuerType, coupon, frequency, issueDate: issue, maturityDate: maturity, source: 'test terms' }), owned: false });
const cgbCurve = { tenors: [1, 5, 10], yields: [0.014, 0.016, 0.018] };
const cdbCurve = { tenors: [1, 5, 10], yields: [0.015, 0.0172, 0.0192] };
const curves = { 'bond.CGB': cgbCurve, 'bond.CDB': cdbCurve };
const a = rec('CGB10', 'CGB', 0.0167, '2025-05-25', '2035-05-25', 2);
const b = rec('CDB10', 'CDB', 0.0215, '2025-03-20', '2035-03-20');
const o = { settlement: '2026-11-24', horizonDays: 90, repoPct: 1.5 };

describe('couponComparison model', () => {
  it('reads each yield from its issuer curve; spread to CGB is 0 for a CGB on its own curve', () => {
    const r = computeComparison([{ record: a, yieldPct: null }, { record: b, yieldPct: null }], curves, o);
    expect(r.columns[0].spreadBp).toBeCloseTo(0, 9);
    expect(r.columns[1].spreadBp).toBeGreaterThan(5);
    expect(r.columns[1].yieldSource).toBe('bond.CDB');
    expect(curveIdFor({ issuerType: 'CORP', rating: 'AA' })).toBe('credit.MTN.AA');
  });

  it('carry: coupon accrual minus funding at an unchanged yield; higher yield, more carry', () => {
    const r = computeComparison([{ record: a, yieldPct: 1.8 }, { record: b, yieldPct: 2.2 }], curves, o);
    expect(r.columns[1].carry).toBeGreaterThan(r.columns[0].carry);
    // no repo: carry is the holding return at constant yield ~ yield x time on the dirty price
    const free = computeComparison([{ record: a, yieldPct: 1.8 }, { record: b, yieldPct: 2.2 }], curves, { ...o, repoPct: 0 });
    expect(free.columns[0].carryBp).toBeGreaterThan(170);
    expect(free.columns[0].carryBp).toBeLessThan(190);
  });

  it('needs two bonds, and a yield where no curve is held', () => {
    expect(() => computeComparison([{ record: a, yieldPct: null }], curves, o)).toThrow(/two/);
    const corp = rec('C1', 'CORP', 0.03, '2025-01-10', '2030-01-10');
    expect(() => computeComparison([{ record: a, yieldPct: null }, { record: corp, yieldPct: null }], curves, o)).toThrow(/C1/);
  });
});

import { describe, expect, it } from 'vitest';
import { bondRecordSchema, type BondView } from '../../kit/bonds/contract';
import { fromISO } from '../../pricing-core/dates/date';
import { conversionFactor } from '../../pricing-core/engines/bond/bond-futures';
import { toCnBond } from '../../kit/bonds/contract';
import { basketEntries, computeBasket, ctdSwitches, listedMonths } from './model';

const rec = (code: string, coupon: number, issue: string, maturity: string): BondView & { conversionFactor: number } => {
  const r = bondRecordSchema.parse({ code, name: code, issuerType: 'CGB', coupon, frequency: 2, issueDate: issue, maturityDate: maturity, source: 'test terms' });
  return { ...r, owned: false, conversionFactor: conversionFactor(toCnBond(r), 2026, 12).conversionFactor };
};
// The T2612 basket of the shipped sample (coupons and dates as in sample-bonds.json).
const basket = basketEntries([
  rec('A7', 0.017, '2026-06-20', '2033-06-20'),
  rec('B10', 0.0211, '2024-08-25', '2034-08-25'),
  rec('C10', 0.0167, '2025-05-25', '2035-05-25'),
  rec('D10', 0.0182, '2026-11-15', '2036-11-15'),
]);
const curve = { tenors: [1, 5, 10, 30], yields: [0.014, 0.016, 0.018, 0.021] };
const inputs = { settlement: '2026-11-24', deliveryDate: '2026-12-16', futuresPrice: 108.2, repoPct: 1.5, curveShiftBp: 0 };

describe('bondFutures model', () => {
  it('lists the three quarterly months still trading', () => {
    expect(listedMonths('2026-11-24')).toEqual(['2612', '2703', '2706']);
    expect(listedMonths('2026-12-11')).toEqual(['2612', '2703', '2706']); // second Friday: last trading day
    expect(listedMonths('2026-12-12')).toEqual(['2703', '2706', '2709']);
  });

  it('ranks the basket by IRR: the CTD has the highest implied repo and the lowest net basis relative to carry', () => {
    const r = computeBasket(basket, curve, inputs);
    expect(r.rows).toHaveLength(4);
    const best = Math.max(...r.rows.map((x) => x.irr));
    expect(r.ctd.irr).toBe(best);
    expect(r.ctd.rank).toBe(1);
    for (const x of r.rows) expect(x.grossBasis).toBeCloseTo(x.dirtyPrice - x.accrued - 108.2 * x.conversionFactor, 10);
  });

  it('at the theoretical futures price the CTD net basis is zero and its IRR is the repo rate', () => {
    const r0 = computeBasket(basket, curve, inputs);
    const F = r0.scan.find((p) => p.shiftBp === 0)!.futuresPrice;
    expect(F).toBeCloseTo(108.2, 10); // the scan is anchored to the quoted price
    const theo = computeBasket(basket, curve, { ...inputs, futuresPrice: r0.ctd.forwardCleanPrice / r0.ctd.conversionFactor });
    expect(theo.ctd.netBasis).toBeCloseTo(0, 9);
    expect(theo.ctd.irr).toBeCloseTo(0.015, 9);
  });

  it('the switch scan names a CTD per shift; switches are listed where it changes', () => {
    const r = computeBasket(basket, curve, inputs);
    expect(r.scan).toHaveLength(21);
    for (const p of r.scan) expect(Math.min(...p.netBasis)).toBeCloseTo(0, 9);
    const sw = ctdSwitches(r.scan);
    for (const w of sw) expect(w.from).not.toBe(w.to);
  });

  it('a typed yield wins over the curve: a cheaper bond (higher yield) has a higher IRR', () => {
    const r0 = computeBasket(basket, curve, inputs);
    const code = r0.rows.find((x) => x.rank === 4)!.code;
    const y = r0.rows.find((x) => x.code === code)!.yield * 100 + 0.5;
    const r1 = computeBasket(basket, curve, { ...inputs, yields: { [code]: y } });
    const row = r1.rows.find((x) => x.code === code)!;
    expect(row.typed).toBe(true);
    expect(row.yield).toBeCloseTo(y / 100, 14);
    expect(row.irr).toBeGreaterThan(r0.rows.find((x) => x.code === code)!.irr);
  });

  it('refuses a missing delivery date and an empty basket', () => {
    expect(() => computeBasket(basket, curve, { ...inputs, deliveryDate: null })).toThrow(/delivery/i);
    expect(() => computeBasket([], curve, inputs)).toThrow(/deliverable/);
    expect(fromISO('2026-12-16')).toBeGreaterThan(fromISO(inputs.settlement));
  });
});

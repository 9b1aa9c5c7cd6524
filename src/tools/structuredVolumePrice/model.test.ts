import { describe, expect, it } from 'vitest';
import { BookError } from '../structuredProducts/book';
import { priceStructuredSync, solveStructured } from '../../pricing-core/engines/structured';
import { prepareProduct, requestFor } from '../structuredProducts/pricing';
import { emptyRow, isPercentParam, rowPackage, sampleBatch, solveParamOf, withOutcome } from './model';

describe('bulk pricing model', () => {
  it('samples 20 snowballs whose knock-out levels step by 0.25 %', () => {
    const b = sampleBatch('2026-11-23');
    expect(b).toHaveLength(20);
    const ko = b.map((r) => rowPackage(r, new Map())!.params.find((p) => p.name === 'koStart')!.value).map((v) => (v.kind === 'num' ? v.value : NaN));
    expect(ko[0]).toBeCloseTo(1.0, 12);
    expect(ko[19]).toBeCloseTo(1.0475, 12);
    // every product of the sample keeps its strike constraint (knock-in below knock-out at every date)
    for (const r of b) expect(() => prepareProduct(rowPackage(r, new Map())!, { valuationDate: '2026-11-23' }, 7.1)).not.toThrow();
  });

  it('solves the row\'s param, the default, or the first solvable one; refuses an unknown one', () => {
    const ast = rowPackage({ ...emptyRow('2026-11-23'), product: 'sharkfinBullEuropean' }, new Map())!;
    expect(solveParamOf(ast, { ...emptyRow(), solveFor: null }, null)).toBe('participation');
    expect(solveParamOf(ast, { ...emptyRow(), solveFor: null }, 'coupon')).toBe('participation');
    expect(solveParamOf(ast, { ...emptyRow(), solveFor: 'minYield' }, 'coupon')).toBe('minYield');
    expect(() => solveParamOf(ast, { ...emptyRow(), solveFor: 'coupon' }, null)).toThrow(BookError);
    expect(isPercentParam(ast, 'participation')).toBe(true);
  });

  it('a solved coupon reprices to the target (closed form: exactly)', async () => {
    const ast = rowPackage({ ...emptyRow('2026-11-23'), product: 'twoTier', maturity: '6M' }, new Map())!;
    const req = requestFor(ast, { valuationDate: '2026-11-23' }, { spot: 7.1, vol: 0.045, rd: 0.016, rf: 0.04 }, { paths: 4096, seed: 1 });
    const s = await solveStructured(req, { param: 'highYield', target: 1.0 });
    const again = priceStructuredSync({ ...req, context: { ...req.context, params: { highYield: s.value } } });
    expect(again.npv).toBeCloseTo(1.0, 10);
    const shown = withOutcome(emptyRow(), { npv: again.npv, stderr: 0, solved: { value: s.value }, method: 'closedForm', used: [] }, true, { method: (m) => m, lang: 'en' });
    expect(shown.solved).toBeCloseTo(s.value * 100, 10);
    expect(shown.price).toBeCloseTo(100, 8);
  });
});

import { describe, expect, it } from 'vitest';
import { fromISO } from '../../dates/date';
import { TRUE_NSS, syntheticBonds as synth } from '../../testing/synthetic-bonds';
import { levenbergMarquardt } from '../../math/levenberg-marquardt';
import { fitBondCurve } from './relative-value';

const S = fromISO('2025-11-24');
const truth = TRUE_NSS;
const syntheticBonds = (n: number) => synth(n, S);

describe('Levenberg-Marquardt', () => {
  it('solves Rosenbrock and respects bounds', () => {
    const r = levenbergMarquardt((x) => [10 * (x[1] - x[0] * x[0]), 1 - x[0]], [-1.2, 1]);
    expect(r.x[0]).toBeCloseTo(1, 8);
    const b = levenbergMarquardt((x) => [x[0] - 3], [0], { lower: [-1], upper: [2] });
    expect(b.x[0]).toBe(2);
  });
});

describe('Nelson-Siegel-Svensson fit (rich/cheap)', () => {
  it('recovers a curve from bonds priced off it: residuals under 0.05 bp', () => {
    const fit = fitBondCurve(syntheticBonds(40), S, 'nss');
    expect(fit.rmseBp).toBeLessThan(0.05);
    for (const t of [1, 3, 7, 15, 25]) expect(Math.abs(fit.curve.zeroRate(t) - truth.zeroRate(t))).toBeLessThan(2e-6);
  });
  it('a bond quoted 5 bp cheap shows a residual near +5 bp and ranks first', () => {
    const bonds = syntheticBonds(40);
    const cheap = bonds[7];
    const y = (fitBondCurve(bonds, S).rows.find((r) => r.code === cheap.code)!).marketYield;
    const moved = bonds.map((b) => (b.code === cheap.code ? { code: b.code, bond: b.bond, yield: y + 0.0005 } : b));
    const fit = fitBondCurve(moved, S);
    const row = fit.rows.find((r) => r.code === cheap.code)!;
    expect(row.rank).toBe(1);
    expect(row.residualBp).toBeGreaterThan(4);
    expect(row.residualBp).toBeLessThan(5.5);
    for (const r of fit.rows) if (r.code !== cheap.code) expect(Math.abs(r.residualBp)).toBeLessThan(1);
  });
  it('Nelson-Siegel (4 parameters) also fits; refuses too few bonds', () => {
    const fit = fitBondCurve(syntheticBonds(30), S, 'ns');
    expect(fit.rmseBp).toBeLessThan(5);
    expect(fit.params[3]).toBe(0);
    expect(() => fitBondCurve(syntheticBonds(5), S)).toThrow(/at least 6/);
  });
  it('forward rate is the derivative of z t', () => {
    const h = 1e-6;
    for (const t of [0.5, 4, 12]) expect(truth.forwardRate(t)).toBeCloseTo(((t + h) * truth.zeroRate(t + h) - (t - h) * truth.zeroRate(t - h)) / (2 * h), 8);
    expect(truth.zeroRate(0)).toBeCloseTo(0.024 - 0.011, 15);
  });
});

describe('vs QuantLib FittedBondDiscountCurve + SvenssonFitting (Simplex)', () => {
  it('both recover the curve; ours within 5 bp of QuantLib\'s and at least as close to the truth', async () => {
    const { ql, toQL, qlSchedule } = await import('../../testing/quantlib-bonds');
    ql.Settings.evaluationDate.set(toQL(S));
    const bonds = syntheticBonds(40);
    const helpers = bonds.map((b) => new ql.FixedRateBondHelper(new ql.Handle(new ql.SimpleQuote(b.cleanPrice!)), 0, 100, qlSchedule(b.bond), [b.bond.coupon],
      new ql.ActualActual(ql.ActualActual.Convention.ISMA), ql.BusinessDayConvention.Unadjusted, 100, toQL(b.bond.issue)));
    const qc = new ql.FittedBondDiscountCurve().fbdcInit2(toQL(S), helpers, new ql.Actual365Fixed(), new ql.SvenssonFitting().sfInit1(), 1e-10, 10000);
    const ours = fitBondCurve(bonds, S);
    let worstOurs = 0, worstQl = 0;
    for (const t of [1, 2, 3, 5, 7, 10, 15, 20]) {
      const zq = -Math.log(qc.discount2(t, false)) / t;
      expect(Math.abs(ours.curve.zeroRate(t) - zq)).toBeLessThan(5e-4);
      worstOurs = Math.max(worstOurs, Math.abs(ours.curve.zeroRate(t) - truth.zeroRate(t)));
      worstQl = Math.max(worstQl, Math.abs(zq - truth.zeroRate(t)));
    }
    expect(worstOurs).toBeLessThanOrEqual(worstQl);
  }, 120_000);
});

// Callable/puttable bonds and bond options on the Hull-White tree. QuantLib's
// TreeCallableFixedRateBondEngine in @quantlib/ql 0.3.6 throws on NPV ("Cannot read properties
// of undefined (reading 'reset')"), so the tree is checked by exact limits, by the Jamshidian
// closed form (itself checked against QuantLib's HullWhite.discountBondOption) and by
// convergence.
import { describe, expect, it } from 'vitest';
import { fromISO } from '../../dates/date';
import { DiscountCurve, type YieldCurve } from '../../market/curves/discount-curve';
import { type CnBond, type EmbeddedOption, cnFixedBond } from '../../instruments/rates/cn-bond';
import { bondFlows, curveDirtyPrice } from './curve-risk';
import { bondOptionBlack, bondOptionJamshidian, bondOptionTree, priceCallableBond } from './callable-bond';
import { buildHullWhiteTree, timeGrid } from './hull-white-tree';
import { cnSettlementView, priceCnBond } from './cn-bond';
import { ql, toQL } from '../../testing/quantlib-bonds';

const S = fromISO('2025-11-24');
const curve = DiscountCurve.fromZeroRates([[0, 0.014], [1, 0.015], [2, 0.0158], [5, 0.0172], [10, 0.0185], [30, 0.021]]);
// A smooth curve for the closed forms (their instantaneous forward must exist everywhere).
const smooth: YieldCurve = { discount: (t) => Math.exp(-(0.015 + 0.0006 * t - 0.00001 * t * t) * t) };
const call = (date: string, price = 100): EmbeddedOption => ({ type: 'call', date: fromISO(date), price });
const put = (date: string, price = 100): EmbeddedOption => ({ type: 'put', date: fromISO(date), price });
const withOptions = (b: CnBond, options: EmbeddedOption[]): CnBond => ({ ...b, options });
const base = cnFixedBond(fromISO('2024-07-12'), fromISO('2034-07-12'), 0.025, 1);

describe('Hull-White tree', () => {
  it('reprices the discount curve at every grid time (alpha fitted by forward induction)', () => {
    const times = timeGrid([1, 2.5, 9.6], 120);
    const tree = buildHullWhiteTree(curve, times, { a: 0.05, sigma: 0.01 });
    // A zero-coupon bond paying 1 at each grid time, valued by backward induction.
    for (const k of [10, 50, times.length - 1]) {
      let v = new Float64Array(tree.size[k]).fill(1);
      for (let i = k - 1; i >= 0; i--) {
        const dt = times[i + 1] - times[i], out = new Float64Array(tree.size[i]);
        for (let j = 0; j < tree.size[i]; j++) {
          const m = tree.branch[i][j];
          out[j] = (tree.pDown[i][j] * (v[m - 1] ?? 0) + tree.pMid[i][j] * v[m] + tree.pUp[i][j] * (v[m + 1] ?? 0)) * Math.exp(-((tree.jMin[i] + j) * tree.dx[i] + tree.alpha[i]) * dt);
        }
        v = out;
      }
      expect(v[0]).toBeCloseTo(curve.discount(times[k]), 13);
    }
  });
  it('the grid holds every mandatory time (QuantLib TimeGrid)', () => {
    const g = timeGrid([0.3, 1, 4.2], 10);
    for (const t of [0.3, 1, 4.2]) expect(Array.from(g)).toContain(t);
    expect(g[0]).toBe(0);
  });
});

describe('callable and puttable bonds: exact limits', () => {
  it('no options (or a call far out of the money) = the straight bond off the curve', () => {
    const straight = curveDirtyPrice(bondFlows(base, S), curve);
    const a = priceCallableBond(base, S, curve, { a: 0.05, sigma: 0.01 }, { steps: 200 });
    expect(a.dirtyPrice).toBeCloseTo(straight, 12);
    const far = priceCallableBond(withOptions(base, [call('2027-07-12', 1000), call('2030-07-12', 1000)]), S, curve, { a: 0.05, sigma: 0.01 }, { steps: 200 });
    expect(far.dirtyPrice).toBeCloseTo(straight, 12);
    expect(far.optionValue).toBeCloseTo(0, 12);
  });
  it('zero volatility: the deterministic exercise rule on the curve\'s forwards', () => {
    // High coupon: calling is worth it on the forwards; continuation value at each call date
    // = PV of the later flows divided by the discount factor to the date.
    const b = withOptions(cnFixedBond(fromISO('2024-07-12'), fromISO('2034-07-12'), 0.045, 1), [call('2027-07-12', 101), call('2030-07-12', 100)]);
    const f = bondFlows(b, S);
    const dates = cnSettlementView(b, S).dates.map((d) => (d - S) / 365);
    const cont = (tc: number) => { let s = 0; dates.forEach((t, i) => { if (t > tc + 1e-12) s += f.amounts[i] * curve.discount(t); }); return s / curve.discount(tc); };
    // Backward over the call dates: 2030 then 2027.
    const t30 = (fromISO('2030-07-12') - S) / 365, t27 = (fromISO('2027-07-12') - S) / 365;
    const v30 = Math.min(cont(t30), 100);
    const flowsBetween = (t1: number, t2: number) => { let s = 0; dates.forEach((t, i) => { if (t > t1 + 1e-12 && t <= t2 + 1e-12) s += f.amounts[i] * curve.discount(t); }); return s; };
    const v27cont = (flowsBetween(t27, t30) + v30 * curve.discount(t30)) / curve.discount(t27);
    const v27 = Math.min(v27cont, 101);
    const expected = flowsBetween(0, t27) + v27 * curve.discount(t27);
    const a = priceCallableBond(b, S, curve, { a: 0.05, sigma: 0 }, { steps: 100 });
    expect(a.dirtyPrice).toBeCloseTo(expected, 11);
    expect(a.dirtyPrice).toBeLessThan(curveDirtyPrice(f, curve) - 1);
  });
  it('a call never raises and a put never lowers the price; more volatility, more option value', () => {
    const hw = { a: 0.03, sigma: 0.008 };
    const s = priceCallableBond(base, S, curve, hw).dirtyPrice;
    const c1 = priceCallableBond(withOptions(base, [call('2029-07-12')]), S, curve, hw);
    const p1 = priceCallableBond(withOptions(base, [put('2029-07-12')]), S, curve, hw);
    expect(c1.dirtyPrice).toBeLessThan(s);
    expect(p1.dirtyPrice).toBeGreaterThan(s);
    const c2 = priceCallableBond(withOptions(base, [call('2029-07-12')]), S, curve, { a: 0.03, sigma: 0.012 });
    expect(-c2.optionValue).toBeGreaterThan(-c1.optionValue);
  });
  it('OAS reprices the market price; the option-adjusted yield is the straight bond\'s yield at that OAS', () => {
    const b = withOptions(base, [call('2028-07-12'), call('2030-07-12')]);
    const hw = { a: 0.05, sigma: 0.009 };
    const r = priceCallableBond(b, S, curve, hw, { cleanPrice: 97.5 });
    expect(r.cleanPrice).toBeCloseTo(97.5, 9);
    expect(r.oas).toBeGreaterThan(0);
    const straightClean = r.straightDirtyPrice - r.accrued;
    expect(priceCnBond(b, S, { cleanPrice: straightClean }).yield).toBeCloseTo(r.optionAdjustedYield, 12);
    expect(r.effectiveDuration).toBeGreaterThan(0);
    const ytw = r.yieldsToExercise;
    expect(ytw.map((y) => y.type)).toEqual(['call', 'call', 'maturity']);
    expect(r.yieldToWorst).toBe(Math.min(...ytw.map((y) => y.yield)));
    // Yield to the first call: the bond truncated there, redeemed at 100.
    const trunc = priceCnBond({ ...b, maturity: fromISO('2028-07-12'), options: [] }, S, { dirtyPrice: r.dirtyPrice });
    expect(ytw[0].yield).toBeCloseTo(trunc.yield, 12);
  });
  it('a put with a coupon reset (3+2): coupons after the put date use the reset rate', () => {
    const b: CnBond = { ...cnFixedBond(fromISO('2024-07-12'), fromISO('2029-07-12'), 0.0265, 1), options: [{ type: 'put', date: fromISO('2027-07-12'), price: 100, resetCoupon: 0.0235 }] };
    const r = priceCallableBond(b, S, curve, { a: 0.05, sigma: 0 });
    const v = cnSettlementView(b, S, { couponRate: (i) => (i >= 3 ? 0.0235 : 0.0265) });
    expect(Array.from(v.amounts)).toEqual([2.65, 2.65, 2.35, 102.35]); // 2026, 2027 at 2.65; from the 2027 put date 2.35
    expect(r.straightDirtyPrice).toBeCloseTo(Array.from(v.amounts).reduce((s, x, i) => s + x * curve.discount((v.dates[i] - S) / 365), 0), 12);
  });
});

describe('bond options', () => {
  const b = cnFixedBond(fromISO('2025-03-20'), fromISO('2035-03-20'), 0.02, 1);
  const hw = { a: 0.06, sigma: 0.01 };
  it('Jamshidian on a zero-coupon bond equals QuantLib HullWhite.discountBondOption', () => {
    ql.Settings.evaluationDate.set(toQL(S));
    const flat = 0.018;
    const qc = new ql.FlatForward().ffInit2(toQL(S), flat, new ql.Actual365Fixed(), ql.Compounding.Continuous, ql.Frequency.Annual) as unknown as ql.YieldTermStructure;
    const model = new ql.HullWhite(new ql.Handle(qc), hw.a, hw.sigma);
    const te = (fromISO('2027-11-24') - S) / 365, T = (fromISO('2030-11-24') - S) / 365;
    const zero: CnBond = { kind: 'zero', issue: S, maturity: fromISO('2030-11-24'), coupon: 0, frequency: 1, face: 100 };
    const fl: YieldCurve = { discount: (t) => Math.exp(-flat * t) };
    for (const K of [92, 95, 98]) {
      const ours = bondOptionJamshidian(zero, S, fl, hw, { type: 'call', expiry: fromISO('2027-11-24'), strike: K, strikeType: 'dirty' });
      const q = 100 * model.discountBondOption1(ql.Option.Type.Call, K / 100, te, T);
      expect(Math.abs(ours - q)).toBeLessThan(1e-9);
    }
  });
  it('the tree converges to Jamshidian for a European option on a coupon bond', () => {
    const o = { type: 'call' as const, expiry: fromISO('2028-03-20'), strike: 100 };
    const exact = bondOptionJamshidian(b, S, smooth, hw, o);
    const tree = bondOptionTree(b, S, smooth, hw, o, 800);
    expect(exact).toBeGreaterThan(0.5);
    expect(Math.abs(tree - exact) / exact).toBeLessThan(2e-3);
    const p = { ...o, type: 'put' as const };
    expect(Math.abs(bondOptionTree(b, S, smooth, hw, p, 800) - bondOptionJamshidian(b, S, smooth, hw, p)) / bondOptionJamshidian(b, S, smooth, hw, p)).toBeLessThan(2e-3);
  });
  it('put-call parity on the tree; Black at zero volatility is the discounted forward intrinsic value', () => {
    const o = { type: 'call' as const, expiry: fromISO('2028-03-20'), strike: 99 };
    const c = bondOptionTree(b, S, curve, hw, o, 300), p = bondOptionTree(b, S, curve, hw, { ...o, type: 'put' }, 300);
    const bl = bondOptionBlack(b, S, curve, 0, o);
    const te = (o.expiry - S) / 365;
    expect(c - p).toBeCloseTo(curve.discount(te) * (bl.forwardDirty - bl.strikeDirty), 9);
    expect(bl.npv).toBeCloseTo(curve.discount(te) * Math.max(bl.forwardDirty - bl.strikeDirty, 0), 12);
    expect(bondOptionBlack(b, S, curve, 0.04, o).npv).toBeGreaterThan(bl.npv);
  });
});

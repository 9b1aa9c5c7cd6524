// Curve risk (Z-spread, key rates, scenarios), holding-period return, spreads and riding.
import { describe, expect, it } from 'vitest';
import { addMonths, fromISO } from '../../dates/date';
import { DiscountCurve } from '../../market/curves/discount-curve';
import { type CnBond, cnFixedBond } from '../../instruments/rates/cn-bond';
import { priceCnBond } from './cn-bond';
import { bondFlows, curveDirtyPrice, keyRateDurations, scenarioPnl, scenarios, zSpread } from './curve-risk';
import { breakEvenSellYield, holdingPeriodReturn } from './holding-period';
import { bondSpreads, interpolateYield, seriesStats, spreadCurve } from './spreads';
import { parBondsOnCurve, ridingTheCurve } from './riding';
import { ql, qlCnFixedBond, toQL } from '../../testing/quantlib-bonds';

const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
const curve = DiscountCurve.fromZeroRates([[0, 0.014], [1, 0.015], [2, 0.0158], [5, 0.0172], [10, 0.0185], [30, 0.021]]);
const b10 = cnFixedBond(fromISO('2025-05-25'), fromISO('2035-05-25'), 0.0167, 2);
const S = fromISO('2025-11-24');

describe('curve risk', () => {
  it('Z-spread round-trips and agrees with QuantLib BondFunctions.zSpread (continuous, ACT/365F curve)', () => {
    const f = bondFlows(b10, S);
    const dirty = curveDirtyPrice(f, curve, 0.0023);
    expect(zSpread(f, curve, dirty)).toBeCloseTo(0.0023, 13);
    ql.Settings.evaluationDate.set(toQL(S));
    const nodes = curve.nodeTimes.map((t) => toQL(S + Math.round(t * 365) as never));
    const qc = new ql.InterpolatedDiscountCurve(new ql.LogLinear()).curveInit1(nodes, curve.nodeDiscounts as number[], new ql.Actual365Fixed());
    const qz = ql.BondFunctions.zSpread(qlCnFixedBond(b10), dirty - f.accrued, qc as unknown as ql.YieldTermStructure, new ql.Actual365Fixed(), ql.Compounding.Continuous, ql.Frequency.Annual, toQL(S), 1e-14, 200, 0.001);
    expect(Math.abs(qz - 0.0023)).toBeLessThan(1e-10);
  });
  it('key-rate durations sum to the parallel duration; a zero at a key tenor loads only that tenor', () => {
    const f = bondFlows(b10, S);
    const kr = keyRateDurations(f, curve, 0.002);
    const sum = kr.durations.reduce((a, b) => a + b, 0);
    // Equal to first order; the cross terms of the central differences are O(bump^2).
    expect(Math.abs(sum - kr.effectiveDuration)).toBeLessThan(2e-6);
    expect(kr.durations[kr.tenors.indexOf(10)]).toBeGreaterThan(5);
    const zero = { times: Float64Array.of(5), amounts: Float64Array.of(100), accrued: 0 };
    const kz = keyRateDurations(zero, curve, 0);
    kz.durations.forEach((d, i) => expect(d).toBeCloseTo(kz.tenors[i] === 5 ? 5 : 0, 6));
  });
  it('scenario P&L: parallel +1bp is minus the DV01; twists move short and long ends oppositely', () => {
    const f = bondFlows(b10, S);
    const kr = keyRateDurations(f, curve, 0);
    const [up1, steep, fly] = scenarioPnl(f, curve, 0, [scenarios.parallel(1), scenarios.twist(25), scenarios.butterfly(10)]);
    const dv01 = kr.dv01s.reduce((a, b) => a + b, 0);
    const p0 = curveDirtyPrice(f, curve, 0);
    expect(up1.pnl).toBeCloseTo(-dv01 + 0.5 * kr.effectiveConvexity * p0 * 1e-8, 7); // third order left
    expect(steep.pnl).toBeLessThan(0);
    expect(Number.isFinite(fly.pnl)).toBe(true);
    expect(Math.abs(up1.pnlApprox - up1.pnl)).toBeLessThan(1e-6);
    expect(scenarios.twist(25).shiftBp(0)).toBe(-25);
    expect(scenarios.twist(25).shiftBp(30)).toBe(25);
  });
});

describe('holding-period return', () => {
  const bill: CnBond = cnFixedBond(fromISO('2024-06-15'), fromISO('2026-06-15'), 0.0167, 1);
  it('held to maturity from the final period at yield y: the simple annual return is y 365/TY', () => {
    const r = holdingPeriodReturn(bill, { buyDate: fromISO('2025-09-01'), buy: { yield: 0.015 }, sellDate: bill.maturity });
    expect(r.annualisedSimple).toBeCloseTo(0.015, 13);
    expect(r.couponsReceived).toBeCloseTo(1.67, 14);
    expect(r.proceeds).toBe(100);
  });
  it('coupons reinvested, financing and equity return follow their definitions', () => {
    const base = { buyDate: fromISO('2024-11-20'), buy: { yield: 0.016 }, sellDate: fromISO('2025-09-01'), sell: { yield: 0.014 }, notional: 10_000_000 };
    const plain = holdingPeriodReturn(bill, base);
    const r = holdingPeriodReturn(bill, { ...base, reinvestRate: 0.018, repoRate: 0.017, financedFraction: 0.8 });
    const n = days('2024-11-20', '2025-09-01');
    expect(r.couponDates.length).toBe(1);
    expect(r.reinvestmentIncome).toBeCloseTo(1.67e5 * 0.018 * days('2025-06-15', '2025-09-01') / 365, 6);
    expect(r.financingCost).toBeCloseTo(0.8 * r.cost * 0.017 * n / 365, 6);
    expect(r.pnl).toBeCloseTo(plain.pnl + r.reinvestmentIncome - r.financingCost, 6);
    expect(r.returnOnEquity!).toBeCloseTo(r.pnl / (0.2 * r.cost), 12);
    expect(r.pricePnl + r.accruedPnl + r.couponsReceived + r.reinvestmentIncome - r.financingCost).toBeCloseTo(r.pnl, 6);
    expect(r.annualisedCompounded).toBeCloseTo((1 + r.holdingReturn) ** (365 / n) - 1, 14);
  });
  it('break-even sale yield zeroes the P&L', () => {
    const inp = { buyDate: fromISO('2024-11-20'), buy: { yield: 0.016 }, sellDate: fromISO('2025-09-01'), repoRate: 0.02, financedFraction: 1 };
    const y = breakEvenSellYield(bill, inp);
    expect(Math.abs(holdingPeriodReturn(bill, { ...inp, sell: { yield: y } }).pnl)).toBeLessThan(1e-9);
  });
});

describe('spreads and series statistics', () => {
  const gov = { tenors: [1, 2, 5, 10, 30], yields: [0.014, 0.0145, 0.016, 0.018, 0.021] };
  it('yield spread at matched maturity by interpolation, I-spread, spread curves', () => {
    expect(interpolateYield(gov, 7.5)).toBeCloseTo(0.017, 15);
    expect(interpolateYield(gov, 0.5)).toBe(0.014);
    const s = bondSpreads(0.0205, 7.5, gov, { swap: { tenors: [1, 5, 10], yields: [0.016, 0.0175, 0.019] } });
    expect(s.yieldSpread).toBeCloseTo(0.0035, 15);
    expect(s.iSpread).toBeCloseTo(0.0205 - 0.01825, 15);
    const aaa = { tenors: [1, 3, 5, 10], yields: [0.018, 0.0195, 0.021, 0.0235] };
    expect(spreadCurve(aaa, gov, [1, 5]).yields.map((x) => Math.round(x * 1e6) / 1e6)).toEqual([0.004, 0.005]);
  });
  it('percentile rank, z-score and type-7 quantiles', () => {
    const st = seriesStats([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 3]);
    expect(st.current).toBe(3);
    expect(st.percentileRank).toBeCloseTo(4 / 11, 15);
    expect(st.quantiles.p50).toBe(5);
    expect(seriesStats([1, 2, 3, 4]).quantiles.p25).toBeCloseTo(1.75, 15);
    expect(st.zScore).toBeCloseTo((3 - st.mean) / st.std, 15);
  });
});

describe('riding the curve', () => {
  const up = { tenors: [0.25, 1, 2, 3, 5, 7, 10], yields: [0.013, 0.014, 0.0148, 0.0155, 0.0166, 0.0175, 0.0182] };
  it('ranks candidates; roll-down positive on an upward curve; break-even rise matches the benchmark', () => {
    const horizon = addMonths(S, 12);
    const cands = parBondsOnCurve(up, S, [2, 3, 5, 7, 10]);
    const a = ridingTheCurve(up, S, horizon, cands, { reinvestRate: 0.014 });
    expect(a.benchmark.result.annualisedSimple).toBeCloseTo(interpolateYield(up, a.horizonYears) * 365 / days('2026-11-24', '2027-11-24'), 12);
    for (const r of a.rows) {
      expect(r.rollDownBp).toBeGreaterThan(0);
      const at = holdingPeriodReturn(cands.find((c) => c.code === r.code)!.bond, { buyDate: S, buy: { yield: r.buyYield }, sellDate: horizon, sell: { yield: r.sellYield + r.breakEvenRiseBp * 1e-4 }, reinvestRate: 0.014 });
      expect(at.annualisedSimple).toBeCloseTo(a.benchmark.result.annualisedSimple, 10);
    }
    const ranked = [...a.rows].sort((x, y) => x.rank - y.rank);
    for (let i = 1; i < ranked.length; i++) expect(ranked[i - 1].result.annualisedSimple).toBeGreaterThanOrEqual(ranked[i].result.annualisedSimple);
  });
  it('a parallel shift by the horizon moves every sale yield by it; the held benchmark is unchanged', () => {
    const horizon = addMonths(S, 6);
    const cands = parBondsOnCurve(up, S, [2, 5, 10]);
    const base = ridingTheCurve(up, S, horizon, cands);
    const shifted = ridingTheCurve(up, S, horizon, cands, { saleShift: 0.0025 });
    expect(shifted.benchmark.result.annualisedSimple).toBe(base.benchmark.result.annualisedSimple);
    for (const r of shifted.rows) {
      const b = base.rows.find((x) => x.code === r.code)!;
      expect(r.sellYield - b.sellYield).toBeCloseTo(0.0025, 15);
      expect(r.result.annualisedSimple).toBeLessThan(b.result.annualisedSimple); // yields up: prices down
      const c = cands.find((x) => x.code === r.code)!;
      expect(r.result.annualisedSimple).toBeCloseTo(holdingPeriodReturn(c.bond, { buyDate: S, buy: { yield: r.buyYield }, sellDate: horizon, sell: { yield: b.sellYield + 0.0025 } }).annualisedSimple, 14);
    }
  });
  it('on a flat curve nothing rolls down', () => {
    const flat = { tenors: [1, 10], yields: [0.02, 0.02] };
    const a = ridingTheCurve(flat, S, addMonths(S, 6), parBondsOnCurve(flat, S, [2, 5]));
    for (const r of a.rows) expect(r.rollDownBp).toBeCloseTo(0, 12);
    expect(priceCnBond(parBondsOnCurve(flat, S, [5])[0].bond, S, { yield: 0.02 }).cleanPrice).toBeCloseTo(100, 12);
  });
});

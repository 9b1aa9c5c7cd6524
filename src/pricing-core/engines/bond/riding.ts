// Riding the yield curve: buy a bond longer than the horizon and sell it at the horizon at the
// rolled-down yield of an unchanged curve, against holding a bond that matures at the horizon.
//
// Each candidate keeps its spread to the curve: sale yield = curve(T - H) + (y0 - curve(T)),
// T its remaining maturity today and H the horizon, both in years (days / 365). The benchmark is
// a zero-coupon bond maturing on the horizon date priced at curve(H) (or a given bond). A
// scenario `saleShift` (decimal) moves every sale yield by the same amount (the curve shifted in
// parallel by the horizon; the held bond redeems at par whatever happens). Returns
// are holding-period returns (holding-period.ts), ranked by the simple annualised return.
import { type CalendarDate, addMonths } from '../../dates/date';
import type { CnBond } from '../../instruments/rates/cn-bond';
import { brentRoot } from '../../math/brent';
import { bracket } from '../../math/solvers';
import { type HoldingPeriodResult, holdingPeriodReturn } from './holding-period';
import { type TenorCurve, interpolateYield, validateTenorCurve } from './spreads';

export interface RidingCandidate {
  code: string;
  bond: CnBond;
  /** Today's yield (cnBond convention); default the curve's at its maturity. */
  yield?: number;
}

export interface RidingRow {
  code: string;
  remainingYears: number;
  buyYield: number;
  sellYield: number;
  /** Yield fall from rolling down the curve, bp (positive = price gain). */
  rollDownBp: number;
  result: HoldingPeriodResult;
  /** Annualised (simple) return minus the benchmark's, bp. */
  excessBp: number;
  /** How far the sale yield may rise above the rolled-down yield before the candidate only matches the benchmark, bp. */
  breakEvenRiseBp: number;
  rank: number;
}

export interface RidingAnalysis {
  horizonYears: number;
  benchmark: { code: string; yield: number; result: HoldingPeriodResult };
  rows: RidingRow[];
}

export function ridingTheCurve(
  curve: TenorCurve, settlement: CalendarDate, horizon: CalendarDate, candidates: readonly RidingCandidate[],
  opts: { reinvestRate?: number; repoRate?: number; financedFraction?: number; benchmark?: RidingCandidate; saleShift?: number } = {},
): RidingAnalysis {
  validateTenorCurve(curve);
  if (!(horizon > settlement)) throw new RangeError('the horizon must be after settlement');
  const H = (horizon - settlement) / 365;
  const common = { buyDate: settlement, sellDate: horizon, reinvestRate: opts.reinvestRate ?? 0, repoRate: opts.repoRate ?? 0, financedFraction: opts.financedFraction ?? 0 };
  const benchBond: CnBond = opts.benchmark?.bond ?? { kind: 'zero', issue: settlement, maturity: horizon, coupon: 0, frequency: 1, face: 100 };
  if (benchBond.maturity !== horizon) throw new RangeError('the benchmark bond must mature on the horizon date');
  const benchYield = opts.benchmark?.yield ?? interpolateYield(curve, H);
  const bench = holdingPeriodReturn(benchBond, { ...common, buy: { yield: benchYield } });
  const rows: RidingRow[] = candidates.map((c) => {
    if (!(c.bond.maturity > horizon)) throw new RangeError(`${c.code} matures on or before the horizon`);
    const T = (c.bond.maturity - settlement) / 365;
    const y0 = c.yield ?? interpolateYield(curve, T);
    const spread = y0 - interpolateYield(curve, T);
    const y1 = interpolateYield(curve, T - H) + spread + (opts.saleShift ?? 0);
    const res = holdingPeriodReturn(c.bond, { ...common, buy: { yield: y0 }, sell: { yield: y1 } });
    const gap = (y: number) => holdingPeriodReturn(c.bond, { ...common, buy: { yield: y0 }, sell: { yield: y } }).annualisedSimple - bench.annualisedSimple;
    let be = NaN;
    try {
      const [lo, hi] = bracket(gap, y1, 0.005, -0.5, 2);
      be = (brentRoot(gap, lo, hi, { xTol: 1e-12 }) - y1) * 1e4;
    } catch { /* no break-even within range */ }
    return { code: c.code, remainingYears: T, buyYield: y0, sellYield: y1, rollDownBp: (y0 - y1) * 1e4, result: res, excessBp: (res.annualisedSimple - bench.annualisedSimple) * 1e4, breakEvenRiseBp: be, rank: 0 };
  });
  rows.map((_, i) => i).sort((a, b) => rows[b].result.annualisedSimple - rows[a].result.annualisedSimple).forEach((i, k) => { rows[i].rank = k + 1; });
  return { horizonYears: H, benchmark: { code: opts.benchmark?.code ?? `zero to horizon`, yield: benchYield, result: bench }, rows };
}

/** Hypothetical annual par bonds on whole-year curve tenors (coupon = curve yield), for a curve-only ride table. */
export function parBondsOnCurve(curve: TenorCurve, settlement: CalendarDate, tenorsYears: readonly number[]): RidingCandidate[] {
  return tenorsYears.map((y) => {
    if (!Number.isInteger(y) || y < 1) throw new RangeError('par-bond tenors are whole years');
    const bond: CnBond = { kind: 'fixed', issue: settlement, maturity: addMonths(settlement, 12 * y), coupon: interpolateYield(curve, y), frequency: 1, face: 100 };
    return { code: `${y}Y par`, bond };
  });
}

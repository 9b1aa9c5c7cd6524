// A bond against a discount curve: price, Z-spread, key-rate durations and scenario P&L.
// The curve's time 0 is the settlement date; t = days / 365 (ACT/365F, as every curve of the
// core). Spreads and bumps are on continuously compounded zero rates.
import type { CalendarDate } from '../../dates/date';
import type { YieldCurve } from '../../market/curves/discount-curve';
import type { CnBond } from '../../instruments/rates/cn-bond';
import { brentRoot } from '../../math/brent';
import { bracket } from '../../math/solvers';
import { type CnPricingOptions, cnSettlementView } from './cn-bond';

export interface BondFlows {
  /** Curve times (years from settlement) and amounts per `face` of the bond. */
  times: Float64Array;
  amounts: Float64Array;
  accrued: number;
}

/** Remaining cash flows after settlement (a coupon on the settlement date is the seller's). */
export function bondFlows(bond: CnBond, settlement: CalendarDate, o: CnPricingOptions = {}): BondFlows {
  const v = cnSettlementView(bond, settlement, o);
  return { times: Float64Array.from(v.dates, (d) => (d - settlement) / 365), amounts: Float64Array.from(v.amounts), accrued: v.accrued };
}

/** Dirty price off the curve with a constant continuously compounded spread z, and a zero-rate shift function. */
export function curveDirtyPrice(f: BondFlows, curve: YieldCurve, z = 0, shift?: (t: number) => number): number {
  let p = 0;
  for (let i = 0; i < f.times.length; i++) {
    const t = f.times[i];
    p += f.amounts[i] * curve.discount(t) * Math.exp(-(z + (shift ? shift(t) : 0)) * t);
  }
  return p;
}

/** The spread z over the curve's zero rates that reprices the dirty price (Z-spread). */
export function zSpread(f: BondFlows, curve: YieldCurve, dirtyPrice: number): number {
  if (!(dirtyPrice > 0)) throw new RangeError('price must be positive');
  const g = (z: number) => curveDirtyPrice(f, curve, z) - dirtyPrice;
  const [lo, hi] = bracket(g, 0, 0.01, -0.5, 2);
  return brentRoot(g, lo, hi, { xTol: 1e-14 });
}

export const DEFAULT_KEY_TENORS: readonly number[] = [0.25, 0.5, 1, 2, 3, 5, 7, 10, 15, 20, 30];

/** Triangular weight of key tenor k: 1 at it, 0 at its neighbours, flat beyond the ends. */
export function keyRateWeight(tenors: readonly number[], k: number, t: number): number {
  const tk = tenors[k];
  if (t <= tk) {
    if (k === 0) return 1;
    const prev = tenors[k - 1];
    return t <= prev ? 0 : (t - prev) / (tk - prev);
  }
  if (k === tenors.length - 1) return 1;
  const next = tenors[k + 1];
  return t >= next ? 0 : (next - t) / (next - tk);
}

export interface KeyRateResult {
  tenors: number[];
  /** -(dP/P)/dr for a bump of the zero rate at each key tenor, years. Sums to `effectiveDuration`. */
  durations: number[];
  /** Dirty-price change per 1bp fall at each key tenor, per `face`. */
  dv01s: number[];
  effectiveDuration: number;
  effectiveConvexity: number;
}

/** Key-rate durations by central differences of triangular zero-rate bumps (Ho 1992). */
export function keyRateDurations(f: BondFlows, curve: YieldCurve, z: number, tenors: readonly number[] = DEFAULT_KEY_TENORS, bump = 1e-4): KeyRateResult {
  for (let i = 1; i < tenors.length; i++) if (!(tenors[i] > tenors[i - 1])) throw new RangeError('key tenors must increase');
  const p0 = curveDirtyPrice(f, curve, z);
  const durations: number[] = [], dv01s: number[] = [];
  tenors.forEach((_, k) => {
    const up = curveDirtyPrice(f, curve, z, (t) => bump * keyRateWeight(tenors, k, t));
    const dn = curveDirtyPrice(f, curve, z, (t) => -bump * keyRateWeight(tenors, k, t));
    durations.push(-(up - dn) / (2 * bump * p0));
    dv01s.push(((dn - up) / 2) * (1e-4 / bump));
  });
  const up = curveDirtyPrice(f, curve, z + bump), dn = curveDirtyPrice(f, curve, z - bump);
  return { tenors: [...tenors], durations, dv01s, effectiveDuration: -(up - dn) / (2 * bump * p0), effectiveConvexity: (up - 2 * p0 + dn) / (bump * bump * p0) };
}

/** A curve scenario: a zero-rate shift in basis points as a function of curve time. */
export interface CurveScenario {
  name: string;
  shiftBp: (t: number) => number;
}

export const scenarios = {
  parallel: (bp: number): CurveScenario => ({ name: `parallel ${bp > 0 ? '+' : ''}${bp}bp`, shiftBp: () => bp }),
  /** Rotation about a pivot: the short end moves by -bp, the long end (30y) by +bp (steepener for bp > 0). */
  twist: (bp: number, pivot = 5, long = 30): CurveScenario => ({
    name: `twist ${bp > 0 ? 'steepener' : 'flattener'} ${Math.abs(bp)}bp about ${pivot}y`,
    shiftBp: (t) => (t <= pivot ? -bp * (pivot - t) / pivot : bp * Math.min(1, (t - pivot) / (long - pivot))),
  }),
  /** Wings (2y and 30y) up by bp, belly (5-10y) down by bp, linear in between. */
  butterfly: (bp: number): CurveScenario => ({
    name: `butterfly ${bp}bp`,
    shiftBp: (t) => (t <= 2 ? bp : t <= 5 ? bp - (2 * bp * (t - 2)) / 3 : t <= 10 ? -bp : t <= 30 ? -bp + (2 * bp * (t - 10)) / 20 : bp),
  }),
};

export interface ScenarioResult {
  name: string;
  dirtyPrice: number;
  /** Change of the dirty price per `face` (full revaluation at a constant Z-spread). */
  pnl: number;
  /** Duration-convexity estimate with the shift at the bond's Macaulay time, for comparison. */
  pnlApprox: number;
}

export function scenarioPnl(f: BondFlows, curve: YieldCurve, z: number, list: readonly CurveScenario[]): ScenarioResult[] {
  const p0 = curveDirtyPrice(f, curve, z);
  const kr = keyRateDurations(f, curve, z, [1]);
  let tw = 0;
  for (let i = 0; i < f.times.length; i++) tw += f.times[i] * f.amounts[i] * curve.discount(f.times[i]) * Math.exp(-z * f.times[i]);
  const tMac = tw / p0;
  return list.map((s) => {
    const p = curveDirtyPrice(f, curve, z, (t) => s.shiftBp(t) * 1e-4);
    const dy = s.shiftBp(tMac) * 1e-4;
    return { name: s.name, dirtyPrice: p, pnl: p - p0, pnlApprox: p0 * (-kr.effectiveDuration * dy + 0.5 * kr.effectiveConvexity * dy * dy) };
  });
}

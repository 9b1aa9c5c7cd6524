// Callable and puttable bonds (含权债) and European bond options on the Hull-White trinomial
// tree (hull-white-tree.ts) fitted to a discount curve; OAS, option-adjusted yield, effective
// duration/convexity, yields to each exercise date; Black on the forward price as the
// alternative for bond options. Times are ACT/365F from settlement (the curve's time 0).
//
// Exercise rule on an exercise date (a coupon date): the holder gets the coupon in any case; the
// issuer calls when the ex-coupon continuation value exceeds the call price (value = min), the
// investor puts when it is below the put price (value = max), as QuantLib's
// DiscretizedCallableFixedRateBond. Exercise prices are clean; accrued is added off coupon dates.
// OAS: a constant spread on the short rate = a parallel shift of the curve's continuous zero
// rates (the fitted tree's alphas move by exactly that amount).
import type { CalendarDate } from '../../dates/date';
import { toISO } from '../../dates/date';
import type { YieldCurve } from '../../market/curves/discount-curve';
import { type CnBond, type EmbeddedOption, cnBondSchedule } from '../../instruments/rates/cn-bond';
import { brentRoot } from '../../math/brent';
import { bracket } from '../../math/solvers';
import { normCdf } from '../../math/normal';
import { type CnPricingOptions, cnSettlementView, cnYieldFromDirty } from './cn-bond';
import { type HullWhiteParams, type HullWhiteTree, buildHullWhiteTree, gridIndex, rollBack, timeGrid } from './hull-white-tree';

export const TREE_MODEL = 'Hull-White one-factor trinomial tree (Hull & White 1994), alpha(t) fitted to the discount curve';

/** Coupon-rate overrides implied by reset (step-up) coupons of the embedded options. */
export function resetCouponRates(bond: CnBond): CnPricingOptions['couponRate'] {
  const resets = (bond.options ?? []).filter((o) => o.resetCoupon !== undefined).sort((x, y) => x.date - y.date);
  if (!resets.length) return undefined;
  const grid = cnBondSchedule(bond);
  // Coupon index i pays on grid[i + 1]; it accrues from grid[i]: a reset on date D applies to periods starting on or after D.
  return (i: number) => {
    let rate = bond.coupon;
    for (const r of resets) if (grid[i] >= r.date) rate = r.resetCoupon!;
    return rate;
  };
}

interface TreeBond {
  tree: HullWhiteTree;
  /** Flow amount at each grid index (0 where none). */
  flows: Float64Array;
  /** Exercise at each grid index: 0 none, +1 call, -1 put; dirty exercise price. */
  exType: Int8Array;
  exPrice: Float64Array;
  last: number;
}

function treeBond(bond: CnBond, settlement: CalendarDate, curve: YieldCurve, model: HullWhiteParams, steps: number, options: readonly EmbeddedOption[]): TreeBond {
  if (bond.kind !== 'fixed') throw new RangeError('the tree prices fixed-coupon bonds');
  const couponRate = resetCouponRates(bond);
  const v = cnSettlementView(bond, settlement, { couponRate });
  const flowTimes = v.dates.map((d) => (d - settlement) / 365);
  const live = options.filter((o) => o.date > settlement && o.date < bond.maturity);
  const exTimes = live.map((o) => (o.date - settlement) / 365);
  const times = timeGrid([...flowTimes, ...exTimes], steps);
  const tree = buildHullWhiteTree(curve, times, model);
  const flows = new Float64Array(times.length), exType = new Int8Array(times.length), exPrice = new Float64Array(times.length);
  flowTimes.forEach((t, i) => { flows[gridIndex(times, t)] += v.amounts[i]; });
  live.forEach((o, i) => {
    const k = gridIndex(times, exTimes[i]);
    exType[k] = o.type === 'call' ? 1 : -1;
    exPrice[k] = o.price + cnSettlementView(bond, o.date, { couponRate }).accrued;
  });
  return { tree, flows, exType, exPrice, last: times.length - 1 };
}

function valueOnTree(tb: TreeBond, spread: number, exercise: boolean): number {
  let v: Float64Array = new Float64Array(tb.tree.size[tb.last]).fill(tb.flows[tb.last]);
  for (let i = tb.last - 1; i >= 0; i--) {
    v = rollBack(tb.tree, i, v, spread);
    const e = exercise ? tb.exType[i] : 0;
    if (e !== 0) {
      const K = tb.exPrice[i];
      for (let j = 0; j < v.length; j++) v[j] = e > 0 ? Math.min(v[j], K) : Math.max(v[j], K);
    }
    if (i > 0 && tb.flows[i] !== 0) for (let j = 0; j < v.length; j++) v[j] += tb.flows[i];
  }
  return v[0];
}

export interface YieldToExercise {
  date: string;
  type: 'call' | 'put' | 'maturity';
  price: number;
  yield: number;
}

export interface CallableAnalytics {
  model: string;
  a: number;
  sigma: number;
  steps: number;
  dirtyPrice: number;
  cleanPrice: number;
  accrued: number;
  /** Same bond without its options, same tree and spread. */
  straightDirtyPrice: number;
  /** Value of the embedded options to the holder: callable - straight (< 0 for calls, > 0 for puts). */
  optionValue: number;
  /** Spread over the curve that reprices the market price (when given), else 0. */
  oas: number;
  /** Yield (cnBond convention) of the option-free bond at its price at that OAS. */
  optionAdjustedYield: number;
  /** Yield of the market (or model) price as if the bond ran to maturity. */
  yieldToMaturity: number;
  effectiveDuration: number;
  effectiveConvexity: number;
  yieldsToExercise: YieldToExercise[];
  /** Lowest yield over maturity and the call dates (issuer's choice); for puts, the put yields are listed and `yieldToWorst` stays the lowest. */
  yieldToWorst: number;
}

/** Yield to each exercise date at its price (the bond truncated there) and to maturity. */
export function yieldsToExercise(bond: CnBond, settlement: CalendarDate, dirtyPrice: number): YieldToExercise[] {
  const couponRate = resetCouponRates(bond);
  const out: YieldToExercise[] = [];
  for (const o of bond.options ?? []) {
    if (!(o.date > settlement && o.date < bond.maturity)) continue;
    const v = cnSettlementView({ ...bond, maturity: o.date }, settlement, { couponRate, redemption: o.price });
    out.push({ date: toISO(o.date), type: o.type, price: o.price, yield: cnYieldFromDirty(v, dirtyPrice) });
  }
  const v = cnSettlementView(bond, settlement, { couponRate });
  out.push({ date: toISO(bond.maturity), type: 'maturity', price: 100, yield: cnYieldFromDirty(v, dirtyPrice) });
  return out;
}

export function priceCallableBond(
  bond: CnBond, settlement: CalendarDate, curve: YieldCurve, model: HullWhiteParams,
  opts: { steps?: number; cleanPrice?: number; options?: readonly EmbeddedOption[] } = {},
): CallableAnalytics {
  const steps = opts.steps ?? 400;
  const tb = treeBond(bond, settlement, curve, model, steps, opts.options ?? bond.options ?? []);
  const couponRate = resetCouponRates(bond);
  const accrued = cnSettlementView(bond, settlement, { couponRate }).accrued;
  let oas = 0;
  if (opts.cleanPrice !== undefined) {
    const target = opts.cleanPrice + accrued;
    const g = (s: number) => valueOnTree(tb, s, true) - target;
    const [lo, hi] = bracket(g, 0, 0.005, -0.2, 1);
    oas = brentRoot(g, lo, hi, { xTol: 1e-12 });
  }
  const dirty = valueOnTree(tb, oas, true);
  const straight = valueOnTree(tb, oas, false);
  const h = 1e-4;
  const up = valueOnTree(tb, oas + h, true), dn = valueOnTree(tb, oas - h, true);
  const ytes = yieldsToExercise(bond, settlement, dirty);
  const straightView = cnSettlementView(bond, settlement, { couponRate });
  return {
    model: TREE_MODEL, a: model.a, sigma: model.sigma, steps,
    dirtyPrice: dirty, cleanPrice: dirty - accrued, accrued,
    straightDirtyPrice: straight, optionValue: dirty - straight, oas,
    optionAdjustedYield: cnYieldFromDirty(straightView, straight),
    yieldToMaturity: ytes[ytes.length - 1].yield,
    effectiveDuration: -(up - dn) / (2 * h * dirty), effectiveConvexity: (up - 2 * dirty + dn) / (h * h * dirty),
    yieldsToExercise: ytes, yieldToWorst: Math.min(...ytes.filter((y) => y.type !== 'put').map((y) => y.yield)),
  };
}

// ---------------------------------------------------------------- European bond options

export interface BondOptionSpec {
  type: 'call' | 'put';
  expiry: CalendarDate;
  strike: number;
  /** Strike quoted clean (default; accrued at expiry added) or dirty. */
  strikeType?: 'clean' | 'dirty';
}

/** European option on a fixed-coupon bond on the Hull-White tree; coupons up to expiry are not the option's. */
export function bondOptionTree(bond: CnBond, settlement: CalendarDate, curve: YieldCurve, model: HullWhiteParams, o: BondOptionSpec, steps = 400): number {
  if (!(o.expiry > settlement && o.expiry < bond.maturity)) throw new RangeError('expiry must be after settlement and before maturity');
  const v = cnSettlementView(bond, settlement);
  const te = (o.expiry - settlement) / 365;
  const flowTimes = v.dates.map((d) => (d - settlement) / 365);
  const times = timeGrid([...flowTimes, te], steps);
  const tree = buildHullWhiteTree(curve, times, model);
  const ie = gridIndex(times, te);
  const flows = new Float64Array(times.length);
  flowTimes.forEach((t, i) => { if (t > te) flows[gridIndex(times, t)] += v.amounts[i]; });
  const K = o.strike + (o.strikeType === 'dirty' ? 0 : cnSettlementView(bond, o.expiry).accrued);
  const w = o.type === 'call' ? 1 : -1;
  const last = times.length - 1;
  let val: Float64Array = new Float64Array(tree.size[last]).fill(flows[last]);
  for (let i = last - 1; i >= ie; i--) {
    val = rollBack(tree, i, val);
    if (i > ie && flows[i] !== 0) for (let j = 0; j < val.length; j++) val[j] += flows[i];
  }
  for (let j = 0; j < val.length; j++) val[j] = Math.max(w * (val[j] - K), 0);
  for (let i = ie - 1; i >= 0; i--) val = rollBack(tree, i, val);
  return val[0];
}

/** Jamshidian (1989): the European option on a coupon bond in closed form under Hull-White (dirty strike). */
export function bondOptionJamshidian(bond: CnBond, settlement: CalendarDate, curve: YieldCurve, model: HullWhiteParams, o: BondOptionSpec): number {
  const { a, sigma } = model;
  if (!(a > 0 && sigma > 0)) throw new RangeError('Jamshidian needs a > 0 and sigma > 0');
  const v = cnSettlementView(bond, settlement);
  const te = (o.expiry - settlement) / 365;
  const K = o.strike + (o.strikeType === 'dirty' ? 0 : cnSettlementView(bond, o.expiry).accrued);
  const P = (t: number) => curve.discount(t);
  const hf = 1e-5;
  const f0 = -(Math.log(P(te + hf)) - Math.log(P(te - hf))) / (2 * hf);
  const B = (t: number, T: number) => (1 - Math.exp(-a * (T - t))) / a;
  const lnA = (T: number) => Math.log(P(T) / P(te)) + B(te, T) * f0 - ((sigma * sigma) / (4 * a)) * (1 - Math.exp(-2 * a * te)) * B(te, T) ** 2;
  const cf = v.dates.map((d, i) => ({ T: (d - settlement) / 365, c: v.amounts[i] })).filter((x) => x.T > te);
  const value = (r: number) => cf.reduce((s, x) => s + x.c * Math.exp(lnA(x.T) - B(te, x.T) * r), 0) - K;
  const [lo, hi] = bracket(value, 0.02, 0.05, -2, 5);
  const rStar = brentRoot(value, lo, hi, { xTol: 1e-15 });
  const w = o.type === 'call' ? 1 : -1;
  let total = 0;
  for (const x of cf) {
    const Ki = Math.exp(lnA(x.T) - B(te, x.T) * rStar);
    const sp = sigma * Math.sqrt((1 - Math.exp(-2 * a * te)) / (2 * a)) * B(te, x.T);
    const hh = Math.log(P(x.T) / (Ki * P(te))) / sp + sp / 2;
    total += x.c * w * (P(x.T) * normCdf(w * hh) - Ki * P(te) * normCdf(w * (hh - sp)));
  }
  return total;
}

/**
 * Black (1976) on the bond's forward dirty price with a price volatility: F = (dirty - PV of
 * coupons up to expiry) / P(te), value = P(te) [w F N(w d1) - w K N(w d2)].
 */
export function bondOptionBlack(bond: CnBond, settlement: CalendarDate, curve: YieldCurve, priceVol: number, o: BondOptionSpec & { cleanPrice?: number }): { npv: number; forwardDirty: number; strikeDirty: number } {
  const v = cnSettlementView(bond, settlement);
  const te = (o.expiry - settlement) / 365;
  let pvAll = 0, pvBefore = 0;
  v.dates.forEach((d, i) => {
    const t = (d - settlement) / 365;
    const pv = v.amounts[i] * curve.discount(t);
    pvAll += pv;
    if (t <= te) pvBefore += pv;
  });
  const dirty = o.cleanPrice !== undefined ? o.cleanPrice + v.accrued : pvAll;
  const Pe = curve.discount(te);
  const F = (dirty - pvBefore) / Pe;
  const K = o.strike + (o.strikeType === 'dirty' ? 0 : cnSettlementView(bond, o.expiry).accrued);
  const w = o.type === 'call' ? 1 : -1;
  const sd = priceVol * Math.sqrt(te);
  const npv = sd === 0 ? Pe * Math.max(w * (F - K), 0)
    : Pe * w * (F * normCdf(w * ((Math.log(F / K) + sd * sd / 2) / sd)) - K * normCdf(w * ((Math.log(F / K) - sd * sd / 2) / sd)));
  return { npv, forwardDirty: F, strikeDirty: K };
}


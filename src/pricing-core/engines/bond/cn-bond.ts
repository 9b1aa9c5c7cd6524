// China inter-bank bond analytics (PRICING-CLI `cnBond`; PBOC 2007 yield-to-maturity standard
// as ChinaBond and CFETS apply it). Per `face` of the bond (per 100 when face = 100).
//
//   fixed, n > 1     P = sum_{i<n} C_i / (1 + y/f)^(d/TS + i) + face / (1 + y/f)^(d/TS + n - 1)
//   fixed, n = 1     P = (face + C) / (1 + y D/TY)                       (last coupon period)
//   zero / bullet    P = FV / (1 + y D/TY) within a year of maturity, else FV / (1 + y)^(d/TY + m)
//
// accrued (CFETS, 算头不算尾) = C t / TS; the exchange-market rule (coupon/365 per day, 29 Feb
// not counted) is offered as `accrual: 'exchange'`. Durations and convexity are derivatives of
// the formula in force. Both regimes reduce to "cash flows at yield times" (compounded) or one
// flow discounted simply, so one set of analytics serves every kind of bond.
import { type CalendarDate, addMonths, fromYMD, toYMD } from '../../dates/date';
import { type CnBond, cnBondSchedule, validateCnBond } from '../../instruments/rates/cn-bond';
import { newtonSafe } from '../../math/solvers';
import { priceFixedBond } from './fixed-bond-yield';

export type AccrualRule = 'cfets' | 'exchange';
export type YieldConvention = 'cn' | 'isma';

export interface CnPricingOptions {
  /** Accrued interest rule; price/yield formulas are unchanged. Default `cfets`. */
  accrual?: AccrualRule;
  /**
   * Override of each coupon's annual rate by coupon index (0 = the first coupon after issue):
   * step-up / reset coupons, or floating-rate bonds priced on an assumed flat index.
   */
  couponRate?: (index: number) => number;
  /** Redemption amount instead of `face` (an exercise price for yield-to-call/put). */
  redemption?: number;
}

/** The remaining cash flows of a bond seen from a settlement date, in the regime in force. */
export interface CnSettlementView {
  /** Previous and next grid dates: P <= S < N. */
  previous: CalendarDate;
  next: CalendarDate;
  /** Days: TS = N - P, d = N - S, t = S - P; D = maturity - S; TY = days of the last interest year. */
  TS: number;
  d: number;
  t: number;
  D: number;
  TY: number;
  /** Coupon dates after settlement (`fixed`), or remaining grid dates (`zero`, `bullet`). */
  remainingCoupons: number;
  accrued: number;
  /** `simple`: one flow `amounts[0]` discounted by (1 + y a), a = D/TY. */
  regime: 'compounded' | 'simple';
  /** Compounding frequency of the regime (f for coupon bonds, 1 for zero/bullet). */
  frequency: number;
  amounts: Float64Array;
  /** Discount exponents in periods (d/TS + i), compounded regime. */
  periods: Float64Array;
  /** a = D/TY, simple regime. */
  simpleFraction: number;
  /** Cash-flow dates (for carry, spreads and curve pricing). */
  dates: CalendarDate[];
}

export interface CnBondAnalytics {
  cleanPrice: number;
  dirtyPrice: number;
  accrued: number;
  yield: number;
  /** Years: sum of (cash-flow time in years) x PV / P; D/TY in the simple regime. */
  macaulayDuration: number;
  modifiedDuration: number;
  convexity: number;
  /** Dirty-price change for a 1bp fall in yield, per `face` of the bond. */
  dv01: number;
  remainingCoupons: number;
  regime: 'compounded' | 'simple';
}

/** Days of the year ending at d: d - (d minus 12 months), 365 or 366. */
export function daysOfYearEnding(d: CalendarDate): number {
  return d - addMonths(d, -12);
}

/** Days from a to b not counting any 29 February (exchange-market accrual). */
export function daysExcludingLeapDays(a: CalendarDate, b: CalendarDate): number {
  let n = b - a;
  const ya = toYMD(a).y, yb = toYMD(b).y;
  for (let y = ya; y <= yb; y++) {
    if (!((y % 4 === 0 && y % 100 !== 0) || y % 400 === 0)) continue;
    const leap = fromYMD(y, 2, 29);
    if (leap >= a && leap < b) n--;
  }
  return n;
}

function coupons(b: CnBond, o: CnPricingOptions, index: number): number {
  const rate = o.couponRate ? o.couponRate(index) : b.coupon;
  return (b.face * rate) / b.frequency;
}

/** The settlement view of a bond (issue <= settlement < maturity). */
export function cnSettlementView(b: CnBond, settlement: CalendarDate, o: CnPricingOptions = {}): CnSettlementView {
  validateCnBond(b);
  if (settlement < b.issue) throw new RangeError('settlement is before the interest start date (issue)');
  if (settlement >= b.maturity) throw new RangeError('settlement must be before maturity');
  const grid = cnBondSchedule(b);
  // k: index of the next grid date N > S (a coupon on S belongs to the seller).
  let k = 1;
  while (grid[k] <= settlement) k++;
  const P = grid[k - 1], N = grid[k];
  const TS = N - P, d = N - settlement, t = settlement - P, D = b.maturity - settlement;
  const TY = daysOfYearEnding(b.maturity);
  const n = grid.length - k;
  const redemption = o.redemption ?? b.face;
  const rule = o.accrual ?? 'cfets';
  const base = { previous: P, next: N, TS, d, t, D, TY, remainingCoupons: n };

  if (b.kind === 'fixed') {
    const f = b.frequency;
    const C = coupons(b, o, k - 1);
    const accrued = rule === 'cfets' ? (C * t) / TS : (b.face * (o.couponRate ? o.couponRate(k - 1) : b.coupon) * daysExcludingLeapDays(P, settlement)) / 365;
    if (n === 1) {
      return { ...base, accrued, regime: 'simple', frequency: f, amounts: Float64Array.of(redemption + C), periods: Float64Array.of(d / TS), simpleFraction: D / TY, dates: [b.maturity] };
    }
    const amounts = new Float64Array(n), periods = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      amounts[i] = coupons(b, o, k - 1 + i);
      periods[i] = d / TS + i;
    }
    amounts[n - 1] += redemption;
    return { ...base, accrued, regime: 'compounded', frequency: f, amounts, periods, simpleFraction: D / TY, dates: grid.slice(k) };
  }

  // zero (discount bill) and bullet (interest with principal): the annual grid.
  const totalDays = b.maturity - b.issue;
  let fv = redemption;
  let accrued: number;
  if (b.kind === 'zero') {
    accrued = b.issuePrice === undefined ? 0 : ((b.face - b.issuePrice) * (settlement - b.issue)) / totalDays;
  } else {
    // Simple interest for each interest year (a short first year pro rata on its own length).
    const yearFrac = (i: number) => (grid[i + 1] - grid[i]) / daysOfYearEnding(grid[i + 1]);
    let years = 0;
    for (let i = 0; i + 1 < grid.length; i++) years += yearFrac(i);
    fv = redemption + b.face * b.coupon * years;
    let done = 0;
    for (let i = 0; i + 1 < k; i++) done += yearFrac(i);
    accrued = b.face * b.coupon * (done + t / daysOfYearEnding(N));
  }
  if (D <= TY) {
    return { ...base, accrued, regime: 'simple', frequency: 1, amounts: Float64Array.of(fv), periods: Float64Array.of(d / TS), simpleFraction: D / TY, dates: [b.maturity] };
  }
  // More than a year left: FV / (1 + y)^(d/TY + m), TY the current interest year's days.
  const TYcur = daysOfYearEnding(N);
  return {
    ...base, TY: TYcur, accrued, regime: 'compounded', frequency: 1,
    amounts: Float64Array.of(fv), periods: Float64Array.of(d / TYcur + (n - 1)), simpleFraction: D / TY, dates: [b.maturity],
  };
}

/** Dirty price and its first two derivatives in the yield. */
export function cnDirtyAndDerivatives(v: CnSettlementView, y: number): [number, number, number] {
  if (v.regime === 'simple') {
    const a = v.simpleFraction, g = 1 + y * a;
    if (!(g > 0)) throw new RangeError('yield too low for the simple formula (1 + y D/TY <= 0)');
    const p = v.amounts[0] / g;
    return [p, (-a * p) / g, (2 * a * a * p) / (g * g)];
  }
  const f = v.frequency, base = 1 + y / f;
  if (!(base > 0)) throw new RangeError('yield must be above -frequency');
  const lb = Math.log(base);
  let p = 0, d1 = 0, d2 = 0;
  for (let i = 0; i < v.amounts.length; i++) {
    const tau = v.periods[i];
    const pv = v.amounts[i] * Math.exp(-tau * lb);
    p += pv;
    d1 -= (tau * pv) / (f * base);
    d2 += (tau * (tau + 1) * pv) / (f * f * base * base);
  }
  return [p, d1, d2];
}

export function cnAnalyticsFromYield(v: CnSettlementView, y: number): CnBondAnalytics {
  const [p, d1, d2] = cnDirtyAndDerivatives(v, y);
  let macaulay: number;
  if (v.regime === 'simple') macaulay = v.simpleFraction;
  else {
    const lb = Math.log(1 + y / v.frequency);
    let s = 0;
    for (let i = 0; i < v.amounts.length; i++) s += (v.periods[i] / v.frequency) * v.amounts[i] * Math.exp(-v.periods[i] * lb);
    macaulay = s / p;
  }
  return {
    cleanPrice: p - v.accrued,
    dirtyPrice: p,
    accrued: v.accrued,
    yield: y,
    macaulayDuration: macaulay,
    modifiedDuration: -d1 / p,
    convexity: d2 / p,
    dv01: -d1 * 1e-4,
    remainingCoupons: v.remainingCoupons,
    regime: v.regime,
  };
}

/** The yield that reprices a dirty price (closed form in the simple regime). */
export function cnYieldFromDirty(v: CnSettlementView, dirty: number): number {
  if (!(dirty > 0)) throw new RangeError('price must be positive');
  if (v.regime === 'simple') return (v.amounts[0] / dirty - 1) / v.simpleFraction;
  const f = v.frequency;
  return newtonSafe((y) => { const [p, d] = cnDirtyAndDerivatives(v, y); return [p - dirty, d]; }, 0.03, -f * (1 - 1e-9), 20, { xTol: 1e-15 });
}

export type CnQuote = { yield: number } | { cleanPrice: number } | { dirtyPrice: number };

/** Price <-> yield under the China inter-bank convention, or ISMA (the `fixedBond` engine). */
export function priceCnBond(b: CnBond, settlement: CalendarDate, quote: CnQuote, o: CnPricingOptions & { convention?: YieldConvention } = {}): CnBondAnalytics {
  if ((o.convention ?? 'cn') === 'isma') return priceIsma(b, settlement, quote);
  const v = cnSettlementView(b, settlement, o);
  const y = 'yield' in quote ? quote.yield
    : cnYieldFromDirty(v, 'cleanPrice' in quote ? quote.cleanPrice + v.accrued : quote.dirtyPrice);
  return cnAnalyticsFromYield(v, y);
}

/**
 * The international (ISMA) convention: the existing `fixedBond` engine with ACT/ACT-ISMA,
 * compounded at the coupon frequency in every period including the last. Fixed coupons only.
 * Identical to `cn` while more than one coupon remains (the formulas coincide there).
 */
function priceIsma(b: CnBond, settlement: CalendarDate, quote: CnQuote): CnBondAnalytics {
  if (b.kind !== 'fixed') throw new RangeError('the ISMA convention is offered for fixed-coupon bonds only');
  const scale = b.face / 100;
  const bond = { issue: b.issue, maturity: b.maturity, coupon: b.coupon, frequency: b.frequency, dayCount: 'ACT/ACT-ISMA' as const, face: 100 };
  // fixedBond works per 100: convert dirty quotes through its own accrued.
  let q: { yield: number } | { cleanPrice: number };
  if ('yield' in quote) q = quote;
  else if ('cleanPrice' in quote) q = { cleanPrice: quote.cleanPrice / scale };
  else {
    const acc = priceFixedBond(bond, settlement, { yield: 0.03 }).accrued;
    q = { cleanPrice: quote.dirtyPrice / scale - acc };
  }
  const a = priceFixedBond(bond, settlement, q);
  const grid = cnBondSchedule(b);
  return {
    cleanPrice: a.cleanPrice * scale, dirtyPrice: a.dirtyPrice * scale, accrued: a.accrued * scale, yield: a.yield,
    macaulayDuration: a.macaulayDuration, modifiedDuration: a.modifiedDuration, convexity: a.convexity, dv01: a.dv01 * scale,
    remainingCoupons: grid.filter((d) => d > settlement).length, regime: 'compounded',
  };
}

/** Coupon cash flows (date, amount per face) strictly after `from` and up to `to` inclusive. */
export function couponsBetween(b: CnBond, from: CalendarDate, to: CalendarDate, o: CnPricingOptions = {}): { date: CalendarDate; amount: number }[] {
  if (b.kind !== 'fixed') return [];
  const grid = cnBondSchedule(b);
  const out: { date: CalendarDate; amount: number }[] = [];
  for (let i = 1; i < grid.length; i++) if (grid[i] > from && grid[i] <= to) out.push({ date: grid[i], amount: coupons(b, o, i - 1) });
  return out;
}

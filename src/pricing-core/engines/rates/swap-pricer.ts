// Discounting swap engine: leg PVs, par rate, BPS, cash flows and PV01 by bumping, on a
// discount curve and an optional separate projection curve (dual curve). Curves are on ACT/365F
// time from the valuation date.
// Float coupons not yet fixed: N x (P_proj(s)/P_proj(e) - 1 + spread x tau) paid at the payment
// date, which is the value of a term fixing over exactly the accrual period and equally of a rate
// compounded in arrears over it (no lookback or convexity adjustments; a fixing lag only decides
// which fixing a seasoned period uses). Seasoned swaps: a term period whose fixing date is before
// the valuation date takes its fixing from `fixings`; a started compounded period compounds its
// past resets' fixings and projects the rest, N x (prod(1 + r_j d_j) x P(r_k)/P(e) - 1 + spread
// tau), with the spread added simply (not compounded). A fixing dated on the valuation date is
// used when supplied and projected otherwise (QuantLib's rule). Flows paid on or before the
// valuation date are gone.
import { type CalendarDate, addDays, fromISO, toISO } from '../../dates/date';
import { addBusinessDays } from '../../dates/business-day';
import { yearFraction } from '../../dates/day-count';
import { type YieldCurve, DiscountCurve, curveTime } from '../../market/curves/discount-curve';
import type { FloatLeg, InterestRateSwap, LegPeriod } from '../../instruments/rates/swap';
import { type CurrencyAmount, amountOf } from '../../core/currency';

/** Past fixings of the float index by fixing date; undefined when not known. */
export type FixingSource = (date: CalendarDate) => number | undefined;

/**
 * A fixing source from `{ 'YYYY-MM-DD': rate }`. `latestOnOrBefore` serves indices published on
 * a few dates only (LPR, monthly): the fixing on a date is the latest one published by then.
 */
export function fixingsFrom(record: Readonly<Record<string, number>>, mode: 'exact' | 'latestOnOrBefore' = 'exact'): FixingSource {
  const entries = Object.entries(record).map(([iso, r]) => {
    if (!Number.isFinite(r)) throw new RangeError(`fixing on ${iso} is not a number`);
    return [fromISO(iso), r] as const;
  }).sort((a, b) => a[0] - b[0]);
  const map = new Map<CalendarDate, number>(entries);
  if (mode === 'exact') return (d) => map.get(d);
  const days = entries.map((e) => e[0]);
  return (d) => {
    let lo = 0, hi = days.length - 1, hit = -1;
    while (lo <= hi) { const mid = (lo + hi) >> 1; if (days[mid] <= d) { hit = mid; lo = mid + 1; } else hi = mid - 1; }
    return hit < 0 ? undefined : entries[hit][1];
  };
}

export interface SwapCurves {
  valuationDate: CalendarDate;
  discount: YieldCurve;
  /** Forecasting curve; defaults to the discount curve (single curve). */
  projection?: YieldCurve;
  /** Past fixings, needed once a float period has fixed before the valuation date. */
  fixings?: FixingSource;
}

export interface SwapValuation {
  npv: number;
  fixedLegPv: number;
  floatLegPv: number;
  /** Value of 1bp on the fixed leg, positive. */
  bps: number;
  /** Fixed rate making npv zero. */
  parRate: number;
}

export type RateSource = 'fixed' | 'fixing' | 'projected' | 'partlyFixed';

/** How one float coupon's amount was found (filled by floatCouponAmount when asked). */
export interface CouponDetail {
  rate: number;
  source: RateSource;
  fixingDate?: CalendarDate;
}

function needFixing(fixings: FixingSource | undefined, d: CalendarDate, p: LegPeriod): number {
  const r = fixings?.(d);
  if (r === undefined) throw new RangeError(`missing fixing on ${toISO(d)} for the float period ${toISO(p.start)} to ${toISO(p.end)}`);
  return r;
}

/** Amount of one float coupon (before discounting), N x (rate + spread) x tau. */
export function floatCouponAmount(p: LegPeriod, leg: FloatLeg, v: CalendarDate, proj: YieldCurve, fixings?: FixingSource, detail?: CouponDetail): number {
  const N = p.notional;
  if (leg.index === 'term') {
    const f = p.fixingDate ?? p.start;
    const known = f < v ? needFixing(fixings, f, p) : f === v ? fixings?.(f) : undefined;
    if (known !== undefined) {
      if (detail) { detail.rate = known + leg.spread; detail.source = 'fixing'; detail.fixingDate = f; }
      return N * (known + leg.spread) * p.tau;
    }
    if (p.start < v) throw new RangeError(`float period ${toISO(p.start)} to ${toISO(p.end)} started before its fixing date`);
    const amount = N * (proj.discount(curveTime(v, p.start)) / proj.discount(curveTime(v, p.end)) - 1 + leg.spread * p.tau);
    if (detail) { detail.rate = amount / (N * p.tau); detail.source = 'projected'; detail.fixingDate = f; }
    return amount;
  }
  if (p.start >= v) {
    const amount = N * (proj.discount(curveTime(v, p.start)) / proj.discount(curveTime(v, p.end)) - 1 + leg.spread * p.tau);
    if (detail) { detail.rate = amount / (N * p.tau); detail.source = 'projected'; detail.fixingDate = undefined; }
    return amount;
  }
  // A started compounded period: past resets from fixings, the rest from the curve.
  const rule = leg.resets;
  if (!rule) throw new RangeError(`the compounded period ${toISO(p.start)} to ${toISO(p.end)} has started: its reset rule is needed to use past fixings`);
  let factor = 1;
  let r = p.start;
  let projectedFrom: CalendarDate | undefined;
  while (r < p.end) {
    let next = (rule.step === 'daily' ? addBusinessDays(rule.calendar, r, 1) : addDays(r, rule.step)) as CalendarDate;
    if (next > p.end) next = p.end;
    const fd = rule.fixingLag > 0 ? addBusinessDays(rule.calendar, r, -rule.fixingLag) : r;
    const fix = fd < v ? needFixing(fixings, fd, p) : fd === v ? fixings?.(fd) : undefined;
    if (fix === undefined) { projectedFrom = r; break; }
    factor *= 1 + fix * yearFraction(leg.dayCount, r, next);
    r = next;
  }
  if (projectedFrom !== undefined) {
    if (projectedFrom < v) throw new RangeError(`reset on ${toISO(projectedFrom)} is before the valuation date but has no fixing`);
    factor *= proj.discount(curveTime(v, projectedFrom)) / proj.discount(curveTime(v, p.end));
  }
  const amount = N * (factor - 1 + leg.spread * p.tau);
  if (detail) { detail.rate = amount / (N * p.tau); detail.source = projectedFrom === undefined ? 'fixing' : 'partlyFixed'; detail.fixingDate = undefined; }
  return amount;
}

export function priceSwap(swap: InterestRateSwap, curves: SwapCurves): SwapValuation {
  const v = curves.valuationDate;
  const disc = curves.discount;
  const proj = curves.projection ?? disc;
  let annuity = 0;
  for (const p of swap.fixed.periods) {
    if (p.payment <= v) continue; // paid already (a flow on the valuation date counts as paid)
    annuity += p.notional * p.tau * disc.discount(curveTime(v, p.payment));
  }
  let floatPv = 0;
  for (const p of swap.float.periods) {
    if (p.payment <= v) continue;
    floatPv += floatCouponAmount(p, swap.float, v, proj, curves.fixings) * disc.discount(curveTime(v, p.payment));
  }
  const fixedPv = swap.fixed.rate * annuity;
  const sign = swap.payer ? 1 : -1;
  return {
    npv: sign * (floatPv - fixedPv),
    fixedLegPv: fixedPv,
    floatLegPv: floatPv,
    bps: annuity * 1e-4,
    parRate: annuity > 0 ? floatPv / annuity : NaN,
  };
}

/** One remaining cash flow, signed from the swap holder's side (a payer pays the fixed leg). */
export interface SwapCashflow {
  leg: 'fixed' | 'float';
  start: CalendarDate;
  end: CalendarDate;
  payment: CalendarDate;
  /** Term float coupons: the fixing date. */
  fixingDate?: CalendarDate;
  notional: number;
  /** Accrual fraction (the leg's day count). */
  accrual: number;
  /** Fixed rate, or the float rate including the spread (fixed, partly fixed or projected). */
  rate: number;
  rateSource: RateSource;
  /** Signed amount: negative when the holder pays it. */
  amount: number;
  discountFactor: number;
  /** Signed present value. */
  pv: number;
}

/** Every cash flow still to be paid (payment after the valuation date), fixed leg first. */
export function swapCashflows(swap: InterestRateSwap, curves: SwapCurves): SwapCashflow[] {
  const v = curves.valuationDate;
  const disc = curves.discount;
  const proj = curves.projection ?? disc;
  const fixedSign = swap.payer ? -1 : 1;
  const rows: SwapCashflow[] = [];
  for (const p of swap.fixed.periods) {
    if (p.payment <= v) continue;
    const df = disc.discount(curveTime(v, p.payment));
    const amount = fixedSign * p.notional * p.tau * swap.fixed.rate;
    rows.push({ leg: 'fixed', start: p.start, end: p.end, payment: p.payment, notional: p.notional, accrual: p.tau, rate: swap.fixed.rate, rateSource: 'fixed', amount, discountFactor: df, pv: amount * df });
  }
  const detail: CouponDetail = { rate: 0, source: 'projected' };
  for (const p of swap.float.periods) {
    if (p.payment <= v) continue;
    const df = disc.discount(curveTime(v, p.payment));
    const amount = -fixedSign * floatCouponAmount(p, swap.float, v, proj, curves.fixings, detail);
    rows.push({
      leg: 'float', start: p.start, end: p.end, payment: p.payment, ...(detail.fixingDate !== undefined ? { fixingDate: detail.fixingDate } : {}),
      notional: p.notional, accrual: p.tau, rate: detail.rate, rateSource: detail.source, amount, discountFactor: df, pv: amount * df,
    });
  }
  return rows;
}

/**
 * PV01 by bumping: NPV change for a +1bp parallel shift of the continuously compounded zero
 * rates of all curves (central difference, scaled to 1bp). DV01 is its negative by convention.
 */
export function swapPv01(swap: InterestRateSwap, curves: SwapCurves & { discount: DiscountCurve; projection?: DiscountCurve }, bump = 1e-4): number {
  const at = (dz: number) => priceSwap(swap, {
    valuationDate: curves.valuationDate,
    discount: curves.discount.shifted(dz),
    projection: curves.projection?.shifted(dz),
    fixings: curves.fixings,
  }).npv;
  return ((at(bump) - at(-bump)) / (2 * bump)) * 1e-4;
}

/** NPV, leg PVs and BPS as amounts in the swap's currency (which must be set). */
export function swapValueAmounts(swap: InterestRateSwap, curves: SwapCurves): { npv: CurrencyAmount; fixedLegPv: CurrencyAmount; floatLegPv: CurrencyAmount; bps: CurrencyAmount; parRate: number } {
  if (!swap.currency) throw new RangeError('the swap has no currency');
  const v = priceSwap(swap, curves);
  const c = swap.currency;
  return { npv: amountOf(c, v.npv), fixedLegPv: amountOf(c, v.fixedLegPv), floatLegPv: amountOf(c, v.floatLegPv), bps: amountOf(c, v.bps), parRate: v.parRate };
}

// Fixed-rate bond price/yield analytics under PRICING-CLI's conventions: per 100 of face,
// cash flow i discounted by (1 + y/f)^(-f t_i) with t_1 = dayCount(settlement, next coupon)
// (coupon period as reference) and t_{i+1} = t_i + tau_{i+1}; redemption with the last coupon.
import type { CalendarDate } from '../../dates/date';
import { yearFraction } from '../../dates/day-count';
import { type FixedRateBond, couponPeriods } from '../../instruments/rates/fixed-rate-bond';
import { newtonSafe } from '../../math/solvers';

/** Remaining cash flows per 100 of face and their yield times, seen from a settlement date. */
export interface BondCashflows {
  frequency: number;
  amounts: Float64Array;
  times: Float64Array;
  accrued: number;
}

export interface BondAnalytics {
  cleanPrice: number;
  dirtyPrice: number;
  accrued: number;
  yield: number;
  macaulayDuration: number;
  modifiedDuration: number;
  convexity: number;
  /** Dirty-price change for a 1bp fall in yield, per 100 of face. */
  dv01: number;
}

export function bondCashflows(bond: FixedRateBond, settlement: CalendarDate): BondCashflows {
  if (settlement < bond.issue) throw new RangeError('settlement is before issue');
  if (settlement >= bond.maturity) throw new RangeError('settlement must be before maturity');
  const periods = couponPeriods(bond);
  // The coupon period containing settlement; a flow on the settlement date is not received.
  const k = periods.findIndex((p) => p.end > settlement);
  const amounts: number[] = [];
  const times: number[] = [];
  const cur = periods[k];
  const ref = { refStart: cur.refStart, refEnd: cur.refEnd, terminationDate: bond.maturity };
  const accrued = 100 * bond.coupon * yearFraction(bond.dayCount, cur.start, settlement, ref);
  let t = yearFraction(bond.dayCount, settlement, cur.end, ref);
  for (let i = k; i < periods.length; i++) {
    if (i > k) t += periods[i].tau;
    amounts.push(100 * bond.coupon * periods[i].tau);
    times.push(t);
  }
  amounts[amounts.length - 1] += 100;
  return { frequency: bond.frequency, amounts: Float64Array.from(amounts), times: Float64Array.from(times), accrued };
}

/** Dirty price and its first two yield derivatives. */
export function dirtyPriceAndDerivatives(cf: BondCashflows, y: number): [number, number, number] {
  const f = cf.frequency;
  const base = 1 + y / f;
  if (!(base > 0)) throw new RangeError('yield must be above -frequency');
  let p = 0, d1 = 0, d2 = 0;
  const lb = Math.log(base);
  for (let i = 0; i < cf.amounts.length; i++) {
    const t = cf.times[i];
    const v = cf.amounts[i] * Math.exp(-f * t * lb);
    p += v;
    d1 -= (t * v) / base;
    d2 += (t * (t + 1 / f) * v) / (base * base);
  }
  return [p, d1, d2];
}

export function analyticsFromYield(cf: BondCashflows, y: number): BondAnalytics {
  const [dirty, d1, d2] = dirtyPriceAndDerivatives(cf, y);
  const modified = -d1 / dirty;
  return {
    cleanPrice: dirty - cf.accrued,
    dirtyPrice: dirty,
    accrued: cf.accrued,
    yield: y,
    modifiedDuration: modified,
    macaulayDuration: (1 + y / cf.frequency) * modified,
    convexity: d2 / dirty,
    dv01: -d1 * 1e-4,
  };
}

/** The yield (compounded at the coupon frequency) that reprices a clean price. */
export function yieldFromCleanPrice(cf: BondCashflows, cleanPrice: number): number {
  if (!(cleanPrice > 0)) throw new RangeError('cleanPrice must be positive');
  const target = cleanPrice + cf.accrued;
  // Price falls strictly in y: Newton from a coupon-ish guess, Brent as the safeguard.
  const minY = -cf.frequency * (1 - 1e-9);
  return newtonSafe((y) => { const [p, d] = dirtyPriceAndDerivatives(cf, y); return [p - target, d]; }, 0.05, minY, 10, { xTol: 1e-15 });
}

export function priceFixedBond(bond: FixedRateBond, settlement: CalendarDate, quote: { yield: number } | { cleanPrice: number }): BondAnalytics {
  const cf = bondCashflows(bond, settlement);
  const y = 'yield' in quote ? quote.yield : yieldFromCleanPrice(cf, quote.cleanPrice);
  return analyticsFromYield(cf, y);
}

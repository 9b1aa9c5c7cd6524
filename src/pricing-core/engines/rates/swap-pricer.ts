// Discounting swap engine: leg PVs, par rate, BPS and PV01 by bumping, on a discount curve and
// an optional separate projection curve (dual curve). Curves are on ACT/365F time from the
// valuation date. Float coupons: N x (P_proj(s)/P_proj(e) - 1 + spread x tau) paid at the
// period end, which is the value of a term fixing over exactly the accrual period and equally
// of a rate compounded in arrears over it (no fixing lag, lookback or convexity adjustments).
import type { CalendarDate } from '../../dates/date';
import { type YieldCurve, DiscountCurve, curveTime } from '../../market/curves/discount-curve';
import type { InterestRateSwap } from '../../instruments/rates/swap';
import { type CurrencyAmount, amountOf } from '../../core/currency';

export interface SwapCurves {
  valuationDate: CalendarDate;
  discount: YieldCurve;
  /** Forecasting curve; defaults to the discount curve (single curve). */
  projection?: YieldCurve;
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
    if (p.start < v) throw new RangeError('a floating period has already started: its fixing is needed (seasoned swaps are not supported)');
    const fwd = proj.discount(curveTime(v, p.start)) / proj.discount(curveTime(v, p.end)) - 1;
    floatPv += p.notional * (fwd + swap.float.spread * p.tau) * disc.discount(curveTime(v, p.payment));
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

/**
 * PV01 by bumping: NPV change for a +1bp parallel shift of the continuously compounded zero
 * rates of all curves (central difference, scaled to 1bp). DV01 is its negative by convention.
 */
export function swapPv01(swap: InterestRateSwap, curves: SwapCurves & { discount: DiscountCurve; projection?: DiscountCurve }, bump = 1e-4): number {
  const at = (dz: number) => priceSwap(swap, {
    valuationDate: curves.valuationDate,
    discount: curves.discount.shifted(dz),
    projection: curves.projection?.shifted(dz),
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

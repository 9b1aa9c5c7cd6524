// Caps and floors: a strip of caplets/floorlets on the float periods of a schedule, each
// caplet_i = N_i tau_i DF(pay_i) B(omega, F_i, K, vol, T_i) with F_i the forward over the accrual
// period (projection curve), T_i = t(fixing date) and DF on the discount curve.
// The caplet that fixes on the valuation date is excluded (zero), the market convention for a
// spot-starting cap (QuantLib's MakeCapFloor does the same; PRICING-CLI `capFloor` "first
// caplet" choice). A caplet fixed before the valuation date is worth its known payoff from
// `fixings` (no optionality left). Overnight-compounded periods (SOFR caps) are in-arrears: the
// rate is only known at the period end, so their variance accrues over the period too; with
// `inArrears` the caplet uses the Lyashenko-Mercurio (2019) effective time
// T_eff = T_s + (T_e - T_s) / 3 (for a period starting today or later; a started in-arrears
// period is refused) in the same formulas.
import type { CalendarDate } from '../../dates/date';
import { toISO } from '../../dates/date';
import { PricingError } from '../../core/types';
import { curveTime } from '../../market/curves/discount-curve';
import type { LegPeriod } from '../../instruments/rates/swap';
import type { SwapCurves } from './swap-pricer';
import { type RateVolInput, resolveRateVol } from './rate-vol';
import { rateOptionFormula } from './rate-option-formulas';

export interface CapFloor {
  type: 'cap' | 'floor';
  strike: number;
  /** Float periods (start, end, payment, accrual tau, notional, optional fixing date). */
  periods: readonly LegPeriod[];
  /** Compounded-in-arrears periods (overnight index): effective time to expiry. */
  inArrears?: boolean;
}

export interface CapletValuation {
  start: CalendarDate;
  end: CalendarDate;
  payment: CalendarDate;
  fixingDate: CalendarDate;
  /** Time to fixing (or the effective time in arrears), years. */
  expiryTime: number;
  accrual: number;
  notional: number;
  forward: number;
  discountFactor: number;
  /** The vol used for this caplet (model vol at its forward and strike). */
  vol: number;
  npv: number;
  delta: number;
  gamma: number;
  vega: number;
  theta: number;
  /** 'option' priced by the model; 'excluded' fixes today; 'fixed' fixed before today (payoff known). */
  status: 'option' | 'excluded' | 'fixed';
}

export interface CapFloorValuation {
  npv: number;
  vega: number;
  caplets: CapletValuation[];
}

export function priceCapFloor(c: CapFloor, curves: SwapCurves, volInput: RateVolInput): CapFloorValuation {
  const v = curves.valuationDate;
  const disc = curves.discount;
  const proj = curves.projection ?? disc;
  const omega = c.type === 'cap' ? 1 : -1;
  const caplets: CapletValuation[] = [];
  let npv = 0, vega = 0;
  for (const p of c.periods) {
    if (p.payment <= v) continue;
    const fixingDate = p.fixingDate ?? p.start;
    const df = disc.discount(curveTime(v, p.payment));
    const scale = p.notional * p.tau * df;
    // One object shape for every caplet (spreading a shared base object here cost 10x the maths).
    let status: CapletValuation['status'] = 'option';
    let T = 0, forward: number, vol = 0, value = 0, delta = 0, gamma = 0, vg = 0, theta = 0;
    if (c.inArrears && p.start < v) {
      throw new PricingError(`caplet ${toISO(p.start)} to ${toISO(p.end)}: a started in-arrears (compounded) period is not supported`);
    } else if (!c.inArrears && fixingDate < v) {
      const fix = curves.fixings?.(fixingDate);
      if (fix === undefined) throw new PricingError(`missing fixing on ${toISO(fixingDate)} for the caplet ${toISO(p.start)} to ${toISO(p.end)}`);
      status = 'fixed';
      forward = fix;
      value = scale * Math.max(omega * (fix - c.strike), 0);
    } else {
      if (p.start < v) throw new PricingError(`caplet ${toISO(p.start)} to ${toISO(p.end)} started before its fixing date`);
      forward = (proj.discount(curveTime(v, p.start)) / proj.discount(curveTime(v, p.end)) - 1) / p.tau;
      if (fixingDate === v && !c.inArrears) {
        status = 'excluded';
      } else {
        const ts = curveTime(v, fixingDate);
        T = c.inArrears ? ts + (curveTime(v, p.end) - ts) / 3 : ts;
        const rv = resolveRateVol(volInput, forward, c.strike, T);
        const g = rateOptionFormula(rv.volType, omega, forward, c.strike, rv.vol, T, rv.shift);
        vol = rv.vol;
        value = scale * g.value; delta = scale * g.delta; gamma = scale * g.gamma; vg = scale * g.vega; theta = scale * g.theta;
      }
    }
    caplets.push({
      start: p.start, end: p.end, payment: p.payment, fixingDate, expiryTime: T, accrual: p.tau, notional: p.notional, forward, discountFactor: df,
      vol, npv: value, delta, gamma, vega: vg, theta, status,
    });
    npv += value;
    vega += vg;
  }
  return { npv, vega, caplets };
}

// European swaption, physically settled into its underlying swap, priced by the market model:
// npv = A x B(omega, F, K, vol, T) with A the underlying's annuity (its fixed leg's PV of a unit
// rate, on the discount curve) and F its forward swap rate (float PV / A, the projection curve
// forecasting). T = t(expiry) on the curve's ACT/365F axis. A payer swaption (omega = +1) is the
// right to enter the swap paying fixed; its underlying carries payer = true.
// Greeks hold the annuity fixed (the market-model convention): delta = A dB/dF, gamma =
// A d2B/dF2, vega = A dB/dvol (per 1.00 of the quoted vol, sticky strike under SABR), theta =
// -A dB/dT (per year).
import type { CalendarDate } from '../../dates/date';
import { PricingError } from '../../core/types';
import { curveTime } from '../../market/curves/discount-curve';
import type { InterestRateSwap } from '../../instruments/rates/swap';
import type { Calendar } from '../../dates/calendar';
import { advance, parseTenor } from '../../dates/tenor';
import { type RateIndexConvention, conventionSwap, spotDate } from '../../market/curves/conventions';
import { type SwapCurves, priceSwap } from './swap-pricer';
import { type RateVolInput, resolveRateVol } from './rate-vol';
import { rateOptionFormula } from './rate-option-formulas';

export interface Swaption {
  expiry: CalendarDate;
  /** The swap entered at expiry; its fixed rate is the strike, `payer` the swaption's side. */
  underlying: InterestRateSwap;
}

export interface SwaptionValuation {
  npv: number;
  forwardSwapRate: number;
  annuity: number;
  /** Time to expiry, years (ACT/365F). */
  expiryTime: number;
  /** The vol actually used (the SABR vol at the strike for a SABR input) and its model. */
  vol: number;
  volType: 'black' | 'normal';
  shift: number;
  delta: number;
  gamma: number;
  vega: number;
  theta: number;
}

export function priceSwaption(s: Swaption, curves: SwapCurves, volInput: RateVolInput): SwaptionValuation {
  const v = curves.valuationDate;
  if (!(s.expiry > v)) throw new PricingError('the expiry must be after the valuation date');
  const first = s.underlying.fixed.periods[0];
  if (first && first.start < s.expiry) throw new PricingError('the underlying swap must start on or after the expiry');
  const sv = priceSwap(s.underlying, curves);
  const A = sv.bps * 1e4;
  if (!(A > 0)) throw new PricingError('the underlying swap has no remaining fixed flows');
  const F = sv.parRate;
  const K = s.underlying.fixed.rate;
  const T = curveTime(v, s.expiry);
  const vol = resolveRateVol(volInput, F, K, T);
  const g = rateOptionFormula(vol.volType, s.underlying.payer ? 1 : -1, F, K, vol.vol, T, vol.shift);
  return {
    npv: A * g.value, forwardSwapRate: F, annuity: A, expiryTime: T, vol: vol.vol, volType: vol.volType, shift: vol.shift,
    delta: A * g.delta, gamma: A * g.gamma, vega: A * g.vega, theta: A * g.theta,
  };
}

/**
 * The underlying of a swaption quoted by expiry x tenor on an index: the index's standard swap
 * starting on the spot date of the expiry and running `tenor` from there (the market-making
 * grid and the rate option screens both build it this way).
 */
export function forwardSwapAt(conv: RateIndexConvention, cal: Calendar, expiry: CalendarDate, tenor: string, terms: { fixedRate: number; notional: number; payer: boolean }) {
  const startDate = spotDate(conv, cal, expiry);
  const endDate = advance(cal, startDate, parseTenor(tenor), conv.swap.convention, conv.swap.endOfMonth);
  return conventionSwap(conv, cal, { startDate, endDate, ...terms });
}

// FX outrights, swap points and FX swaps.
// Rates here are continuously compounded unless a function says otherwise; swap points are
// quoted in points of `pointSize` (1e-4 for most pairs, 1e-2 for JPY pairs).
import { PricingError } from '../../core/types';

/** Outright forward by interest-rate parity, continuous rates. */
export function forwardFromRates(spot: number, t: number, rd: number, rf: number): number {
  return spot * Math.exp((rd - rf) * t);
}

/** Outright by parity with simple money-market rates over their own accrual fractions. */
export function forwardFromMoneyMarket(spot: number, rdSimple: number, tauD: number, rfSimple: number, tauF: number): number {
  return (spot * (1 + rdSimple * tauD)) / (1 + rfSimple * tauF);
}

export function outrightFromSwapPoints(spot: number, points: number, pointSize = 1e-4): number {
  return spot + points * pointSize;
}

export function swapPointsFromOutright(spot: number, outright: number, pointSize = 1e-4): number {
  return (outright - spot) / pointSize;
}

/** Swap points from continuous rates, without cancellation for short tenors. */
export function swapPointsFromRates(spot: number, t: number, rd: number, rf: number, pointSize = 1e-4): number {
  return (spot * Math.expm1((rd - rf) * t)) / pointSize;
}

/** The domestic rate implied by an outright and the foreign rate (continuous). */
export function impliedDomesticRate(spot: number, outright: number, t: number, rf: number): number {
  if (!(t > 0)) throw new PricingError('t must be positive');
  return rf + Math.log(outright / spot) / t;
}

/**
 * Present value in domestic currency of buying `notional` foreign at `rate` for delivery at t:
 * N (S e^{-rf t} - K e^{-rd t}).
 */
export function fxForwardValue(notional: number, rate: number, spot: number, t: number, rd: number, rf: number): number {
  return notional * (spot * Math.exp(-rf * t) - rate * Math.exp(-rd * t));
}

export interface FxSwapResult {
  nearRate: number;
  farRate: number;
  swapPoints: number;
  npv: number;
}

/**
 * Buy `notional` foreign at the near date and sell it back at the far date (a negative
 * notional reverses). Near/far rates default to the fair outrights; npv is in domestic.
 */
export function priceFxSwap(
  notional: number, spot: number, tNear: number, tFar: number, rd: number, rf: number,
  rates: { near?: number; far?: number } = {}, pointSize = 1e-4,
): FxSwapResult {
  if (!(tFar >= tNear && tNear >= 0)) throw new PricingError('need 0 <= tNear <= tFar');
  const nearRate = rates.near ?? forwardFromRates(spot, tNear, rd, rf);
  const farRate = rates.far ?? forwardFromRates(spot, tFar, rd, rf);
  const npv = fxForwardValue(notional, nearRate, spot, tNear, rd, rf) - fxForwardValue(notional, farRate, spot, tFar, rd, rf);
  return { nearRate, farRate, swapPoints: (farRate - nearRate) / pointSize, npv };
}

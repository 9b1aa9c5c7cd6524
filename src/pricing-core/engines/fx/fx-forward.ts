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

/**
 * Money-market day basis per currency (days in the year of its simple deposit rates):
 * ACT/360 for USD, EUR, JPY, CHF; ACT/365F for CNY, GBP, HKD, CAD. Others are not known here.
 */
export const MONEY_MARKET_BASIS: Readonly<Record<string, 360 | 365>> = { USD: 360, EUR: 360, JPY: 360, CHF: 360, CNY: 365, GBP: 365, HKD: 365, CAD: 365 };

export function moneyMarketBasis(ccy: string): 360 | 365 {
  const b = MONEY_MARKET_BASIS[ccy];
  if (!b) throw new PricingError(`no money-market day basis for ${ccy} (known: ${Object.keys(MONEY_MARKET_BASIS).join(', ')})`);
  return b;
}

/**
 * Interest-rate parity with simple rates, F = S (1 + rd tauD) / (1 + rf tauF), solved for the
 * one of {forward, rd, rf} that is not given (exactly two must be).
 */
export function solveMoneyMarketParity(p: { spot: number; tauD: number; tauF: number; forward?: number; rd?: number; rf?: number }): { forward: number; rd: number; rf: number } {
  const { spot, tauD, tauF } = p;
  if (!(spot > 0) || !(tauD > 0) || !(tauF > 0)) throw new PricingError('spot and both accrual fractions must be positive');
  const given = [p.forward, p.rd, p.rf].filter((x) => x !== undefined).length;
  if (given !== 2) throw new PricingError('exactly two of forward, rd and rf must be given');
  if (p.forward !== undefined && !(p.forward > 0)) throw new PricingError('the forward must be positive');
  if (p.rd !== undefined && !(1 + p.rd * tauD > 0)) throw new PricingError('1 + rd x tDomestic must be positive');
  if (p.rf !== undefined && !(1 + p.rf * tauF > 0)) throw new PricingError('1 + rf x tForeign must be positive');
  if (p.forward === undefined) return { forward: forwardFromMoneyMarket(spot, p.rd!, tauD, p.rf!, tauF), rd: p.rd!, rf: p.rf! };
  if (p.rd === undefined) return { forward: p.forward, rd: ((p.forward * (1 + p.rf! * tauF)) / spot - 1) / tauD, rf: p.rf! };
  return { forward: p.forward, rd: p.rd, rf: ((spot * (1 + p.rd * tauD)) / p.forward - 1) / tauF };
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

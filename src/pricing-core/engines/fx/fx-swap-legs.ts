// The two legs of an FX swap on real value dates: outrights for any value date (before or
// after spot) from money-market parity or from a swap-point curve, the swap points between
// the legs, and each leg's cash flows in both currencies. Dates are CalendarDate (days).
import { PricingError } from '../../core/types';
import { forwardFromMoneyMarket, moneyMarketBasis } from './fx-forward';

/** Money-market day basis with offshore CNH on the CNY basis (ACT/365F). */
export function dayBasis(ccy: string): 360 | 365 {
  return moneyMarketBasis(ccy === 'CNH' ? 'CNY' : ccy);
}

export interface MoneyMarket {
  /** Simple rates (decimals) of the quote (domestic) and base (foreign) currencies. */
  rd: number;
  rf: number;
  /** Day bases of those rates (360 or 365), see MONEY_MARKET_BASIS. */
  basisD: number;
  basisF: number;
}

/**
 * Outright for value `day` when `spot` is the rate for value `spotDay`: parity over the
 * days between them, run backwards for a day before spot (ON, TN legs).
 */
export function outrightByParity(spot: number, spotDay: number, day: number, mm: MoneyMarket): number {
  if (!(spot > 0)) throw new PricingError('spot must be positive');
  if (day === spotDay) return spot;
  const n = Math.abs(day - spotDay);
  const growth = forwardFromMoneyMarket(1, mm.rd, n / mm.basisD, mm.rf, n / mm.basisF);
  if (!(growth > 0)) throw new PricingError('1 + r x t must be positive for both rates');
  return day > spotDay ? spot * growth : spot / growth;
}

/** A quoted swap point: value date and points (in pips) of the outright over spot. */
export interface PointNode {
  day: number;
  pips: number;
}

/**
 * The swap-point curve as value dates: T gets -(ON + TN), TOM gets -TN, spot 0 (the market
 * quotes ON and TN as the points of those one-period swaps), then the spot/tenor points.
 * Nodes on the same date keep the later one (TN == ON date never happens: TOM < spot).
 */
export function pointCurve(spotDay: number, tenors: readonly PointNode[], short?: { tradeDay: number; tomDay: number; on: number; tn: number }): PointNode[] {
  const nodes = new Map<number, number>();
  if (short) {
    if (short.tradeDay < short.tomDay) nodes.set(short.tradeDay, -(short.on + short.tn));
    if (short.tomDay < spotDay) nodes.set(short.tomDay, -short.tn);
  }
  nodes.set(spotDay, 0);
  for (const n of tenors) if (n.day > spotDay && Number.isFinite(n.pips)) nodes.set(n.day, n.pips);
  return [...nodes].sort((a, b) => a[0] - b[0]).map(([day, pips]) => ({ day, pips }));
}

/** Swap points at `day`, linear in days between the curve's dates (broken dates); no extrapolation. */
export function pointsAt(curve: readonly PointNode[], day: number): number {
  if (curve.length === 0) throw new PricingError('no swap points');
  const first = curve[0], last = curve[curve.length - 1];
  if (day < first.day || day > last.day) throw new PricingError(`value date outside the quoted swap points (${curve.length} dates)`);
  let i = 1;
  while (curve[i] && curve[i].day < day) i++;
  const b = curve[Math.min(i, curve.length - 1)];
  if (b.day === day) return b.pips;
  const a = curve[i - 1];
  return a.pips + ((b.pips - a.pips) * (day - a.day)) / (b.day - a.day);
}

/** A deposit curve's rate at `day`: linear in days, flat beyond the ends (money-market practice for broken dates). */
export function depositRateAt(curve: readonly PointNode[], day: number): number | null {
  if (curve.length === 0) return null;
  if (day <= curve[0].day) return curve[0].pips;
  const last = curve[curve.length - 1];
  if (day >= last.day) return last.pips;
  let i = 1;
  while (curve[i].day < day) i++;
  const a = curve[i - 1], b = curve[i];
  return a.pips + ((b.pips - a.pips) * (day - a.day)) / (b.day - a.day);
}

export type SwapDirection = 'buySell' | 'sellBuy';

export interface LegFlows {
  /** Rate of the leg. */
  rate: number;
  /** Signed cash flows of the leg (receive +, pay -), base and quote currency. */
  base: number;
  quote: number;
}

export interface FxSwapLegs {
  near: LegFlows;
  far: LegFlows;
  /** (far - near) x pipFactor. */
  swapPips: number;
  /** Quote-currency sum of both legs (the swap's carry in the quote currency). */
  netQuote: number;
}

/**
 * Cash flows of a swap of `notional` base currency: buy/sell buys the base on the near date
 * and sells it back on the far date; sell/buy the reverse.
 */
export function fxSwapLegs(notional: number, direction: SwapDirection, nearRate: number, farRate: number, pipFactor: number): FxSwapLegs {
  if (!(notional > 0)) throw new PricingError('notional must be positive');
  const s = direction === 'buySell' ? 1 : -1;
  const near = { rate: nearRate, base: s * notional, quote: -s * notional * nearRate };
  const far = { rate: farRate, base: -s * notional, quote: s * notional * farRate };
  return { near, far, swapPips: (farRate - nearRate) * pipFactor, netQuote: near.quote + far.quote };
}

// One FX market context for every FX screen (issue 20 section 1): the market data of one pair
// as of one trade date - spot, the market's swap points (onshore USDCNY or offshore USDCNH,
// whichever pair is asked), the two deposit curves - read on the calendar model's value dates,
// and the forward, discount factor and implied yields every screen prices from. Market data
// only: immutable, no instrument, no engine (QuantLib / Strata split). Pure.
//
// Conventions (binding for every screen that prices FX from this context):
//   dates         value dates of a tenor from fxDatesFor on the pair's calendars (CNH settles
//                 on the CNY calendar), CNY years without a notice projected and reported;
//                 spot date T+2 (T+1 USDCAD); an option's delivery is the spot date of its expiry.
//   forward F(d)  = spot + points(d) / pipsPerUnit, points linear in days between the quoted
//                 value dates (T: -(ON+TN), TOM: -TN, spot: 0, then the spot/tenor points);
//                 beyond the last quote, money-market parity on the deposit curves (flagged).
//   deposits      simple rates, linear in days between the tenors' value dates, flat beyond;
//                 one day basis per currency (money market: ACT/360 USD EUR JPY CHF,
//                 ACT/365F CNY CNH GBP HKD CAD).
//   DF_q(d)       = 1 / (1 + r_q(d) (d - T) / basis_q), the quote (domestic) currency.
//   continuous    rd(d) = -ln DF_q(d) / tD, rf(d) = rd(d) - ln(F(d) / spot) / (tD - tS), with
//                 tX = (X - T) / 365 (ACT/365F, as the option engines): so S e^{(rd-rf)(tD-tS)}
//                 is the market forward, exactly, and e^{-rd tD} the quote discount factor.
//   implied       simple yields by money-market parity over spot -> d on each currency's basis:
//                 the quote currency's from the points and the base deposit, and the reverse.
//   option        a European paid on the premium date P (default spot), delivered on D:
//                 premium = e^{-rd(D)(tD - tP)} Black(F(D), K, vol, tE); an engine on
//                 Black-Scholes inputs (spot, t, rd, rf) gets the equivalent rates of `bsRates`.
import { PricingError } from '../core/types';
import { fromISO, toISO, type CalendarDate } from '../dates/date';
import { fxDatesFor, type ProjectedYear } from '../dates/calendars';
import { solveMoneyMarketParity } from '../engines/fx/fx-forward';
import { dayBasis, depositRateAt, outrightByParity, pointCurve, pointsAt, type PointNode } from '../engines/fx/fx-swap-legs';

const PROJECTED = { beyondCoverage: 'projected' } as const;
/** Tenors quoted from spot (ON and TN are the short swaps before spot). */
const SPOT_TENOR = /^[1-9]\d*[WMY]$/;
const YEAR = 365;

/** Offshore CNH settles on the CNY (and USD) calendars: a pair's calendars are its CNY twin's. */
export const calendarPair = (pair: string): string => pair.replace(/CNH/g, 'CNY');

/** A quote by tenor: swap points in pips, deposit rates in percent (simple). */
export interface TenorQuote {
  tenor: string;
  value: number;
}

/** What the context is built from (the market-data bundle of one pair, as plain numbers). */
export interface FxMarketData {
  pair: string;
  /** The trade (valuation) date the value dates count from. */
  tradeDate: string;
  spot: number;
  /** Pips per unit of the rate (10,000; 100 for JPY quotes). */
  pipsPerUnit?: number;
  /** The market's swap points in pips (ON, TN and spot/tenor points). */
  points: readonly TenorQuote[];
  /** Deposit rates in percent, simple, of the base and quote currencies. */
  baseDeposits: readonly TenorQuote[];
  quoteDeposits: readonly TenorQuote[];
  /** As-of of the figures (shown, never used in a formula). */
  asOf?: string;
}

/** Where a screen's forward came from (shown beside it). */
export type ForwardSource = 'marketPoints' | 'typedPoints' | 'typedRates' | 'depositRates';

export interface ForwardAt {
  date: string;
  forward: number;
  /** Points over spot in pips. */
  pips: number;
  /** 'points' inside the quoted points, 'parity' beyond them (deposit curves). */
  from: 'points' | 'parity';
}

export interface ImpliedYieldsAt {
  startDate: string;
  endDate: string;
  days: number;
  forward: number;
  pips: number;
  /** Deposit rates (decimals, simple) to the end date. */
  baseRate: number | null;
  quoteRate: number | null;
  /** Quote-currency yield implied by the points and the base deposit; base-currency yield by the points and the quote deposit. */
  impliedQuote: number | null;
  impliedBase: number | null;
}

/** What an option engine needs for one European leg, in year fractions from the trade date (ACT/365F). */
export interface VanillaTerms {
  expiryDate: string;
  deliveryDate: string;
  premiumDate: string;
  forward: number;
  tSpot: number;
  tExpiry: number;
  tDelivery: number;
  tPremium: number;
  /** Continuous rates to delivery (the option calculator's flat rd, rf). */
  rd: number;
  rf: number;
  /** Discount from delivery back to the premium date. */
  discount: number;
  /** Equivalent Black-Scholes rates for an engine with valuation = premium date, no spot lag, t = tExpiry. */
  bsRates: { t: number; rd: number; rf: number };
}

export interface FxContext {
  readonly pair: string;
  readonly base: string;
  readonly quote: string;
  readonly tradeDate: string;
  readonly spotDate: string;
  /** First value day after the trade date (the TN start). */
  readonly tomDate: string;
  readonly spot: number;
  readonly pipsPerUnit: number;
  readonly asOf?: string;
  /** The swap-point curve on value dates (days); empty when the market quotes no points. */
  readonly curve: readonly PointNode[];
  /** Deposit curves (decimals, simple) on value dates. */
  readonly baseDeposits: readonly PointNode[];
  readonly quoteDeposits: readonly PointNode[];
  /** ON and TN points as quoted (null when absent). */
  readonly on: number | null;
  readonly tn: number | null;
  /** Points and value dates as quoted, by tenor. */
  readonly byTenor: Readonly<Record<string, { pips: number; startDate: string; endDate: string }>>;
  readonly projectedYears: readonly ProjectedYear[];
  /** True when the context has swap points (a forward from them is possible). */
  readonly hasPoints: boolean;
}

const merge = (...lists: (readonly ProjectedYear[])[]): ProjectedYear[] => {
  const seen = new Map<string, ProjectedYear>();
  for (const l of lists) for (const p of l) seen.set(`${p.calendar}${p.year}`, p);
  return [...seen.values()].sort((a, b) => (a.calendar + a.year < b.calendar + b.year ? -1 : 1));
};
export { merge as mergeProjected };

const day = (iso: string): number => fromISO(iso);
const iso = (d: number): string => toISO(d as CalendarDate);

/** The market context of a pair as of `data.tradeDate` (tenors resolved once on the pair's calendars). */
export function fxContext(data: FxMarketData): FxContext {
  const pair = data.pair.toUpperCase();
  if (!/^[A-Z]{6}$/.test(pair)) throw new PricingError(`not a currency pair: ${data.pair}`);
  if (!(data.spot > 0 && Number.isFinite(data.spot))) throw new PricingError(`market ${pair}: spot must be positive`);
  const base = pair.slice(0, 3), quote = pair.slice(3);
  const cal = calendarPair(pair);
  const years: ProjectedYear[][] = [];
  const tn = fxDatesFor(cal, data.tradeDate, 'SPOT', PROJECTED);
  years.push(tn.projectedYears);
  let tomDate = tn.spotDate;
  try {
    const t = fxDatesFor(cal, data.tradeDate, 'TN', PROJECTED);
    tomDate = t.startDate;
  } catch { /* T+1 pairs: TOM is spot */ }
  const dated = (tenor: string) => {
    try {
      const r = fxDatesFor(cal, data.tradeDate, tenor, PROJECTED);
      years.push(r.projectedYears);
      return r;
    } catch {
      return null;
    }
  };
  const nodes: PointNode[] = [];
  const byTenor: Record<string, { pips: number; startDate: string; endDate: string }> = {};
  let on: number | null = null, tnPts: number | null = null;
  for (const p of data.points) {
    if (!Number.isFinite(p.value)) continue;
    if (p.tenor === 'ON') on = p.value;
    else if (p.tenor === 'TN') tnPts = p.value;
    else if (SPOT_TENOR.test(p.tenor)) {
      const r = dated(p.tenor);
      if (!r) continue;
      byTenor[p.tenor] = { pips: p.value, startDate: r.startDate, endDate: r.deliveryDate };
      nodes.push({ day: day(r.deliveryDate), pips: p.value });
    }
  }
  const spotDay = day(tn.spotDate);
  const short = on !== null && tnPts !== null && tomDate < tn.spotDate ? { tradeDay: day(data.tradeDate), tomDay: day(tomDate), on, tn: tnPts } : undefined;
  const curve = nodes.length ? pointCurve(spotDay, nodes, short) : [];
  // A deposit quoted ON is dated as the spot-next swap (value spot + 1), as the market curves were.
  const deposits = (list: readonly TenorQuote[]) => list
    .map((q) => ({ r: dated(q.tenor === 'ON' ? 'SN' : q.tenor), v: q.value }))
    .filter((x): x is { r: NonNullable<ReturnType<typeof dated>>; v: number } => x.r !== null && Number.isFinite(x.v))
    .map((x) => ({ day: day(x.r.deliveryDate), pips: x.v / 100 }))
    .sort((a, b) => a.day - b.day);
  const pipsPerUnit = data.pipsPerUnit ?? (quote === 'JPY' ? 100 : 10_000);
  return Object.freeze({
    pair, base, quote, tradeDate: data.tradeDate, spotDate: tn.spotDate, tomDate, spot: data.spot, pipsPerUnit, asOf: data.asOf,
    curve: Object.freeze(curve), baseDeposits: Object.freeze(deposits(data.baseDeposits)), quoteDeposits: Object.freeze(deposits(data.quoteDeposits)),
    on, tn: tnPts, byTenor: Object.freeze(byTenor), projectedYears: Object.freeze(merge(...years)), hasPoints: curve.length > 1,
  });
}

/** The same market with another spot (a typed spot): the points stay the market's. */
export function withSpot(c: FxContext, spot: number | null | undefined): FxContext {
  if (spot === null || spot === undefined || spot === c.spot) return c;
  if (!(spot > 0 && Number.isFinite(spot))) throw new PricingError('spot must be positive');
  return Object.freeze({ ...c, spot });
}

/** A deposit rate (decimal, simple) of the base or quote currency to `date`, or null. */
export function depositRate(c: FxContext, side: 'base' | 'quote', date: string): number | null {
  return depositRateAt(side === 'base' ? c.baseDeposits : c.quoteDeposits, day(date));
}

function needRate(c: FxContext, side: 'base' | 'quote', d: number): number {
  const r = depositRateAt(side === 'base' ? c.baseDeposits : c.quoteDeposits, d);
  if (r === null) throw new PricingError(`market ${c.pair}: no ${side === 'base' ? c.base : c.quote} deposit curve`);
  return r;
}

/** The market outright for value `date`: swap points where quoted, else parity on the deposit curves. */
export function forwardAt(c: FxContext, date: string): ForwardAt {
  const d = day(date);
  const spotDay = day(c.spotDate);
  if (c.curve.length > 1 && d >= c.curve[0].day && d <= c.curve[c.curve.length - 1].day) {
    const pips = pointsAt(c.curve, d);
    return { date, forward: c.spot + pips / c.pipsPerUnit, pips, from: 'points' };
  }
  if (d === spotDay) return { date, forward: c.spot, pips: 0, from: 'points' };
  const far = Math.max(d, spotDay);
  const forward = outrightByParity(c.spot, spotDay, d, { rd: needRate(c, 'quote', far), rf: needRate(c, 'base', far), basisD: dayBasis(c.quote), basisF: dayBasis(c.base) });
  return { date, forward, pips: (forward - c.spot) * c.pipsPerUnit, from: 'parity' };
}

/** Quote-currency (side 'quote') or base-currency discount factor from the trade date to `date` on its deposit curve. */
export function discountFactor(c: FxContext, side: 'base' | 'quote', date: string): number {
  const d = day(date), t0 = day(c.tradeDate);
  if (d <= t0) return 1;
  return 1 / (1 + (needRate(c, side, d) * (d - t0)) / dayBasis(side === 'base' ? c.base : c.quote));
}

/** Years from the trade date (ACT/365F, the option engines' clock). */
export const yearsFrom = (c: FxContext, date: string): number => (day(date) - day(c.tradeDate)) / YEAR;

/**
 * Continuous rates to `deliveryDate` that reproduce the context exactly in the option
 * engines' form: e^{-rd tD} = DF_q(D) and S e^{(rd - rf)(tD - tS)} = F(D). `forward` overrides
 * the market's (typed points).
 */
export function continuousRates(c: FxContext, deliveryDate: string, forward?: number): { rd: number; rf: number; forward: number } {
  const tD = yearsFrom(c, deliveryDate), tS = yearsFrom(c, c.spotDate);
  if (!(tD > 0)) throw new PricingError('delivery must be after the trade date');
  const F = forward ?? forwardAt(c, deliveryDate).forward;
  const rd = -Math.log(discountFactor(c, 'quote', deliveryDate)) / tD;
  const tau = tD - tS;
  const rf = tau > 0 ? rd - Math.log(F / c.spot) / tau : rd;
  return { rd, rf, forward: F };
}

/** A European leg's terms: dates, the forward to delivery, the discount and the engines' rates. */
export function vanillaTerms(c: FxContext, expiryDate: string, deliveryDate: string, opts: { premiumDate?: string; forward?: number } = {}): VanillaTerms {
  const premiumDate = opts.premiumDate ?? c.spotDate;
  if (!(deliveryDate > c.tradeDate)) throw new PricingError('expiry must be after the trade date');
  const forward = opts.forward ?? forwardAt(c, deliveryDate).forward;
  const t = optionTimes({ trade: day(c.tradeDate), spot: day(c.spotDate), expiry: day(expiryDate), delivery: day(deliveryDate), premium: day(premiumDate) });
  return { expiryDate, deliveryDate, premiumDate, ...optionRates(c.spot, forward, discountFactor(c, 'quote', deliveryDate), t) };
}

interface OptionTimes { tSpot: number; tExpiry: number; tDelivery: number; tPremium: number }

/** Year fractions (ACT/365F) of an option's dates (day numbers) from the trade date. */
export function optionTimes(d: { trade: number; spot: number; expiry: number; delivery: number; premium: number }): OptionTimes {
  const y = (x: number) => (x - d.trade) / YEAR;
  const t = { tSpot: y(d.spot), tExpiry: y(d.expiry), tDelivery: y(d.delivery), tPremium: y(d.premium) };
  if (!(t.tExpiry > 0)) throw new PricingError('expiry must be after the trade date');
  if (t.tDelivery < t.tExpiry) throw new PricingError('delivery must not be before expiry');
  return t;
}

/**
 * The one rule turning a forward and the quote discount factor to delivery into option-engine
 * inputs (every screen's option goes through it): rd = -ln DF_q / tD, rf from the forward over
 * spot -> delivery, the discount delivery -> premium date, and the equivalent Black-Scholes
 * rates for t = tExpiry.
 */
export function optionRates(spot: number, forward: number, dfQuote: number, t: OptionTimes): Omit<VanillaTerms, 'expiryDate' | 'deliveryDate' | 'premiumDate'> {
  const rd = -Math.log(dfQuote) / t.tDelivery;
  const tau = t.tDelivery - t.tSpot;
  const rf = tau > 0 ? rd - Math.log(forward / spot) / tau : rd;
  const discount = Math.exp(-rd * (t.tDelivery - t.tPremium));
  // Black-Scholes with t = tE: e^{-rdB tE} = discount and S e^{(rdB - rfB) tE} = F.
  const rdB = (rd * (t.tDelivery - t.tPremium)) / t.tExpiry;
  const rfB = rdB - Math.log(forward / spot) / t.tExpiry;
  return { forward, ...t, rd, rf, discount, bsRates: { t: t.tExpiry, rd: rdB, rf: rfB } };
}

/**
 * Implied yields of a spot-start period to `endDate` by money-market parity (each currency on
 * its own basis): the quote currency's from the points and the base deposit, the base
 * currency's from the points and the quote deposit.
 */
export function impliedYieldsTo(c: FxContext, endDate: string, startDate = c.spotDate): ImpliedYieldsAt {
  const start = day(startDate), end = day(endDate), days = end - start;
  if (!(days > 0)) throw new PricingError('the end date must be after the start date');
  const f0 = startDate === c.spotDate ? c.spot : forwardAt(c, startDate).forward;
  const f1 = forwardAt(c, endDate).forward;
  const baseRate = depositRateAt(c.baseDeposits, end), quoteRate = depositRateAt(c.quoteDeposits, end);
  return { startDate, endDate, days, forward: f1, pips: (f1 - f0) * c.pipsPerUnit, baseRate, quoteRate, ...parityYields(c.pair, f0, f1, days, baseRate, quoteRate) };
}

/** The two implied yields of a period of `days` from its start and end outrights (money-market parity, each currency's basis). */
export function parityYields(pair: string, start: number, end: number, days: number, baseRate: number | null, quoteRate: number | null): { impliedQuote: number | null; impliedBase: number | null } {
  const tauD = days / dayBasis(pair.slice(3)), tauF = days / dayBasis(pair.slice(0, 3));
  return {
    impliedQuote: baseRate === null ? null : solveMoneyMarketParity({ spot: start, tauD, tauF, forward: end, rf: baseRate }).rd,
    impliedBase: quoteRate === null ? null : solveMoneyMarketParity({ spot: start, tauD, tauF, forward: end, rd: quoteRate }).rf,
  };
}

/** Value dates of a tenor on the pair's calendars (projected years reported). */
export function tenorDates(c: FxContext, tenor: string) {
  return fxDatesFor(calendarPair(c.pair), c.tradeDate, tenor, PROJECTED);
}

/** Delivery of an option expiring on `expiryDate`: the spot date of that day. */
export function deliveryOfExpiry(pair: string, expiryDate: string): string {
  return fxDatesFor(calendarPair(pair), expiryDate, 'SPOT', PROJECTED).spotDate;
}

export { iso as isoOfDay };

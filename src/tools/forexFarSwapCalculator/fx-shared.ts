// What the FX forward screens (/forexFarSwapCalculator, /foreignExchangeSwap, /swapStrategy,
// /exchangeSpread) and the trade ledger (/transactionValuation) share: value dates of a leg on the pair's calendars (CNY
// years without an official notice answered from the projection and flagged), and the
// market's swap points and deposit rates read as dated curves. Pure.
import type { FxMarketReply } from '../../kit/market-data/client';
import { solveMoneyMarketParity } from '../../pricing-core/engines/fx/fx-forward';
import { fxDatesFor, isBusinessDay, projectionText, type ProjectedYear } from '../../pricing-core/dates/calendars';
import { fromISO } from '../../pricing-core/dates/date';
import { dayBasis, depositRateAt, type PointNode } from '../../pricing-core/engines/fx/fx-swap-legs';

export type Lang = 'zh' | 'en';
const PROJECTED = { beyondCoverage: 'projected' } as const;

/** Offshore CNH settles on the CNY (and USD) calendars here: the pair's calendars are USDCNY's. */
export const calendarPair = (pair: string): string => pair.replace('CNH', 'CNY');

export interface LegDate {
  date: string;
  projectedYears: ProjectedYear[];
}

export interface PairDates {
  tradeDate: string;
  spotDate: string;
  /** First value day after the trade date (TN start). */
  tomDate: string;
  projectedYears: ProjectedYear[];
}

const merge = (...lists: ProjectedYear[][]): ProjectedYear[] => {
  const seen = new Map<string, ProjectedYear>();
  for (const l of lists) for (const p of l) seen.set(`${p.calendar}${p.year}`, p);
  return [...seen.values()].sort((a, b) => (a.calendar + a.year < b.calendar + b.year ? -1 : 1));
};

export function pairDates(pair: string, tradeDate: string): PairDates {
  const p = calendarPair(pair);
  const tn = fxDatesFor(p, tradeDate, 'TN', PROJECTED);
  return { tradeDate, spotDate: tn.spotDate, tomDate: tn.startDate, projectedYears: tn.projectedYears };
}

/** A value day of the pair: both currencies open (CNY make-up weekends excluded: the other centre is shut). */
export function isValueDay(pair: string, date: string): { valueDay: boolean; projectedYears: ProjectedYear[] } {
  const p = calendarPair(pair);
  const a = isBusinessDay(p.slice(0, 3), date, PROJECTED), b = isBusinessDay(p.slice(3), date, PROJECTED);
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return { valueDay: a.businessDay && b.businessDay && day !== 0 && day !== 6, projectedYears: merge(a.projectedYears, b.projectedYears) };
}

export type LegSpec = { kind: 'tenor'; tenor: string } | { kind: 'date'; date: string };

export class LegDateError extends Error {
  constructor(readonly reason: 'notValueDay' | 'beforeTrade' | 'calendar', readonly date?: string, detail?: string) {
    super(detail ?? reason);
    this.name = 'LegDateError';
  }
}

/**
 * The value date of a leg: a tenor (the short swaps ON, TN and SN give their start date as
 * the near leg's when `as` is 'start'; every other tenor its delivery date: a forward-forward
 * near leg) or a broken date, which must be a value day on or after the trade date.
 */
export function legDate(pair: string, tradeDate: string, spec: LegSpec, as: 'start' | 'delivery' = 'delivery'): LegDate {
  if (spec.kind === 'date') {
    if (spec.date < tradeDate) throw new LegDateError('beforeTrade', spec.date);
    const v = isValueDay(pair, spec.date);
    if (!v.valueDay) throw new LegDateError('notValueDay', spec.date);
    return { date: spec.date, projectedYears: v.projectedYears };
  }
  try {
    const r = fxDatesFor(calendarPair(pair), tradeDate, spec.tenor, PROJECTED);
    return { date: as === 'start' && /^(ON|TN|SN)$/.test(spec.tenor) ? r.startDate : r.deliveryDate, projectedYears: r.projectedYears };
  } catch (e) {
    throw new LegDateError('calendar', undefined, e instanceof Error ? e.message : String(e));
  }
}

export function projectionNote(years: readonly ProjectedYear[], lang: Lang): string | undefined {
  return projectionText(years, lang);
}

export { merge as mergeProjected };

/** Tenors quoted from spot (ON and TN are the short swaps before spot). */
const SPOT_TENOR = /^[1-9]\d*[WMY]$/;

export interface MarketCurves {
  spot: number;
  pipFactor: number;
  /** Spot/tenor points by value date. */
  points: PointNode[];
  on: number | null;
  tn: number | null;
  /** Points as quoted, by tenor. */
  byTenor: Record<string, number>;
  /** Value dates of the quoted spot/tenor tenors (resolved once per reply). */
  tenorDates?: Record<string, { startDate: string; endDate: string; projectedYears: ProjectedYear[] }>;
  /** Deposit rates (decimals) by value date, per currency code as the market names it. */
  deposits: Record<string, PointNode[]>;
  projectedYears: ProjectedYear[];
}

/** The market reply as dated curves for `tradeDate` (tenors resolved on the pair's calendars). */
export function marketCurves(m: FxMarketReply, tradeDate: string): MarketCurves | null {
  if (!m.spot) return null;
  const pair = m.pair;
  const years: ProjectedYear[][] = [];
  const tenorDates: NonNullable<MarketCurves['tenorDates']> = {};
  const dated = (tenor: string): number | null => {
    try {
      const r = fxDatesFor(calendarPair(pair), tradeDate, tenor, PROJECTED);
      years.push(r.projectedYears);
      tenorDates[tenor] = { startDate: r.startDate, endDate: r.deliveryDate, projectedYears: r.projectedYears };
      return fromISO(r.deliveryDate);
    } catch {
      return null;
    }
  };
  const points: PointNode[] = [];
  let on: number | null = null, tn: number | null = null;
  const byTenor: Record<string, number> = {};
  for (const p of m.forwardPoints) {
    byTenor[p.tenor] = p.value;
    if (p.tenor === 'ON') on = p.value;
    else if (p.tenor === 'TN') tn = p.value;
    else if (SPOT_TENOR.test(p.tenor)) {
      const d = dated(p.tenor);
      if (d !== null) points.push({ day: d, pips: p.value });
    }
  }
  const deposits: Record<string, PointNode[]> = {};
  for (const [ccy, list] of Object.entries(m.deposits)) {
    deposits[ccy] = list
      .map((p) => ({ day: dated(p.tenor === 'ON' ? 'SN' : p.tenor), pips: p.value / 100 }))
      .filter((p): p is PointNode => p.day !== null)
      .sort((a, b) => a.day - b.day);
  }
  // pipFactor of the series is the size of a pip (0.0001); pips per unit is its inverse.
  const pipFactor = m.pipFactor ? Math.round(1 / m.pipFactor) : pair.endsWith('JPY') ? 100 : 10000;
  return { spot: m.spot.value, pipFactor, points: points.sort((a, b) => a.day - b.day), on, tn, byTenor, tenorDates, deposits, projectedYears: merge(...years) };
}

/** A deposit curve's rate at `day` (moved to the pricing core: the trade ledger engine reads curves the same way). */
export const rateAt = depositRateAt;

export interface ImpliedYields {
  tenor: string;
  startDate: string;
  endDate: string;
  days: number;
  spot: number;
  /** Spot/tenor swap points in pips. */
  pips: number;
  forward: number;
  /** Deposit rates (decimals) of the base (USD) and quote (CNY/CNH) currencies to the end date. */
  baseRate: number | null;
  quoteRate: number | null;
  /** Quote-currency (CNY/CNH) yield implied by the points and the base deposit rate. */
  impliedQuote: number | null;
  /** Base-currency (USD) yield implied by the points and the quote deposit rate. */
  impliedBase: number | null;
  projectedYears: ProjectedYear[];
}

/**
 * Implied yields of a spot-start tenor by money-market parity: the quote currency's (CNY or
 * CNH, ACT/365F) from the points and the base currency's deposit (USD, ACT/360), and the
 * base currency's from the points and the quote currency's deposit. Null when the market has
 * no points for the tenor.
 */
export function impliedYields(c: MarketCurves, pair: string, tradeDate: string, tenor: string): ImpliedYields | null {
  const pips = c.byTenor[tenor];
  if (pips === undefined || !SPOT_TENOR.test(tenor)) return null;
  const known = c.tenorDates?.[tenor];
  const r = known ?? (({ startDate, deliveryDate, projectedYears }) => ({ startDate, endDate: deliveryDate, projectedYears }))(fxDatesFor(calendarPair(pair), tradeDate, tenor, PROJECTED));
  const start = fromISO(r.startDate), end = fromISO(r.endDate), days = end - start;
  const base = pair.slice(0, 3), quote = pair.slice(3);
  const forward = c.spot + pips / c.pipFactor;
  const baseRate = c.deposits[base] ? rateAt(c.deposits[base], end) : null;
  const quoteRate = c.deposits[quote] ? rateAt(c.deposits[quote], end) : null;
  const tauD = days / dayBasis(quote), tauF = days / dayBasis(base);
  const impliedQuote = baseRate === null ? null : solveMoneyMarketParity({ spot: c.spot, tauD, tauF, forward, rf: baseRate }).rd;
  const impliedBase = quoteRate === null ? null : solveMoneyMarketParity({ spot: c.spot, tauD, tauF, forward, rd: quoteRate }).rf;
  return { tenor, startDate: r.startDate, endDate: r.endDate, days, spot: c.spot, pips, forward, baseRate, quoteRate, impliedQuote, impliedBase, projectedYears: r.projectedYears };
}

// What every FX screen shares about value dates and the market (moved here from the
// /forexFarSwapCalculator folder: the forward screens, the spread monitor, the trade ledger,
// the option calculator and bulk pricing use it): value dates of a leg on the pair's calendars
// (CNY years without an official notice answered from the projection and flagged), and the
// market-data reply turned into the pricing core's one FX market context
// (src/pricing-core/market/fx-context.ts) plus the dated curves the forward screens send. Pure.
import type { FxMarketReply } from '../market-data/client';
import { fxDatesFor, isBusinessDay, projectionText, type ProjectedYear } from '../../pricing-core/dates/calendars';
import { depositRateAt, type PointNode } from '../../pricing-core/engines/fx/fx-swap-legs';
import { calendarPair, fxContext, mergeProjected, parityYields, type FxContext } from '../../pricing-core/market/fx-context';

export type Lang = 'zh' | 'en';
const PROJECTED = { beyondCoverage: 'projected' } as const;

export { calendarPair, mergeProjected };

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
  return { valueDay: a.businessDay && b.businessDay && day !== 0 && day !== 6, projectedYears: mergeProjected(a.projectedYears, b.projectedYears) };
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

/** The deposit curve of a currency in the reply (USDCNY without a CNY curve reads CNH's). */
function depositsOf(m: FxMarketReply, ccy: string) {
  return m.deposits[ccy] ?? (ccy === 'CNY' ? m.deposits.CNH : undefined) ?? [];
}

/**
 * The market reply as the core's FX context for `tradeDate` (null without a spot). `spot`
 * replaces the market's (a typed spot: the points stay the market's).
 */
export function fxContextOf(m: FxMarketReply, tradeDate: string, spot?: number | null): FxContext | null {
  const s = spot ?? m.spot?.value;
  if (!(s !== undefined && s > 0)) return null;
  const base = m.pair.slice(0, 3), quote = m.pair.slice(3);
  return fxContext({
    pair: m.pair, tradeDate, spot: s, asOf: m.spot?.asOf ?? m.asOf,
    // The series' pipFactor is the size of a pip (0.0001); pips per unit is its inverse.
    pipsPerUnit: m.pipFactor ? Math.round(1 / m.pipFactor) : undefined,
    points: m.forwardPoints.map((p) => ({ tenor: p.tenor, value: p.value })),
    baseDeposits: depositsOf(m, base).map((p) => ({ tenor: p.tenor, value: p.value })),
    quoteDeposits: depositsOf(m, quote).map((p) => ({ tenor: p.tenor, value: p.value })),
  });
}

export interface MarketCurves {
  /** The one market context these curves are read from (absent in hand-made curves of tests). */
  context?: FxContext;
  spot: number;
  pipFactor: number;
  /** Spot/tenor points by value date. */
  points: PointNode[];
  on: number | null;
  tn: number | null;
  /** Points as quoted, by tenor (a live push may replace them: see exchangeSpread liveCurves). */
  byTenor: Record<string, number>;
  /** Value dates of the quoted spot/tenor tenors (resolved once per reply). */
  tenorDates?: Record<string, { startDate: string; endDate: string }>;
  /** Deposit rates (decimals) by value date, per currency code as the market names it. */
  deposits: Record<string, PointNode[]>;
  projectedYears: ProjectedYear[];
}

/** The market reply as dated curves for `tradeDate` (tenors resolved on the pair's calendars). */
export function marketCurves(m: FxMarketReply, tradeDate: string): MarketCurves | null {
  const c = fxContextOf(m, tradeDate);
  if (!c) return null;
  const byTenor: Record<string, number> = {};
  const tenorDates: NonNullable<MarketCurves['tenorDates']> = {};
  const points: PointNode[] = [];
  for (const [tenor, q] of Object.entries(c.byTenor)) {
    byTenor[tenor] = q.pips;
    tenorDates[tenor] = { startDate: q.startDate, endDate: q.endDate };
    points.push({ day: Date.parse(`${q.endDate}T00:00:00Z`) / 86_400_000, pips: q.pips });
  }
  if (c.on !== null) byTenor.ON = c.on;
  if (c.tn !== null) byTenor.TN = c.tn;
  return {
    context: c, spot: c.spot, pipFactor: c.pipsPerUnit, points: points.sort((a, b) => a.day - b.day), on: c.on, tn: c.tn, byTenor, tenorDates,
    deposits: { [c.base]: [...c.baseDeposits], [c.quote]: [...c.quoteDeposits] }, projectedYears: [...c.projectedYears],
  };
}

/** A deposit curve's rate at `day` (the pricing core's: the trade ledger engine reads curves the same way). */
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

const SPOT_TENOR = /^[1-9]\d*[WMY]$/;

/**
 * Implied yields of a spot-start tenor by money-market parity (the core's `parityYields`:
 * CNY/CNH on ACT/365F, USD on ACT/360) from the curves' current spot and points (a live push
 * replaces them without dating the tenors again). Null when the market has no points for it.
 */
export function impliedYields(c: MarketCurves, pair: string, tradeDate: string, tenor: string): ImpliedYields | null {
  const pips = c.byTenor[tenor];
  if (pips === undefined || !SPOT_TENOR.test(tenor)) return null;
  const known = c.tenorDates?.[tenor];
  const r = known ?? (({ startDate, deliveryDate }) => ({ startDate, endDate: deliveryDate }))(fxDatesFor(calendarPair(pair), tradeDate, tenor, PROJECTED));
  const end = Date.parse(`${r.endDate}T00:00:00Z`) / 86_400_000;
  const days = end - Date.parse(`${r.startDate}T00:00:00Z`) / 86_400_000;
  const base = pair.slice(0, 3), quote = pair.slice(3);
  const forward = c.spot + pips / c.pipFactor;
  const baseRate = c.deposits[base] ? rateAt(c.deposits[base], end) : null;
  const quoteRate = c.deposits[quote] ? rateAt(c.deposits[quote], end) : null;
  const y = parityYields(pair, c.spot, forward, days, baseRate, quoteRate);
  return { tenor, startDate: r.startDate, endDate: r.endDate, days, spot: c.spot, pips, forward, baseRate, quoteRate, ...y, projectedYears: c.projectedYears };
}

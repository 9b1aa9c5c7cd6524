// /forexFarSwapCalculator: inputs and the market -> the FXSWAP request (value dates resolved
// here on the pair's calendars, projected CNY years flagged); reply -> what the screen shows.
import { ToolFailure } from '../../kit/results';
import { fromISO } from '../../pricing-core/dates/date';
import type { ProjectedYear } from '../../pricing-core/dates/calendars';
import { dayBasis } from '../../pricing-core/engines/fx/fx-swap-legs';
import { LegDateError, legDate, mergeProjected, pairDates, rateAt, type MarketCurves } from '../../kit/fx-market';
import type { ForwardSource } from '../../pricing-core/market/fx-context';
import type { FfscInputs } from './state';

export const FXSWAP_METHOD = 'ATS.OPTPRICINGSVR.FXSWAP';

export function legError(e: unknown): ToolFailure {
  if (e instanceof LegDateError) {
    if (e.reason === 'notValueDay') return new ToolFailure('badInput', e.date, { zh: `${e.date} 不是该货币对的起息日（节假日或周末）`, en: `${e.date} is not a value date of the pair (holiday or weekend)` });
    if (e.reason === 'beforeTrade') return new ToolFailure('badInput', e.date, { zh: `${e.date} 早于交易日`, en: `${e.date} is before the trade date` });
    return new ToolFailure('badInput', e.message, { zh: '期限错误', en: 'Term error' });
  }
  return new ToolFailure('badInput', e instanceof Error ? e.message : String(e));
}

export interface Prepared {
  content: Record<string, unknown>;
  spotDate: string;
  nearDate: string;
  farDate: string;
  spot: number;
  rd: number | null;
  rf: number | null;
  /** Where the outrights come from (shown: "forward from"). */
  source: ForwardSource;
  projectedYears: ProjectedYear[];
}

const supported = (ccy: string) => {
  try { return dayBasis(ccy) > 0; } catch { return false; }
};

/** Market deposit rate (decimal) of `ccy` to `date`, or null. */
export function marketRate(market: MarketCurves | null, ccy: string, date: string): number | null {
  const curve = market?.deposits[ccy];
  return curve ? rateAt(curve, fromISO(date)) : null;
}

/**
 * An edit of the inputs. A typed rate is always used: typing one while outrights come from the
 * swap points switches the source to rates; choosing the points clears the typed rates (their
 * fields show the market's again), so no typed figure is ever silently ignored.
 */
export function withEdit(i: FfscInputs, patch: Partial<FfscInputs>): FfscInputs {
  const next = { ...i, ...patch };
  const typedRate = (patch.rd !== undefined && patch.rd !== null) || (patch.rf !== undefined && patch.rf !== null);
  if (typedRate && next.source === 'points') return { ...next, source: 'rates' };
  if (patch.source === 'points' && i.source !== 'points') return { ...next, rd: null, rf: null };
  return next;
}

/** The source of the outrights as the screen says it: typed rates win over the points (an item saved before the rule). */
export function forwardSource(i: FfscInputs): ForwardSource {
  if (i.rd !== null || i.rf !== null) return 'typedRates';
  return i.source === 'points' ? 'marketPoints' : 'depositRates';
}

export function prepare(i: FfscInputs, tradeDate: string, market: MarketCurves | null): Prepared {
  const base = i.pair.slice(0, 3), quote = i.pair.slice(3);
  if (!supported(base) || !supported(quote)) throw new ToolFailure('badInput', i.pair, { zh: `不支持的货币对 ${i.pair}`, en: `Pair ${i.pair} is not supported` });
  let pd, near, far;
  try {
    pd = pairDates(i.pair, tradeDate);
    near = legDate(i.pair, tradeDate, i.near, 'start');
    far = legDate(i.pair, tradeDate, i.far, 'delivery');
  } catch (e) {
    throw legError(e);
  }
  if (!(far.date > near.date)) throw new ToolFailure('badInput', `${near.date} / ${far.date}`, { zh: '远端日期须晚于近端日期', en: 'The far date must be after the near date' });
  const spot = i.spot ?? market?.spot ?? null;
  if (spot === null) throw new ToolFailure('badInput', 'spot', { zh: '请输入即期汇率（暂无行情）', en: 'Enter the spot rate (no market figure)' });
  const projectedYears = mergeProjected(pd.projectedYears, near.projectedYears, far.projectedYears, market?.projectedYears ?? []);
  const common = { pair: i.pair, spot, spotDate: pd.spotDate, nearDate: near.date, farDate: far.date, notional: i.notional, direction: i.direction };
  if (forwardSource(i) !== 'marketPoints') {
    // The rates of the far leg's term (money-market practice: one rate per currency for the swap).
    const rd = i.rd !== null ? i.rd / 100 : marketRate(market, quote, far.date);
    const rf = i.rf !== null ? i.rf / 100 : marketRate(market, base, far.date);
    if (rd === null || rf === null) throw new ToolFailure('badInput', 'rates', { zh: '请输入本币和外币利率', en: 'Enter the domestic and foreign rates' });
    return { content: { ...common, source: 'rates', rd, rf }, spotDate: pd.spotDate, nearDate: near.date, farDate: far.date, spot, rd, rf, source: forwardSource(i), projectedYears };
  }
  if (!market || market.points.length === 0) throw new ToolFailure('badInput', 'points', { zh: '暂无该货币对的掉期点行情，请改用利率计算', en: 'No swap points for this pair: price from rates instead' });
  const iso = (d: number) => new Date(d * 86_400_000).toISOString().slice(0, 10);
  const points = market.points.map((p) => ({ date: iso(p.day), pips: p.pips }));
  const short = market.on !== null && market.tn !== null ? { tradeDate, tomDate: pd.tomDate, on: market.on, tn: market.tn } : undefined;
  return {
    content: { ...common, source: 'points', pipFactor: market.pipFactor, points, ...(short ? { short } : {}) },
    spotDate: pd.spotDate, nearDate: near.date, farDate: far.date, spot, rd: null, rf: null, source: 'marketPoints', projectedYears,
  };
}

interface Leg { rate: number; base: number; quote: number; pips: number }
export interface SwapReply { near: Leg; far: Leg; swapPips: number; netQuote: number; days: number }

export interface Shown extends SwapReply {
  prepared: Prepared;
}

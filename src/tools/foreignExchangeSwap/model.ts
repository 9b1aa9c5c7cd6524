// /foreignExchangeSwap: interest-rate parity with money-market simple rates (PRICING-CLI
// fxImpliedRate): the one of forward / swap points, domestic rate, foreign rate left empty is
// solved from the others over the tenor's value dates, each currency on its day basis.
import { ToolFailure } from '../../kit/results';
import type { ProjectedYear } from '../../pricing-core/dates/calendars';
import { dayBasis } from '../../pricing-core/engines/fx/fx-swap-legs';
import { legError } from '../forexFarSwapCalculator/model';
import { calendarPair, legDate, mergeProjected, pairDates } from '../../kit/fx-market';
import type { FesInputs } from './state';

export type Unknown = 'forward' | 'rd' | 'rf';

export interface Prepared {
  request: Record<string, unknown>;
  unknown: Unknown;
  startDate: string;
  endDate: string;
  basisD: number;
  basisF: number;
  projectedYears: ProjectedYear[];
  /** The swap points as typed, when given (shown as typed, not recomputed from the outright). */
  givenPips: number | null;
}

const LEAVE_ONE = { zh: '请在掉期点（或远期汇率）、本币利率、外币利率中留空一项作为求解目标', en: 'Leave exactly one of swap points (or forward), domestic rate and foreign rate empty: it is solved' };

/** Which field is empty, or a failure when not exactly one is. */
export function unknownOf(i: FesInputs): Unknown {
  const fwd = i.mode === 'points' ? i.swapPips : i.forward;
  const empty = [fwd === null ? 'forward' : null, i.rd === null ? 'rd' : null, i.rf === null ? 'rf' : null].filter((x): x is Unknown => x !== null);
  if (empty.length !== 1) throw new ToolFailure('badInput', `${empty.length} empty`, LEAVE_ONE);
  return empty[0];
}

export function prepare(i: FesInputs, tradeDate: string): Prepared {
  const unknown = unknownOf(i);
  if (i.spot === null) throw new ToolFailure('badInput', 'spot', { zh: '请输入即期汇率', en: 'Enter the spot rate' });
  let basisD: number, basisF: number;
  try {
    basisD = dayBasis(i.pair.slice(3));
    basisF = dayBasis(i.pair.slice(0, 3));
  } catch {
    throw new ToolFailure('badInput', i.pair, { zh: `不支持的货币对 ${i.pair}（本币与外币须为 USD、EUR、JPY、CHF、CNY、CNH、GBP、HKD、CAD）`, en: `Pair ${i.pair} is not supported (currencies: USD, EUR, JPY, CHF, CNY, CNH, GBP, HKD, CAD)` });
  }
  let start: string, end: string, years: ProjectedYear[];
  try {
    const pd = pairDates(i.pair, tradeDate);
    const e = legDate(i.pair, tradeDate, i.tenor, 'delivery');
    // ON and TN run from their own start; every other term from spot.
    const s = i.tenor.kind === 'tenor' && (i.tenor.tenor === 'ON' || i.tenor.tenor === 'TN') ? legDate(i.pair, tradeDate, i.tenor, 'start') : { date: pd.spotDate, projectedYears: [] };
    start = s.date; end = e.date; years = mergeProjected(pd.projectedYears, s.projectedYears, e.projectedYears);
  } catch (e) {
    throw legError(e);
  }
  if (!(end > start)) throw new ToolFailure('badInput', `${start} / ${end}`, { zh: '期限错误：到期日须晚于起息日', en: 'Term error: the maturity date must be after the value date' });
  // The PRICING-CLI model knows CNY, not CNH: the offshore pair has the same day bases.
  const request: Record<string, unknown> = { model: 'fxImpliedRate', pair: calendarPair(i.pair), spot: i.spot, startDate: start, endDate: end };
  if (unknown !== 'forward') {
    if (i.mode === 'points') request.swapPips = i.swapPips;
    else request.forward = i.forward;
  }
  if (unknown !== 'rd') request.rd = i.rd! / 100;
  if (unknown !== 'rf') request.rf = i.rf! / 100;
  return { request, unknown, startDate: start, endDate: end, basisD, basisF, projectedYears: years, givenPips: unknown !== 'forward' && i.mode === 'points' ? i.swapPips : null };
}

export interface ParityReply { forward: number; swapPoints: number; swapPips: number; rd: number; rf: number; tDomestic: number; tForeign: number; days: number }

/** The PRICE reply's one result, or its `{ error }` as a failure. */
export function readResult(body: Record<string, unknown>, p?: Pick<Prepared, 'givenPips'>): ParityReply {
  const r = (body.results as Array<Record<string, unknown>> | undefined)?.[0];
  if (!r) throw new ToolFailure('calculationFailed', 'no result');
  if (typeof r.error === 'string') {
    if (/must be positive|exactly two/.test(r.error)) throw new ToolFailure('inverseFailed', r.error);
    throw new ToolFailure('badInput', r.error);
  }
  const reply = r as unknown as ParityReply;
  return p?.givenPips != null ? { ...reply, swapPips: p.givenPips } : reply;
}

// /irsCal model: the screen's inputs -> an IRS trade of the pricing core (engines/rates/irs.ts)
// and its valuation -> what the screen shows. Pure; the screen runs it on every input change
// (a full re-price with key-rate DV01s takes about a millisecond, inside one frame).
import { addBusinessDays } from '../../pricing-core/dates/business-day';
import { addDays, fromISO, toISO, type CalendarDate } from '../../pricing-core/dates/date';
import { priceIrs, type IrsCurves, type IrsResult, type IrsTrade } from '../../pricing-core/engines/rates/irs';
import type { SwapCashflow } from '../../pricing-core/engines/rates/swap-pricer';
import type { FloatLeg } from '../../pricing-core/instruments/rates/swap';
import type { TenorOrDate } from '../../kit/fields';
import { InputCheck, PROBLEM, ToolFailure } from '../../kit/results';
import type { RateIndexId } from '../curveConstruction/market-curve';

export type Direction = 'pay' | 'receive';
export type Amortisation = 'bullet' | 'linear';

export interface IrsInputs {
  index: RateIndexId;
  tenor: TenorOrDate | null;
  notional: number | null;
  /** Percent; null: priced at the par rate. */
  fixedRate: number | null;
  direction: Direction;
  /** Effective date; null: spot. Before the curve date: a seasoned swap (past fixings needed). */
  startDate: string | null;
  amortisation: Amortisation;
}

export const DEFAULT_INPUTS: IrsInputs = {
  index: 'FR007', tenor: { kind: 'tenor', tenor: '5Y' }, notional: 10_000_000, fixedRate: null, direction: 'pay', startDate: null, amortisation: 'bullet',
};

const words = (zh: string, en: string) => ({ zh, en });
/** The fields' names as on screen (i18n.ts), for the input problems. */
const FIELD = { tenor: words('期限', 'Tenor'), notional: words('名义本金', 'Notional') };

/** The trade (fixed rate as a decimal) or a failure in both languages; inputs stay as typed. */
export function toTrade(i: IrsInputs, fixedRate: number, fixings?: Record<string, number>): IrsTrade {
  // Every bad field at once, each by its name on screen.
  const c = new InputCheck();
  const tenor = i.tenor?.kind === 'tenor' ? i.tenor.tenor.toUpperCase() : null;
  if (!i.tenor) c.add(FIELD.tenor, PROBLEM.missing);
  else if (tenor !== null && !/^\d{1,3}[MY]$/.test(tenor)) c.add(FIELD.tenor, words('须以月或年表示（如 6M、5Y）', 'must be in months or years (e.g. 6M, 5Y)'));
  if (i.notional === null) c.add(FIELD.notional, PROBLEM.missing);
  else if (!(i.notional > 0)) c.add(FIELD.notional, PROBLEM.positive);
  c.done();
  const end: { tenor: string } | { endDate: string } = tenor !== null ? { tenor } : { endDate: (i.tenor as { date: string }).date };
  return {
    index: i.index, ...end, notional: i.notional!, fixedRate, payer: i.direction === 'pay',
    ...(i.startDate ? { startDate: i.startDate } : {}),
    ...(i.amortisation === 'linear' ? { amortisation: { kind: 'linear' as const } } : {}),
    ...(fixings && Object.keys(fixings).length ? { fixings } : {}),
  };
}

export interface Priced {
  result: IrsResult;
  /** The fixed rate priced (decimal): the input, or the par rate when it was left empty. */
  fixedRate: number;
  atPar: boolean;
  /** Milliseconds of the re-price (swap, cash flows, DV01, every key rate). */
  ms: number;
}

/** Prices the inputs off a forecasting curve of the index and its discounting curve (the same when single). */
export function priceInputs(i: IrsInputs, curves: IrsCurves, fixings?: Record<string, number>, now: () => number = () => performance.now()): Priced {
  if ((curves.projection ?? curves.discount).convention.id !== i.index) {
    throw new ToolFailure('badInput', `curve ${(curves.projection ?? curves.discount).convention.id} vs swap ${i.index}`, words('所选曲线与互换指标不一致。', 'The curve chosen is not a curve of the swap\'s index.'));
  }
  const t0 = now();
  const at = (rate: number) => {
    try {
      return priceIrs(toTrade(i, rate, fixings), curves);
    } catch (e) {
      if (e instanceof ToolFailure) throw e;
      const msg = (e as Error).message;
      const missing = /fixing/i.test(msg);
      throw new ToolFailure('badInput', msg, missing ? words('缺少历史定盘利率：' + msg, 'A past fixing is missing: ' + msg) : undefined);
    }
  };
  let result = at(i.fixedRate === null ? 0 : i.fixedRate / 100);
  let fixedRate = i.fixedRate === null ? 0 : i.fixedRate / 100;
  if (i.fixedRate === null) {
    fixedRate = result.valuation.parRate;
    result = at(fixedRate);
  }
  return { result, fixedRate, atPar: i.fixedRate === null, ms: now() - t0 };
}

/** Past-fixing window of a seasoned swap: from before its start (weekly resets, monthly LPR) to the curve date. */
export function fixingWindow(startDate: string | null, curveDate: string): { from: string; to: string } | null {
  if (!startDate || !(startDate < curveDate)) return null;
  return { from: toISO(addDays(fromISO(startDate), -45)), to: curveDate };
}

/** Fixings from a history (percent) as the trade takes them (decimal by ISO date). */
export function fixingsOf(dates: ArrayLike<number>, values: ArrayLike<number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (let k = 0; k < dates.length; k++) out[toISO(dates[k] as never)] = values[k] / 100;
  return out;
}

export interface FlowRow {
  key: string;
  start: string;
  end: string;
  payment: string;
  fixing: string | null;
  /** Compounded periods: how many resets the rate compounds. */
  resets: number | null;
  notional: number;
  accrual: number;
  /** Percent. */
  rate: number;
  source: SwapCashflow['rateSource'];
  amount: number;
  discount: number;
  pv: number;
}

/**
 * Rows of one leg. Float rows show their fixing date: a term rate's (LPR, SHIBOR), or for a
 * compounded index (FR007, SOFR) the first reset's fixing (start less the fixing lag), with
 * the number of resets compounded in the period.
 */
export const flowRows = (flows: readonly SwapCashflow[], leg: 'fixed' | 'float', float?: FloatLeg): FlowRow[] =>
  flows.filter((f) => f.leg === leg).map((f, k) => {
    const reset = leg === 'float' && f.fixingDate === undefined && float?.resets ? float.resets : undefined;
    const fixing = f.fixingDate !== undefined ? f.fixingDate
      : reset ? (reset.fixingLag > 0 ? addBusinessDays(reset.calendar, f.start, -reset.fixingLag) : f.start) : undefined;
    return {
      key: `${leg}${k}`, start: toISO(f.start), end: toISO(f.end), payment: toISO(f.payment), fixing: fixing !== undefined ? toISO(fixing) : null,
      resets: reset ? resetCount(reset, f.start, f.end) : null,
      notional: f.notional, accrual: f.accrual, rate: f.rate * 100, source: f.rateSource, amount: f.amount, discount: f.discountFactor, pv: f.pv,
    };
  });

function resetCount(rule: NonNullable<FloatLeg['resets']>, start: CalendarDate, end: CalendarDate): number {
  let n = 0;
  for (let r = start; r < end; n++) r = rule.step === 'daily' ? addBusinessDays(rule.calendar, r, 1) : addDays(r, rule.step);
  return n;
}

/**
 * Leg PVs from the holder's side, signed as the cash flows are (a payer's fixed leg is
 * negative): the core values both legs unsigned; the screen shows them as they add up to the NPV.
 */
export function signedLegPvs(r: IrsResult): { fixed: number; float: number } {
  const s = r.swap.payer ? 1 : -1;
  return { fixed: -s * r.valuation.fixedLegPv, float: s * r.valuation.floatLegPv };
}

/**
 * Parallel DV01 against the sum of the key-rate DV01s. Both bump market quotes by +1bp and
 * rebuild the curve; the parallel figure bumps them all at once, the key rates one at a time,
 * so they differ by the second-order (convexity and cross) terms only.
 */
export function dv01Reconciliation(r: IrsResult): { parallel: number; sum: number; difference: number; relative: number } {
  const sum = r.keyRates.reduce((a, k) => a + k.dv01, 0);
  const difference = r.dv01 - sum;
  return { parallel: r.dv01, sum, difference, relative: r.dv01 !== 0 ? difference / Math.abs(r.dv01) : 0 };
}

// /irsCal model: the screen's inputs -> an IRS trade of the pricing core (engines/rates/irs.ts)
// and its valuation -> what the screen shows. Pure; the screen runs it on every input change
// (a full re-price with key-rate DV01s takes about a millisecond, inside one frame).
import { addDays, fromISO, toISO } from '../../pricing-core/dates/date';
import { priceIrs, type IrsCurves, type IrsResult, type IrsTrade } from '../../pricing-core/engines/rates/irs';
import type { SwapCashflow } from '../../pricing-core/engines/rates/swap-pricer';
import type { TenorOrDate } from '../../kit/fields';
import { ToolFailure } from '../../kit/results';
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

/** The trade (fixed rate as a decimal) or a failure in both languages; inputs stay as typed. */
export function toTrade(i: IrsInputs, fixedRate: number, fixings?: Record<string, number>): IrsTrade {
  if (!i.tenor) throw new ToolFailure('badInput', 'tenor', words('请输入期限（如 5Y）或到期日。', 'Enter a tenor (e.g. 5Y) or a maturity date.'));
  if (!(i.notional !== null && i.notional > 0)) throw new ToolFailure('badInput', 'notional', words('名义本金须为正数。', 'The notional must be positive.'));
  let end: { tenor: string } | { endDate: string };
  if (i.tenor.kind === 'tenor') {
    const t = i.tenor.tenor.toUpperCase();
    if (!/^\d{1,3}[MY]$/.test(t)) throw new ToolFailure('badInput', t, words('期限须以月或年表示（如 6M、5Y）。', 'The tenor must be in months or years (e.g. 6M, 5Y).'));
    end = { tenor: t };
  } else end = { endDate: i.tenor.date };
  return {
    index: i.index, ...end, notional: i.notional, fixedRate, payer: i.direction === 'pay',
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
  notional: number;
  accrual: number;
  /** Percent. */
  rate: number;
  source: SwapCashflow['rateSource'];
  amount: number;
  discount: number;
  pv: number;
}

export const flowRows = (flows: readonly SwapCashflow[], leg: 'fixed' | 'float'): FlowRow[] =>
  flows.filter((f) => f.leg === leg).map((f, k) => ({
    key: `${leg}${k}`, start: toISO(f.start), end: toISO(f.end), payment: toISO(f.payment), fixing: f.fixingDate !== undefined ? toISO(f.fixingDate) : null,
    notional: f.notional, accrual: f.accrual, rate: f.rate * 100, source: f.rateSource, amount: f.amount, discount: f.discountFactor, pv: f.pv,
  }));

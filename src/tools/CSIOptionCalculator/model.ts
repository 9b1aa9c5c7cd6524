// /CSIOptionCalculator, pure: the contracts the sample market data covers, what market data
// fills in for a contract, inputs -> the OptPricingSvr CSIOPTION call, reply -> what the
// screen shows. The maths is in src/pricing-core/engines/csi-option-calculator.
import type { Prepared, ReplyBody } from '../../kit/pricing';
import { expiryDate, listedContract, type ListedOptionContract } from '../../pricing-core/engines/csi-option-calculator';
import { addTenor } from '../../pricing-core/dates/tenor';
import { daysBetween, fromISO, toISO } from '../../pricing-core/dates/date';
import type { CsiRow } from '../../pricing-core/engines/csi-option-calculator';
import type { RowError } from '../../pricing-core/api/rows';
import type { Inputs } from './state';

export const CSI_METHOD = 'ATS.OPTPRICINGSVR.CSIOPTION';

/** A contract of LISTED_OPTION_CONTRACTS with the market data series that price it. */
export interface CsiMarket {
  code: string;
  /** Underlying price series (fut., idx., etf.). */
  underlying: string;
  /** Underlying name in the vol ids (vol.{volKey}.{tenor}.ATM). */
  volKey: string;
  /** Dividend yield series (index and ETF options). */
  dividend?: string;
}

/** The contracts the sample market data has an underlying for (the picker's list). */
export const CSI_MARKETS: readonly CsiMarket[] = [
  { code: 'IO', underlying: 'idx.CSI300', volKey: 'CSI300', dividend: 'divy.CSI300' },
  { code: 'HO', underlying: 'idx.SSE50', volKey: 'SSE50', dividend: 'divy.SSE50' },
  { code: '510050', underlying: 'etf.510050', volKey: '510050', dividend: 'divy.510050' },
  { code: '510300', underlying: 'etf.510300', volKey: '510300', dividend: 'divy.510300' },
  { code: 'M', underlying: 'fut.DCE.M', volKey: 'M' },
  { code: 'SR', underlying: 'fut.ZCE.SR', volKey: 'SR' },
  { code: 'CU', underlying: 'fut.SHFE.CU', volKey: 'CU' },
  { code: 'AU', underlying: 'fut.SHFE.AU', volKey: 'AU' },
];

/** How long a contract change waits for its market figures before only the expiry is filled. */
export const FILL_WAIT_MS = 15_000;

/** CNY rate used for discounting (editable on screen). */
export const RATE_ID = 'rate.SHIBOR.3M';
export const VOL_TENORS: readonly (readonly [string, number])[] = [['1M', 1 / 12], ['2M', 2 / 12], ['3M', 0.25], ['6M', 0.5], ['1Y', 1]];

export const marketOf = (code: string): CsiMarket | undefined => CSI_MARKETS.find((m) => m.code === code);
export const contractOf = (code: string): ListedOptionContract | undefined => listedContract(code);

/**
 * The inputs after picking another contract: its exercise style, and none of the previous
 * underlying's figures (price, strike, vol, dividend yield, market premium): they are filled
 * from this contract's market, never priced against it. The CNY rate is the same for every
 * contract and stays. Null for an unknown code.
 */
export function switchContract(prev: Inputs, code: string): Inputs | null {
  const c = contractOf(code);
  if (!c) return null;
  if (code === prev.contract) return prev;
  return { ...prev, contract: code, exercise: c.exercise, month: null, expiry: null, marketPrice: null, underlyingPrice: null, strike: null, vol: null, q: null };
}

/** Every series a contract reads. */
export function seriesIds(m: CsiMarket): string[] {
  return [m.underlying, RATE_ID, ...(m.dividend ? [m.dividend] : []), ...VOL_TENORS.map(([t]) => `vol.${m.volKey}.${t}.ATM`)];
}

/**
 * ATM vol at time t from the tenor points (percent): linear in total variance between
 * points, flat vol outside them. Null without points.
 */
export function volAt(t: number, points: readonly (readonly [number, number])[]): number | null {
  const p = [...points].filter(([x, v]) => x > 0 && Number.isFinite(v)).sort((a, b) => a[0] - b[0]);
  if (!p.length) return null;
  if (t <= p[0][0]) return p[0][1];
  const last = p[p.length - 1];
  if (t >= last[0]) return last[1];
  for (let i = 1; i < p.length; i++) {
    const [t1, v1] = p[i - 1];
    const [t2, v2] = p[i];
    if (t <= t2) {
      const w = t1 * v1 * v1 + ((t - t1) / (t2 - t1)) * (t2 * v2 * v2 - t1 * v1 * v1);
      return Math.sqrt(w / t);
    }
  }
  return last[1];
}

/** A listed strike near the price: a step of 5 x 10^(digits - 3) (4552 -> 4550, 3.052 -> 3.05). */
export function nearStrike(price: number): number {
  if (!(price > 0)) return price;
  const step = 5 * 10 ** (Math.floor(Math.log10(price)) - 2);
  return Number((Math.round(price / step) * step).toPrecision(12));
}

/** Contract months from the valuation month on, each with its expiry by the contract's rule (null: the rule cannot say). */
export function contractMonths(code: string, valuationDate: string, n = 12): { month: string; expiry: string | null }[] {
  const c = contractOf(code);
  if (!c) return [];
  const start = fromISO(`${valuationDate.slice(0, 7)}-01`);
  const out: { month: string; expiry: string | null }[] = [];
  for (let k = 0; out.length < n && k < n + 3; k++) {
    const month = toISO(addTenor(start, { n: k, unit: 'M' })).slice(0, 7);
    let expiry: string | null;
    try {
      expiry = expiryDate(c.expiry, month);
    } catch {
      expiry = null;
    }
    if (expiry !== null && expiry < valuationDate) continue;
    out.push({ month, expiry });
  }
  return out;
}

/** Market values read for a contract (percent for rates and vols). */
export interface MarketFill {
  underlyingPrice?: number;
  r?: number;
  q?: number;
  vol?: number;
}

/** What market data fills for a contract and expiry; `value(id)` is the latest figure or undefined. */
export function marketFill(m: CsiMarket, value: (id: string) => number | undefined, valuationDate: string, expiry: string | null): MarketFill {
  const out: MarketFill = {};
  const px = value(m.underlying);
  if (px !== undefined) out.underlyingPrice = px;
  const r = value(RATE_ID);
  if (r !== undefined) out.r = r;
  out.q = m.dividend ? value(m.dividend) : 0;
  if (out.q === undefined) delete out.q;
  const pts = VOL_TENORS.flatMap(([tenor, t]) => {
    const v = value(`vol.${m.volKey}.${tenor}.ATM`);
    return v === undefined ? [] : [[t, v] as const];
  });
  const t = expiry && expiry > valuationDate ? daysBetween(fromISO(valuationDate), fromISO(expiry)) / 365 : 1 / 12;
  const vol = volAt(t, pts);
  if (vol !== null) out.vol = Number(vol.toFixed(4));
  return out;
}

/** Underlying prices of the value-against-price chart: 41 points over +-30 %. */
export const CHART_POINTS = 41;
export function chartPrices(price: number): number[] {
  return Array.from({ length: CHART_POINTS }, (_, i) => price * (0.7 + (0.6 * i) / (CHART_POINTS - 1)));
}

/** Payoff per unit at expiry at each underlying price. */
export function payoffCurve(xs: readonly number[], type: 'call' | 'put', strike: number): Float64Array {
  return new Float64Array(xs.map((s) => Math.max(type === 'call' ? s - strike : strike - s, 0)));
}

export interface ScreenInputs extends Inputs {
  valuationDate: string | null;
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** The request of one option (what the server and the Node check price), or the reason it cannot be priced. */
export function optionRequest(i: ScreenInputs): { request: Record<string, unknown> } | { invalid: { key: string; values?: Record<string, unknown> } } {
  const bad = (field: string) => ({ invalid: { key: 'csiOption:errors.field', values: { field: `csiOption:${field}` } } });
  if (!contractOf(i.contract)) return { invalid: { key: 'csiOption:errors.contract' } };
  if (!i.valuationDate || !ISO.test(i.valuationDate)) return bad('valuationDate');
  if (!i.expiry || !ISO.test(i.expiry)) return bad('expiry');
  if (i.expiry < i.valuationDate) return { invalid: { key: 'csiOption:errors.expired' } };
  if (!(i.underlyingPrice !== null && i.underlyingPrice > 0)) return bad('underlyingPrice');
  if (!(i.strike !== null && i.strike > 0)) return bad('strike');
  if (!(i.vol !== null && i.vol >= 0 && i.vol <= 500)) return bad('vol');
  if (i.r === null || !Number.isFinite(i.r)) return bad('rate');
  const isFutures = contractOf(i.contract)?.underlying === 'futures';
  if (!isFutures && (i.q === null || !Number.isFinite(i.q))) return bad('dividend');
  if (!(i.quantity !== null && i.quantity >= 0)) return bad('quantity');
  return {
    request: {
      contract: i.contract, type: i.type, exercise: i.exercise, method: i.method,
      underlyingPrice: i.underlyingPrice, strike: i.strike, vol: i.vol / 100, r: i.r / 100, q: isFutures ? 0 : (i.q ?? 0) / 100,
      valuationDate: i.valuationDate, expiryDate: i.expiry, quantity: i.quantity, direction: i.direction,
    },
  };
}

/** Row 0: the option; row 1: the implied vol (when a market price is given); then the chart's points. */
export function toCall(i: ScreenInputs): Prepared {
  const r = optionRequest(i);
  if ('invalid' in r) return r;
  if (i.marketPrice !== null && !(i.marketPrice >= 0)) return { invalid: { key: 'csiOption:errors.field', values: { field: 'csiOption:marketPrice' } } };
  const rows: Record<string, unknown>[] = [{}];
  if (i.marketPrice !== null) rows.push({ marketPrice: i.marketPrice });
  for (const s of chartPrices(i.underlyingPrice as number)) rows.push({ underlyingPrice: s });
  return { call: { method: CSI_METHOD, content: { ...r.request, rows } } };
}

/** A rows reply of CSIOPTION / CRYPTOOPTION as this screen asked it: the option, the implied-vol row (if asked), the chart's points. */
export function splitRows<T extends object>(b: ReplyBody, withImplied: boolean): { first: T; implied: T | RowError | undefined; points: (T | RowError)[] } {
  const rows = (b as unknown as { rows: (T | RowError)[] }).rows;
  const first = rows[0];
  if ('error' in first) throw new Error(first.error);
  return { first, implied: withImplied ? rows[1] : undefined, points: rows.slice(withImplied ? 2 : 1) };
}

export const isRowError = (r: object): r is RowError => 'error' in r;

export interface CsiShown {
  row: CsiRow;
  /** Implied vol in percent, or the solver's message. */
  implied: { vol: number; value: number } | { error: string } | null;
  chart: { x: Float64Array; today: Float64Array; expiry: Float64Array };
}

export function fromReply(b: ReplyBody, i: ScreenInputs): CsiShown {
  const { first, implied: iv, points } = splitRows<CsiRow>(b, i.marketPrice !== null);
  const implied = iv === undefined ? null : isRowError(iv) ? { error: iv.error } : { vol: iv.vol * 100, value: iv.value };
  const xs = chartPrices(i.underlyingPrice as number);
  const today = new Float64Array(points.map((p) => (isRowError(p) ? Number.NaN : p.value)));
  return { row: first, implied, chart: { x: new Float64Array(xs), today, expiry: payoffCurve(xs, i.type, i.strike as number) } };
}

/** The model as a desk names it: the base model and, for American exercise, the engine (i18n keys `model.*`). */
export function modelKeys(underlying: ListedOptionContract['underlying'] | undefined, exercise: Inputs['exercise'], method: Inputs['method']): string[] {
  const base = underlying === 'futures' ? 'model.black76' : 'model.bsm';
  return exercise === 'european' ? [base] : [base, `model.${method}`];
}

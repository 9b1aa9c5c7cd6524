// Bank settlement and sale quotes, pure: series ids `bank.{BANK}.{CCY}.{side}` (CNY per 100
// units of the currency, docs/api/market-data.md) -> one row per bank and currency, the best
// bank per currency, what an amount costs or brings at each bank, and histories aligned for
// a chart. The figures themselves come from MarketDataSvr through the kit hooks.
import { addDays, fromISO, toISO, toYMD, type CalendarDate } from '../../pricing-core/dates/date';
import { BANK_QUOTE_SIDES, ids, type BankQuoteSide, type Observation } from '../../kit/market-data/series';
import type { Provenance } from '../../kit/market-data/provenance';

export { BANK_QUOTE_SIDES, type BankQuoteSide };

/** The units a bank quote is for (CNY per 100 units of the currency). */
export const QUOTE_UNITS = 100;

/** Banks and currencies in the order screens list them (others follow, alphabetically). */
export const BANK_ORDER: readonly string[] = ['BOC', 'ICBC', 'CCB', 'ABC', 'BOCOM', 'CMB'];
export const CURRENCY_ORDER: readonly string[] = ['USD', 'EUR', 'JPY', 'HKD', 'GBP', 'AUD'];

export interface BankSeries {
  bank: string;
  ccy: string;
  side: BankQuoteSide;
}

const BANK_ID = /^bank\.([A-Za-z0-9+_-]{1,32})\.([A-Z]{3})\.(spotBuy|cashBuy|spotSell|cashSell)$/;

/** Parses a bank quote series id, or null for any other id. */
export function parseBankSeriesId(id: string): BankSeries | null {
  const m = BANK_ID.exec(id);
  return m ? { bank: m[1], ccy: m[2], side: m[3] as BankQuoteSide } : null;
}

const byOrder = (order: readonly string[]) => (a: string, b: string) => {
  const ia = order.indexOf(a), ib = order.indexOf(b);
  if (ia !== -1 || ib !== -1) return (ia === -1 ? Infinity : ia) - (ib === -1 ? Infinity : ib);
  return a < b ? -1 : a > b ? 1 : 0;
};

/** Banks and currencies present among series ids (the catalogue's), in screen order. */
export function universe(seriesIds: readonly string[]): { banks: string[]; currencies: string[] } {
  const banks = new Set<string>(), currencies = new Set<string>();
  for (const id of seriesIds) {
    const s = parseBankSeriesId(id);
    if (s) { banks.add(s.bank); currencies.add(s.ccy); }
  }
  return { banks: [...banks].sort(byOrder(BANK_ORDER)), currencies: [...currencies].sort(byOrder(CURRENCY_ORDER)) };
}

/** Every quote id of the banks and currencies. */
export function quoteIds(banks: readonly string[], currencies: readonly string[]): string[] {
  return banks.flatMap((b) => currencies.flatMap((c) => BANK_QUOTE_SIDES.map((s) => ids.bankQuote(b, c, s))));
}

export interface QuoteRow {
  bank: string;
  ccy: string;
  spotBuy: number | null;
  cashBuy: number | null;
  spotSell: number | null;
  cashSell: number | null;
  /** (spot buy + spot sell) / 2. */
  mid: number | null;
  /** Spot sell minus spot buy, in percent of the mid. */
  spreadPct: number | null;
  /** The latest business date among the row's figures. */
  date: string | null;
  provenance: Provenance | null;
}

/** One row per bank and currency that has at least one figure. */
export function quoteRows(values: ReadonlyMap<string, Observation>, banks: readonly string[], currencies: readonly string[]): QuoteRow[] {
  const rows: QuoteRow[] = [];
  for (const ccy of currencies) {
    for (const bank of banks) {
      const obs = BANK_QUOTE_SIDES.map((s) => values.get(ids.bankQuote(bank, ccy, s)));
      if (obs.every((o) => !o)) continue;
      const [spotBuy, cashBuy, spotSell, cashSell] = obs.map((o) => (o && Number.isFinite(o.value) ? o.value : null));
      const mid = spotBuy !== null && spotSell !== null ? (spotBuy + spotSell) / 2 : null;
      const present = obs.filter((o): o is Observation => !!o);
      const latest = present.reduce((a, b) => (b.date > a.date ? b : a));
      rows.push({
        bank, ccy, spotBuy, cashBuy, spotSell, cashSell, mid,
        spreadPct: mid !== null && mid > 0 ? ((spotSell! - spotBuy!) / mid) * 100 : null,
        date: latest.date,
        provenance: { source: latest.source, sourceKind: latest.sourceKind, asOf: latest.asOf, knownAt: latest.knownAt, offline: present.some((o) => o.offline) || undefined },
      });
    }
  }
  return rows;
}

export type Direction = 'buyFx' | 'sellFx';
export type QuoteKind = 'spot' | 'cash';

/**
 * The side a customer deals at: buying the currency (购汇) at the bank's selling rate, selling
 * it (结汇) at the bank's buying rate.
 */
export function sideFor(direction: Direction, kind: QuoteKind): BankQuoteSide {
  return `${kind}${direction === 'buyFx' ? 'Sell' : 'Buy'}` as BankQuoteSide;
}

/** Better for the customer: a lower selling rate when buying, a higher buying rate when selling. */
export const isBetter = (direction: Direction, a: number, b: number): boolean => (direction === 'buyFx' ? a < b : a > b);

export interface BestQuote {
  side: BankQuoteSide;
  rate: number | null;
  /** Every bank at the best rate (ties are kept). */
  banks: string[];
}

export interface BestRow {
  ccy: string;
  /** Customer buys the currency: lowest spot / cash selling rate. */
  buySpot: BestQuote;
  buyCash: BestQuote;
  /** Customer sells the currency: highest spot / cash buying rate. */
  sellSpot: BestQuote;
  sellCash: BestQuote;
  banks: number;
}

function best(rows: readonly QuoteRow[], direction: Direction, kind: QuoteKind): BestQuote {
  const side = sideFor(direction, kind);
  let rate: number | null = null;
  let banks: string[] = [];
  for (const r of rows) {
    const v = r[side];
    if (v === null) continue;
    if (rate === null || isBetter(direction, v, rate)) { rate = v; banks = [r.bank]; }
    else if (v === rate) banks.push(r.bank);
  }
  return { side, rate, banks };
}

/** The best bank per currency, each way, spot and cash. */
export function bestByCurrency(rows: readonly QuoteRow[]): BestRow[] {
  const ccys = [...new Set(rows.map((r) => r.ccy))];
  return ccys.map((ccy) => {
    const mine = rows.filter((r) => r.ccy === ccy);
    return {
      ccy,
      buySpot: best(mine, 'buyFx', 'spot'),
      buyCash: best(mine, 'buyFx', 'cash'),
      sellSpot: best(mine, 'sellFx', 'spot'),
      sellCash: best(mine, 'sellFx', 'cash'),
      banks: mine.length,
    };
  });
}

export interface BankDeal {
  bank: string;
  rate: number;
  /** CNY paid (buying the currency) or received (selling it). */
  cny: number;
  /** CNY worse than the best bank (0 at the best). */
  vsBest: number;
}

export interface Comparison {
  ccy: string;
  amount: number;
  direction: Direction;
  kind: QuoteKind;
  side: BankQuoteSide;
  /** Best first. */
  deals: BankDeal[];
  best: BankDeal;
  worst: BankDeal;
  /** What the best bank saves against the worst, in CNY. */
  saving: number;
}

export type ComparisonProblem = 'amount' | 'noQuotes';

/** What `amount` units of `ccy` cost (buyFx) or bring (sellFx) in CNY at every bank. */
export function compareBanks(rows: readonly QuoteRow[], ccy: string, amount: number | null, direction: Direction, kind: QuoteKind): Comparison | ComparisonProblem {
  if (amount === null || !Number.isFinite(amount) || amount <= 0) return 'amount';
  const side = sideFor(direction, kind);
  const quoted = rows.filter((r) => r.ccy === ccy && r[side] !== null);
  if (!quoted.length) return 'noQuotes';
  const deals = quoted
    .map((r) => ({ bank: r.bank, rate: r[side]!, cny: (amount * r[side]!) / QUOTE_UNITS, vsBest: 0 }))
    .sort((a, b) => (a.rate === b.rate ? 0 : isBetter(direction, a.rate, b.rate) ? -1 : 1));
  const bestDeal = deals[0], worstDeal = deals[deals.length - 1];
  for (const d of deals) d.vsBest = Math.abs(d.cny - bestDeal.cny);
  return { ccy, amount, direction, kind, side, deals, best: bestDeal, worst: worstDeal, saving: Math.abs(worstDeal.cny - bestDeal.cny) };
}

/** Local midnight (epoch seconds) of a CalendarDate: a daily figure plots on its own date. */
export function epochSecondsOf(d: CalendarDate): number {
  const { y, m, d: day } = toYMD(d);
  return new Date(y, m - 1, day).getTime() / 1000;
}

export interface Aligned {
  x: Float64Array;
  ys: Array<Array<number | null>>;
}

/** Several daily series on the union of their dates (null where a series has no figure). */
export function alignSeries(series: ReadonlyArray<{ dates: Int32Array | readonly number[]; values: Float64Array | readonly number[] }>): Aligned {
  const all = new Set<number>();
  for (const s of series) for (let i = 0; i < s.dates.length; i++) all.add(s.dates[i]);
  const dates = [...all].sort((a, b) => a - b);
  const index = new Map(dates.map((d, i) => [d, i]));
  const x = new Float64Array(dates.length);
  dates.forEach((d, i) => { x[i] = epochSecondsOf(d as CalendarDate); });
  const ys = series.map((s) => {
    const y: Array<number | null> = new Array(dates.length).fill(null);
    for (let i = 0; i < s.dates.length; i++) y[index.get(s.dates[i])!] = s.values[i];
    return y;
  });
  return { x, ys };
}

export type HistoryRange = '1M' | '3M' | '6M' | '1Y';
export const HISTORY_RANGES: readonly HistoryRange[] = ['1M', '3M', '6M', '1Y'];

/** First date of a history window ending `today`. */
export function rangeStart(today: string, range: HistoryRange): string {
  const days = { '1M': 31, '3M': 92, '6M': 183, '1Y': 366 }[range];
  return toISO(addDays(fromISO(today), -days));
}

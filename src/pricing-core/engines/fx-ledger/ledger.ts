// Valuation of a ledger of FX trades (spot, outright forwards, swaps, European vanillas) at
// market, as of a valuation date (OptPricingSvr FXLEDGER, /transactionValuation). Per pair
// the request carries the market as dated curves: spot and its value date, swap points by
// value date (ON/TN before spot), the two money-market curves (simple rates, the currency's
// day basis) and, for options, the smile quotes. Pure and browser-safe.
//
//   market forward F(d)  = spot + points(d) / pipsPerUnit inside the quoted points, else
//                          money-market parity from spot on the two deposit curves
//   DF_ccy(d)            = 1 / (1 + r_ccy(d) x (d - valuation) / basis_ccy)
//   forward / spot MTM   = s N (F(d) - K) DF_quote(d)              s = +1 buy base, -1 sell
//   delta (base amount)  = s N DF_base(d)
//   swap                 = near leg (s) + far leg (-s); a leg whose date has passed is settled
//   option               = s N e^{-rd(D)(tD - tS)} Black(F(D), K, vol, tE): the premium for value
//                          spot as /optionCalculator prices it (D the option's delivery = its
//                          value date, F(D) the market outright above, rd = -ln DF_quote(D)/tD;
//                          pricing-core market/fx-context optionRates), vol off the smile
//                          surface (the option calculator's builder) at tE and K
//   premium-inclusive    = MTM - s x premium (in the quote currency at spot)
// Amounts are in the pair's quote currency and in the reporting currency at spot (direct,
// inverse, or through USD). A trade whose last date is before the valuation date is marked
// expired and left out of the totals.
import { PricingError } from '../../core/types';
import { fromISO } from '../../dates/date';
import { blackScholesGreeks, emptyGreeks } from '../black/black-scholes';
import { dayBasis, depositRateAt, outrightByParity, pointCurve, pointsAt, type PointNode } from '../fx/fx-swap-legs';
import { buildCalcMarket, type CalcMarket, type SmileQuoteInput } from '../fx-option-calculator';
import { LedgerTrade, type LedgerIssue } from './schema';
import { optionRates, optionTimes } from '../../market/fx-context';

type Json = Record<string, unknown>;

export interface LedgerPairMarket {
  spot: number;
  /** Value date of the spot rate. */
  spotDate?: string;
  /** Pips per unit of the rate (10,000; 100 for JPY quotes). */
  pipsPerUnit?: number;
  /** Spot/tenor swap points by value date. */
  points?: Array<{ date: string; pips: number }>;
  /** ON and TN points with the trade and tom dates, for value dates before spot. */
  short?: { tradeDate: string; tomDate: string; on: number; tn: number };
  /** Money-market curves, simple rates (decimals), by value date. */
  quoteRates?: Array<{ date: string; rate: number }>;
  baseRates?: Array<{ date: string; rate: number }>;
  /** Smile quotes by expiry (decimals), for options. */
  smiles?: SmileQuoteInput[];
}

export interface LedgerRequest {
  valuationDate: string;
  reportingCurrency: string;
  markets: Record<string, LedgerPairMarket>;
  trades: unknown[];
}

export type LedgerStatus = 'valued' | 'expired' | 'error';

export interface LedgerRow {
  id: string;
  status: LedgerStatus;
  pair?: string;
  quoteCurrency?: string;
  /** Market rate used: the outright to the value date (swap: far leg; option: the forward to expiry). */
  marketRate?: number;
  /** Quote-currency discount factor to the value date (swap: far leg; option: to expiry). */
  df?: number;
  /** MTM in the quote currency and in the reporting currency. */
  mtm?: number;
  mtmReporting?: number;
  nearMtm?: number;
  farMtm?: number;
  /** A swap whose near leg has settled (only the far leg is valued). */
  nearSettled?: boolean;
  /** Spot delta, base-currency amount. */
  delta?: number;
  /** Options: vol used (decimal), vega (quote amount per vol point), premium-inclusive value (quote, reporting). */
  vol?: number;
  vega?: number;
  premiumIncl?: number;
  premiumInclReporting?: number;
  /** Options: time to expiry (days / 365) and the continuous rates used (decimals). */
  rates?: { t: number; rd: number; rf: number };
  /** Why the trade was not valued: an issue code with its field, or the engine's message. */
  error?: { code: LedgerIssue | 'market' | 'pricing'; field?: string; detail?: string };
}

export interface LedgerPairTotal { pair: string; quoteCurrency: string; trades: number; mtm: number; mtmReporting: number; delta: number; vega: number }
export interface LedgerCurrencyTotal { currency: string; exposure: number; exposureReporting: number }

export interface LedgerReply {
  valuationDate: string;
  reportingCurrency: string;
  rows: LedgerRow[];
  totals: { valued: number; expired: number; failed: number; mtmReporting: number; premiumInclReporting: number };
  byPair: LedgerPairTotal[];
  /** Net exposure per currency: base deltas plus the quote-currency balance (MTM - delta x spot). */
  byCurrency: LedgerCurrencyTotal[];
  /** Units of the reporting currency per unit of each currency, as used. */
  conversion: Record<string, number>;
}

/** Units of `to` per unit of `from` from the pairs' spots: direct, inverse or through USD. */
export function conversionRate(from: string, to: string, spots: ReadonlyMap<string, number>): number | null {
  if (from === to) return 1;
  const direct = (a: string, b: string): number | null => {
    const d = spots.get(a + b);
    if (d && d > 0) return d;
    const i = spots.get(b + a);
    return i && i > 0 ? 1 / i : null;
  };
  const d = direct(from, to);
  if (d !== null) return d;
  for (const via of ['USD', 'CNY', 'EUR']) {
    if (via === from || via === to) continue;
    const a = direct(from, via), b = direct(via, to);
    if (a !== null && b !== null) return a * b;
  }
  return null;
}

interface PairCtx {
  pair: string;
  base: string;
  quote: string;
  spot: number;
  spotDay: number;
  pipsPerUnit: number;
  curve: PointNode[] | null;
  qRates: PointNode[];
  bRates: PointNode[];
  calc?: CalcMarket | Error;
  smiles?: SmileQuoteInput[];
}

const dated = (xs: Array<{ date: string; rate: number }> | undefined): PointNode[] =>
  (xs ?? []).map((x) => ({ day: fromISO(x.date), pips: x.rate })).sort((a, b) => a.day - b.day);

function pairCtx(pair: string, m: LedgerPairMarket, valDay: number): PairCtx {
  if (!(m.spot > 0)) throw new PricingError(`market ${pair}: spot must be positive`);
  const base = pair.slice(0, 3), quote = pair.slice(3);
  const spotDay = m.spotDate ? fromISO(m.spotDate) : valDay;
  const pipsPerUnit = m.pipsPerUnit ?? (quote === 'JPY' ? 100 : 10_000);
  const nodes = (m.points ?? []).map((p) => ({ day: fromISO(p.date), pips: p.pips }));
  const short = m.short ? { tradeDay: fromISO(m.short.tradeDate), tomDay: fromISO(m.short.tomDate), on: m.short.on, tn: m.short.tn } : undefined;
  const curve = nodes.length ? pointCurve(spotDay, nodes, short) : null;
  return { pair, base, quote, spot: m.spot, spotDay, pipsPerUnit, curve, qRates: dated(m.quoteRates), bRates: dated(m.baseRates), smiles: m.smiles };
}

function rate(c: PairCtx, ccy: 'q' | 'b', day: number): number {
  const r = depositRateAt(ccy === 'q' ? c.qRates : c.bRates, day);
  if (r === null) throw new PricingError(`market ${c.pair}: no ${ccy === 'q' ? c.quote : c.base} deposit curve`);
  return r;
}

/** Discount factor from the valuation date to `day` on the currency's money-market curve. */
function df(c: PairCtx, ccy: 'q' | 'b', valDay: number, day: number): number {
  if (day <= valDay) return 1;
  return 1 / (1 + rate(c, ccy, day) * (day - valDay) / dayBasis(ccy === 'q' ? c.quote : c.base));
}

/** The market outright for value `day`: swap points where quoted, else parity on the deposit curves. */
function outright(c: PairCtx, day: number): number {
  if (c.curve && day >= c.curve[0].day && day <= c.curve[c.curve.length - 1].day) return c.spot + pointsAt(c.curve, day) / c.pipsPerUnit;
  if (day === c.spotDay) return c.spot;
  const far = day > c.spotDay ? day : c.spotDay;
  return outrightByParity(c.spot, c.spotDay, day, { rd: rate(c, 'q', far), rf: rate(c, 'b', far), basisD: dayBasis(c.quote), basisF: dayBasis(c.base) });
}

function calcMarket(c: PairCtx, valDay: number): CalcMarket {
  if (c.calc instanceof Error) throw c.calc;
  if (c.calc) return c.calc;
  try {
    if (!c.smiles?.length) throw new PricingError(`market ${c.pair}: no volatility surface`);
    // The surface's delta strikes are read with the pair's 3M rates (as the option calculator and bulk pricing do).
    const d3 = valDay + 91, t3 = 91 / 365;
    const rd = -Math.log(df(c, 'q', valDay, d3)) / t3, rf = -Math.log(df(c, 'b', valDay, d3)) / t3;
    c.calc = buildCalcMarket({ spot: c.spot, rd, rf, surface: { smiles: c.smiles } });
    return c.calc;
  } catch (e) {
    c.calc = e as Error;
    throw e;
  }
}

interface Leg { s: number; notional: number; rate: number; day: number }

function legValue(c: PairCtx, valDay: number, l: Leg) {
  const F = outright(c, l.day);
  const dq = df(c, 'q', valDay, l.day);
  return { F, dq, mtm: l.s * l.notional * (F - l.rate) * dq, delta: l.s * l.notional * df(c, 'b', valDay, l.day) };
}

const greeks = emptyGreeks();

function valueTrade(t: LedgerTrade, c: PairCtx, valDay: number): Omit<LedgerRow, 'id' | 'mtmReporting' | 'premiumInclReporting'> {
  const s = t.direction === 'buy' ? 1 : -1;
  const base = { pair: c.pair, quoteCurrency: c.quote };
  if (t.type === 'spot' || t.type === 'forward') {
    const day = fromISO(t.valueDate);
    if (day < valDay) return { ...base, status: 'expired' };
    const v = legValue(c, valDay, { s, notional: t.notional, rate: t.rate, day });
    return { ...base, status: 'valued', marketRate: v.F, df: v.dq, mtm: v.mtm, delta: v.delta };
  }
  if (t.type === 'swap') {
    const nearDay = fromISO(t.valueDate), farDay = fromISO(t.farDate!);
    if (farDay < valDay) return { ...base, status: 'expired' };
    const far = legValue(c, valDay, { s: -s, notional: t.farNotional ?? t.notional, rate: t.farRate!, day: farDay });
    const nearSettled = nearDay < valDay;
    const near = nearSettled ? { mtm: 0, delta: 0 } : legValue(c, valDay, { s, notional: t.notional, rate: t.rate, day: nearDay });
    return { ...base, status: 'valued', marketRate: far.F, df: far.dq, mtm: near.mtm + far.mtm, nearMtm: near.mtm, farMtm: far.mtm, nearSettled, delta: near.delta + far.delta };
  }
  // option: the desk's one rule (pricing-core market/fx-context optionRates), as /optionCalculator
  const expDay = fromISO(t.expiry!);
  if (expDay < valDay) return { ...base, status: 'expired' };
  const delDay = Math.max(fromISO(t.valueDate), expDay);
  const F = outright(c, delDay);
  const dq = df(c, 'q', valDay, delDay);
  // An option expiring today keeps a sliver of time (its forward intrinsic value, priced).
  const times = optionTimes({ trade: valDay, spot: c.spotDay, expiry: expDay > valDay ? expDay : valDay + 1e-6, delivery: Math.max(delDay, valDay + 1e-6), premium: c.spotDay });
  const o = optionRates(c.spot, F, dq, times);
  const m = calcMarket(c, valDay);
  const vol = m.surface ? m.surface.vol(o.tExpiry, t.rate) : m.vol;
  if (!(vol !== undefined && vol >= 0 && Number.isFinite(vol))) throw new PricingError('the surface gives no volatility at this strike');
  const { t: tt, rd, rf } = o.bsRates;
  blackScholesGreeks(t.optionType!, c.spot, t.rate, tt, rd, rf, vol, greeks);
  const mtm = s * t.notional * greeks.npv;
  const prem = t.premium ?? 0;
  const premQuote = t.premiumCurrency === c.base ? prem * c.spot : prem;
  return {
    ...base, status: 'valued', marketRate: F, df: dq, mtm, vol, rates: { t: tt, rd, rf },
    delta: s * t.notional * greeks.delta, vega: (s * t.notional * greeks.vega) / 100, premiumIncl: mtm - s * premQuote,
  };
}

/** Values a ledger request (trades are checked against the shared schema one by one). */
export function valueLedger(req: LedgerRequest): LedgerReply {
  const valDay = fromISO(req.valuationDate);
  const R = req.reportingCurrency;
  if (!/^[A-Z]{3}$/.test(R)) throw new PricingError('reportingCurrency must be a currency code');
  const ctx = new Map<string, PairCtx | Error>();
  const spots = new Map<string, number>();
  for (const [pair, m] of Object.entries(req.markets)) {
    try {
      const c = pairCtx(pair, m, valDay);
      ctx.set(pair, c);
      spots.set(pair, c.spot);
    } catch (e) {
      ctx.set(pair, e as Error);
    }
  }
  const conversion: Record<string, number> = {};
  const conv = (ccy: string): number => {
    if (conversion[ccy] !== undefined) return conversion[ccy];
    const r = conversionRate(ccy, R, spots);
    if (r === null) throw new PricingError(`no spot to convert ${ccy} into ${R}`);
    return (conversion[ccy] = r);
  };
  const rows: LedgerRow[] = [];
  const byPair = new Map<string, LedgerPairTotal>();
  const byCcy = new Map<string, number>();
  const totals = { valued: 0, expired: 0, failed: 0, mtmReporting: 0, premiumInclReporting: 0 };
  req.trades.forEach((raw, i) => {
    const id = String((raw as Json | null)?.id ?? i + 1);
    const parsed = LedgerTrade.safeParse(raw);
    if (!parsed.success) {
      const is = parsed.error.issues[0];
      rows.push({ id, status: 'error', error: { code: is.message as LedgerIssue, field: String(is.path[0] ?? '') } });
      totals.failed++;
      return;
    }
    const t = parsed.data;
    const c = ctx.get(t.pair);
    try {
      if (!c) throw new PricingError(`no market data for ${t.pair}`);
      if (c instanceof Error) throw c;
      const v = valueTrade(t, c, valDay);
      if (v.status === 'expired') { rows.push({ id, ...v }); totals.expired++; return; }
      const k = conv(c.quote);
      const row: LedgerRow = { id, ...v, mtmReporting: v.mtm! * k, premiumInclReporting: v.premiumIncl === undefined ? undefined : v.premiumIncl * k };
      rows.push(row);
      totals.valued++;
      totals.mtmReporting += row.mtmReporting!;
      totals.premiumInclReporting += row.premiumInclReporting ?? row.mtmReporting!;
      let p = byPair.get(c.pair);
      if (!p) byPair.set(c.pair, (p = { pair: c.pair, quoteCurrency: c.quote, trades: 0, mtm: 0, mtmReporting: 0, delta: 0, vega: 0 }));
      p.trades++; p.mtm += v.mtm!; p.mtmReporting += row.mtmReporting!; p.delta += v.delta ?? 0; p.vega += v.vega ?? 0;
      byCcy.set(c.base, (byCcy.get(c.base) ?? 0) + (v.delta ?? 0));
      byCcy.set(c.quote, (byCcy.get(c.quote) ?? 0) + v.mtm! - (v.delta ?? 0) * c.spot);
    } catch (e) {
      if (!(e instanceof PricingError || e instanceof RangeError)) throw e;
      const market = /^(market |no market data)/.test(e.message);
      rows.push({ id, status: 'error', pair: t.pair, error: { code: market ? 'market' : 'pricing', detail: e.message } });
      totals.failed++;
    }
  });
  const byCurrency: LedgerCurrencyTotal[] = [...byCcy].map(([currency, exposure]) => {
    let k: number;
    try { k = conv(currency); } catch { k = Number.NaN; }
    return { currency, exposure, exposureReporting: exposure * k };
  }).sort((a, b) => a.currency.localeCompare(b.currency));
  return { valuationDate: req.valuationDate, reportingCurrency: R, rows, totals, byPair: [...byPair.values()].sort((a, b) => a.pair.localeCompare(b.pair)), byCurrency, conversion };
}

/** FXLEDGER content (JSON object) -> reply; a malformed request (not a trade) throws PricingError. */
export function runFxLedgerRequest(c: Json): LedgerReply {
  if (typeof c.valuationDate !== 'string') throw new PricingError('valuationDate must be an ISO date');
  if (c.markets === null || typeof c.markets !== 'object' || Array.isArray(c.markets)) throw new PricingError('markets must be an object by pair');
  if (!Array.isArray(c.trades)) throw new PricingError('trades must be an array');
  return valueLedger({ valuationDate: c.valuationDate, reportingCurrency: String(c.reportingCurrency ?? 'CNY'), markets: c.markets as Record<string, LedgerPairMarket>, trades: c.trades });
}

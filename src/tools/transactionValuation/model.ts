// Trade valuation, the pure part: a grid row of the ledger, the check of rows against the
// shared trade schema (pricing-core fx-ledger, the same the FXLEDGER method applies) with the
// line of each bad one, the market of each pair as the dated curves FXLEDGER reads (from
// MD.FXMARKET through the FX forward screens' curves and the option calculator's smiles),
// and the reply written back on the rows.
import type { GridRow } from '../../kit/grid';
import type { FxMarketReply } from '../../kit/market-data';
import type { Observation } from '../../kit/market-data/series';
import { fromISO, toISO as isoOf, type CalendarDate } from '../../pricing-core/dates/date';

const toISO = (day: number) => isoOf(day as CalendarDate);
import { LedgerTrade, type LedgerIssue, type LedgerPairMarket, type LedgerReply, type LedgerRow, type LedgerRequest } from '../../pricing-core/engines/fx-ledger';
import { marketCurves, pairDates } from '../../kit/fx-market';
import { smilesOf } from '../optionCalculator/model';

/** At most this many trades in a ledger (the bulk FX pricing screen takes 100,000; a ledger is kept in local storage). */
export const MAX_TRADES = 10_000;
export const REPORTING_CURRENCIES = ['CNY', 'USD', 'EUR', 'HKD', 'CNH'] as const;

export const INPUT_KEYS = ['id', 'type', 'pair', 'direction', 'notional', 'rate', 'tradeDate', 'valueDate', 'farRate', 'farDate', 'farNotional', 'optionType', 'expiry', 'premium', 'premiumCurrency'] as const;
export const RESULT_KEYS = ['status', 'quoteCurrency', 'marketRate', 'df', 'mtm', 'mtmReporting', 'premiumIncl', 'delta', 'vega', 'vol', 'note'] as const;
type InputKey = (typeof INPUT_KEYS)[number];
type ResultKey = (typeof RESULT_KEYS)[number];

export type LedgerGridRow = GridRow & Record<InputKey | ResultKey, string | number | null>;

export function emptyRow(): LedgerGridRow {
  const r = Object.fromEntries([...INPUT_KEYS, ...RESULT_KEYS].map((k) => [k, null])) as LedgerGridRow;
  return { ...r, type: 'forward', direction: 'buy' };
}

export function normalizeRow(r: Partial<LedgerGridRow>): LedgerGridRow {
  const out = emptyRow();
  for (const k of [...INPUT_KEYS, ...RESULT_KEYS]) out[k] = (r[k] as string | number | null | undefined) ?? null;
  // A pair as a desk types it (USD/CNY, usd cny) is kept as the market names it.
  if (typeof out.pair === 'string' && /^\s*[A-Za-z]{3}\s*[/\s]?\s*[A-Za-z]{3}\s*$/.test(out.pair)) out.pair = out.pair.replace(/[\s/]/g, '').toUpperCase();
  return out;
}

/** The inputs of a row (what is saved and shared: results are recomputed). */
export const inputsOnly = (r: LedgerGridRow): LedgerGridRow => clearResults(r);

export const clearResults = (r: LedgerGridRow): LedgerGridRow => ({ ...r, ...Object.fromEntries(RESULT_KEYS.map((k) => [k, null])) });
export const sameInputs = (a: LedgerGridRow, b: LedgerGridRow) => INPUT_KEYS.every((k) => a[k] === b[k]);
export const isBlank = (r: LedgerGridRow) => INPUT_KEYS.every((k) => k === 'type' || k === 'direction' || r[k] === null || r[k] === '');

/** A message in both languages; the screen shows the user's. */
export interface Words { zh: string; en: string }

/** Why a row is refused: its line (file) or row number (grid), the column, the issue. */
export interface RowProblem { line: number; field: string; code: LedgerIssue }

/** "Line 4: Far date — a swap needs the far rate and far date" in both languages. */
export function problemWords(p: RowProblem, words: { zh: WordTable; en: WordTable }, grid = false): Words {
  const one = (w: WordTable) => `${(grid ? w.row : w.line).replace('{{line}}', String(p.line))}${w.cols[p.field] ?? p.field} — ${w.issues[p.code] ?? p.code}`;
  return { zh: one(words.zh), en: one(words.en) };
}
export interface WordTable { line: string; row: string; cols: Record<string, string>; issues: Record<string, string> }

/** The trade of a row (the shared schema), or its first problem. */
export function tradeOfRow(r: LedgerGridRow): { trade: LedgerTrade } | { field: string; code: LedgerIssue } {
  const input: Record<string, unknown> = {};
  for (const k of INPUT_KEYS) input[k] = r[k] === '' ? null : r[k];
  if (typeof input.id === 'number') input.id = String(input.id);
  const p = LedgerTrade.safeParse(input);
  if (p.success) return { trade: p.data };
  const is = p.error.issues[0];
  return { field: String(is.path[0] ?? ''), code: is.message as LedgerIssue };
}

/** Every row checked; `lines[i]` is the line shown for row i (file line, or grid row number). */
export function checkRows(rows: readonly LedgerGridRow[], lines?: readonly number[]): { trades: Array<{ index: number; trade: LedgerTrade }>; problems: RowProblem[] } {
  const trades: Array<{ index: number; trade: LedgerTrade }> = [];
  const problems: RowProblem[] = [];
  rows.forEach((r, i) => {
    if (isBlank(r)) return;
    const t = tradeOfRow(r);
    if ('trade' in t) trades.push({ index: i, trade: t.trade });
    else problems.push({ line: lines?.[i] ?? i + 1, field: t.field, code: t.code });
  });
  return { trades, problems };
}

const quoteOf = (pair: string) => pair.slice(3);

/** Pairs whose spots the reporting currency conversion may need (direct, inverse, through USD). */
export function conversionPairs(currencies: Iterable<string>, reporting: string): string[] {
  const out = new Set<string>();
  for (const c of currencies) {
    if (c === reporting) continue;
    for (const p of [c + reporting, reporting + c, c + 'USD', 'USD' + c, 'USD' + reporting, reporting + 'USD']) if (p.slice(0, 3) !== p.slice(3)) out.add(p);
  }
  return [...out];
}

/** What FXLEDGER is sent for a pair: the market reply as dated curves as of the valuation date, and the figures read. */
export function pairMarketOf(reply: FxMarketReply, valuationDate: string): { market: LedgerPairMarket; used: Observation[] } | null {
  const c = marketCurves(reply, valuationDate);
  if (!c) return null;
  const pair = reply.pair;
  const d = pairDates(pair, valuationDate);
  const rates = (ccy: string) => (c.deposits[ccy] ?? []).map((p) => ({ date: toISO(p.day), rate: p.pips }));
  const valDay = fromISO(valuationDate);
  const smiles = smilesOf(pair, valuationDate, reply)
    .map(({ expiryDate, ...q }) => ({ ...q, t: (fromISO(String(expiryDate)) - valDay) / 365 }) as unknown as NonNullable<LedgerPairMarket['smiles']>[number])
    .filter((q) => q.t > 0);
  const market: LedgerPairMarket = {
    spot: c.spot, spotDate: d.spotDate, pipsPerUnit: c.pipFactor,
    points: c.points.map((p) => ({ date: toISO(p.day), pips: p.pips })),
    short: c.on !== null && c.tn !== null ? { tradeDate: valuationDate, tomDate: d.tomDate, on: c.on, tn: c.tn } : undefined,
    quoteRates: rates(quoteOf(pair)), baseRates: rates(pair.slice(0, 3)), smiles,
  };
  const used = [reply.spot!, ...reply.forwardPoints, ...(reply.deposits[quoteOf(pair)] ?? []), ...(reply.deposits[pair.slice(0, 3)] ?? []), ...(smiles.length ? reply.surface?.points ?? [] : [])]
    .filter((o): o is Observation => !!o && typeof (o as Observation).value === 'number');
  return { market, used };
}

export interface LedgerRun {
  request: LedgerRequest;
  /** Row index of each trade sent. */
  index: number[];
  used: Observation[];
  /** Pairs the market service did not answer. */
  missing: string[];
}

/** The FXLEDGER request of checked trades: markets of their pairs and of the pairs the conversion needs. */
export async function buildRequest(
  trades: ReadonlyArray<{ index: number; trade: LedgerTrade }>, valuationDate: string, reportingCurrency: string,
  market: (pair: string) => Promise<FxMarketReply>,
): Promise<LedgerRun> {
  const pairs = new Set(trades.map((t) => t.trade.pair));
  const ccys = new Set<string>();
  for (const p of pairs) { ccys.add(p.slice(0, 3)); ccys.add(quoteOf(p)); }
  const extra = conversionPairs(ccys, reportingCurrency).filter((p) => !pairs.has(p));
  const markets: Record<string, LedgerPairMarket> = {};
  const used: Observation[] = [];
  const missing: string[] = [];
  await Promise.all([...pairs].map(async (p) => {
    try {
      const m = pairMarketOf(await market(p), valuationDate);
      if (!m) throw new Error('no spot');
      markets[p] = m.market;
      used.push(...m.used);
    } catch { missing.push(p); }
  }));
  // Conversion pairs: the spot only (asked only for what the ledger's pairs do not give).
  await Promise.all(extra.map(async (p) => {
    try {
      const r = await market(p);
      if (r.spot) { markets[p] = { spot: r.spot.value }; used.push(r.spot); }
    } catch { /* not carried: another route may convert */ }
  }));
  const seen = new Set<string>();
  const uniq = used.filter((o) => (seen.has(o.id) ? false : (seen.add(o.id), true)));
  return { request: { valuationDate, reportingCurrency, markets, trades: trades.map((t) => t.trade) }, index: trades.map((t) => t.index), used: uniq, missing: missing.sort() };
}

/** A valued row written back on the grid (status and note in the user's language). */
export function withResult(r: LedgerGridRow, x: LedgerRow | undefined, words: { status: (s: string) => string; error: (e: NonNullable<LedgerRow['error']>) => string; nearSettled: string }): LedgerGridRow {
  if (!x) return clearResults(r);
  return {
    ...r,
    status: words.status(x.status),
    quoteCurrency: x.quoteCurrency ?? null,
    marketRate: x.marketRate ?? null,
    df: x.df ?? null,
    mtm: x.mtm ?? null,
    mtmReporting: x.mtmReporting ?? null,
    premiumIncl: x.premiumIncl ?? null,
    delta: x.delta ?? null,
    vega: x.vega ?? null,
    vol: x.vol === undefined ? null : x.vol * 100,
    note: x.error ? words.error(x.error) : x.nearSettled ? words.nearSettled : null,
  };
}

export type { LedgerReply };

/** ISO date `n` days after `iso`. */
export function addDaysIso(iso: string, n: number): string {
  return toISO(fromISO(iso) + n);
}

/**
 * A demonstration ledger (deterministic): spot, forwards, swaps and options on the sample
 * pairs, dealt around the given spots; `n` trades.
 */
export function sampleLedger(n: number, valuationDate: string, spots: Readonly<Record<string, number>> = { USDCNY: 7.118, EURUSD: 1.162, USDJPY: 152.4, EURCNY: 8.2711, USDCNH: 7.1235 }): LedgerGridRow[] {
  let s = 20261124;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pairs = Object.keys(spots);
  // Value dates on weekdays only (the market's value days are checked by the engine's curves, not here).
  const weekday = (iso: string) => { const d = new Date(`${iso}T00:00:00Z`).getUTCDay(); return d === 6 ? addDaysIso(iso, 2) : d === 0 ? addDaysIso(iso, 1) : iso; };
  return Array.from({ length: n }, (_, i) => {
    const pair = pairs[i % pairs.length];
    const S = spots[pair], dp = S > 20 ? 2 : 4;
    const k = (x: number) => Number((S * x).toFixed(dp));
    const kind = (['forward', 'forward', 'option', 'swap', 'spot'] as const)[i % 5];
    const vd = weekday(addDaysIso(valuationDate, kind === 'spot' ? 2 : 14 + Math.floor(rnd() * 700)));
    const row: LedgerGridRow = {
      ...emptyRow(), id: `TV${String(i + 1).padStart(5, '0')}`, type: kind, pair, direction: rnd() < 0.5 ? 'buy' : 'sell',
      notional: Math.round(1 + rnd() * 49) * 100_000, rate: k(0.97 + rnd() * 0.06), tradeDate: addDaysIso(valuationDate, -Math.floor(rnd() * 90)), valueDate: vd,
    };
    if (kind === 'swap') Object.assign(row, { valueDate: weekday(addDaysIso(valuationDate, 3)), farDate: vd, farRate: k(0.99 + rnd() * 0.03) });
    if (kind === 'option') {
      const expiry = weekday(addDaysIso(vd, -2) < valuationDate ? vd : addDaysIso(vd, -2));
      Object.assign(row, { optionType: rnd() < 0.5 ? 'call' : 'put', expiry, valueDate: expiry < vd ? vd : expiry, premium: Math.round(Number(row.notional) * S * 0.01), premiumCurrency: quoteOf(pair) });
    }
    return row;
  });
}

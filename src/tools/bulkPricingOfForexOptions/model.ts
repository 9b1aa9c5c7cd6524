// Bulk FX option pricing, the pure part: a trade row of the grid, the market of each pair as
// of the valuation date (spot, the two deposit curves, the smile surface), and the run that
// prices a whole book: vanilla rows as typed arrays through the Black-Scholes batch (the
// screen hands them to the browser's pricing workers), the structured forwards through
// OptPricingSvr BULKFX (the FX option calculator's legs). Both read the same market: the
// surface built once per pair by the calculator's own builder, the rates per row off the
// curves at the row's expiry, so a vanilla priced either way gives the same number.
import type { GridRow } from '../../kit/grid';
import type { FxMarketReply } from '../../kit/market-data';
import type { Observation } from '../../kit/market-data/series';
import { PricingError } from '../../pricing-core/core/types';
import { buildCalcMarket, type CalcMarket, type SmileQuoteInput } from '../../pricing-core/engines/fx-option-calculator';
import type { BulkRowResult } from '../../pricing-core/engines/fx-bulk-pricing';
import type { VanillaBatchInputs, VanillaBatchOutputs } from '../../pricing-core/batch/vanilla-batch';
import { rateAt, tenorYears, type Pillar } from '../../kit/market-data/pillars';
import { depositPillars } from '../volatilityMonitoring/model';
import { deliveryOfExpiry, fxContextOf, vanillaTerms, withSpot, type FxContext, type VanillaTerms } from '../../kit/fx-market';

export const PRODUCTS = ['vanilla', 'ratioForward', 'capForward', 'rangeForward'] as const;
export type Product = (typeof PRODUCTS)[number];
export const MAX_ROWS = 100_000;
/** BULKFX takes at most this many rows a call (pricing-core api/rows MAX_ROWS). */
export const BULK_CHUNK = 5000;

/** A grid row: inputs as typed (parsed by the grid), then the results of the last run. */
export interface TradeRow extends GridRow {
  id: string | number | null;
  product: string | null;
  pair: string | null;
  direction: string | null;
  type: string | null;
  notional: number | string | null;
  strike: number | string | null;
  /** Cap (cap forward) or give-up strike (range forward). */
  strike2: number | string | null;
  leverage: number | string | null;
  expiry: string | null;
  /** Optional vol override, percent. */
  vol: number | string | null;
  /** Optional spot override (the market's swap points still make the forward). */
  spot: number | string | null;
  volUsed: number | null;
  forward: number | null;
  npv: number | null;
  premiumPct: number | null;
  delta: number | null;
  gamma: number | null;
  vega: number | null;
  theta: number | null;
  error: string | null;
}

export const RESULT_KEYS = ['volUsed', 'forward', 'npv', 'premiumPct', 'delta', 'gamma', 'vega', 'theta', 'error'] as const;

export function emptyRow(): TradeRow {
  return {
    id: null, product: 'vanilla', pair: 'USDCNY', direction: 'buy', type: 'call', notional: null, strike: null, strike2: null, leverage: null, expiry: null, vol: null, spot: null,
    volUsed: null, forward: null, npv: null, premiumPct: null, delta: null, gamma: null, vega: null, theta: null, error: null,
  };
}

export function clearResults(r: TradeRow): TradeRow {
  return { ...r, volUsed: null, forward: null, npv: null, premiumPct: null, delta: null, gamma: null, vega: null, theta: null, error: null };
}

/** A message in both languages; the screen shows the user's. */
export interface Words { zh: string; en: string }

/** Why a row was not priced, from the engine's English message. */
export function rowError(message: string): Words {
  const m = /no market data for (\w+)/.exec(message) ?? /^market (\w+):/.exec(message);
  if (m) return { zh: `没有 ${m[1]} 的市场数据（${message}）`, en: `No market data for ${m[1]} (${message})` };
  const f = /missing field: (\w+)/.exec(message);
  if (f) return { zh: `缺少字段：${f[1]}`, en: `Missing field: ${f[1]}` };
  if (/leverage/.test(message)) return { zh: `杠杆比例须不小于 1（${message}）`, en: `Leverage must be at least 1 (${message})` };
  return { zh: `计算失败：${message}`, en: `Calculation failure: ${message}` };
}

// Market -------------------------------------------------------------------------------

/** One pair's market as of the valuation date, shared by its rows. */
export interface PairMarket {
  pair: string;
  spot: number;
  /** Deposit pillars, quote currency (rd) and base currency (rf), percent quotes. */
  rd: Pillar[];
  rf: Pillar[];
  /** The desk's one FX market context as of the valuation date (forwards from the market swap points). */
  context: FxContext;
  /** The calculator's market (surface built with the pair's 3M rates for delta strikes). */
  calc: CalcMarket;
  /** What BULKFX is sent for this pair (decimals). */
  spec: { spot: number; rd: number; rf: number; surface?: { smiles: SmileQuoteInput[] } };
  /** Every figure read, for the export. */
  used: Observation[];
}

const SURFACE_RATE_T = 0.25;

/** The pair's market from MD.FXMARKET as of `valuation`; throws (for all its rows) when a part is missing. */
export function pairMarket(reply: FxMarketReply, valuation: string): PairMarket {
  const pair = reply.pair;
  if (!reply.spot || !(reply.spot.value > 0)) throw new PricingError(`no market data for ${pair} (spot)`);
  const base = pair.slice(0, 3), quote = pair === 'USDCNH' ? 'CNH' : pair.slice(3);
  const rd = depositPillars(reply.deposits[quote]), rf = depositPillars(reply.deposits[base]);
  if (!rd.length || !rf.length) throw new PricingError(`no market data for ${pair} (deposit curves)`);
  const rd3 = rateAt(rd, SURFACE_RATE_T)!.value, rf3 = rateAt(rf, SURFACE_RATE_T)!.value;
  const smiles: SmileQuoteInput[] = [];
  const s = reply.surface;
  if (s) {
    const q = (i: number, name: string) => {
      const j = s.quotes.indexOf(name as never);
      const v = j < 0 ? null : s.values[i]?.[j];
      return v === null || v === undefined ? undefined : v / 100;
    };
    s.tenors.forEach((tenor, i) => {
      const atm = q(i, 'ATM');
      const t = tenorYears(tenor);
      if (atm === undefined || !(t > 0)) return;
      smiles.push({ t, atm, rr25: q(i, 'RR25'), bf25: q(i, 'BF25'), rr10: q(i, 'RR10'), bf10: q(i, 'BF10') });
    });
  }
  if (!smiles.length) throw new PricingError(`no market data for ${pair} (volatility surface)`);
  smiles.sort((a, b) => a.t - b.t);
  const spec = { spot: reply.spot.value, rd: rd3, rf: rf3, surface: { smiles } };
  const calc = buildCalcMarket(spec);
  const context = fxContextOf(reply, valuation);
  if (!context) throw new PricingError(`no market data for ${pair} (spot)`);
  const used = [reply.spot, ...reply.forwardPoints, ...rd.map((p) => p.obs), ...rf.map((p) => p.obs), ...(s?.points ?? [])];
  return { pair, spot: spec.spot, rd, rf, context, calc, spec, used };
}

// Rows ---------------------------------------------------------------------------------

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export function normPair(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const p = v.replace(/[\s/]/g, '').toUpperCase();
  return /^[A-Z]{6}$/.test(p) ? p : null;
}

/** A row that has anything in it (blank lines of a pasted block are skipped). */
export function isBlank(r: TradeRow): boolean {
  return r.notional == null && r.strike == null && r.expiry == null;
}

/** The BULKFX row of a trade (the engine checks the values and says what is wrong). */
export function bulkRow(r: TradeRow, key: number, rates: { rd: number; rf: number; spot?: number } | null): Record<string, unknown> {
  const out: Record<string, unknown> = { id: key, product: r.product, pair: r.pair, expiryDate: r.expiry, notional: r.notional };
  if (r.product === 'vanilla') Object.assign(out, { direction: r.direction, type: r.type, strike: r.strike });
  else Object.assign(out, { side: r.direction });
  if (r.product === 'ratioForward') Object.assign(out, { strike: r.strike, leverage: r.leverage });
  if (r.product === 'capForward') Object.assign(out, { strike: r.strike, cap: r.strike2 });
  if (r.product === 'rangeForward') Object.assign(out, { protectStrike: r.strike, giveUpStrike: r.strike2 });
  if (isNum(r.vol)) out.vol = r.vol / 100;
  if (rates) Object.assign(out, { rd: rates.rd, rf: rates.rf }, rates.spot !== undefined ? { spot: rates.spot } : {});
  for (const k of Object.keys(out)) if (out[k] === null) delete out[k];
  return out;
}

/** Outcome of one row: its results (amounts in the pair's quote currency, delta in base) or its error. */
export type Outcome =
  | { volUsed: number; forward: number; npv: number; premiumPct: number; delta: number; gamma: number; vega: number; theta: number }
  | { error: Words };

export function applyOutcome(r: TradeRow, o: Outcome | undefined, lang: 'zh' | 'en'): TradeRow {
  if (!o) return clearResults(r);
  if ('error' in o) return { ...clearResults(r), error: o.error[lang] };
  return { ...r, ...o, error: null };
}

/**
 * A row's option terms on its pair's market context: delivery the spot date of its expiry,
 * spot lag and premium on the spot date as /optionCalculator, the forward from the market
 * swap points (a typed spot keeps the points), and the equivalent Black-Scholes rates for
 * t = expiry (what the vanilla batch and BULKFX take: valuation = premium date, no lag).
 */
export function rowTerms(m: PairMarket, expiry: unknown, spot: number | null): VanillaTerms & { spot: number } {
  if (typeof expiry !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(expiry)) throw new PricingError('missing field: expiryDate');
  if (!(expiry > m.context.tradeDate)) throw new PricingError('expiry must be after the valuation date');
  const c = withSpot(m.context, spot);
  return { ...vanillaTerms(c, expiry, deliveryOfExpiry(m.pair, expiry)), spot: c.spot };
}

export interface Prepared {
  /** Vanilla rows as typed arrays (per unit of base notional) and where they go. */
  vanilla: { inputs: VanillaBatchInputs; index: Int32Array; scale: Float64Array };
  /** The other rows, as BULKFX rows (id = the row's index in the book). */
  bulk: Record<string, unknown>[];
  /** Rows that failed before pricing. */
  failed: Map<number, Words>;
  /** Rows left out (blank). */
  skipped: number;
}

/**
 * Splits a book into the vanilla batch and the BULKFX rows, reading each row's rates and
 * (vanilla) smile vol. A row that cannot be read gets its error here.
 */
export function prepareBook(rows: readonly TradeRow[], valuation: string, markets: ReadonlyMap<string, PairMarket | Error>): Prepared {
  const n = rows.length;
  const omega = new Float64Array(n), spot = new Float64Array(n), strike = new Float64Array(n), t = new Float64Array(n);
  const rd = new Float64Array(n), rf = new Float64Array(n), vol = new Float64Array(n), scale = new Float64Array(n);
  const index = new Int32Array(n);
  const bulk: Record<string, unknown>[] = [];
  const failed = new Map<number, Words>();
  const termsCache = new Map<string, ReturnType<typeof rowTerms>>();
  let k = 0, skipped = 0;
  for (let i = 0; i < n; i++) {
    const r = rows[i];
    if (isBlank(r)) { skipped++; continue; }
    try {
      const pair = normPair(r.pair);
      if (!pair) throw new PricingError(`missing field: pair`);
      const m = markets.get(pair);
      if (!m) throw new PricingError(`no market data for ${pair}`);
      if (m instanceof Error) throw m;
      const rowSpot = isNum(r.spot) ? r.spot : null;
      if (r.spot !== null && r.spot !== undefined && !(rowSpot !== null && rowSpot > 0)) throw new PricingError('spot must be a positive number');
      const ck = `${pair}|${r.expiry}|${rowSpot ?? ''}`;
      let terms = termsCache.get(ck);
      if (!terms) { terms = rowTerms(m, r.expiry, rowSpot); termsCache.set(ck, terms); }
      const tt = terms.bsRates.t;
      const rates = { rd: terms.bsRates.rd, rf: terms.bsRates.rf };
      if (r.product !== 'vanilla') {
        if (!PRODUCTS.includes(r.product as Product)) throw new PricingError('missing field: product');
        bulk.push(bulkRow({ ...r, pair }, i, { ...rates, ...(rowSpot !== null ? { spot: rowSpot } : {}) }));
        continue;
      }
      if (!isNum(r.notional) || !(r.notional > 0)) throw new PricingError('missing field: notional');
      if (!isNum(r.strike) || !(r.strike > 0)) throw new PricingError('missing field: strike');
      if (r.type !== 'call' && r.type !== 'put') throw new PricingError('missing field: type');
      if (r.direction !== 'buy' && r.direction !== 'sell') throw new PricingError('missing field: direction');
      const v = isNum(r.vol) ? r.vol / 100 : m.calc.surface!.vol(tt, r.strike);
      if (!(v >= 0 && Number.isFinite(v))) throw new PricingError('the surface gives no volatility at this strike');
      omega[k] = r.type === 'call' ? 1 : -1;
      spot[k] = terms.spot; strike[k] = r.strike; t[k] = tt; rd[k] = rates.rd; rf[k] = rates.rf; vol[k] = v;
      scale[k] = (r.direction === 'buy' ? 1 : -1) * r.notional;
      index[k] = i;
      k++;
    } catch (e) {
      if (!(e instanceof PricingError || e instanceof RangeError)) throw e;
      failed.set(i, rowError(e.message));
    }
  }
  // Own buffers (slice), so they can be handed to a worker without a copy.
  const inputs: VanillaBatchInputs = { omega: omega.slice(0, k), spot: spot.slice(0, k), strike: strike.slice(0, k), t: t.slice(0, k), rd: rd.slice(0, k), rf: rf.slice(0, k), vol: vol.slice(0, k) };
  return { vanilla: { inputs, index: index.slice(0, k), scale: scale.slice(0, k) }, bulk, failed, skipped };
}

/**
 * Vanilla batch outputs (per unit of base notional, per year, per 1.00 of vol) in the
 * calculator's units (GREEK_UNITS): amounts for the notional, gamma per 1 % of spot, vega
 * per vol point, theta per calendar day. `inputs` are the values sent (read before sending
 * if they were transferred).
 */
export function vanillaOutcomes(p: { spot: Float64Array; t: Float64Array; rd: Float64Array; rf: Float64Array; vol: Float64Array }, scale: Float64Array, out: VanillaBatchOutputs): Outcome[] {
  const n = scale.length;
  const res: Outcome[] = new Array(n);
  for (let j = 0; j < n; j++) {
    const q = scale[j], S = p.spot[j];
    const npv = out.npv[j] * q;
    res[j] = {
      volUsed: p.vol[j] * 100, forward: S * Math.exp((p.rd[j] - p.rf[j]) * p.t[j]), npv, premiumPct: (100 * npv) / (Math.abs(q) * S),
      delta: out.delta[j] * q, gamma: out.gamma[j] * q * S * 0.01, vega: (out.vega[j] * q) / 100, theta: (out.theta[j] * q) / 365,
    };
  }
  return res;
}

/** A BULKFX row result as an outcome (the premium % against the base notional at spot). */
export function bulkOutcome(r: BulkRowResult, notional: number, spot: number): Outcome {
  if ('error' in r) return { error: rowError(String(r.error)) };
  return {
    volUsed: r.legs[0].vol * 100, forward: r.forward, npv: r.npv, premiumPct: (100 * r.npv) / (notional * spot),
    delta: r.greeks.delta, gamma: r.greeks.gamma, vega: r.greeks.vega, theta: r.greeks.theta,
  };
}

// Totals -------------------------------------------------------------------------------

export interface PairTotal {
  pair: string;
  rows: number;
  npv: number;
  delta: number;
  gamma: number;
  vega: number;
  theta: number;
}

/** What the book's forwards are built from: the market points when every priced pair has them (rows beyond the last quote use the deposits). */
export function bookForwardSource(markets: ReadonlyMap<string, PairMarket | Error>): 'marketPoints' | 'depositRates' | null {
  const ok = [...markets.values()].filter((m): m is PairMarket => !(m instanceof Error));
  if (!ok.length) return null;
  return ok.every((m) => m.context.hasPoints) ? 'marketPoints' : 'depositRates';
}

/** Sums per pair (amounts of different currencies are never added together). */
export function totalsByPair(rows: readonly TradeRow[]): PairTotal[] {
  const by = new Map<string, PairTotal>();
  for (const r of rows) {
    if (r.npv === null) continue;
    const pair = normPair(r.pair) ?? '?';
    let x = by.get(pair);
    if (!x) { x = { pair, rows: 0, npv: 0, delta: 0, gamma: 0, vega: 0, theta: 0 }; by.set(pair, x); }
    x.rows++; x.npv += r.npv; x.delta += r.delta ?? 0; x.gamma += r.gamma ?? 0; x.vega += r.vega ?? 0; x.theta += r.theta ?? 0;
  }
  return [...by.values()].sort((a, b) => a.pair.localeCompare(b.pair));
}

// The run ------------------------------------------------------------------------------

export interface BookDeps {
  market(pair: string, asOf: string): Promise<FxMarketReply>;
  vanilla(inputs: VanillaBatchInputs): Promise<VanillaBatchOutputs>;
  bulk(content: { valuationDate: string; markets: Record<string, unknown>; rows: Record<string, unknown>[] }): Promise<{ rows: BulkRowResult[] }>;
}

export interface BookResult {
  /** Outcome by row index (blank rows have none). */
  outcomes: Map<number, Outcome>;
  markets: Map<string, PairMarket | Error>;
  priced: number;
  failed: number;
  vanillaRows: number;
  bulkRows: number;
  /** Milliseconds spent reading market data, preparing rows, pricing (worker batch and BULKFX together). */
  timings: { market: number; prepare: number; price: number };
}

/** Prices a book: markets of its pairs, then the vanilla batch and the BULKFX chunks together. */
export async function priceBook(rows: readonly TradeRow[], valuation: string, deps: BookDeps): Promise<BookResult> {
  const clock = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());
  const t0 = clock();
  const pairs = new Set<string>();
  for (const r of rows) { const p = normPair(r.pair); if (p && !isBlank(r)) pairs.add(p); }
  const markets = new Map<string, PairMarket | Error>();
  await Promise.all([...pairs].map(async (p) => {
    try {
      markets.set(p, pairMarket(await deps.market(p, valuation), valuation));
    } catch (e) {
      markets.set(p, new PricingError(`no market data for ${p} (${(e as Error).message})`));
    }
  }));
  const t1 = clock();
  const prep = prepareBook(rows, valuation, markets);
  const sent = { spot: prep.vanilla.inputs.spot.slice(), t: prep.vanilla.inputs.t.slice(), rd: prep.vanilla.inputs.rd.slice(), rf: prep.vanilla.inputs.rf.slice(), vol: prep.vanilla.inputs.vol.slice() };
  const specs: Record<string, unknown> = {};
  for (const [p, m] of markets) if (!(m instanceof Error)) specs[p] = m.spec;
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < prep.bulk.length; i += BULK_CHUNK) chunks.push(prep.bulk.slice(i, i + BULK_CHUNK));
  const t2 = clock();
  const [vanillaOut, bulkOut] = await Promise.all([
    prep.vanilla.index.length ? deps.vanilla(prep.vanilla.inputs) : Promise.resolve(null),
    Promise.all(chunks.map((c) => deps.bulk({ valuationDate: valuation, markets: specs, rows: c }))),
  ]);
  const t3 = clock();
  const outcomes = new Map<number, Outcome>();
  for (const [i, w] of prep.failed) outcomes.set(i, { error: w });
  if (vanillaOut) vanillaOutcomes(sent, prep.vanilla.scale, vanillaOut).forEach((o, j) => outcomes.set(prep.vanilla.index[j], o));
  for (const reply of bulkOut) {
    for (const r of reply.rows) {
      const i = Number(r.id);
      const row = rows[i];
      const m = markets.get(normPair(row?.pair) ?? '');
      outcomes.set(i, bulkOutcome(r, Number(row?.notional), isNum(row?.spot) ? row.spot : m && !(m instanceof Error) ? m.spot : NaN));
    }
  }
  let failed = 0;
  for (const o of outcomes.values()) if ('error' in o) failed++;
  return {
    outcomes, markets, priced: outcomes.size - failed, failed, vanillaRows: prep.vanilla.index.length, bulkRows: prep.bulk.length,
    timings: { market: t1 - t0, prepare: t2 - t1, price: t3 - t2 },
  };
}

// Rows -> grid ----------------------------------------------------------------------------

const NULL_ROW: TradeRow = {
  id: null, product: null, pair: null, direction: null, type: null, notional: null, strike: null, strike2: null, leverage: null, expiry: null, vol: null, spot: null,
  volUsed: null, forward: null, npv: null, premiumPct: null, delta: null, gamma: null, vega: null, theta: null, error: null,
};

/** Every key present (an imported file may lack columns). */
export function normalizeRow(r: Partial<TradeRow>): TradeRow {
  const out = { ...NULL_ROW };
  for (const k of Object.keys(NULL_ROW) as (keyof TradeRow)[]) if (r[k] !== undefined) (out as Record<string, unknown>)[k] = r[k];
  return out;
}

const INPUT_KEYS = ['id', 'product', 'pair', 'direction', 'type', 'notional', 'strike', 'strike2', 'leverage', 'expiry', 'vol', 'spot'] as const;

export function sameInputs(a: TradeRow, b: TradeRow): boolean {
  return INPUT_KEYS.every((k) => a[k] === b[k]);
}

/** ISO date `days` after `iso`. */
function addDaysIso(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A demonstration book: mostly vanillas on the sample pairs, some structured forwards (deterministic). */
export function sampleBook(n: number, valuation: string, spots: Readonly<Record<string, number>> = { USDCNY: 7.12, EURUSD: 1.16, USDJPY: 152, EURCNY: 8.27 }): TradeRow[] {
  let s = 12345;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pairs = Object.keys(spots);
  const products: Product[] = ['ratioForward', 'capForward', 'rangeForward'];
  return Array.from({ length: n }, (_, i) => {
    const pair = pairs[i % pairs.length];
    const S = spots[pair];
    const dp = S > 20 ? 2 : 4;
    const k = (x: number) => Number((S * x).toFixed(dp));
    const expiry = addDaysIso(valuation, 7 + Math.floor(rnd() * 700));
    const base = { ...NULL_ROW, id: `T${i + 1}`, pair, expiry, notional: Math.round(1 + rnd() * 99) * 100_000, direction: rnd() < 0.5 ? 'buy' : 'sell' };
    if (i % 10 === 9) {
      const product = products[Math.floor(i / 10) % 3];
      return { ...base, product, type: null, strike: k(1.01), strike2: product === 'capForward' ? k(1.06) : product === 'rangeForward' ? k(0.97) : null, leverage: product === 'ratioForward' ? 2 : null };
    }
    return { ...base, product: 'vanilla', type: rnd() < 0.5 ? 'call' : 'put', strike: k(0.9 + rnd() * 0.2) };
  });
}

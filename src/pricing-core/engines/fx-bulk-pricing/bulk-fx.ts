// Bulk FX option pricing (/bulkPricingOfForexOptions, OptPricingSvr BULKFX): a grid of trades -
// vanillas, ratio forwards, capped forwards, range forwards - priced together against the
// market data of one valuation date. Each pair's market (spot, rates, vol or smile surface) is
// built once and shared by its rows; every row is priced by the FX option calculator's legs
// (the same dates, smile and greeks as /optionCalculator), and a row that cannot be priced
// carries its error while the others are priced.
import { PricingError } from '../../core/types';
import { currency, currencyPair } from '../../core/currency';
import type { PriceRequest } from '../../api/price-request';
import { num, oneOf } from '../../api/handlers/fields';
import { priceRows, type RowError } from '../../api/rows';
import { daysBetween, fromISO, type CalendarDate } from '../../dates/date';
import { cappedForward, rangeForward, ratioForward, type PackageTerms } from '../packages/structured-forwards';
import {
  buildCalcMarket, DEFAULT_CONVENTIONS, runOptionCalculator, type CalcLeg, type CalcMarket, type GreekSet, type PremiumQuotations,
} from '../fx-option-calculator';
import { parseStrike } from '../fx-option-calculator/request';
import type { SurfaceInput } from '../fx-option-calculator/market';

type Json = PriceRequest;

export const BULK_PRODUCTS = ['vanilla', 'ratioForward', 'capForward', 'rangeForward'] as const;
export type BulkProduct = (typeof BULK_PRODUCTS)[number];

export interface BulkRow {
  id: unknown;
  product: BulkProduct;
  pair: string;
  /** Value to the holder (the row's direction / the client's side), quote currency; and in base currency. */
  npv: number;
  npvBase: number;
  /** The net premium in every quotation (Pct / Pips against the first leg). */
  premium: PremiumQuotations;
  greeks: GreekSet;
  forward: number;
  legs: { type: 'call' | 'put'; direction: 'buy' | 'sell'; strike: number; notional: number; vol: number; value: number }[];
}

function iso(v: unknown, name: string): CalendarDate {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) throw new PricingError(`${name} must be an ISO date (YYYY-MM-DD)`);
  try { return fromISO(v); } catch { throw new PricingError(`${name} is not a valid date`); }
}

function obj(v: unknown, name: string): Json {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new PricingError(`${name} must be an object`);
  return v as Json;
}

/** Each pair's market, built once; a market that cannot be built fails only its rows. */
class Markets {
  private cache = new Map<string, CalcMarket | PricingError>();
  constructor(private readonly specs: Json, private readonly valuation: CalendarDate | undefined) {}
  /** The pair's market; `spot` replaces its spot (a row's typed spot: the surface is rebuilt around it). */
  get(pair: string, spot?: number): CalcMarket {
    const key = spot === undefined ? pair : `${pair}@${spot}`;
    let m = this.cache.get(key);
    if (!m) {
      try { m = this.build(pair, spot); } catch (e) { if (!(e instanceof PricingError || e instanceof RangeError)) throw e; m = new PricingError(`market ${pair}: ${e.message}`); }
      this.cache.set(key, m);
    }
    if (m instanceof PricingError) throw m;
    return m;
  }
  time(v: unknown, name: string): number {
    if (this.valuation === undefined) throw new PricingError(`${name} needs valuationDate`);
    return daysBetween(this.valuation, iso(v, name)) / 365;
  }
  private build(pair: string, spotOverride?: number): CalcMarket {
    const s = this.specs[pair];
    if (s === undefined) throw new PricingError(`no market data for ${pair}`);
    const m = obj(s, `markets.${pair}`);
    const tSpot = m.spotDate !== undefined ? this.time(m.spotDate, `markets.${pair}.spotDate`) : 0;
    let surface: SurfaceInput | undefined;
    if (m.surface !== undefined) {
      const sf = obj(m.surface, `markets.${pair}.surface`);
      if (!Array.isArray(sf.smiles)) throw new PricingError('surface.smiles must be a list');
      surface = {
        smiles: sf.smiles.map((q, i) => {
          const x = obj(q, `surface.smiles[${i}]`);
          return {
            t: x.expiryDate !== undefined ? this.time(x.expiryDate, 'smile expiryDate') : num(x, 't'), atm: num(x, 'atm'),
            rr25: x.rr25 === undefined ? undefined : num(x, 'rr25'), bf25: x.bf25 === undefined ? undefined : num(x, 'bf25'),
            rr10: x.rr10 === undefined ? undefined : num(x, 'rr10'), bf10: x.bf10 === undefined ? undefined : num(x, 'bf10'),
          };
        }),
      };
    }
    const quote = currencyPair(pair).quote;
    return buildCalcMarket({
      spot: spotOverride ?? num(m, 'spot', { min: 0, exclusiveMin: true }), rd: num(m, 'rd'), rf: num(m, 'rf'), tSpot, tPremium: tSpot,
      pipSize: m.pipSize === undefined ? (quote === 'JPY' ? 0.01 : 1e-4) : num(m, 'pipSize', { min: 0, exclusiveMin: true }),
      vol: m.vol === undefined ? undefined : num(m, 'vol', { min: 0 }), surface,
    });
  }
}

function legsOf(row: Json, product: BulkProduct, base: string, tExpiry: number, tDelivery: number, vol: number | undefined): CalcLeg[] {
  const notional = num(row, 'notional', { min: 0, exclusiveMin: true });
  // A row may carry its own rates to its dates (the screen reads them off the curves);
  // otherwise the pair's market rates apply.
  const rd = row.rd === undefined ? undefined : num(row, 'rd');
  const rf = row.rf === undefined ? undefined : num(row, 'rf');
  const common = { instrument: 'VA' as const, tExpiry, tDelivery, vol, rd, rf };
  if (product === 'vanilla') {
    const strike = parseStrike(row.strike);
    if (!strike) throw new PricingError('missing field: strike');
    return [{
      ...common, direction: oneOf(row, 'direction', ['buy', 'sell'] as const), type: oneOf(row, 'type', ['call', 'put'] as const), strike,
      notional, notionalCurrency: row.notionalCurrency === 'quote' ? 'quote' : 'base',
    }];
  }
  // Structured forwards: the package's legs from the client's side (buy = the client buys base).
  const terms: PackageTerms = { side: oneOf(row, 'side', ['buy', 'sell'] as const), expiry: tExpiry, notional, currency: currency(base) };
  const pkg = product === 'ratioForward' ? ratioForward(terms, num(row, 'strike', { min: 0, exclusiveMin: true }), num(row, 'leverage', { min: 1 }))
    : product === 'capForward' ? cappedForward(terms, num(row, 'strike', { min: 0, exclusiveMin: true }), num(row, 'cap', { min: 0, exclusiveMin: true }))
      : rangeForward(terms, num(row, 'protectStrike', { min: 0, exclusiveMin: true }), num(row, 'giveUpStrike', { min: 0, exclusiveMin: true }));
  return pkg.legs.map(({ option: o, quantity }) => {
    if (o.kind !== 'european') throw new PricingError('only vanilla legs are priced in bulk');
    return {
      ...common, direction: quantity >= 0 ? 'buy' : 'sell', type: o.type, strike: { kind: 'price', value: o.strike },
      notional: Math.abs(quantity) * o.notional.amount, notionalCurrency: 'base',
    } satisfies CalcLeg;
  });
}

function priceRow(row: Json, markets: Markets): BulkRow {
  const product = oneOf(row, 'product', BULK_PRODUCTS);
  if (typeof row.pair !== 'string') throw new PricingError('missing field: pair');
  const pair = row.pair.replace('/', '').toUpperCase();
  if (!/^[A-Z]{6}$/.test(pair)) throw new PricingError(`not a currency pair: ${row.pair}`);
  const market = markets.get(pair, row.spot === undefined ? undefined : num(row, 'spot', { min: 0, exclusiveMin: true }));
  const tExpiry = row.expiryDate !== undefined ? markets.time(row.expiryDate, 'expiryDate') : num(row, 'tExpiry');
  const tDelivery = row.deliveryDate !== undefined ? markets.time(row.deliveryDate, 'deliveryDate') : row.tDelivery !== undefined ? num(row, 'tDelivery') : tExpiry;
  const vol = row.vol === undefined ? undefined : num(row, 'vol', { min: 0 });
  const legs = legsOf(row, product, currencyPair(pair).base, tExpiry, tDelivery, vol);
  const r = runOptionCalculator({ instrument: product === 'vanilla' ? 'VA' : 'CU', preset: 'Premium', market, legs, conventions: DEFAULT_CONVENTIONS });
  return {
    id: row.id ?? null,
    product,
    pair,
    npv: r.total.premium.quoteAmount,
    npvBase: r.total.premium.baseAmount,
    premium: r.total.premium,
    greeks: r.total.greeks,
    forward: r.legs[0].forward,
    legs: r.legs.map((l) => ({ type: l.type, direction: l.direction, strike: l.strike!, notional: l.notionalBase, vol: l.vol, value: l.netPremium.quoteAmount })),
  };
}

export type BulkRowResult = (BulkRow | RowError) & { id?: unknown };

/** The whole grid; rows in order, each priced or carrying its error. */
export function runBulkFxRequest(json: unknown): { valuationDate?: string; rows: BulkRowResult[] } {
  const r = obj(json, 'request');
  const valuation = r.valuationDate === undefined ? undefined : iso(r.valuationDate, 'valuationDate');
  const markets = new Markets(r.markets === undefined ? {} : obj(r.markets, 'markets'), valuation);
  const { markets: _m, valuationDate: _v, ...rest } = r;
  void _m; void _v;
  const out = priceRows(rest, (row) => priceRow(row, markets));
  // Keep each row's id beside its error, so the screen can put it on the right line.
  const rows = out.rows.map((x, i) => ('error' in x ? { id: (r.rows as Json[])[i]?.id ?? null, ...x } : x));
  return { ...(typeof r.valuationDate === 'string' ? { valuationDate: r.valuationDate } : {}), rows };
}

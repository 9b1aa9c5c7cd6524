// The market-data contract every tool reads: series ids, their kinds and units, and the
// one-to-one map between a series id and its live topic (topic = 'md.' + id). Shared by the
// server (MarketDataSvr) and the browser; pure, no imports beyond provenance.
//
// Ids are dot paths, families first, so wildcard subscriptions are useful:
//   md.fx.*                 every FX spot             md.rate.SHIBOR.*   every SHIBOR tenor
//   md.vol.USDCNY.**        the whole USDCNY surface  md.vol.*.1M.ATM    1M ATM of every underlying
//   md.fwd.USDCNH.*         USDCNH forward points     md.bond.CGB.*      the CGB curve
// Full grammar and the list of families: docs/api/market-data.md.
import type { Provenance, SourceKind } from './provenance';

export const TOPIC_PREFIX = 'md.';

export function topicOf(seriesId: string): string {
  return TOPIC_PREFIX + seriesId;
}

/** The series id a concrete md. topic carries, or null for a topic outside md. */
export function seriesIdOfTopic(topic: string): string | null {
  return topic.startsWith(TOPIC_PREFIX) ? topic.slice(TOPIC_PREFIX.length) : null;
}

/**
 * One segment: letters, digits and `+ - _` (credit ratings like AA+). No dots, no
 * wildcards, no whitespace (src/wire/topic.ts), 1-32 characters.
 */
const SEGMENT = /^[A-Za-z0-9+_-]{1,32}$/;

export function isValidSeriesId(id: string): boolean {
  if (typeof id !== 'string' || id.length === 0 || id.length > 128) return false;
  const segs = id.split('.');
  return segs.length >= 2 && segs.length <= 6 && segs.every((s) => SEGMENT.test(s));
}

export type SeriesKind =
  | 'fxSpot' // fx.{PAIR}
  | 'fxFixing' // fxfix.{FIXING}.{PAIR}: CP central parity, CLOSE 16:30 close, TMA CNH fixing
  | 'fxIndex' // fxidx.{INDEX}
  | 'fxForwardPoints' // fwd.{PAIR}.{TENOR}
  | 'vol' // vol.{UNDERLYING}.{TENOR}.{QUOTE}
  | 'rateFixing' // rate.{INDEX} or rate.{INDEX}.{TENOR}
  | 'depositRate' // depo.{CCY}.{TENOR}
  | 'swapRate' // irs.{INDEX}.{TENOR}
  | 'policyRate' // policy.{BANK}.{RATE}
  | 'bondYield' // bond.{ISSUER}.{TENOR}
  | 'creditYield' // credit.{SECTOR}.{RATING}.{TENOR}
  | 'bankQuote' // bank.{BANK}.{CCY}.{SIDE}
  | 'futuresPrice' // fut.{EXCHANGE}.{PRODUCT}
  | 'indexLevel' // idx.{INDEX}
  | 'etfPrice' // etf.{CODE}
  | 'dividendYield' // divy.{UNDERLYING}
  | 'cryptoSpot' // crypto.{COIN}
  | 'commodityPrice'; // ref.{SOURCE}.{COMMODITY}: physical spot prices (EIA, World Bank)

/**
 * - pct: percent a year as quoted (3.00 = 3.00 %); vols too (6.5 = 6.5 %).
 * - pips: forward points in pips of the pair (multiply by `pipFactor` for a price).
 * - price: units of the quote currency (or index points for idx., CNY/ton etc. for fut.).
 * - cnyPer100: CNY per 100 units of the foreign currency (bank settlement and sale quotes).
 */
export type SeriesUnit = 'pct' | 'pips' | 'price' | 'cnyPer100' | 'index';

export type VolQuote = 'ATM' | 'RR25' | 'BF25' | 'RR10' | 'BF10';
export const VOL_QUOTES: readonly VolQuote[] = ['ATM', 'RR25', 'BF25', 'RR10', 'BF10'];

export type BankQuoteSide = 'spotBuy' | 'cashBuy' | 'spotSell' | 'cashSell';
export const BANK_QUOTE_SIDES: readonly BankQuoteSide[] = ['spotBuy', 'cashBuy', 'spotSell', 'cashSell'];

/** A series as the catalogue (MD.CATALOG) describes it. */
export interface SeriesInfo {
  id: string;
  kind: SeriesKind;
  nameZh: string;
  nameEn: string;
  unit: SeriesUnit;
  /** Decimals the figure is quoted with. */
  decimals: number;
  /** Tenor code for term points (ON, TN, 1W, 3M, 10Y ...). */
  tenor?: string;
  /** Main currency (the rate's, the bond's, the price's). */
  currency?: string;
  /** FX pair (six letters) for FX series. */
  pair?: string;
  /** Units of the base currency a quote is for, when not 1 (CFETS quotes 100 JPY). */
  per?: number;
  /** Forward points: price = points x pipFactor (1e-4, 1e-2 for JPY quotes). */
  pipFactor?: number;
  /** Vol quote of a surface point. */
  quote?: VolQuote;
  /** The curve or surface this point belongs to (MD.CURVE / MD.SURFACE id), e.g. irs.FR007, vol.USDCNY. */
  group?: string;
  /** Holiday calendar of the figure's dates: CN, US, EU... or 24x7 (crypto). */
  calendar: string;
  /** Moves intraday (spots, forward points, vols, futures): pushed by the live feed. */
  intraday: boolean;
  /** Readable without a session (public routes /rate, /bankExchange, /ERConversion). */
  public: boolean;
  /** Where the shipped figures come from, and of what kind. */
  source: string;
  sourceKind: SourceKind;
  /** Citation: the public page or announcement the published figures come from. */
  sourceUrl?: string;
  /** Free text: how the figure is defined or generated. */
  note?: string;
  /**
   * Real shipped history (`ref.*` series): the desk series whose history this one stands for
   * up to its own last date; after that date the desk series' own (sample / simulated)
   * figures follow, and screens mark the boundary (docs/market-history.md).
   */
  historyOf?: string;
}

/** One figure with where it came from (MD.LATEST, curve points, pushes). */
export interface Observation extends Provenance {
  id: string;
  value: number;
  /** Business date (YYYY-MM-DD) the figure is for; `asOf` is the quote time for live figures. */
  date: string;
  /** Intraday quotes: bid and ask besides the mid in `value`. */
  bid?: number;
  ask?: number;
}

// Tenors -------------------------------------------------------------------------------

const TENOR = /^(ON|TN|SN|[1-9]\d{0,2}[DWMY])$/;

export function isValidTenor(t: string): boolean {
  return TENOR.test(t);
}

/** Approximate length in days, for ordering a curve's points (not for pricing). */
export function tenorDays(t: string): number {
  if (t === 'ON') return 1;
  if (t === 'TN') return 2;
  if (t === 'SN') return 3;
  const m = /^(\d+)([DWMY])$/.exec(t);
  if (!m) return Number.NaN;
  const n = Number(m[1]);
  return m[2] === 'D' ? n : m[2] === 'W' ? 7 * n : m[2] === 'M' ? 30.4375 * n : 365.25 * n;
}

export function compareTenors(a: string, b: string): number {
  return tenorDays(a) - tenorDays(b);
}

// Id builders (one place for each family's shape) ----------------------------------------

export const ids = {
  fxSpot: (pair: string) => `fx.${pair}`,
  fxFixing: (fixing: 'CP' | 'CLOSE' | 'TMA', pair: string) => `fxfix.${fixing}.${pair}`,
  fwdPoints: (pair: string, tenor: string) => `fwd.${pair}.${tenor}`,
  vol: (underlying: string, tenor: string, quote: VolQuote) => `vol.${underlying}.${tenor}.${quote}`,
  rate: (index: string, tenor?: string) => (tenor ? `rate.${index}.${tenor}` : `rate.${index}`),
  deposit: (ccy: string, tenor: string) => `depo.${ccy}.${tenor}`,
  swap: (index: string, tenor: string) => `irs.${index}.${tenor}`,
  policy: (bank: string, rate: string) => `policy.${bank}.${rate}`,
  bond: (issuer: string, tenor: string) => `bond.${issuer}.${tenor}`,
  credit: (sector: string, rating: string, tenor: string) => `credit.${sector}.${rating}.${tenor}`,
  bankQuote: (bank: string, ccy: string, side: BankQuoteSide) => `bank.${bank}.${ccy}.${side}`,
  futures: (exchange: string, product: string) => `fut.${exchange}.${product}`,
  index: (name: string) => `idx.${name}`,
  etf: (code: string) => `etf.${code}`,
  dividendYield: (underlying: string) => `divy.${underlying}`,
  crypto: (coin: string) => `crypto.${coin}`,
} as const;

/** Curve and surface ids (MD.CURVE / MD.SURFACE): the id of a point without its last part(s). */
export const groups = {
  fwdPoints: (pair: string) => `fwd.${pair}`,
  volSurface: (underlying: string) => `vol.${underlying}`,
  deposit: (ccy: string) => `depo.${ccy}`,
  swap: (index: string) => `irs.${index}`,
  rate: (index: string) => `rate.${index}`,
  bond: (issuer: string) => `bond.${issuer}`,
  credit: (sector: string, rating: string) => `credit.${sector}.${rating}`,
} as const;

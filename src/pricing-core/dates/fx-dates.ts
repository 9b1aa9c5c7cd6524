// FX value dates: spot, tenor start/delivery, option expiry from delivery. The rules are
// those of ../shared/PRICING-CLI.md "fxDates" (documented in docs/pricing-dates.md):
//  - value day of a pair: a business day of both currencies, and of USD too for a pair that
//    is not a CNY pair (the USD rule for crosses);
//  - spot lag L: 1 for USDCAD (and USDTRY, USDPHP, USDRUB), 2 otherwise;
//  - CNY pairs (onshore CFETS): spot = the L-th value day after T;
//  - other pairs: each currency its own date (its L-th business day after T; USD in a T+2
//    pair: the first weekday after T, then the next USD business day after it), spot = the
//    first value day on or after the later one;
//  - TOM, ON, TN, SN, SPOT, nW (modified following), nM/nY (end-of-month rule, else modified
//    following), all on value days; expiry = the latest business day of both currencies
//    before delivery whose own spot is not after delivery.
// Searches never look past the dates the answer depends on, so a decreed calendar (CNY, HKD)
// refuses a request only when a day of a year it holds no notice for really matters.
import { type CalendarDate, Weekday, addDays, addMonths, daysInMonth, fromYMD, maxDate, toYMD, weekday } from './date';
import { type Calendar, jointCalendar } from './calendar';
import { adjust } from './business-day';
import { type Tenor, addTenor, parseTenor } from './tenor';

export type CalendarLookup = (currency: string) => Calendar;

const T_PLUS_ONE = new Set(['CAD', 'TRY', 'PHP', 'RUB']);

export function splitPair(pair: string): [string, string] {
  const p = pair.replace(/[^A-Za-z]/g, '').toUpperCase();
  if (p.length !== 6) throw new RangeError(`not a currency pair: ${pair}`);
  return [p.slice(0, 3), p.slice(3)];
}

export function fxSpotLag(pair: string): 1 | 2 {
  const [a, b] = splitPair(pair);
  const other = a === 'USD' ? b : b === 'USD' ? a : undefined;
  return other !== undefined && T_PLUS_ONE.has(other) ? 1 : 2;
}

/** A pair with its calendars and conventions resolved. */
export interface FxPair {
  base: string;
  quote: string;
  lag: 1 | 2;
  /** One of the currencies is CNY (onshore rule). */
  cnyPair: boolean;
  calendars: Record<string, Calendar>;
  usd: Calendar;
  /** Value days: both currencies, and USD for non-CNY pairs. */
  value: Calendar;
  /** Business days of both currencies (the expiry calendar). */
  both: Calendar;
}

// Resolved pairs per lookup: building the joint calendars is most of a short tenor's cost.
const pairCache = new WeakMap<CalendarLookup, Map<string, FxPair>>();

export function fxPair(pair: string, lookup: CalendarLookup): FxPair {
  let byPair = pairCache.get(lookup);
  if (!byPair) { byPair = new Map(); pairCache.set(lookup, byPair); }
  let p = byPair.get(pair);
  if (!p) { p = resolvePair(pair, lookup); byPair.set(pair, p); }
  return p;
}

function resolvePair(pair: string, lookup: CalendarLookup): FxPair {
  const [base, quote] = splitPair(pair);
  if (base === quote) throw new RangeError(`not a currency pair: ${pair}`);
  const cb = lookup(base), cq = lookup(quote), usd = lookup('USD');
  const cnyPair = base === 'CNY' || quote === 'CNY';
  const both = jointCalendar('union', [cb, cq]);
  const value = cnyPair || base === 'USD' || quote === 'USD' ? both : jointCalendar('union', [cb, cq, usd]);
  return { base, quote, lag: fxSpotLag(pair), cnyPair, calendars: { [base]: cb, [quote]: cq }, usd, value, both };
}

/** The value-day predicate of a pair. */
export function fxValueCalendar(pair: string, lookup: CalendarLookup): Calendar {
  return fxPair(pair, lookup).value;
}

// A search bound: NO_LIMIT for an unbounded search; a bounded one returns null past it.
const NO_LIMIT = Number.POSITIVE_INFINITY;

/** First business day strictly after d, or null if after `limit`. */
function nextAfter(cal: Calendar, d: CalendarDate, limit: number): CalendarDate | null {
  for (let x = addDays(d, 1); x <= limit; x = addDays(x, 1)) if (cal.isBusinessDay(x)) return x;
  return null;
}

function nthAfter(cal: Calendar, d: CalendarDate, n: number, limit: number): CalendarDate | null {
  let x: CalendarDate | null = d;
  for (let i = 0; i < n && x !== null; i++) x = nextAfter(cal, x, limit);
  return x;
}

function onOrAfter(cal: Calendar, d: CalendarDate, limit: number): CalendarDate | null {
  return cal.isBusinessDay(d) ? d : nextAfter(cal, d, limit);
}

const isWeekend = (d: CalendarDate) => { const w = weekday(d); return w === Weekday.Saturday || w === Weekday.Sunday; };

/** Spot of a trade date, or null when it falls after `limit`. */
function spotOf(p: FxPair, trade: CalendarDate, limit: number): CalendarDate | null {
  if (p.cnyPair) return nthAfter(p.value, trade, p.lag, limit);
  let latest = trade;
  for (const ccy of [p.base, p.quote]) {
    let d: CalendarDate | null;
    if (ccy === 'USD' && p.lag === 2) {
      // USD holidays do not count against T+1: first weekday after T, then a USD day after it.
      let t1 = addDays(trade, 1);
      while (isWeekend(t1)) t1 = addDays(t1, 1);
      d = nextAfter(p.usd, t1, limit);
    } else {
      d = nthAfter(p.calendars[ccy], trade, p.lag, limit);
    }
    if (d === null) return null;
    latest = maxDate(latest, d);
  }
  return onOrAfter(p.value, latest, limit);
}

function mustSpot(p: FxPair, trade: CalendarDate): CalendarDate {
  return spotOf(p, trade, NO_LIMIT) as CalendarDate;
}

/** Modified following on `cal`, looking only inside d's month. */
function modifiedFollowing(cal: Calendar, d: CalendarDate): CalendarDate {
  const { y, m } = toYMD(d);
  const last = fromYMD(y, m, daysInMonth(y, m));
  for (let x = d; x <= last; x = addDays(x, 1)) if (cal.isBusinessDay(x)) return x;
  for (let x = addDays(d, -1); ; x = addDays(x, -1)) if (cal.isBusinessDay(x)) return x;
}

/** The last business day of the month of d (looking only inside that month). */
function lastOfMonth(cal: Calendar, d: CalendarDate): CalendarDate {
  const { y, m } = toYMD(d);
  for (let x = fromYMD(y, m, daysInMonth(y, m)); ; x = addDays(x, -1)) if (cal.isBusinessDay(x)) return x;
}

function isLastOfMonth(cal: Calendar, d: CalendarDate): boolean {
  const { y, m } = toYMD(d);
  const last = fromYMD(y, m, daysInMonth(y, m));
  for (let x = addDays(d, 1); x <= last; x = addDays(x, 1)) if (cal.isBusinessDay(x)) return false;
  return true;
}

export type FxTenorCode = 'ON' | 'TN' | 'SN' | 'SPOT';

/** `ON`, `TN`, `SN`, `SPOT`, or a period tenor `nD`, `nW`, `nM`, `nY` with n >= 1. */
export function parseFxTenor(s: string): FxTenorCode | Tenor {
  const code = s.trim().toUpperCase();
  if (code === 'ON' || code === 'TN' || code === 'SN' || code === 'SPOT') return code;
  let t: Tenor;
  try { t = parseTenor(code); } catch { throw new RangeError(`not an FX tenor (ON, TN, SN, SPOT, nW, nM, nY): ${s}`); }
  if (t.n < 1) throw new RangeError(`tenor ${s}: n must be at least 1`);
  return t;
}

export interface FxDates {
  spot: CalendarDate;
  start: CalendarDate;
  delivery: CalendarDate;
  /** Option expiry for this delivery; null for ON and TN or when none is on or after T. */
  expiry: CalendarDate | null;
}

/**
 * Spot, start, delivery and expiry of a tenor traded on `trade` (PRICING-CLI fxDates).
 * `{ expiry: false }` skips the expiry search (expiry null) when only the dates are wanted.
 */
export function fxDates(pair: string, trade: CalendarDate, tenor: string, lookup: CalendarLookup, options: { expiry?: boolean } = {}): FxDates {
  const p = fxPair(pair, lookup);
  const t = parseFxTenor(tenor);
  const spot = mustSpot(p, trade);
  if (t === 'ON' || t === 'TN') {
    const tom = nextAfter(p.value, trade, NO_LIMIT) as CalendarDate;
    if (t === 'ON') {
      if (!p.value.isBusinessDay(trade)) throw new RangeError(`ON: the trade date is not a value day of ${p.base}${p.quote}`);
      return { spot, start: trade, delivery: tom, expiry: null };
    }
    if (!(tom < spot)) throw new RangeError(`TN: tom is not before spot for ${p.base}${p.quote} (T+${p.lag} pair or holidays)`);
    return { spot, start: tom, delivery: spot, expiry: null };
  }
  let delivery: CalendarDate;
  if (t === 'SPOT') delivery = spot;
  else if (t === 'SN') delivery = nextAfter(p.value, spot, NO_LIMIT) as CalendarDate;
  else delivery = periodDelivery(p.value, spot, t);
  return { spot, start: spot, delivery, expiry: options.expiry === false ? null : expiryOf(p, trade, delivery) };
}

function periodDelivery(value: Calendar, spot: CalendarDate, t: Tenor): CalendarDate {
  switch (t.unit) {
    case 'D': return nthAfter(value, spot, t.n, NO_LIMIT) as CalendarDate;
    case 'W': return modifiedFollowing(value, addDays(spot, 7 * t.n));
    case 'M':
    case 'Y': {
      const months = t.unit === 'M' ? t.n : 12 * t.n;
      const raw = addMonths(spot, months); // same day of month, clamped to the month's end
      return isLastOfMonth(value, spot) ? lastOfMonth(value, raw) : modifiedFollowing(value, raw);
    }
  }
}

/** Latest E in [lower, delivery) that is a business day of both currencies with spot(E) <= delivery. */
function expiryOf(p: FxPair, lower: CalendarDate, delivery: CalendarDate): CalendarDate | null {
  for (let e = addDays(delivery, -1); e >= lower; e = addDays(e, -1)) {
    if (p.both.isBusinessDay(e) && spotOf(p, e, delivery) !== null) return e;
  }
  return null;
}

// ---- the earlier API, kept as thin wrappers -------------------------------------------------

export function fxSpotDate(pair: string, trade: CalendarDate, lookup: CalendarLookup): CalendarDate {
  return mustSpot(fxPair(pair, lookup), trade);
}

/** Spot and delivery for a tenor ("ON", "TN", "SN", "SPOT", "1W", "3M", "1Y", ...). */
export function fxDeliveryDate(pair: string, trade: CalendarDate, tenor: string, lookup: CalendarLookup): { spot: CalendarDate; delivery: CalendarDate } {
  const r = fxDates(pair, trade, tenor, lookup);
  return { spot: r.spot, delivery: r.delivery };
}

/**
 * Option expiry for a delivery date: the latest business day of both currencies before
 * delivery whose spot is not after it. `trade` bounds the search (default: a month back).
 */
export function fxExpiryFromDelivery(pair: string, delivery: CalendarDate, lookup: CalendarLookup, trade?: CalendarDate): CalendarDate {
  const e = expiryOf(fxPair(pair, lookup), trade ?? addDays(delivery, -31), delivery);
  if (e === null) throw new RangeError(`no expiry date settles on or before ${delivery} for ${pair}`);
  return e;
}

/**
 * Expiry and delivery of an FX option of a given tenor. Month/year tenors: delivery from the
 * forward rule, expiry from delivery. Day/week tenors: expiry = trade + tenor (following, on
 * business days of both currencies), delivery = that expiry's spot.
 */
export function fxOptionDates(pair: string, trade: CalendarDate, tenor: string, lookup: CalendarLookup): { expiry: CalendarDate; delivery: CalendarDate } {
  const t = parseTenor(tenor);
  const p = fxPair(pair, lookup);
  if (t.unit === 'D' || t.unit === 'W') {
    const expiry = adjust(p.both, addTenor(trade, t), 'Following');
    return { expiry, delivery: mustSpot(p, expiry) };
  }
  const { delivery, expiry } = fxDates(pair, trade, tenor, lookup);
  if (expiry === null) throw new RangeError(`no expiry date for ${tenor} ${pair}`);
  return { expiry, delivery };
}

// FX value-date rules: spot, forward delivery from a tenor, option expiry from delivery.
// Conventions chosen (documented in docs/pricing-rates.md):
//  - Spot lag: T+1 for USDCAD, USDTRY, USDPHP, USDRUB (either order); T+2 otherwise,
//    including onshore USDCNY (T+2 on the CNY and USD calendars).
//  - Counting the lag, each day must be a business day of the non-USD currencies of the pair
//    (for a USD pair a USD holiday before spot does not stop the count: the "USD rule").
//    For T+1 pairs the day counted must also be a USD business day.
//  - The spot date itself must be a business day in both currencies and in USD (crosses
//    included); otherwise it rolls forward to the next day that is.
//  - Forward delivery: spot + tenor; months/years roll Modified Following on the joint
//    calendar with the end-of-month rule (spot on the last good day of its month -> delivery
//    on the last good day of the target month); days/weeks roll Following.
//  - Option expiry from delivery: step back the spot lag in the non-USD calendars, then go
//    back further while that expiry's spot date would fall after the delivery date.
import { type CalendarDate, addDays } from './date';
import { type Calendar, WEEKENDS_ONLY, jointCalendar } from './calendar';
import { adjust, isBusinessEndOfMonth, lastBusinessDayOfMonth } from './business-day';
import { type Tenor, addTenor, parseTenor } from './tenor';

export type CalendarLookup = (currency: string) => Calendar;

const T_PLUS_ONE = new Set(['CAD', 'TRY', 'PHP', 'RUB']);

export function splitPair(pair: string): [string, string] {
  const p = pair.replace(/[^A-Za-z]/g, '').toUpperCase();
  if (p.length !== 6) throw new RangeError(`not a currency pair: ${pair}`);
  return [p.slice(0, 3), p.slice(3)];
}

export function fxSpotLag(pair: string): number {
  const [a, b] = splitPair(pair);
  const other = a === 'USD' ? b : b === 'USD' ? a : undefined;
  return other !== undefined && T_PLUS_ONE.has(other) ? 1 : 2;
}

interface PairCalendars { nonUsd: Calendar; usd: Calendar; all: Calendar; lag: number }

function pairCalendars(pair: string, lookup: CalendarLookup): PairCalendars {
  const [a, b] = splitPair(pair);
  const usd = lookup('USD');
  const others = [a, b].filter((c) => c !== 'USD').map(lookup);
  const nonUsd = others.length ? jointCalendar('union', others) : WEEKENDS_ONLY;
  return { nonUsd, usd, all: jointCalendar('union', [nonUsd, usd]), lag: fxSpotLag(pair) };
}

function nextGood(cal: Calendar, d: CalendarDate): CalendarDate {
  let x = addDays(d, 1);
  while (!cal.isBusinessDay(x)) x = addDays(x, 1);
  return x;
}

export function fxSpotDate(pair: string, trade: CalendarDate, lookup: CalendarLookup): CalendarDate {
  return spotFrom(pairCalendars(pair, lookup), trade);
}

function spotFrom(c: PairCalendars, trade: CalendarDate): CalendarDate {
  const countCal = c.lag === 1 ? c.all : c.nonUsd;
  let d = trade;
  for (let i = 0; i < c.lag; i++) d = nextGood(countCal, d);
  while (!c.all.isBusinessDay(d)) d = nextGood(c.nonUsd, d);
  return d;
}

/** Spot and delivery for a forward tenor ("1W", "3M", "1Y", ... or "ON"/"TN"/"SN"). */
export function fxDeliveryDate(pair: string, trade: CalendarDate, tenor: string, lookup: CalendarLookup): { spot: CalendarDate; delivery: CalendarDate } {
  const c = pairCalendars(pair, lookup);
  const spot = spotFrom(c, trade);
  const code = tenor.trim().toUpperCase();
  if (code === 'ON') return { spot, delivery: nextGood(c.all, adjust(c.all, trade, 'Following')) };
  if (code === 'TN') return { spot, delivery: nextGood(c.all, nextGood(c.all, trade)) };
  if (code === 'SN') return { spot, delivery: nextGood(c.all, spot) };
  const t: Tenor = parseTenor(code);
  if (t.unit === 'D') {
    let d = spot;
    for (let i = 0; i < t.n; i++) d = nextGood(c.all, d);
    return { spot, delivery: d };
  }
  if (t.unit === 'W') return { spot, delivery: adjust(c.all, addTenor(spot, t), 'Following') };
  const raw = addTenor(spot, t);
  const delivery = isBusinessEndOfMonth(c.all, spot) ? lastBusinessDayOfMonth(c.all, raw) : adjust(c.all, raw, 'ModifiedFollowing');
  return { spot, delivery };
}

/** Option expiry whose spot settles on (or just before) the given delivery date. */
export function fxExpiryFromDelivery(pair: string, delivery: CalendarDate, lookup: CalendarLookup): CalendarDate {
  const c = pairCalendars(pair, lookup);
  let e = delivery;
  for (let i = 0; i < c.lag; i++) {
    e = addDays(e, -1);
    while (!c.nonUsd.isBusinessDay(e)) e = addDays(e, -1);
  }
  // Holidays can push this expiry's spot past the delivery: step back until it does not.
  while (spotFrom(c, e) > delivery) {
    e = addDays(e, -1);
    while (!c.nonUsd.isBusinessDay(e)) e = addDays(e, -1);
  }
  return e;
}

/**
 * Expiry and delivery of an FX option of a given tenor. Month/year tenors: delivery from the
 * forward rule, expiry from delivery. Day/week tenors: expiry = trade + tenor (Following on
 * the non-USD calendars), delivery = that expiry's spot.
 */
export function fxOptionDates(pair: string, trade: CalendarDate, tenor: string, lookup: CalendarLookup): { expiry: CalendarDate; delivery: CalendarDate } {
  const t = parseTenor(tenor);
  const c = pairCalendars(pair, lookup);
  if (t.unit === 'D' || t.unit === 'W') {
    const expiry = adjust(c.nonUsd, addTenor(trade, t), 'Following');
    return { expiry, delivery: spotFrom(c, expiry) };
  }
  const { delivery } = fxDeliveryDate(pair, trade, tenor, lookup);
  return { expiry: fxExpiryFromDelivery(pair, delivery, lookup), delivery };
}

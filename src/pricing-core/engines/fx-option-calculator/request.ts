// The calculator's JSON request (what OptPricingSvr OPTIONCALC and the browser worker take)
// turned into CalcInputs, and its result turned into plain JSON (typed arrays -> arrays).
// Dates are ISO strings resolved by the screen with the calendars (src/pricing-core/dates):
// each becomes a year fraction from `valuationDate`, ACT/365F. Without dates, year fractions
// (`tExpiry`, `tDelivery`, `tSpot`, `tPremium`) are taken as given.
import { PricingError } from '../../core/types';
import { currencyPair } from '../../core/currency';
import { daysBetween, fromISO, toISO, type CalendarDate } from '../../dates/date';
import { HolidayCalendar, type Calendar } from '../../dates/calendar';
import { HOLIDAY_SEED } from '../../dates/holiday-seed';
import { fxOptionDates, fxSpotDate } from '../../dates/fx-dates';
import type { PriceRequest } from '../../api/price-request';
import { num, oneOf } from '../../api/handlers/fields';
import type { AtmConvention, DeltaConvention } from '../fx/fx-conventions';
import { buildCalcMarket, type SmileQuoteInput, type SurfaceInput } from './market';
import { INSTRUMENT_CODES, PRESET_VALUES, type InstrumentCode } from './presets';
import { STRATEGY_NAMES, strategyLegs } from './strategies';
import { runOptionCalculator } from './calculator';
import { calculatorCurves, legSmiles } from './curves';
import type { FixingSchedule, LegInstrument } from './leg-pricer';
import {
  DEFAULT_CONVENTIONS, type CalcConventions, type CalcInputs, type CalcLeg, type CalcTarget, type CurveRequest, type StrikeSpec,
} from './types';

type Json = PriceRequest;

const DELTA_CONVENTIONS = ['spot', 'forward', 'spotPremiumAdjusted', 'forwardPremiumAdjusted'] as const;
const ATM_CONVENTIONS = ['spot', 'forward', 'deltaNeutral', 'deltaNeutralPremiumAdjusted'] as const;

function obj(v: unknown, name: string): Json {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new PricingError(`${name} must be an object`);
  return v as Json;
}

function optNumber(o: Json, k: string): number | undefined {
  return o[k] === undefined || o[k] === null ? undefined : num(o, k);
}

function isoDate(v: unknown, name: string) {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) throw new PricingError(`${name} must be an ISO date (YYYY-MM-DD)`);
  try { return fromISO(v); } catch { throw new PricingError(`${name} is not a valid date: ${v}`); }
}

/** A time from either an ISO date field (dates mode) or a year-fraction field. */
class Clock {
  constructor(private readonly valuation: ReturnType<typeof fromISO> | undefined) {}
  time(o: Json, dateKey: string, tKey: string, fallback?: number): number {
    if (o[dateKey] !== undefined) {
      if (this.valuation === undefined) throw new PricingError(`${dateKey} needs valuationDate`);
      return daysBetween(this.valuation, isoDate(o[dateKey], dateKey)) / 365;
    }
    if (o[tKey] !== undefined) return num(o, tKey);
    if (fallback !== undefined) return fallback;
    throw new PricingError(`missing field: ${dateKey} (or ${tKey})`);
  }
  times(dates: unknown, name: string): number[] {
    if (!Array.isArray(dates)) throw new PricingError(`${name} must be a list of ISO dates`);
    if (this.valuation === undefined) throw new PricingError(`${name} needs valuationDate`);
    return dates.map((d, i) => daysBetween(this.valuation!, isoDate(d, `${name}[${i}]`)) / 365);
  }
}

/** Holiday calendars for tenor dates: the core's seed data; other currencies need dates given. */
function calendarOf(ccy: string): Calendar {
  const data = (HOLIDAY_SEED as Record<string, (typeof HOLIDAY_SEED)['USD'] | undefined>)[ccy];
  if (!data) throw new PricingError(`no holiday calendar for ${ccy}: give the expiry and delivery dates`);
  return HolidayCalendar.fromData(data);
}

function checkCovered(pair: string, dates: CalendarDate[]): void {
  for (const ccy of new Set([pair.slice(0, 3), pair.slice(3), 'USD'])) {
    const cal = calendarOf(ccy);
    for (const d of dates) {
      if (cal instanceof HolidayCalendar && !cal.covers(d)) throw new PricingError(`no ${ccy} holiday data for ${toISO(d)}: give the expiry and delivery dates`);
    }
  }
}

/**
 * A leg (or strategy) given by `tenor` ('1W', '3M', '1Y'...) gets its expiry and delivery
 * dates from the FX date rules (src/pricing-core/dates/fx-dates.ts) on both currencies'
 * holiday calendars; returns a copy with `expiryDate` and `deliveryDate` set.
 */
function withTenorDates(o: Json, pair: string | undefined, valuation: CalendarDate | undefined): Json {
  if (o.tenor === undefined || o.expiryDate !== undefined) return o;
  if (!pair || valuation === undefined) throw new PricingError('a tenor needs pair and valuationDate');
  if (typeof o.tenor !== 'string') throw new PricingError('tenor must be a string such as 3M');
  let d: { expiry: CalendarDate; delivery: CalendarDate };
  try { d = fxOptionDates(pair, valuation, o.tenor, calendarOf); } catch (e) {
    if (e instanceof PricingError) throw e;
    throw new PricingError(`tenor not understood: ${o.tenor} (1W, 2W, 1M, 3M, 1Y...)`);
  }
  checkCovered(pair, [d.expiry, d.delivery]);
  return { ...o, expiryDate: toISO(d.expiry), deliveryDate: toISO(d.delivery) };
}

/** Strike as a number, a desk shorthand ('25D', 'ATM', 'ATMF', 'ATMS', 'DNS') or an object. */
export function parseStrike(v: unknown): StrikeSpec | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'number') {
    if (!(v > 0 && Number.isFinite(v))) throw new PricingError('strike must be a positive number');
    return { kind: 'price', value: v };
  }
  if (typeof v === 'string') {
    const s = v.trim().toUpperCase();
    const d = /^(\d+(?:\.\d+)?)\s*D$/.exec(s);
    if (d) return { kind: 'delta', delta: Number(d[1]) / 100 };
    const atm: Record<string, AtmConvention | undefined> = { ATM: undefined, ATMF: 'forward', ATMS: 'spot', DNS: 'deltaNeutral', DNSPA: 'deltaNeutralPremiumAdjusted' };
    if (s in atm) return atm[s] ? { kind: 'atm', convention: atm[s] } : { kind: 'atm' };
    const n = Number(s);
    if (Number.isFinite(n) && n > 0) return { kind: 'price', value: n };
    throw new PricingError(`strike not understood: ${v} (a price, 25D, ATM, ATMF, ATMS or DNS)`);
  }
  const o = obj(v, 'strike');
  if (o.delta !== undefined) {
    return { kind: 'delta', delta: num(o, 'delta'), ...(o.convention !== undefined ? { convention: oneOf(o, 'convention', DELTA_CONVENTIONS) as DeltaConvention } : {}) };
  }
  if (o.atm !== undefined) return { kind: 'atm', convention: oneOf(o, 'atm', ATM_CONVENTIONS) };
  if (o.value !== undefined) return { kind: 'price', value: num(o, 'value') };
  throw new PricingError('strike object needs delta, atm or value');
}

function notionalCurrency(o: Json, base: string | undefined, quote: string | undefined): 'base' | 'quote' {
  const v = o.notionalCurrency ?? 'base';
  if (v === 'base' || (base !== undefined && v === base)) return 'base';
  if (v === 'quote' || (quote !== undefined && v === quote)) return 'quote';
  throw new PricingError(`notionalCurrency must be base, quote${base ? `, ${base} or ${quote}` : ''}`);
}

function parseFixings(v: unknown, clock: Clock): FixingSchedule {
  const o = obj(v, 'fixings');
  const times = o.dates !== undefined ? clock.times(o.dates, 'fixings.dates') : (() => {
    if (!Array.isArray(o.times)) throw new PricingError('fixings needs dates (or times)');
    return o.times.map((t, i) => { if (typeof t !== 'number' || !Number.isFinite(t)) throw new PricingError(`fixings.times[${i}] must be a number`); return t; });
  })();
  if (times.some((t) => t < 0)) throw new PricingError('fixing dates before the valuation date: give them as past values (fixings.past)');
  if (times.length > 2000) throw new PricingError('at most 2000 fixings');
  const past = o.past === undefined ? [] : o.past;
  if (!Array.isArray(past) || past.some((p) => typeof p !== 'number')) throw new PricingError('fixings.past must be a list of numbers');
  return {
    times: [...times].sort((a, b) => a - b), past: past as number[],
    average: o.average === undefined ? 'arithmetic' : oneOf(o, 'average', ['arithmetic', 'geometric'] as const),
    method: o.method === undefined ? 'approximation' : oneOf(o, 'method', ['approximation', 'mc'] as const),
    ...(o.paths !== undefined ? { paths: num(o, 'paths', { min: 1, max: 2_000_000 }) } : {}),
    ...(o.seed !== undefined ? { seed: num(o, 'seed') } : {}),
  };
}

function parseLeg(v: unknown, i: number, clock: Clock, pair: { base?: string; quote?: string }, instrument: InstrumentCode): CalcLeg {
  const o = obj(v, `legs[${i}]`);
  const legInstrument = (o.instrument === undefined ? (instrument === 'AR' || instrument === 'AS' ? instrument : 'VA') : oneOf(o, 'instrument', ['VA', 'AR', 'AS'] as const)) as LegInstrument;
  const tExpiry = clock.time(o, 'expiryDate', 'tExpiry');
  return {
    direction: oneOf(o, 'direction', ['buy', 'sell'] as const),
    type: oneOf(o, 'type', ['call', 'put'] as const),
    instrument: legInstrument,
    strike: parseStrike(o.strike),
    notional: num(o, 'notional', { min: 0, exclusiveMin: true }),
    notionalCurrency: notionalCurrency(o, pair.base, pair.quote),
    tExpiry,
    tDelivery: clock.time(o, 'deliveryDate', 'tDelivery', tExpiry),
    vol: optNumber(o, 'vol'),
    rd: optNumber(o, 'rd'),
    rf: optNumber(o, 'rf'),
    forward: optNumber(o, 'forward'),
    ...(o.fixings !== undefined ? { fixings: parseFixings(o.fixings, clock) } : {}),
  };
}

function parseTarget(v: unknown, premiumCurrency: 'quote' | 'base'): CalcTarget | undefined {
  if (v === undefined || v === null) return undefined;
  const o = obj(v, 'target');
  const field = oneOf(o, 'field', ['Premium', 'Delta', 'ForwardDelta'] as const);
  const value = num(o, 'value');
  if (field === 'Premium') {
    const t = o.type === 'Amount' ? 'Amt' : oneOf(o, 'type', ['Amt', 'Amount', 'Pct', 'Pips'] as const);
    return { field, type: t === 'Amount' ? 'Amt' : t, currency: o.currency === undefined ? premiumCurrency : oneOf(o, 'currency', ['quote', 'base'] as const), value };
  }
  const t = oneOf(o, 'type', ['Amt', 'Amount', 'Pct'] as const);
  return { field, type: t === 'Pct' ? 'Pct' : 'Amt', value };
}

function parseConventions(v: unknown): CalcConventions {
  if (v === undefined) return DEFAULT_CONVENTIONS;
  const o = obj(v, 'conventions');
  return {
    premiumCurrency: o.premiumCurrency === undefined ? DEFAULT_CONVENTIONS.premiumCurrency : oneOf(o, 'premiumCurrency', ['quote', 'base'] as const),
    delta: o.delta === undefined ? DEFAULT_CONVENTIONS.delta : oneOf(o, 'delta', ['spot', 'forward'] as const),
    premiumAdjusted: o.premiumAdjusted === undefined ? DEFAULT_CONVENTIONS.premiumAdjusted : o.premiumAdjusted === true,
    atm: o.atm === undefined ? DEFAULT_CONVENTIONS.atm : oneOf(o, 'atm', ATM_CONVENTIONS),
  };
}

function parseSurface(v: unknown, clock: Clock): SurfaceInput {
  const o = obj(v, 'market.surface');
  if (!Array.isArray(o.smiles)) throw new PricingError('market.surface.smiles must be a list');
  const smiles: SmileQuoteInput[] = o.smiles.map((s, i) => {
    const q = obj(s, `market.surface.smiles[${i}]`);
    return {
      t: clock.time(q, 'expiryDate', 't'), atm: num(q, 'atm', { min: 0, exclusiveMin: true }),
      rr25: optNumber(q, 'rr25'), bf25: optNumber(q, 'bf25'), rr10: optNumber(q, 'rr10'), bf10: optNumber(q, 'bf10'),
    };
  });
  return {
    smiles,
    butterflyType: o.butterflyType === undefined ? 'smile' : oneOf(o, 'butterflyType', ['smile', 'broker'] as const),
    deltaConvention: o.deltaConvention === undefined ? 'spot' : oneOf(o, 'deltaConvention', DELTA_CONVENTIONS),
    atmConvention: o.atmConvention === undefined ? 'deltaNeutral' : oneOf(o, 'atmConvention', ATM_CONVENTIONS),
    interpolation: o.interpolation === undefined ? 'vannaVolga' : oneOf(o, 'interpolation', ['vannaVolga', 'sabr'] as const),
  };
}

export interface ParsedCalcRequest {
  inputs: CalcInputs;
  curves?: CurveRequest;
  smile: boolean;
  /** The ISO dates, where the request had (or a tenor gave) them, to echo in the reply. */
  dates: { spotDate?: string; premiumDate?: string; legs: { expiryDate?: string; deliveryDate?: string }[] };
}

export function parseCalcRequest(json: unknown): ParsedCalcRequest {
  const r = obj(json, 'request');
  let base: string | undefined, quote: string | undefined;
  if (r.pair !== undefined) {
    if (typeof r.pair !== 'string') throw new PricingError('pair must be a string such as USDCNY');
    let p;
    try { p = currencyPair(r.pair.trim().toUpperCase()); } catch { throw new PricingError(`not a currency pair: ${r.pair}`); }
    base = p.base; quote = p.quote;
  }
  const valuation = r.valuationDate !== undefined ? isoDate(r.valuationDate, 'valuationDate') : undefined;
  const clock = new Clock(valuation);
  const pairCode = base && quote ? base + quote : undefined;
  // Legs given by tenor: their dates from the FX rules, and the spot date too unless given.
  const rawLegs = (r.legs ?? (r.leg !== undefined ? [r.leg] : undefined)) as unknown;
  const usesTenor = (Array.isArray(rawLegs) && rawLegs.some((l) => l && typeof l === 'object' && (l as Json).tenor !== undefined)) ||
    (r.strategy !== null && typeof r.strategy === 'object' && (r.strategy as Json).tenor !== undefined);
  const dated: Json = { ...r };
  if (usesTenor && r.spotDate === undefined) {
    if (!pairCode || valuation === undefined) throw new PricingError('a tenor needs pair and valuationDate');
    const spot = fxSpotDate(pairCode, valuation, calendarOf);
    checkCovered(pairCode, [spot]);
    dated.spotDate = toISO(spot);
  }
  const m = obj(r.market, 'market');
  const tSpot = clock.time(dated, 'spotDate', 'tSpot', 0);
  const market = buildCalcMarket({
    spot: num(m, 'spot', { min: 0, exclusiveMin: true }), rd: num(m, 'rd'), rf: num(m, 'rf'),
    tSpot, tPremium: clock.time(dated, 'premiumDate', 'tPremium', tSpot),
    premiumRate: optNumber(m, 'premiumRate'),
    pipSize: optNumber(m, 'pipSize') ?? (quote === 'JPY' ? 0.01 : 1e-4),
    vol: optNumber(m, 'vol'),
    surface: m.surface === undefined ? undefined : parseSurface(m.surface, clock),
  });
  const instrument = (r.instrument === undefined ? 'VA' : oneOf(r, 'instrument', INSTRUMENT_CODES)) as InstrumentCode;
  const preset = r.preset === undefined ? 'Premium' : oneOf(r, 'preset', PRESET_VALUES);
  let legs: CalcLeg[];
  const legDates: { expiryDate?: string; deliveryDate?: string }[] = [];
  const dateOf = (o: Json) => ({
    ...(typeof o.expiryDate === 'string' ? { expiryDate: o.expiryDate } : {}),
    ...(typeof o.deliveryDate === 'string' ? { deliveryDate: o.deliveryDate } : typeof o.expiryDate === 'string' ? { deliveryDate: o.expiryDate } : {}),
  });
  if (instrument === 'PP') {
    const s = withTenorDates(obj(r.strategy, 'strategy'), pairCode, valuation);
    const tExpiry = clock.time(s, 'expiryDate', 'tExpiry');
    if (s.strikes !== undefined && !Array.isArray(s.strikes)) throw new PricingError('strategy.strikes must be a list');
    legs = strategyLegs({
      name: oneOf(s, 'name', STRATEGY_NAMES), direction: s.direction === undefined ? 'buy' : oneOf(s, 'direction', ['buy', 'sell'] as const),
      type: s.type === undefined ? undefined : oneOf(s, 'type', ['call', 'put'] as const),
      strikes: s.strikes === undefined ? undefined : (s.strikes as unknown[]).map(parseStrike),
      notional: num(s, 'notional', { min: 0, exclusiveMin: true }), notionalCurrency: notionalCurrency(s, base, quote),
      tExpiry, tDelivery: clock.time(s, 'deliveryDate', 'tDelivery', tExpiry),
      vol: optNumber(s, 'vol'), rd: optNumber(s, 'rd'), rf: optNumber(s, 'rf'), forward: optNumber(s, 'forward'),
    });
    legs.forEach(() => legDates.push(dateOf(s)));
  } else {
    const list = r.legs ?? (r.leg !== undefined ? [r.leg] : undefined);
    if (!Array.isArray(list) || !list.length) throw new PricingError('legs must be a non-empty list');
    if (list.length > 50) throw new PricingError('at most 50 legs');
    legs = list.map((l, i) => {
      const o = withTenorDates(obj(l, `legs[${i}]`), pairCode, valuation);
      legDates.push(dateOf(o));
      return parseLeg(o, i, clock, { base, quote }, instrument);
    });
  }
  const conventions = parseConventions(r.conventions);
  const legIndex = (v: unknown, name: string) => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw new PricingError(`${name} must be leg numbers starting at 1`);
    return v - 1;
  };
  const curves = r.curves === undefined || r.curves === false ? undefined : r.curves === true ? {} : (() => {
    const c = obj(r.curves, 'curves');
    return { spotPoints: optNumber(c, 'spotPoints'), spotMin: optNumber(c, 'spotMin'), spotMax: optNumber(c, 'spotMax'), timePoints: optNumber(c, 'timePoints') };
  })();
  return {
    inputs: {
      instrument, preset, market, legs, conventions, target: parseTarget(r.target, conventions.premiumCurrency),
      ...(base && quote ? { pair: { base, quote } } : {}),
      ...(r.solveLeg !== undefined ? { solveLeg: legIndex(r.solveLeg, 'solveLeg') } : {}),
      ...(r.solveLegs !== undefined ? { solveLegs: (Array.isArray(r.solveLegs) ? r.solveLegs : [r.solveLegs]).map((x) => legIndex(x, 'solveLegs')) } : {}),
    },
    curves,
    smile: r.smile === true,
    dates: {
      ...(typeof dated.spotDate === 'string' ? { spotDate: dated.spotDate } : {}),
      ...(typeof dated.premiumDate === 'string' ? { premiumDate: dated.premiumDate } : typeof dated.spotDate === 'string' ? { premiumDate: dated.spotDate } : {}),
      legs: legDates,
    },
  };
}

/** Typed arrays to plain arrays, recursively (JSON writes a Float64Array as an object). */
export function toJson(v: unknown): unknown {
  if (ArrayBuffer.isView(v)) return Array.from(v as Float64Array);
  if (Array.isArray(v)) return v.map(toJson);
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toJson(x)]));
  return v;
}

/** The whole request -> reply, as plain JSON (what OptPricingSvr returns after Code: 0). */
export function runCalcRequest(json: unknown): Record<string, unknown> {
  const p = parseCalcRequest(json);
  const result = runOptionCalculator(p.inputs);
  const out: Record<string, unknown> = {
    ...result,
    ...p.dates.spotDate ? { spotDate: p.dates.spotDate } : {},
    ...p.dates.premiumDate ? { premiumDate: p.dates.premiumDate } : {},
    legs: result.legs.map((l, i) => ({ ...l, ...p.dates.legs[i] })),
  };
  // The result is plain data already; only the chart series are typed arrays.
  if (p.curves) out.curves = toJson(calculatorCurves(p.inputs, result, p.curves));
  if (p.smile) out.smiles = toJson(legSmiles(p.inputs, result));
  return out;
}

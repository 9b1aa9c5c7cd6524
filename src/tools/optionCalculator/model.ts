// Pure model of /optionCalculator: the pair's market bundle (MD.FXMARKET) and the screen's
// inputs -> one OptPricingSvr OPTIONCALC request (docs/pricing-fx-option-calculator.md);
// its reply -> what the screen shows. Dates come from the FX calendars of both currencies
// (projected CNY/HKD holidays for years without a notice, said on screen); rates are the
// deposit curves read at delivery as continuously compounded rates; the smile is the pair's
// ATM/RR/BF surface, one smile per tenor at that tenor's expiry date.
import dayjs from 'dayjs';
import type { Prepared } from '../../kit/pricing';
import type { CurvePoint, FxMarketReply, Observation } from '../../kit/market-data';
import type { Resolution, TenorOrDate } from '../../kit/fields';
import { fxDatesFor, isBusinessDay, spotDate as spotDateOf, expiryFromDelivery } from '../../pricing-core/dates/calendars';
import { presetOf, solveKind, solveDriver, presetInstruments, type PresetValue } from '../../pricing-core/engines/fx-option-calculator/presets';
import { STRATEGY_TEMPLATES, type StrategyName } from '../../pricing-core/engines/fx-option-calculator/strategies';
import type { CalcResult, GreekSet, LegResult } from '../../pricing-core/engines/fx-option-calculator/types';
import { combinedProvenance } from '../../kit/market-data/pillars';
import { continuousRates, forwardAt, fxContextOf, impliedYieldsTo, type ForwardSource, type FxContext } from '../../kit/fx-market';
import type { Conventions, CustomLeg, Inputs } from './state';

export const METHOD = 'ATS.OPTPRICINGSVR.OPTIONCALC';
const PROJECTED = { beyondCoverage: 'projected' } as const;
const NS = 'optionCalculator';

export { calendarPair } from '../../kit/fx-market';
import { calendarPair } from '../../kit/fx-market';
export const baseOf = (pair: string) => pair.slice(0, 3);
export const quoteOf = (pair: string) => pair.slice(3, 6);

export interface OptionDates {
  spotDate: string;
  expiryDate: string;
  deliveryDate: string;
  /** Years (by calendar) whose holidays are projected, not decreed: said beside the dates. */
  projected: string[];
}

type Fail = { error: string; values?: Record<string, unknown> };

function projectedOf(r: { projected: boolean; projectedYears: ReadonlyArray<{ calendar: string; year: number }> }): string[] {
  return r.projected ? r.projectedYears.map((y) => `${y.calendar} ${y.year}`) : [];
}

/** Expiry, delivery and spot dates of an expiry typed as a tenor (FX rules) or a date (delivery = its spot date). */
export function optionDates(pair: string, today: string, expiry: TenorOrDate): OptionDates | Fail {
  const p = calendarPair(pair);
  try {
    if (expiry.kind === 'tenor') {
      const r = fxDatesFor(p, today, expiry.tenor, PROJECTED);
      if (!r.expiryDate) return { error: 'errors.tenorExpiry', values: { tenor: expiry.tenor } };
      return { spotDate: r.spotDate, expiryDate: r.expiryDate, deliveryDate: r.deliveryDate, projected: projectedOf(r) };
    }
    if (expiry.date <= today) return { error: 'errors.expiryPast' };
    const s = spotDateOf(p, today, PROJECTED);
    const d = spotDateOf(p, expiry.date, PROJECTED);
    return { spotDate: s.date, expiryDate: expiry.date, deliveryDate: d.date, projected: [...new Set([...projectedOf(s), ...projectedOf(d)])] };
  } catch (e) {
    return { error: 'errors.dates', values: { detail: e instanceof Error ? e.message : String(e) } };
  }
}

/** The TenorDateField's resolver: a tenor's expiry date on the pair's calendars. */
export function expiryResolver(pair: string, today: string, words: (key: string, values?: Record<string, unknown>) => string) {
  return (tenor: string): Resolution => {
    const r = optionDates(pair, today, { kind: 'tenor', tenor });
    return 'error' in r ? { error: words(r.error, r.values) } : { date: r.expiryDate };
  };
}

/** A day is a business day of the pair when both currencies' calendars are open. */
export function pairBusinessDay(pair: string) {
  const p = calendarPair(pair);
  return (iso: string): boolean => {
    try {
      return isBusinessDay(baseOf(p), iso, PROJECTED).businessDay && isBusinessDay(quoteOf(p), iso, PROJECTED).businessDay;
    } catch {
      return true;
    }
  };
}

/** Delivery date of an expiry date (what a desk reads off an expiry typed as a date). */
export function deliveryForExpiry(pair: string, expiryIso: string): string {
  return spotDateOf(calendarPair(pair), expiryIso, PROJECTED).date;
}
export { expiryFromDelivery };

/** Deposit curve of a currency in the bundle (USDCNH reads the CNH curve). */
export function depositCurve(m: FxMarketReply, ccy: string): readonly CurvePoint[] | undefined {
  return m.deposits[ccy] ?? (ccy === 'CNY' ? m.deposits.CNH : undefined);
}

export interface MarketFigures {
  spot: number | null;
  /** Continuously compounded, percent, to the delivery date (the desk's FX market context). */
  rd: number | null;
  rf: number | null;
  /** What they come from (percent, simple): the quote deposit rate, and the base yield implied by the points. */
  rdQuoted: number | null;
  rfQuoted: number | null;
  /** The market forward to delivery, and what it is built from (market points, or deposits beyond the quotes). */
  forward: number | null;
  source: Extract<ForwardSource, 'marketPoints' | 'depositRates'> | null;
  pipSize: number;
  hasSurface: boolean;
  observations: Observation[];
}

/**
 * Spot and both rates at `deliveryDate` from the desk's one FX market context (kit
 * fx-market): rd is the quote currency's deposit discount to delivery, rf the rate that with
 * rd gives the market forward (spot + swap points) over spot -> delivery; `spot` replaces
 * the market's (a typed spot keeps the market's points).
 */
export function marketFigures(pair: string, m: FxMarketReply | null, today: string, deliveryDate: string | null, spot: number | null = null): MarketFigures {
  const pipSize = m?.pipFactor ?? (quoteOf(pair) === 'JPY' ? 0.01 : 1e-4);
  const none: MarketFigures = { spot: null, rd: null, rf: null, rdQuoted: null, rfQuoted: null, forward: null, source: null, pipSize, hasSurface: false, observations: [] };
  if (!m) return none;
  const obs: Observation[] = [];
  if (m.spot) obs.push(m.spot);
  const hasSurface = !!m.surface && m.surface.values.some((row) => row[0] !== null);
  if (m.surface) obs.push(...m.surface.points.slice(0, 1));
  const out = { ...none, spot: m.spot?.value ?? null, hasSurface, observations: obs };
  let ctx: FxContext | null = null;
  try { ctx = fxContextOf(m, today, spot); } catch { ctx = null; }
  if (!ctx || !deliveryDate || !(deliveryDate > today)) return out;
  try {
    const f = forwardAt(ctx, deliveryDate);
    const r = continuousRates(ctx, deliveryDate);
    obs.push(...(f.from === 'points' ? m.forwardPoints : []), ...(depositCurve(m, quoteOf(pair)) ?? []).slice(0, 1), ...(f.from === 'points' ? [] : (depositCurve(m, baseOf(pair)) ?? []).slice(0, 1)));
    const y = impliedYieldsTo(ctx, deliveryDate);
    return {
      ...out, rd: r.rd * 100, rf: r.rf * 100, forward: f.forward, source: f.from === 'points' ? 'marketPoints' : 'depositRates',
      rdQuoted: y.quoteRate === null ? null : y.quoteRate * 100, rfQuoted: y.impliedBase === null ? null : y.impliedBase * 100,
      observations: obs,
    };
  } catch {
    return out;
  }
}

/** What the forward on screen is built from: typed rates win, else the market context's source. */
export function forwardSourceOf(i: Pick<Inputs, 'rd' | 'rf'>, f: MarketFigures): ForwardSource | null {
  return i.rd !== null || i.rf !== null ? 'typedRates' : f.source;
}

export const marketProvenance = (f: MarketFigures) => combinedProvenance(f.observations);

/** The surface as smiles (decimals) at each tenor's expiry date, for the request. */
export function smilesOf(pair: string, today: string, m: FxMarketReply | null): Array<Record<string, unknown>> {
  const s = m?.surface;
  if (!s) return [];
  const col = (q: string) => s.quotes.indexOf(q as never);
  const out: Array<Record<string, unknown>> = [];
  s.tenors.forEach((tenor, i) => {
    const atm = s.values[i][col('ATM')];
    if (atm === null || atm === undefined) return;
    const d = optionDates(pair, today, { kind: 'tenor', tenor });
    if ('error' in d) return;
    const q: Record<string, unknown> = { expiryDate: d.expiryDate, atm: atm / 100 };
    for (const [k, name] of [['rr25', 'RR25'], ['bf25', 'BF25'], ['rr10', 'RR10'], ['bf10', 'BF10']] as const) {
      const v = col(name) >= 0 ? s.values[i][col(name)] : null;
      if (v !== null && v !== undefined) q[k] = v / 100;
    }
    out.push(q);
  });
  return out;
}

/** Fixing dates of an average (AR/AS) from after today to expiry, rolled back to business days. */
export function fixingDates(pair: string, today: string, expiry: string, every: Inputs['fixings']): string[] {
  const open = pairBusinessDay(pair);
  const out = new Set<string>();
  const roll = (d: dayjs.Dayjs) => { let x = d; for (let i = 0; i < 10 && !open(x.format('YYYY-MM-DD')); i++) x = x.subtract(1, 'day'); return x; };
  let d = dayjs(expiry);
  for (let n = 0; n < 400 && d.format('YYYY-MM-DD') > today; n++) {
    const r = roll(d).format('YYYY-MM-DD');
    if (r > today) out.add(r);
    d = every === 'daily' ? d.subtract(1, 'day') : every === 'weekly' ? d.subtract(1, 'week') : dayjs(expiry).subtract(n + 1, 'month');
  }
  return [...out].sort();
}

export const presetsFor = (instrument: Inputs['instrument']) =>
  (['Premium', 'StrikeFromPremium', 'VolFromPremium', 'StrikeFromDelta', 'VolFromDelta', 'Strike'] as PresetValue[])
    .filter((v) => presetInstruments(presetOf(v)!).includes(instrument));

/** What the preset solves and is driven by (from the SPEC table, not a copy of it). */
export function presetRole(preset: string) {
  const p = presetOf(preset) ?? presetOf('Premium')!;
  return { solves: solveKind(p), driver: solveDriver(p) ?? (solveKind(p) === 'strikes' ? 'Premium' as const : undefined) };
}

export const isMultiLeg = (i: Pick<Inputs, 'instrument'>) => i.instrument === 'PP' || i.instrument === 'CU';

export interface PriceInput {
  inputs: Inputs;
  conventions: Conventions;
  market: FxMarketReply | null;
  today: string;
}

const invalid = (key: string, values?: Record<string, unknown>): Prepared => ({ invalid: { key: `${NS}:${key}`, ...(values ? { values } : {}) } });

/** Inputs -> the OPTIONCALC call, or why they cannot be priced (a message key of this tool). */
export function prepare({ inputs: i, conventions, market, today }: PriceInput): Prepared {
  if (!/^[A-Z]{6}$/.test(i.pair)) return invalid('errors.pair');
  if (!i.expiry) return invalid('errors.expiry');
  if (!i.notional) return invalid('errors.notional');
  const d = optionDates(i.pair, today, i.expiry);
  if ('error' in d) return invalid(d.error, d.values);
  const fig = marketFigures(i.pair, market, today, d.deliveryDate, i.spot);
  const spot = i.spot ?? fig.spot;
  const rd = i.rd ?? fig.rd;
  const rf = i.rf ?? fig.rf;
  if (spot === null) return invalid('errors.noSpot', { pair: i.pair });
  if (rd === null) return invalid('errors.noRate', { ccy: quoteOf(i.pair) });
  if (rf === null) return invalid('errors.noRate', { ccy: baseOf(i.pair) });
  const preset = presetsFor(i.instrument).includes(i.preset as PresetValue) ? i.preset : 'Premium';
  const role = presetRole(preset);
  const smiles = smilesOf(i.pair, today, market);
  const needsVol = (legVol: number | null) => legVol === null && !smiles.length;
  let premiumDate = d.spotDate;
  if (i.premiumDate) {
    const p = i.premiumDate.kind === 'date' ? { date: i.premiumDate.date } : (() => {
      const r = optionDates(i.pair, today, i.premiumDate);
      return 'error' in r ? null : { date: r.deliveryDate };
    })();
    if (!p) return invalid('errors.premiumDate');
    if (p.date < today) return invalid('errors.premiumDatePast');
    premiumDate = p.date;
  }
  const common = { notionalCurrency: i.notionalCurrency, expiryDate: d.expiryDate, deliveryDate: d.deliveryDate };
  const content: Record<string, unknown> = {
    pair: i.pair, valuationDate: today, spotDate: d.spotDate, premiumDate, instrument: i.instrument, preset,
    market: {
      spot, rd: rd / 100, rf: rf / 100, pipSize: fig.pipSize,
      ...(i.premiumRate !== null ? { premiumRate: i.premiumRate / 100 } : {}),
      ...(smiles.length ? { surface: { smiles } } : {}),
    },
    conventions,
    curves: { spotPoints: 81, timePoints: 21 },
    smile: true,
  };
  if (role.driver === 'Premium') {
    if (i.targetPremium === null && role.solves !== 'strikes') return invalid('errors.targetPremium');
    if (i.targetPremium !== null) content.target = { field: 'Premium', type: i.premiumType, currency: conventions.premiumCurrency, value: i.premiumType === 'Pct' ? i.targetPremium / 100 : i.targetPremium };
  } else if (role.driver === 'Delta') {
    if (i.targetDelta === null) return invalid('errors.targetDelta');
    content.target = { field: i.deltaField, type: i.deltaType, value: i.deltaType === 'Pct' ? i.targetDelta / 100 : i.targetDelta };
  }
  const fixings = (instrument: string) => (instrument === 'AR' || instrument === 'AS'
    ? { fixings: { dates: fixingDates(i.pair, today, d.expiryDate, i.fixings) } } : {});
  if (i.instrument === 'PP') {
    const tpl = STRATEGY_TEMPLATES[i.strategy as StrategyName];
    if (!tpl) return invalid('errors.strategy');
    if (!smiles.length && i.vol === null) return invalid('errors.noVol', { pair: i.pair });
    content.strategy = {
      name: i.strategy, direction: i.direction, type: i.type, notional: i.notional, ...common,
      ...(i.vol !== null ? { vol: i.vol / 100 } : {}),
      ...(i.strikes.some((k) => k !== null) ? { strikes: tpl.legs.map((_, n) => i.strikes[n] ?? null) } : {}),
    };
  } else if (i.instrument === 'CU') {
    if (!i.legs.length) return invalid('errors.noLegs');
    if (i.legs.some((l) => needsVol(l.vol))) return invalid('errors.noVol', { pair: i.pair });
    content.legs = i.legs.map((l: CustomLeg) => ({
      direction: l.direction, type: l.type, instrument: l.instrument, ...common,
      notional: l.notional ?? i.notional,
      strike: l.strike ?? 'ATM',
      ...(l.vol !== null ? { vol: l.vol / 100 } : {}),
      ...fixings(l.instrument),
    }));
  } else {
    const solvesStrike = role.solves === 'strike';
    const solvesVol = role.solves === 'vol';
    if (!solvesVol && needsVol(i.vol)) return invalid('errors.noVol', { pair: i.pair });
    content.legs = [{
      direction: i.direction, type: i.type, instrument: i.instrument, notional: i.notional, ...common,
      ...(solvesStrike || i.instrument === 'AS' ? {} : { strike: i.strike ?? 'ATM' }),
      ...(!solvesVol && i.vol !== null ? { vol: i.vol / 100 } : {}),
      ...fixings(i.instrument),
    }];
  }
  return { call: { method: METHOD, content } };
}

export type ShownLeg = LegResult & { expiryDate?: string; deliveryDate?: string };
export interface Curves {
  spot: number[]; payoffAtExpiry: number[]; pnlAtExpiry: number[]; valueToday: number[];
  deltaVsSpot: number[]; gammaVsSpot: number[]; vegaVsSpot: number[]; thetaVsSpot: number[];
  time: number[]; valueVsTime: number[]; deltaVsTime: number[]; gammaVsTime: number[]; vegaVsTime: number[]; thetaVsTime: number[];
}
export interface Smile { legNum?: number; strikes: number[]; vols: number[] }

export interface Shown {
  result: CalcResult & { legs: ShownLeg[]; spotDate?: string; premiumDate?: string };
  /** UI-CONTRACT results. */
  premium: number;
  premiumPct: number;
  delta: number;
  vega: number;
  forward: number;
  swapPoints: number;
  expiryDate: string | null;
  deliveryDate: string | null;
  spotDate: string | null;
  premiumDate: string | null;
  multiLeg: boolean;
  curves: Curves | null;
  smiles: Smile[];
}

/** The reply -> what the screen shows. Premium is what the buyer pays for one leg, the net (we pay +) for structures. */
export function read(body: Record<string, unknown>): Shown {
  const r = body as unknown as Shown['result'] & { curves?: Curves; smiles?: Smile[] };
  const leg = r.legs[0];
  const multiLeg = r.legs.length > 1;
  const premium = multiLeg ? r.total.premium.quoteAmount : leg.premium.quoteAmount;
  return {
    result: r,
    premium,
    premiumPct: (100 * premium) / (leg.notionalBase * r.spot),
    delta: r.total.greeks.delta,
    vega: r.total.greeks.vega,
    forward: leg.forward,
    swapPoints: leg.swapPoints,
    expiryDate: leg.expiryDate ?? null,
    deliveryDate: leg.deliveryDate ?? null,
    spotDate: r.spotDate ?? null,
    premiumDate: r.premiumDate ?? null,
    multiLeg,
    curves: r.curves ?? null,
    smiles: r.smiles ?? [],
  };
}

export const GREEK_ROWS: readonly (keyof GreekSet)[] = [
  'delta', 'forwardDelta', 'deltaPremiumAdjusted', 'forwardDeltaPremiumAdjusted', 'conventionDelta',
  'gamma', 'gammaBigFigure', 'vega', 'theta', 'rhoDomestic', 'rhoForeign', 'vanna', 'volga',
];

/** Base-currency greeks (deltas, gammas, vanna) vs quote-currency ones, for the unit shown. */
export const greekCurrency = (g: keyof GreekSet, pair: string) =>
  (/delta|gamma|vanna/i.test(g) ? baseOf(pair) : quoteOf(pair));

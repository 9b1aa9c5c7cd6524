// The rate option screens' model (/rateOption, /rateOptionMain, /irsMarketMaking) as JSON in,
// JSON out, so the server (OptPricingSvr) and the browser's offline worker run the same code:
//  - runRateOptionRequest: a swaption (expiry x tenor on an index) or a cap/floor (spot-starting,
//    `tenor` long) priced off curves given as CurveDefinitions (what the curve screen saves, or
//    the market's irs.* quotes), with a flat Black (shifted) / normal vol or SABR; greeks at fixed
//    annuity, DV01 by rebuilding the curves (+1bp on every input quote); optionally the vol
//    implied by a premium.
//  - runSwaptionGridRequest: the market-making grid (engines/rates/swaption-grid.ts) off a
//    swaption vol surface (SwaptionVolSurfaceData) on the same curves.
//  - runSabrCalibration: SABR alpha/rho/nu (beta fixed) fitted to smile quotes around a forward.
// Strike null = at the money (the forward swap rate; for a cap the par rate of the swap over
// the cap's periods). Compounded indices (FR007, SOFR) make in-arrears caplets (cap-floor.ts).
import { z } from 'zod';
import { PricingError, InverseSolveError } from '../../core/types';
import { type CalendarDate, fromISO, toISO } from '../../dates/date';
import { advance, parseTenor } from '../../dates/tenor';
import { projectedCalendars } from '../../dates/calendars';
import type { CalendarLookup } from '../../dates/fx-dates';
import { brentRoot } from '../../math/brent';
import { RATE_INDICES, conventionSwap, indexConvention, spotDate } from '../../market/curves/conventions';
import { type BuiltCurve, buildCurveSet, curveDefinitionSchema } from '../../market/curves/curve-definition';
import type { DiscountCurve } from '../../market/curves/discount-curve';
import { calibrateSabr } from '../../market/sabr/sabr';
import { SwaptionVolSurface, swaptionVolSurfaceSchema } from '../../market/rates-vol/swaption-vol-surface';
import { curveRisk } from './curve-risk';
import { priceSwap } from './swap-pricer';
import { forwardSwapAt, priceSwaption } from './swaption';
import { priceCapFloor } from './cap-floor';
import { type RateVolInput } from './rate-vol';
import { impliedBlackVol, impliedNormalVol } from './rate-option-formulas';
import { swaptionGrid } from './swaption-grid';


interface CurveUsed { name: string; index: string; maxRepricingError: number }
interface OptionReplyBase {
  valuationDate: string; startDate: string; endDate: string; strike: number; atm: boolean;
  npv: number; delta: number; gamma: number; vega: number; theta: number; dv01: number | null;
  impliedVol: number | null; volType: 'black' | 'normal'; shift: number; curves: CurveUsed[];
}
export interface SwaptionReply extends OptionReplyBase {
  product: 'swaption'; expiryDate: string; expiryTime: number; payer: boolean; forwardSwapRate: number; annuity: number; vol: number;
}
export interface CapletReply {
  start: string; end: string; payment: string; fixingDate: string; expiryTime: number; accrual: number; forward: number;
  discountFactor: number; vol: number; npv: number; delta: number; vega: number; status: 'option' | 'excluded' | 'fixed';
}
export interface CapFloorReply extends OptionReplyBase { product: 'cap' | 'floor'; caplets: CapletReply[] }
export type RateOptionReply = SwaptionReply | CapFloorReply;
export interface GridQuoteReply {
  expiry: string; tenor: string; expiryDate: string; startDate: string; endDate: string; expiryTime: number; forward: number; annuity: number;
  strike: number; kind: 'payer' | 'receiver' | 'straddle'; volMid: number; volBid: number; volAsk: number;
  premiumMid: number; premiumBid: number; premiumAsk: number; delta: number; gamma: number; vega: number; theta: number;
}
export interface SwaptionGridReply { valuationDate: string; volType: 'black' | 'normal'; shift: number; quotes: GridQuoteReply[] }
export interface SabrCalibrationReply { alpha: number; beta: number; rho: number; nu: number; rmse: number }

/**
 * The calendars every rate screen builds its curves on (the curve construction, IRS and carry
 * screens too): decreed CNY holidays, projected past the last notice (docs/pricing-rates.md),
 * so one saved curve gives the same discount factors on every screen.
 */
export const rateCalendars: CalendarLookup = projectedCalendars;

const tenor = z.string().regex(/^\d{1,3}[WMY]$/i, 'a tenor such as 3M, 1Y, 10Y');
const tenorOrDate = z.string().regex(/^(\d{1,3}[WMY]|\d{4}-\d{2}-\d{2})$/i, 'a tenor such as 1Y or an ISO date');
const finite = z.number().finite();

export const rateVolSchema = z.discriminatedUnion('model', [
  z.object({ model: z.literal('black'), vol: finite.gt(0), shift: finite.min(0).max(0.5).optional() }),
  z.object({ model: z.literal('normal'), vol: finite.gt(0) }),
  z.object({
    model: z.literal('sabr'), quote: z.enum(['black', 'normal']), shift: finite.min(0).max(0.5).optional(),
    sabr: z.object({ alpha: finite.gt(0), beta: finite.min(0).max(1), rho: finite.gt(-1).lt(1), nu: finite.min(0) }),
  }),
]);

const curvesSchema = z.array(curveDefinitionSchema).min(1).max(6);

export const rateOptionRequestSchema = z.object({
  curves: curvesSchema,
  /** The option's index: the curve on this index forecasts, its discount curve (or itself) discounts. */
  index: z.enum(RATE_INDICES),
  product: z.enum(['swaption', 'cap', 'floor']),
  /** Swaption expiry (tenor from the valuation date, Modified Following, or a date). */
  expiry: tenorOrDate.optional(),
  /** Underlying swap tenor (swaption) or cap/floor maturity from spot. */
  tenor,
  /** Decimal; null = ATM. */
  strike: finite.nullable(),
  payer: z.boolean().optional(),
  notional: finite.gt(0),
  vol: rateVolSchema,
  /** A premium (currency amount): the flat vol of the chosen model that prices to it. */
  premium: finite.gt(0).optional(),
  /** Skip the DV01 (curve rebuilds), e.g. for an implied-vol-only call. */
  dv01: z.boolean().optional(),
});
export type RateOptionRequest = z.infer<typeof rateOptionRequestSchema>;

function parse<T>(schema: z.ZodType<T>, json: unknown, what: string): T {
  const r = schema.safeParse(json);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new PricingError(`${what}: ${i.path.join('.') || '(root)'}: ${i.message}`);
  }
  return r.data;
}

interface Curves { projection: BuiltCurve; discount: BuiltCurve; all: BuiltCurve[] }

function curvesFor(defs: RateOptionRequest['curves'], index: string): Curves {
  let set: Map<string, BuiltCurve>;
  try {
    set = buildCurveSet(defs, rateCalendars);
  } catch (e) {
    throw new PricingError((e as Error).message);
  }
  const all = [...set.values()];
  const projection = all.find((c) => c.definition.index === index);
  if (!projection) throw new PricingError(`no curve on the index ${index}`);
  return { projection, discount: projection.discountedBy ?? projection, all };
}

function curveSet(c: Curves, map?: ReadonlyMap<string, DiscountCurve>) {
  return {
    valuationDate: c.projection.valuationDate,
    discount: map?.get(c.discount.name) ?? c.discount.curve,
    projection: map?.get(c.projection.name) ?? c.projection.curve,
  };
}

const volModelOf = (v: RateVolInput): 'black' | 'normal' => (v.model === 'sabr' ? v.quote : v.model);
const shiftOf = (v: RateVolInput): number => (v.model === 'normal' ? 0 : v.shift ?? 0);

function swaptionResult(r: RateOptionRequest, c: Curves): SwaptionReply {
  const v = c.projection.valuationDate;
  const conv = indexConvention(r.index);
  const cal = c.projection.calendar;
  if (!r.expiry) throw new PricingError('a swaption needs an expiry');
  const expiry: CalendarDate = /^\d{4}/.test(r.expiry) ? fromISO(r.expiry) : advance(cal, v, parseTenor(r.expiry), 'ModifiedFollowing');
  if (!(expiry > v)) throw new PricingError('the expiry must be after the valuation date');
  const payer = r.payer ?? true;
  const build = (K: number) => forwardSwapAt(conv, cal, expiry, r.tenor, { fixedRate: K, notional: r.notional, payer });
  // ATM: the forward swap rate of the same swap (its par rate is strike-independent).
  const K = r.strike ?? priceSwap(build(0), curveSet(c)).parRate;
  const underlying = build(K);
  const price = (map?: ReadonlyMap<string, DiscountCurve>) => priceSwaption({ expiry, underlying }, curveSet(c, map), r.vol);
  const s = price();
  const dv01 = r.dv01 === false ? null : curveRisk((m) => price(m).npv, c.all, { keyRates: false }).dv01;
  let impliedVol: number | null = null;
  if (r.premium !== undefined) {
    const model = volModelOf(r.vol), omega = payer ? 1 : -1;
    try {
      impliedVol = model === 'normal'
        ? impliedNormalVol(omega, r.premium / s.annuity, s.forwardSwapRate, K, s.expiryTime)
        : impliedBlackVol(omega, r.premium / s.annuity, s.forwardSwapRate, K, s.expiryTime, shiftOf(r.vol));
    } catch (e) {
      throw new InverseSolveError(`no volatility prices to this premium (${(e as Error).message})`);
    }
  }
  const fixed = underlying.fixed.periods;
  return {
    product: 'swaption', valuationDate: toISO(v), expiryDate: toISO(expiry), startDate: toISO(fixed[0].start), endDate: toISO(fixed[fixed.length - 1].end),
    expiryTime: s.expiryTime, strike: K, atm: r.strike === null, payer, npv: s.npv, forwardSwapRate: s.forwardSwapRate, annuity: s.annuity,
    vol: s.vol, volType: s.volType, shift: s.shift, delta: s.delta, gamma: s.gamma, vega: s.vega, theta: s.theta, dv01,
    impliedVol, curves: c.all.map((x) => ({ name: x.name, index: x.definition.index, maxRepricingError: x.maxRepricingError })),
  };
}

function capResult(r: RateOptionRequest, c: Curves): CapFloorReply {
  const v = c.projection.valuationDate;
  const conv = indexConvention(r.index);
  const cal = c.projection.calendar;
  const startDate = spotDate(conv, cal, v);
  const endDate = advance(cal, startDate, parseTenor(r.tenor), conv.swap.convention, conv.swap.endOfMonth);
  const swapOf = (K: number) => conventionSwap(conv, cal, { startDate, endDate, fixedRate: K, notional: r.notional, payer: true });
  const K = r.strike ?? priceSwap(swapOf(0), curveSet(c)).parRate;
  const periods = swapOf(K).float.periods;
  const cap = { type: r.product as 'cap' | 'floor', strike: K, periods, inArrears: conv.index.kind === 'compounded' };
  const price = (map?: ReadonlyMap<string, DiscountCurve>, vol: RateVolInput = r.vol) => priceCapFloor(cap, curveSet(c, map), vol);
  const p = price();
  const dv01 = r.dv01 === false ? null : curveRisk((m) => price(m).npv, c.all, { keyRates: false }).dv01;
  let impliedVol: number | null = null;
  if (r.premium !== undefined) {
    // A cap's premium is increasing in the flat vol: bracket and solve.
    const model = volModelOf(r.vol), shift = shiftOf(r.vol);
    const flat = (vol: number): RateVolInput => (model === 'normal' ? { model: 'normal', vol } : { model: 'black', vol, shift });
    const g = (vol: number) => price(undefined, flat(vol)).npv - r.premium!;
    let hi = model === 'normal' ? 0.01 : 0.5;
    for (let i = 0; i < 40 && g(hi) < 0; i++) hi *= 2;
    if (!(g(1e-12) < 0 && g(hi) > 0)) throw new InverseSolveError('no volatility prices to this premium');
    impliedVol = brentRoot(g, 1e-12, hi, { xTol: 1e-14 });
  }
  let delta = 0, gamma = 0, theta = 0;
  for (const x of p.caplets) { delta += x.delta; gamma += x.gamma; theta += x.theta; }
  return {
    product: r.product as 'cap' | 'floor', valuationDate: toISO(v), startDate: toISO(startDate), endDate: toISO(endDate), strike: K, atm: r.strike === null,
    npv: p.npv, vega: p.vega, delta, gamma, theta, dv01, impliedVol, volType: volModelOf(r.vol), shift: shiftOf(r.vol),
    caplets: p.caplets.map((x) => ({
      start: toISO(x.start), end: toISO(x.end), payment: toISO(x.payment), fixingDate: toISO(x.fixingDate), expiryTime: x.expiryTime, accrual: x.accrual,
      forward: x.forward, discountFactor: x.discountFactor, vol: x.vol, npv: x.npv, delta: x.delta, vega: x.vega, status: x.status,
    })),
    curves: c.all.map((x) => ({ name: x.name, index: x.definition.index, maxRepricingError: x.maxRepricingError })),
  };
}

export function runRateOptionRequest(json: unknown): RateOptionReply {
  const r = parse(rateOptionRequestSchema, json, 'rate option');
  const c = curvesFor(r.curves, r.index);
  try {
    return r.product === 'swaption' ? swaptionResult(r, c) : capResult(r, c);
  } catch (e) {
    if (e instanceof PricingError) throw e;
    throw new PricingError((e as Error).message);
  }
}

export const swaptionGridRequestSchema = z.object({
  curves: curvesSchema,
  surface: swaptionVolSurfaceSchema,
  notional: finite.gt(0),
  /** Decimals from the ATM forward. */
  strikeOffsets: z.array(finite.min(-0.05).max(0.05)).min(1).max(9).optional(),
  kinds: z.array(z.enum(['payer', 'receiver', 'straddle'])).min(1).max(3).optional(),
  halfSpread: z.union([z.object({ vol: finite.min(0).max(1) }), z.object({ premium: finite.min(0).max(1) })]),
});

export function runSwaptionGridRequest(json: unknown): SwaptionGridReply {
  const r = parse(swaptionGridRequestSchema, json, 'swaption grid');
  const c = curvesFor(r.curves, r.surface.index);
  try {
    const surface = new SwaptionVolSurface(r.surface, c.projection.calendar);
    const quotes = swaptionGrid({
      surface, curves: { discount: c.discount, projection: c.projection }, notional: r.notional,
      ...(r.strikeOffsets ? { strikeOffsets: r.strikeOffsets } : {}), ...(r.kinds ? { kinds: r.kinds } : {}), halfSpread: r.halfSpread,
    });
    return {
      valuationDate: toISO(c.projection.valuationDate), volType: surface.volType, shift: surface.shift,
      quotes: quotes.map((q) => ({ ...q, expiryDate: toISO(q.expiryDate), startDate: toISO(q.startDate), endDate: toISO(q.endDate) })),
    };
  } catch (e) {
    throw new PricingError((e as Error).message);
  }
}

export const sabrCalibrationSchema = z.object({
  forward: finite,
  /** Years to expiry. */
  expiryTime: finite.gt(0).max(60),
  beta: finite.min(0).max(1),
  quote: z.enum(['black', 'normal']),
  shift: finite.min(0).max(0.5).optional(),
  points: z.array(z.object({ strike: finite, vol: finite.gt(0) })).min(3).max(30),
});

export function runSabrCalibration(json: unknown): SabrCalibrationReply {
  const r = parse(sabrCalibrationSchema, json, 'SABR calibration');
  try {
    const p = calibrateSabr(r.points, r.forward, r.expiryTime, r.beta, { quote: r.quote, shift: r.shift ?? 0 });
    return { alpha: p.alpha, beta: p.beta, rho: p.rho, nu: p.nu, rmse: p.rmse };
  } catch (e) {
    throw new InverseSolveError(`SABR calibration failed: ${(e as Error).message}`);
  }
}


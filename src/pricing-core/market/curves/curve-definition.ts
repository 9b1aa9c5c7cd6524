// A curve as data: what the curve construction screen saves by name and date and the other rate
// screens load. A definition names the index (its conventions: ./conventions.ts), the as-of
// (valuation) date, the interpolation, optionally the curve that discounts it (dual curve), and
// the market instruments with their quotes. `buildCurve` turns it into a bootstrapped curve with
// its nodes and every input's repricing error; `buildCurveSet` builds several with their
// discounting dependencies, and `solveCurveSet` re-solves them for changed quotes (risk).
// JSON in, validated by a schema (zod), so a stored or shared curve cannot smuggle bad data in.
import { z } from 'zod';
import { type CalendarDate, fromISO, toISO } from '../../dates/date';
import type { Calendar } from '../../dates/calendar';
import { DAY_COUNTS, type DayCount } from '../../dates/day-count';
import type { CalendarLookup } from '../../dates/fx-dates';
import { immDateFromCode, nextIMMDate } from '../../dates/tenor';
import { type CurveInstrument, CurveBootstrap, pillarDate } from './bootstrap';
import { type DiscountCurve, curveTime } from './discount-curve';
import { CURVE_INTERPOLATIONS } from './interpolation';
import {
  RATE_INDICES, type RateIndexConvention, depositInstrument, fixingInstrument, fraInstrument, indexConvention, swapInstrument,
} from './conventions';

const quote = z.number().finite();
const dayCount = z.enum(DAY_COUNTS);
const tenor = z.string().regex(/^(ON|\d{1,3}[DWMY])$/i, 'a tenor such as ON, 1W, 3M, 10Y');
const enabled = z.boolean().optional();
const frequency = z.union([z.literal(1), z.literal(2), z.literal(4), z.literal(12)]);

export const curveInstrumentSpecSchema = z.discriminatedUnion('type', [
  /** The index's own fixing (FR007 7D, SHIBOR 3M, SOFR overnight...). */
  z.object({ type: z.literal('fixing'), quote, dayCount: dayCount.optional(), enabled }),
  /** A cash deposit from spot (ON: from today). */
  z.object({ type: z.literal('deposit'), tenor, quote, dayCount: dayCount.optional(), enabled }),
  /** FRA startMonths x endMonths from spot. */
  z.object({ type: z.literal('fra'), startMonths: z.number().int().min(0).max(120), endMonths: z.number().int().min(1).max(121), quote, dayCount: dayCount.optional(), enabled }),
  /** 3M IMM future by contract code (H6 = March 2026), price 100 - rate; rate less the convexity adjustment. */
  z.object({ type: z.literal('future'), contract: z.string().regex(/^[FGHJKMNQUVXZ]\d$/i, 'a contract code such as H6'), price: z.number().finite().gt(0).lt(200), convexity: z.number().finite().optional(), dayCount: dayCount.optional(), enabled }),
  /** A spot-starting par swap on the index's conventions (leg rules may be overridden). */
  z.object({
    type: z.literal('swap'), tenor, quote, enabled,
    fixedFrequency: frequency.optional(), fixedDayCount: dayCount.optional(), floatFrequency: frequency.optional(), floatDayCount: dayCount.optional(),
  }),
]);
export type CurveInstrumentSpec = z.infer<typeof curveInstrumentSpecSchema>;

export const curveDefinitionSchema = z.object({
  name: z.string().trim().min(1).max(120),
  index: z.enum(RATE_INDICES),
  asOf: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'an ISO date YYYY-MM-DD'),
  interpolation: z.enum(CURVE_INTERPOLATIONS),
  /** Name of the curve that discounts this one (dual curve); absent: single curve. */
  discountCurve: z.string().trim().min(1).max(120).optional(),
  instruments: z.array(curveInstrumentSpecSchema).min(1).max(120),
});
export type CurveDefinition = z.infer<typeof curveDefinitionSchema>;

/** Validates JSON (e.g. a stored curve) into a definition; the error names the bad field. */
export function parseCurveDefinition(json: unknown): CurveDefinition {
  const r = curveDefinitionSchema.safeParse(json);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new RangeError(`curve definition: ${i.path.join('.') || '(root)'}: ${i.message}`);
  }
  fromISO(r.data.asOf); // a real date
  return r.data;
}

/**
 * Market data rolled forward: the same quotes re-anchored at a later valuation date (tenors
 * count from the new date). What a desk does when today's quotes are not in yet: value today
 * on the latest data and say so. An earlier or equal date leaves the definition as it is.
 */
export function rolledForward(def: CurveDefinition, valuationDate: string): CurveDefinition {
  fromISO(valuationDate); // a real date
  return valuationDate > def.asOf ? { ...def, asOf: valuationDate } : def;
}

export interface BuiltCurveInstrument {
  /** Position in definition.instruments. */
  position: number;
  label: string;
  type: CurveInstrumentSpec['type'];
  /** The date its node sits on. */
  pillar: CalendarDate;
  /** The quote as a rate (a future's price turned into its forward rate). */
  rate: number;
  /** Model quote minus market quote on the built curve, repriced by the general pricers. */
  repricingError: number;
  instrument: CurveInstrument;
}

export interface CurveNode {
  date: CalendarDate;
  /** ACT/365F years from the valuation date. */
  t: number;
  discount: number;
  /** Continuously compounded zero rate. */
  zeroRate: number;
}

export interface BuiltCurve {
  readonly definition: CurveDefinition;
  readonly name: string;
  readonly convention: RateIndexConvention;
  readonly valuationDate: CalendarDate;
  readonly calendar: Calendar;
  readonly curve: DiscountCurve;
  /** Enabled instruments in definition order. */
  readonly instruments: readonly BuiltCurveInstrument[];
  /** Nodes after t = 0, in date order. */
  readonly nodes: readonly CurveNode[];
  readonly maxRepricingError: number;
  /** The curve discounting this one (dual curve). */
  readonly discountedBy?: BuiltCurve;
  /** Compiled bootstrap: `bootstrap.solve(rates, discount)` rebuilds for other quotes. */
  readonly bootstrap: CurveBootstrap;
  /** Quotes (as rates) in `instruments` order: the base of every bump. */
  readonly rates: Float64Array;
}

function toInstrument(spec: CurveInstrumentSpec, conv: RateIndexConvention, cal: Calendar, v: CalendarDate): CurveInstrument {
  switch (spec.type) {
    case 'fixing': return fixingInstrument(conv, cal, v, spec.quote, spec.dayCount as DayCount | undefined);
    case 'deposit': return depositInstrument(conv, cal, v, spec.tenor.toUpperCase(), spec.quote, (spec.dayCount as DayCount | undefined) ?? conv.depositDayCount);
    case 'fra': return fraInstrument(conv, cal, v, spec.startMonths, spec.endMonths, spec.quote, spec.dayCount as DayCount | undefined);
    case 'future': {
      const start = immDateFromCode(spec.contract.toUpperCase(), v);
      return {
        kind: 'future', label: `${conv.name} future ${spec.contract.toUpperCase()}`, start, end: nextIMMDate(start), price: spec.price,
        dayCount: (spec.dayCount as DayCount | undefined) ?? conv.index.dayCount, convexityAdjustment: spec.convexity ?? 0,
      };
    }
    case 'swap': {
      const overrides = {
        ...(spec.fixedFrequency ? { fixedFrequency: spec.fixedFrequency } : {}), ...(spec.floatFrequency ? { floatFrequency: spec.floatFrequency } : {}),
        ...(spec.fixedDayCount ? { fixedDayCount: spec.fixedDayCount as DayCount } : {}), ...(spec.floatDayCount ? { floatDayCount: spec.floatDayCount as DayCount } : {}),
      };
      return swapInstrument(conv, cal, v, spec.tenor.toUpperCase(), spec.quote, overrides);
    }
  }
}

/** Builds one curve; a dual curve needs its discounting curve already built. */
export function buildCurve(definition: CurveDefinition, ctx: { calendars: CalendarLookup; discountedBy?: BuiltCurve }): BuiltCurve {
  const def = parseCurveDefinition(definition);
  const conv = indexConvention(def.index);
  const calendar = ctx.calendars(conv.calendar);
  const v = fromISO(def.asOf);
  if (def.discountCurve !== undefined) {
    const d = ctx.discountedBy;
    if (!d || d.name !== def.discountCurve) throw new RangeError(`curve ${def.name}: its discounting curve ${def.discountCurve} is not built`);
    if (d.valuationDate !== v) throw new RangeError(`curve ${def.name}: its discounting curve ${d.name} is as of ${toISO(d.valuationDate)}, not ${def.asOf}`);
  }
  const enabledSpecs = def.instruments.map((spec, position) => ({ spec, position })).filter((x) => x.spec.enabled !== false);
  if (enabledSpecs.length === 0) throw new RangeError(`curve ${def.name}: no instrument is enabled`);
  const insts = enabledSpecs.map(({ spec, position }) => {
    try {
      return toInstrument(spec, conv, calendar, v);
    } catch (e) {
      throw new RangeError(`curve ${def.name}, instrument ${position + 1}: ${(e as Error).message}`);
    }
  });
  const discount = def.discountCurve !== undefined ? ctx.discountedBy!.curve : undefined;
  const bootstrap = new CurveBootstrap({ valuationDate: v, instruments: insts, interpolation: def.interpolation, discount });
  const curve = bootstrap.solve();
  const residualsSorted = bootstrap.residuals(curve);
  const residuals = new Array<number>(insts.length);
  bootstrap.order.forEach((inputIndex, k) => { residuals[inputIndex] = residualsSorted[k]; });
  const instruments = enabledSpecs.map(({ spec, position }, i) => ({
    position, label: insts[i].label ?? spec.type, type: spec.type, pillar: pillarDate(insts[i]), rate: bootstrap.quotes[i], repricingError: residuals[i], instrument: insts[i],
  }));
  const nodes = bootstrap.pillars.map((date) => {
    const t = curveTime(v, date);
    return { date, t, discount: curve.discount(t), zeroRate: curve.zeroRate(t) };
  });
  return {
    definition: def, name: def.name, convention: conv, valuationDate: v, calendar, curve, instruments, nodes,
    maxRepricingError: Math.max(...residuals.map(Math.abs)), ...(ctx.discountedBy ? { discountedBy: ctx.discountedBy } : {}),
    bootstrap, rates: Float64Array.from(bootstrap.quotes),
  };
}

/**
 * The same curve for new quotes (as rates, `instruments` order), e.g. as a user types them:
 * re-solved from the compiled bootstrap (no schedules rebuilt), with fresh repricing errors.
 * A dual curve takes its (possibly rebuilt) discounting curve.
 */
export function rebuildCurve(c: BuiltCurve, rates: ArrayLike<number>, discountedBy: BuiltCurve | undefined = c.discountedBy): BuiltCurve {
  if (rates.length !== c.instruments.length) throw new RangeError(`curve ${c.name}: expected ${c.instruments.length} quotes`);
  const discount = discountedBy?.curve;
  const curve = c.bootstrap.solve(rates, discount);
  const sorted = c.bootstrap.residuals(curve, rates, discount);
  const residuals = new Array<number>(rates.length);
  c.bootstrap.order.forEach((inputIndex, k) => { residuals[inputIndex] = sorted[k]; });
  return {
    ...c, curve, ...(discountedBy ? { discountedBy } : {}), rates: Float64Array.from(rates),
    instruments: c.instruments.map((x, i) => ({ ...x, rate: rates[i], repricingError: residuals[i] })),
    nodes: c.nodes.map((n) => ({ ...n, discount: curve.discount(n.t), zeroRate: curve.zeroRate(n.t) })),
    maxRepricingError: Math.max(...residuals.map(Math.abs)),
  };
}

/** Builds several curves, each after the curve that discounts it. */
export function buildCurveSet(definitions: readonly CurveDefinition[], calendars: CalendarLookup): Map<string, BuiltCurve> {
  const byName = new Map<string, CurveDefinition>();
  for (const d of definitions) {
    if (byName.has(d.name)) throw new RangeError(`two curves are named ${d.name}`);
    byName.set(d.name, d);
  }
  const built = new Map<string, BuiltCurve>();
  const visiting = new Set<string>();
  const build = (name: string): BuiltCurve => {
    const done = built.get(name);
    if (done) return done;
    const def = byName.get(name);
    if (!def) throw new RangeError(`no curve named ${name}`);
    if (visiting.has(name)) throw new RangeError(`curve ${name} is discounted by itself through a cycle`);
    visiting.add(name);
    const discountedBy = def.discountCurve !== undefined ? build(def.discountCurve) : undefined;
    const c = buildCurve(def, { calendars, discountedBy });
    visiting.delete(name);
    built.set(name, c);
    return c;
  };
  for (const d of definitions) build(d.name);
  return built;
}

/** The curve and the chain of curves discounting it, the deepest first. */
export function curveChain(c: BuiltCurve): BuiltCurve[] {
  const out: BuiltCurve[] = [];
  for (let x: BuiltCurve | undefined = c; x; x = x.discountedBy) out.unshift(x);
  return out;
}

/**
 * Re-solves curves for changed quotes: `rates` maps a curve name to its quotes (as rates, in
 * `instruments` order). Curves downstream of a changed one (discounted by it) are re-solved
 * too; the rest keep their base curve. Returns the discount curve of every curve asked for.
 */
export function solveCurves(curves: readonly BuiltCurve[], rates: ReadonlyMap<string, ArrayLike<number>>): Map<string, DiscountCurve> {
  const out = new Map<string, DiscountCurve>();
  const changed = new Set<string>();
  const solve = (c: BuiltCurve): DiscountCurve => {
    const done = out.get(c.name);
    if (done) return done;
    const disc = c.discountedBy ? solve(c.discountedBy) : undefined;
    const own = rates.get(c.name);
    let curve = c.curve;
    if (own || (c.discountedBy && changed.has(c.discountedBy.name))) {
      curve = c.bootstrap.solve(own ?? c.rates, disc);
      changed.add(c.name);
    }
    out.set(c.name, curve);
    return curve;
  };
  for (const c of curves) solve(c);
  return out;
}

/** Curve samples for charts (typed arrays, no per-point objects): every `stepDays` to the last node. */
export function sampleCurve(c: BuiltCurve, stepDays = 7): { t: Float64Array; discount: Float64Array; zero: Float64Array; forward: Float64Array } {
  const last = c.nodes[c.nodes.length - 1].t;
  const n = Math.max(2, Math.ceil((last * 365) / stepDays - 1e-9) + 1);
  const t = new Float64Array(n), discount = new Float64Array(n), zero = new Float64Array(n), forward = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const ti = Math.min(last, (i * stepDays) / 365);
    t[i] = ti;
    discount[i] = c.curve.discount(ti);
    zero[i] = c.curve.zeroRate(ti);
    forward[i] = c.curve.instantaneousForward(ti);
  }
  return { t, discount, zero, forward };
}

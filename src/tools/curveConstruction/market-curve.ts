// Market quotes -> a CurveDefinition of the pricing core's curve engine, shared by the rate
// screens (curve construction, IRS calculator, carry & roll): which series feed each index
// (its fixing, the currency's deposits, the index's swap curve), the instrument rows a user
// toggles, and the build on the screens' calendars. Pure: no React, no I/O.
import { z } from 'zod';
import type { DayCount } from '../../pricing-core/dates/day-count';
import { projectedCalendars } from '../../pricing-core/dates/calendars';
import { INDEX_CONVENTIONS, RATE_INDICES, type RateIndexId } from '../../pricing-core/market/curves/conventions';
import {
  buildCurve, curveDefinitionSchema, parseCurveDefinition, type BuiltCurve, type CurveDefinition, type CurveInstrumentSpec,
} from '../../pricing-core/market/curves/curve-definition';
import { CURVE_INTERPOLATIONS, type CurveInterpolation } from '../../pricing-core/market/curves/interpolation';

export { RATE_INDICES, CURVE_INTERPOLATIONS, type RateIndexId, type CurveInterpolation };

/** Where each index's quotes come from (market-data series ids, docs/market-data.md). */
export const INDEX_SOURCES: Readonly<Record<RateIndexId, { fixing: string; deposits: string; swaps: string }>> = {
  FR007: { fixing: 'rate.FR007', deposits: 'depo.CNY', swaps: 'irs.FR007' },
  SHIBOR3M: { fixing: 'rate.SHIBOR.3M', deposits: 'depo.CNY', swaps: 'irs.SHIBOR3M' },
  LPR1Y: { fixing: 'rate.LPR.1Y', deposits: 'depo.CNY', swaps: 'irs.LPR1Y' },
  LPR5Y: { fixing: 'rate.LPR.5Y', deposits: 'depo.CNY', swaps: 'irs.LPR5Y' },
  SOFR: { fixing: 'rate.SOFR', deposits: 'depo.USD', swaps: 'irs.SOFR' },
  ESTR: { fixing: 'rate.ESTR', deposits: 'depo.EUR', swaps: 'irs.ESTR' },
};

/** Index names as desks write them (UI-CONTRACT: `FR007`, `SHIBOR 3M`, `LPR 1Y`, `LPR 5Y`, `SOFR`). */
export const INDEX_LABELS: Readonly<Record<RateIndexId, string>> = {
  FR007: 'FR007', SHIBOR3M: 'SHIBOR 3M', LPR1Y: 'LPR 1Y', LPR5Y: 'LPR 5Y', SOFR: 'SOFR', ESTR: '€STR',
};

export const indexCurrency = (index: RateIndexId): string => INDEX_CONVENTIONS[index].currency;

/** The calendars every rate screen builds on: decreed CNY holidays, projected past the last notice. */
export const CURVE_CALENDARS = projectedCalendars;

/** Day counts a user may pick for deposits and swap fixed legs. */
export const CURVE_DAY_COUNTS = ['ACT/360', 'ACT/365F', 'ACT/ACT-ISDA', '30/360'] as const satisfies readonly DayCount[];

/** A market figure as the hooks give it (series id, value in percent, its date). */
export interface Quote {
  id: string;
  value: number;
  date: string;
  tenor?: string;
}

export interface MarketQuotes {
  fixing: Quote | null;
  deposits: readonly Quote[];
  swaps: readonly Quote[];
}

export interface InstrumentRow {
  /** Stable key: `fixing`, `deposit:3M`, `swap:5Y`, `fra:3x6`, `future:H7`. */
  key: string;
  spec: CurveInstrumentSpec;
  /** Market series it came from (absent for typed-in FRAs and futures). */
  sourceId?: string;
  /** Date of the market figure. */
  date?: string;
  /** Default when the user has not toggled it: fixing and swaps on, deposits off. */
  enabledByDefault: boolean;
  /** The quote is the user's, not the market's. */
  overridden?: boolean;
  /** The user's quote as typed (percent, a future's price). */
  typed?: number;
}

/** Settings of a curve a user chose on the construction screen (persisted, saved with the curve). */
export const CurveSettings = z.object({
  index: z.enum(RATE_INDICES),
  interpolation: z.enum(CURVE_INTERPOLATIONS),
  /** Day count override of the fixing and deposits ('' = the index's). */
  depositDayCount: z.union([z.literal(''), z.enum(CURVE_DAY_COUNTS)]),
  /** Day count override of the swaps' fixed legs ('' = the index's). */
  fixedDayCount: z.union([z.literal(''), z.enum(CURVE_DAY_COUNTS)]),
  /** Row keys toggled away from their default. */
  toggled: z.array(z.string().max(24)).max(200),
  /** Typed-in FRAs and futures (no market series carries them). */
  extras: z.array(curveDefinitionSchema.shape.instruments.element).max(40),
  /** Quotes the user typed over the market's, by row key: percent (a future: its price). */
  overrides: z.record(z.string().max(24), z.number().finite()).default({}),
  /** Dual curve: discounted on the FR007 market curve of the same date (CNY term indices only). */
  discount: z.enum(['self', 'FR007']).default('self'),
});
export type CurveSettings = z.infer<typeof CurveSettings>;

export const defaultSettings = (index: RateIndexId = 'FR007'): CurveSettings => ({
  index, interpolation: 'logLinearDiscount', depositDayCount: '', fixedDayCount: '', toggled: [], extras: [], overrides: {}, discount: 'self',
});

const pct = (x: number) => x / 100;

/** The instrument rows of an index from market quotes (percent figures -> decimals) and the typed-in extras. */
export function instrumentRows(q: MarketQuotes, s: Pick<CurveSettings, 'depositDayCount' | 'fixedDayCount' | 'extras'> & { overrides?: CurveSettings['overrides'] }): InstrumentRow[] {
  return withOverrides(marketRows(q, s), s.overrides ?? {});
}

/** Rows with the user's quotes in place of the market's (the market figure is kept as `marketQuote`). */
export function withOverrides(rows: InstrumentRow[], overrides: Readonly<Record<string, number>>): InstrumentRow[] {
  return rows.map((r) => {
    const o = overrides[r.key];
    if (o === undefined) return r;
    const spec: CurveInstrumentSpec = r.spec.type === 'future' ? { ...r.spec, price: o } : { ...r.spec, quote: o / 100 };
    return { ...r, spec, overridden: true, typed: o };
  });
}

function marketRows(q: MarketQuotes, s: Pick<CurveSettings, 'depositDayCount' | 'fixedDayCount' | 'extras'>): InstrumentRow[] {
  const depDc = s.depositDayCount || undefined;
  const rows: InstrumentRow[] = [];
  if (q.fixing) {
    rows.push({ key: 'fixing', spec: { type: 'fixing', quote: pct(q.fixing.value), ...(depDc ? { dayCount: depDc } : {}) }, sourceId: q.fixing.id, date: q.fixing.date, enabledByDefault: true });
  }
  for (const d of q.deposits) {
    if (!d.tenor) continue;
    rows.push({ key: `deposit:${d.tenor}`, spec: { type: 'deposit', tenor: d.tenor, quote: pct(d.value), ...(depDc ? { dayCount: depDc } : {}) }, sourceId: d.id, date: d.date, enabledByDefault: false });
  }
  for (const x of s.extras) rows.push({ key: extraKey(x), spec: x, enabledByDefault: true });
  for (const w of q.swaps) {
    if (!w.tenor) continue;
    rows.push({ key: `swap:${w.tenor}`, spec: { type: 'swap', tenor: w.tenor, quote: pct(w.value), ...(s.fixedDayCount ? { fixedDayCount: s.fixedDayCount } : {}) }, sourceId: w.id, date: w.date, enabledByDefault: true });
  }
  return rows;
}

export function extraKey(x: CurveInstrumentSpec): string {
  return x.type === 'fra' ? `fra:${x.startMonths}x${x.endMonths}` : x.type === 'future' ? `future:${x.contract.toUpperCase()}` : `${x.type}`;
}

export const isEnabled = (row: InstrumentRow, toggled: readonly string[]): boolean => row.enabledByDefault !== toggled.includes(row.key);

/** The curve's as-of: the date of its swap curve (the latest date among its market figures). */
export function quotesAsOf(q: MarketQuotes): string | null {
  const dates = [...q.swaps, ...q.deposits, ...(q.fixing ? [q.fixing] : [])].map((x) => x.date);
  return dates.length ? dates.reduce((a, b) => (b > a ? b : a)) : null;
}

/** The definition the engine builds: enabled rows only are flagged enabled; all are kept for the record. */
export function toDefinition(name: string, asOf: string, s: CurveSettings, rows: readonly InstrumentRow[]): CurveDefinition {
  return {
    name, index: s.index, asOf, interpolation: s.interpolation,
    instruments: rows.map((r) => ({ ...r.spec, enabled: isEnabled(r, s.toggled) })),
  };
}

/** The market curve of an index with the default choices (what /irsCal and /carryRoll use). */
export function marketDefinition(index: RateIndexId, q: MarketQuotes): CurveDefinition | null {
  const asOf = quotesAsOf(q);
  if (!asOf || q.swaps.length === 0) return null;
  const s = defaultSettings(index);
  return toDefinition(`${INDEX_LABELS[index]} ${asOf}`, asOf, s, instrumentRows(q, s));
}

/** Builds on the screens' calendars; an engine error is thrown as is (the screen shows it). */
export function buildOnScreen(def: CurveDefinition): BuiltCurve {
  return buildCurve(def, { calendars: CURVE_CALENDARS });
}

/** What /curveConstruction saves (ShareSvr item of tool `curveConstruction`). */
const SOURCE_KINDS = ['live', 'published', 'sample', 'simulated', 'imported', 'vendor'] as const;
/** The sources of the quotes it was built from, so a saved sample curve stays labelled SAMPLE. */
const SavedSource = z.object({ source: z.string().max(200), sourceKind: z.enum(SOURCE_KINDS), asOf: z.string().max(40) });
export const SavedCurve = z.object({
  definition: curveDefinitionSchema,
  /** The curve discounting it (dual curve), saved with it so it prices the same anywhere. */
  discountDefinition: curveDefinitionSchema.optional(),
  settings: CurveSettings.optional(),
  sources: z.array(SavedSource).max(10).optional(),
});
export type SavedCurve = z.infer<typeof SavedCurve>;
export const SAVED_CURVE_VERSION = 1;

/** A stored payload back into its definitions (schema-checked; the error names the field). */
export function savedCurve(payload: unknown): { definition: CurveDefinition; discountDefinition?: CurveDefinition; sources: NonNullable<SavedCurve['sources']> } {
  const p = SavedCurve.safeParse(payload);
  if (!p.success) throw new RangeError(`saved curve: ${p.error.issues[0].path.join('.')}: ${p.error.issues[0].message}`);
  return {
    definition: parseCurveDefinition(p.data.definition),
    ...(p.data.discountDefinition ? { discountDefinition: parseCurveDefinition(p.data.discountDefinition) } : {}),
    sources: p.data.sources ?? [],
  };
}

/** Indices a user may discount on FR007 (dual curve): the CNY term-rate swaps. */
export const DUAL_CURVE_INDICES: readonly RateIndexId[] = ['SHIBOR3M', 'LPR1Y', 'LPR5Y'];

/** A forecasting curve and the curve discounting it (the same curve when single). */
export interface CurvePair {
  projection: BuiltCurve;
  discount: BuiltCurve;
}

/** Builds a curve, discounted by `discountDefinition` when given (dual curve), else by itself. */
export function buildPair(definition: CurveDefinition, discountDefinition?: CurveDefinition | null): CurvePair {
  if (!discountDefinition) {
    const c = buildOnScreen(definition);
    return { projection: c, discount: c };
  }
  const discount = buildOnScreen(discountDefinition);
  const projection = buildCurve({ ...definition, discountCurve: discount.name }, { calendars: CURVE_CALENDARS, discountedBy: discount });
  return { projection, discount };
}


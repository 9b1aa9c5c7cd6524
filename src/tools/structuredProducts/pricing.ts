// From a package and the market figures to what the structured screens show: the product
// resolved against the valuation date, calendars and stored fixings; the flat market at its
// maturity (vol and rates read off the curves, each overridable); its knock-in/knock-out
// status from the stored fixings; the request the engine prices. Pure: the runner (GPU,
// workers, this thread) is passed in.
import type { PackageAst } from '../../pricing-core/instruments/structured/ast';
import { StructuredLanguageError, type Diagnostic } from '../../pricing-core/instruments/structured/diagnostics';
import { initialFixingValue, observationTable, resolvePackage, type ObservationRow, type ResolvedProduct } from '../../pricing-core/instruments/structured/resolve';
import type { StructuredRequest } from '../../pricing-core/engines/structured';
import { lowerProduct } from '../../pricing-core/mc/structured';
import type { Observation } from '../../kit/market-data/series';
import { type MarketPlan, screenCalendars, calendarCodes } from './market';
import { pillars, rateAt, volAt } from '../../kit/market-data/pillars';
import { depositRate, discountFactor, forwardAt, fxContext, optionRates } from '../../pricing-core/market/fx-context';

export interface FlatMarketInputs {
  spot: number;
  /** Decimals (0.05 = 5 %). */
  vol: number;
  rd: number;
  rf: number;
}

export type MarketField = keyof FlatMarketInputs;

/** Where a figure came from: market series (ids and observations), or typed by the user. */
export interface FigureSource {
  kind: 'market' | 'user' | 'missing';
  observations: Observation[];
  /** For curves: the quoted rate (percent) before conversion to continuous compounding. */
  quoted?: number;
}

export interface MarketAtMaturity {
  inputs: Partial<FlatMarketInputs>;
  sources: Record<MarketField, FigureSource>;
}

const calendars = screenCalendars();

/**
 * The flat market at time t (years): spot, ATM vol, rates; `overrides` (decimals) win. For an
 * FX underlying with market swap points and `dates`, the rates are the desk's one FX market
 * (src/kit/fx-market): rd gives the quote deposit discount to maturity, rf the market forward
 * to maturity (spot + swap points), S e^{(rd - rf) t} = F(maturity) exactly.
 */
export function marketAt(plan: MarketPlan, values: ReadonlyMap<string, Observation>, t: number, overrides: Partial<FlatMarketInputs> = {}, dates?: { valuationDate: string; maturityDate?: string }): MarketAtMaturity {
  const inputs: Partial<FlatMarketInputs> = {};
  const sources = {} as Record<MarketField, FigureSource>;
  const set = (f: MarketField, v: number | undefined, obs: Observation[], quoted?: number) => {
    if (overrides[f] !== undefined && Number.isFinite(overrides[f])) {
      inputs[f] = overrides[f];
      sources[f] = { kind: 'user', observations: [] };
    } else if (v !== undefined && Number.isFinite(v)) {
      inputs[f] = v;
      sources[f] = { kind: 'market', observations: obs, ...(quoted !== undefined ? { quoted } : {}) };
    } else sources[f] = { kind: 'missing', observations: [] };
  };
  const spot = values.get(plan.spotId);
  set('spot', spot?.value, spot ? [spot] : []);
  const v = volAt(pillars(plan.volIds, values), t);
  set('vol', v?.value, v?.from.map((p) => p.obs) ?? []);
  const fx = dates?.maturityDate && inputs.spot !== undefined ? fxRatesAt(plan, values, inputs.spot, dates.valuationDate, dates.maturityDate, t) : null;
  if (fx) {
    set('rd', fx.rd, fx.rdObs, fx.rdQuoted);
    // With the market rd this is the forward's rf exactly; with a typed rd the forward stays the market's.
    set('rf', inputs.rd! - Math.log(fx.forward / inputs.spot!) / t, fx.rfObs);
    return { inputs, sources };
  }
  const rd = rateAt(pillars(plan.rdIds, values), t);
  set('rd', rd?.value, rd?.from.map((p) => p.obs) ?? [], rd?.quoted);
  if (plan.futures) set('rf', inputs.rd, sources.rd.observations, rd?.quoted);
  else {
    const rf = rateAt(pillars(plan.rfIds, values), t);
    set('rf', rf?.value, rf?.from.map((p) => p.obs) ?? [], rf?.quoted);
  }
  return { inputs, sources };
}

/** An FX underlying's flat rates to maturity from the one FX market context, or null without swap points. */
function fxRatesAt(plan: MarketPlan, values: ReadonlyMap<string, Observation>, spot: number, valuationDate: string, maturityDate: string, t: number) {
  if (!plan.fwdIds?.length || !(maturityDate > valuationDate)) return null;
  const quotes = (ids: ReadonlyArray<{ tenor: string; id: string }>) => ids.flatMap(({ tenor, id }) => { const o = values.get(id); return o && Number.isFinite(o.value) ? [{ tenor, value: o.value, obs: o }] : []; });
  const pts = quotes(plan.fwdIds), rd = quotes(plan.rdIds), rf = quotes(plan.rfIds);
  if (!pts.length || !rd.length) return null;
  const pair = plan.spotId.slice(3);
  try {
    const ctx = fxContext({ pair, tradeDate: valuationDate, spot, points: pts, quoteDeposits: rd, baseDeposits: rf });
    if (!ctx.hasPoints) return null;
    const f = forwardAt(ctx, maturityDate);
    const o = optionRates(spot, f.forward, discountFactor(ctx, 'quote', maturityDate), { tSpot: 0, tExpiry: t, tDelivery: t, tPremium: 0 });
    const q = depositRate(ctx, 'quote', maturityDate);
    return { rd: o.rd, rf: o.rf, forward: f.forward, rdQuoted: q === null ? undefined : q * 100, rdObs: rd.map((x) => x.obs), rfObs: [...pts.map((x) => x.obs), ...(f.from === 'parity' ? rf.map((x) => x.obs) : [])] };
  } catch {
    return null;
  }
}

export interface ValuationContext {
  valuationDate: string;
  fixings?: Record<string, number>;
  params?: Record<string, number>;
}

export type ProductStatus = 'live' | 'knockedIn' | 'knockedOut' | 'matured' | 'forwardStart';

export interface Prepared {
  resolved: ResolvedProduct;
  /** Years from the valuation date to maturity (negative once matured). */
  maturityT: number;
  maturityIso?: string;
  /** S0 when known (past initial fixing, or today's spot). */
  s0?: number;
  status: ProductStatus;
  /** Variables after the stored fixings (knock-in flags, counters). */
  state: Record<string, number>;
  rows: ObservationRow[];
  /** Calendars whose years after the last official notice were projected as weekends only. */
  projected: Array<{ code: string; years: string }>;
  warnings: Diagnostic[];
}

/** Resolves the product for the screen; throws StructuredLanguageError with every diagnostic. */
export function prepareProduct(ast: PackageAst, ctx: ValuationContext, spot: number | undefined): Prepared {
  const resolved = resolvePackage(ast, { valuationDate: ctx.valuationDate, calendars: calendars.lookup, fixings: ctx.fixings, params: ctx.params, spot });
  const mat = resolved.dates.get('maturity');
  const maturityT = mat?.time ?? 0;
  const s0 = spot !== undefined ? initialFixingValue(resolved, spot) : resolved.initialFixing.kind === 'known' ? resolved.initialFixing.value : undefined;
  const rows = s0 !== undefined ? observationTable(resolved, s0) : [];
  // The past (observations up to the valuation date, from the stored fixings) is run when the
  // product is lowered; its state is what every path starts from. It does not depend on the market.
  const init = lowerProduct(resolved, { spot: spot ?? s0 ?? 1, rd: 0, rf: 0, vol: 0.1 }, { paths: 1, initialFixing: s0 ?? spot ?? 1 }).program.init;
  const vars: Record<string, number> = Object.fromEntries(ast.vars.map((v, i) => [v.name, init.vars[i]]));
  const knockedIn = Object.entries(vars).some(([k, v]) => /knock\w*in|^ki(?![a-z])/i.test(k) && v !== 0);
  const status: ProductStatus = !init.alive ? 'knockedOut' : maturityT < 0 ? 'matured' : knockedIn ? 'knockedIn' : resolved.initialFixing.kind === 'future' ? 'forwardStart' : 'live';
  const valYear = Number(ctx.valuationDate.slice(0, 4));
  const toYear = mat?.iso ? Number(mat.iso.slice(0, 4)) : valYear;
  const tradeIso = resolved.dates.get('trade')?.iso;
  const fromYear = Math.min(valYear, tradeIso ? Number(tradeIso.slice(0, 4)) : valYear);
  return {
    resolved,
    maturityT,
    maturityIso: mat?.iso,
    s0,
    status,
    state: { ...vars },
    rows,
    projected: calendars.projected(calendarCodes(ast.calendar), fromYear, toYear),
    warnings: resolved.warnings,
  };
}

export interface McSettings {
  paths: number;
  seed: number;
}

/** The engine request for a prepared product. */
export function requestFor(ast: PackageAst, ctx: ValuationContext, market: FlatMarketInputs, mc: McSettings): StructuredRequest {
  return {
    product: ast,
    market,
    context: { valuationDate: ctx.valuationDate, calendars: calendars.lookup, fixings: ctx.fixings, params: ctx.params },
    method: 'auto',
    mc: { paths: mc.paths, seed: mc.seed },
  };
}

/** Every missing market figure, or null when the market is complete. */
export function missingFigures(m: Partial<FlatMarketInputs>): MarketField[] | null {
  const miss = (['spot', 'vol', 'rd', 'rf'] as const).filter((k) => m[k] === undefined || !Number.isFinite(m[k]));
  return miss.length ? [...miss] : null;
}

/** Dates (ISO) between trade and the valuation date for which the product needs a stored fixing. */
export function historyRange(ast: PackageAst, valuationDate: string): { from: string; to: string } | null {
  const trade = ast.dates.find((d) => d.builtin && d.name === 'trade');
  if (!trade || trade.value.kind !== 'date') return null;
  const from = trade.value.iso;
  if (from >= valuationDate) return null;
  return { from, to: valuationDate };
}

export const isLanguageError = (e: unknown): e is StructuredLanguageError => e instanceof StructuredLanguageError;

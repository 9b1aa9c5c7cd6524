// The bulk screens' engine (bulk valuation, bulk pricing): one market fetch for the whole
// book as of the valuation date (MD.LATEST for spots, ATM vols and deposit curves; MD.HISTORY
// for stored fixings), then each product resolved, its status read from the fixings, and
// priced (or its coupon solved) on a runner of its own (workers, cancellable). Not React.
import type { MarketDataClient } from '../../kit/market-data';
import type { Observation } from '../../kit/market-data/series';
import type { PackageAst } from '../../pricing-core/instruments/structured/ast';
import { formatDiagnostic } from '../../pricing-core/instruments/structured/diagnostics';
import { priceStructured, solveStructured, type StructuredRunner } from '../../pricing-core/engines/structured';
import { BookError } from './book';
import { fixingsFromHistory, marketPlan, type MarketPlan } from './market';
import { isLanguageError, marketAt, missingFigures, prepareProduct, requestFor, type FlatMarketInputs, type McSettings, type ProductStatus } from './pricing';
import { Cancelled } from './runner';

export interface BulkMarket {
  valuationDate: string;
  values: Map<string, Observation>;
  /** Stored fixings by spot series id (up to and including the valuation date when it is past). */
  fixings: Map<string, Record<string, number>>;
}

export const planOf = (ast: PackageAst): MarketPlan => {
  const p = marketPlan(ast);
  if ('error' in p) throw new BookError({ code: 'underlyingInvalid', text: p.code });
  return p;
};

/** Fetches everything the book needs; `live` (valuing today): latest figures, else as of the date. */
export async function loadBulkMarket(client: MarketDataClient, packages: readonly PackageAst[], valuationDate: string, live: boolean): Promise<BulkMarket> {
  const plans = packages.map(planOf);
  const ids = new Set<string>();
  const spots = new Set<string>();
  for (const p of plans) {
    ids.add(p.spotId);
    spots.add(p.spotId);
    for (const x of [...p.volIds, ...p.rdIds, ...p.rfIds, ...(p.fwdIds ?? [])]) ids.add(x.id);
  }
  const trades = packages.map((a) => a.dates.find((d) => d.builtin && d.name === 'trade')).map((d) => (d?.value.kind === 'date' ? d.value.iso : valuationDate));
  const from = trades.reduce((m, x) => (x < m ? x : m), valuationDate);
  const [latest, history] = await Promise.all([
    client.latest([...ids], live ? {} : { asOf: valuationDate }),
    from < valuationDate ? client.history([...spots], { from, to: valuationDate }) : Promise.resolve(null),
  ]);
  const values = new Map(latest.values.map((o) => [o.id, o] as const));
  const fixings = new Map<string, Record<string, number>>();
  // Valuing today: today's fixing is the live spot; a past date: its stored close is the fixing.
  const upTo = live ? new Date(Date.parse(`${valuationDate}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10) : valuationDate;
  for (const s of history?.series ?? []) fixings.set(s.id, fixingsFromHistory(s.dates, s.values, upTo));
  return { valuationDate, values, fixings };
}

export interface RowOutcome {
  status?: ProductStatus;
  s0?: number;
  market?: FlatMarketInputs;
  /** Per 1.00 of principal. */
  npv?: number;
  stderr?: number;
  method?: 'closedForm' | 'mc';
  solved?: { value: number; stderr?: number };
  /** The row's failure in both languages. */
  error?: { zh: string; en: string };
  /** Ids of the market figures used. */
  used: string[];
}

export function describeFailure(e: unknown, words: (p: BookError['problem']) => { zh: string; en: string }): { zh: string; en: string } {
  if (e instanceof BookError) return words(e.problem);
  if (isLanguageError(e)) {
    const d = e.diagnostics.find((x) => x.severity === 'error') ?? e.diagnostics[0];
    return d ? { zh: formatDiagnostic(d, 'zh'), en: formatDiagnostic(d, 'en') } : { zh: e.message, en: e.message };
  }
  const m = e instanceof Error ? e.message : String(e);
  return { zh: `计算失败：${m}`, en: `Calculation failed: ${m}` };
}

export interface ValueOptions {
  mc: McSettings;
  runner: StructuredRunner;
  /** Bulk pricing: the param solved for the target price (per 1.00 of principal). */
  solve?: { param: string; target: number };
  words: (p: BookError['problem']) => { zh: string; en: string };
}

/** Values (or solves) one product of the book; never throws except on cancel. */
export async function valueProduct(ast: PackageAst, bm: BulkMarket, o: ValueOptions): Promise<RowOutcome> {
  const out: RowOutcome = { used: [] };
  try {
    const plan = planOf(ast);
    const fixings = bm.fixings.get(plan.spotId);
    const spotObs = bm.values.get(plan.spotId);
    const ctx = { valuationDate: bm.valuationDate, fixings };
    const p = prepareProduct(ast, ctx, spotObs?.value);
    out.status = p.status;
    out.s0 = p.s0;
    const m = marketAt(plan, bm.values, Math.max(p.maturityT, 1 / 365), {}, { valuationDate: bm.valuationDate, maturityDate: p.maturityIso });
    out.used = [...new Set(Object.values(m.sources).flatMap((s) => s.observations.map((x) => x.id)))];
    const miss = missingFigures(m.inputs);
    if (miss) throw new Error(`market data missing: ${miss.join(', ')}`);
    out.market = m.inputs as FlatMarketInputs;
    const req = requestFor(ast, ctx, out.market, o.mc);
    const r = await priceStructured(req, o.runner);
    out.npv = r.npv;
    out.stderr = r.stderr ?? 0;
    out.method = r.method;
    if (o.solve && p.status !== 'knockedOut' && p.status !== 'matured') {
      const s = await solveStructured(req, o.solve, o.runner);
      out.solved = { value: s.value, stderr: s.stderr };
    }
  } catch (e) {
    if (e instanceof Cancelled) throw e;
    out.error = describeFailure(e, o.words);
  }
  return out;
}

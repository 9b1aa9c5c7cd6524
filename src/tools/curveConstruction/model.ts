// /curveConstruction model: the built curve -> what the screen shows (nodes, inputs with their
// repricing errors, chart samples) and the exported file. Pure.
import { toISO } from '../../pricing-core/dates/date';
import { sampleCurve, type BuiltCurve, type CurveDefinition, type CurveInstrumentSpec } from '../../pricing-core/market/curves/curve-definition';
import type { InstrumentRow } from './market-curve';

/** Repricing errors above this are a failed build (the bar; the engine gets ~1e-15). */
export const REPRICING_TOLERANCE = 1e-10;

export interface NodeRow {
  date: string;
  t: number;
  discount: number;
  /** Continuous zero rate, percent. */
  zero: number;
}

export const nodeRows = (c: BuiltCurve): NodeRow[] =>
  c.nodes.map((n) => ({ date: toISO(n.date), t: n.t, discount: n.discount, zero: n.zeroRate * 100 }));

export interface InputRow {
  key: string;
  type: CurveInstrumentSpec['type'];
  label: string;
  /** Quote as the market gives it: rate in percent, a future's price. */
  quote: number;
  enabled: boolean;
  overridden: boolean;
  sourceId?: string;
  date?: string;
  pillar: string | null;
  /** Model minus market quote, decimal rate; null when not in the build. */
  repricingError: number | null;
}

export function instrumentLabel(spec: CurveInstrumentSpec, fixingName = ''): string {
  switch (spec.type) {
    case 'fixing': return fixingName;
    case 'deposit': return spec.tenor;
    case 'fra': return `${spec.startMonths}x${spec.endMonths}`;
    case 'future': return spec.contract.toUpperCase();
    case 'swap': return spec.tenor;
  }
}

export const quoteOf = (spec: CurveInstrumentSpec): number => (spec.type === 'future' ? spec.price : spec.quote * 100);

/** Every row, built or not, with its pillar and repricing error when it is in the curve. */
export function inputRows(rows: readonly InstrumentRow[], enabled: (r: InstrumentRow) => boolean, built: BuiltCurve | null, fixingName = ''): InputRow[] {
  const byPosition = new Map((built?.instruments ?? []).map((b) => [b.position, b]));
  return rows.map((r, i) => {
    const b = byPosition.get(i);
    return {
      key: r.key, type: r.spec.type, label: instrumentLabel(r.spec, fixingName), quote: r.typed ?? quoteOf(r.spec), enabled: enabled(r), overridden: !!r.overridden,
      ...(r.sourceId ? { sourceId: r.sourceId } : {}), ...(r.date ? { date: r.date } : {}),
      pillar: b ? toISO(b.pillar) : null, repricingError: b ? b.repricingError : null,
    };
  });
}

/** Chart samples: x in years; zero and instantaneous forward in percent; discount factors. */
export function chartData(c: BuiltCurve): { t: Float64Array; zero: Float64Array; forward: Float64Array; discount: Float64Array } {
  const s = sampleCurve(c, 7);
  return { t: s.t, zero: s.zero.map((x) => x * 100), forward: s.forward.map((x) => x * 100), discount: s.discount };
}

/** The exported file: the definition (what loads back anywhere) and the nodes. */
export function exportJson(def: CurveDefinition, c: BuiltCurve, discountDefinition?: CurveDefinition | null): string {
  return JSON.stringify({ definition: def, ...(discountDefinition ? { discountDefinition } : {}), nodes: nodeRows(c), maxRepricingError: c.maxRepricingError }, null, 2);
}

/** A typed-in FRA ("3x6") or future ("H7"/"H7 98.25") parsed; null when it does not read. */
export function parseExtra(kind: 'fra' | 'future', what: string, quotePercentOrPrice: number | null): CurveInstrumentSpec | null {
  if (quotePercentOrPrice === null || !Number.isFinite(quotePercentOrPrice)) return null;
  if (kind === 'fra') {
    const m = /^\s*(\d{1,3})\s*[xX×]\s*(\d{1,3})\s*$/.exec(what);
    if (!m) return null;
    const a = Number(m[1]), b = Number(m[2]);
    if (!(b > a) || b > 121) return null;
    return { type: 'fra', startMonths: a, endMonths: b, quote: quotePercentOrPrice / 100 };
  }
  const code = what.trim().toUpperCase();
  if (!/^[FGHJKMNQUVXZ]\d$/.test(code) || !(quotePercentOrPrice > 0 && quotePercentOrPrice < 200)) return null;
  return { type: 'future', contract: code, price: quotePercentOrPrice };
}

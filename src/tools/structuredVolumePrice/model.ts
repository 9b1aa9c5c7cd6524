// Bulk pricing of new structured products (pure part): the grid's rows, the sample batch
// (20 snowballs whose knock-out levels step from 100 % to 104.75 %), which param each row
// solves for its target price, and what a priced row shows.
import type { GridRow } from '../../kit/grid';
import type { PackageAst } from '../../pricing-core/instruments/structured/ast';
import { packageForRow } from '../structuredProducts/book';
import type { RowOutcome } from '../structuredProducts/bulk';
import { BookError } from '../structuredProducts/book';

/** Largest batch on this screen (bulk pricing runs in the browser's workers). */
export const MAX_ROWS = 200;

export interface PriceRow extends GridRow {
  id: string | null;
  product: string | null;
  underlying: string | null;
  trade: string | null;
  maturity: string | null;
  params: string | null;
  solveFor: string | null;
  /** Percent of principal. */
  target: number | null;
  // results
  price: number | null;
  stderr: number | null;
  solved: number | null;
  solvedStderr: number | null;
  method: string | null;
  error: string | null;
}

export const RESULT_KEYS = ['price', 'stderr', 'solved', 'solvedStderr', 'method', 'error'] as const;

export const emptyRow = (trade: string | null = null): PriceRow => ({
  id: null, product: 'snowball', underlying: 'USDCNY', trade, maturity: '1Y', params: null, solveFor: null, target: null,
  price: null, stderr: null, solved: null, solvedStderr: null, method: null, error: null,
});

export const clearResults = (r: PriceRow): PriceRow => ({ ...r, ...Object.fromEntries(RESULT_KEYS.map((k) => [k, null])) });

/** 20 one-year USD/CNY snowballs, knock-out 100 % to 104.75 % in steps of 0.25 %, step-down 0.1 % a month, knock-in 95 %. */
export function sampleBatch(trade: string, n = 20, productName = 'snowball'): PriceRow[] {
  return Array.from({ length: n }, (_, i) => ({
    ...emptyRow(trade),
    id: `SB${String(i + 1).padStart(2, '0')}`,
    product: productName,
    params: `koStart=${(100 + 0.25 * i).toFixed(2)}%; koStepDown=0.1%; kiRatio=95%`,
    solveFor: 'coupon',
  }));
}

export function rowPackage(r: PriceRow, saved: ReadonlyMap<string, PackageAst>): PackageAst | null {
  if (!r.product || !r.underlying || !r.trade || !r.maturity) return null;
  return packageForRow({ product: r.product, underlying: r.underlying, trade: r.trade, maturity: r.maturity, params: r.params }, saved);
}

/** The param a row solves: its own, else the default, else the package's first solvable one. */
export function solveParamOf(ast: PackageAst, r: PriceRow, fallback: string | null): string {
  const want = (r.solveFor ?? '').trim() || fallback || '';
  const names = ast.params.map((p) => p.name);
  if (want && names.includes(want)) return want;
  if (want && (r.solveFor ?? '').trim()) throw new BookError({ code: 'paramUnknown', name: want, known: names.join(', ') });
  const s = ast.params.find((p) => p.solvable) ?? ast.params[0];
  if (!s) throw new BookError({ code: 'paramUnknown', name: want || '-', known: '' });
  return s.name;
}

/** Whether the solved param is written in percent in the package (a coupon: 12.3 %). */
export const isPercentParam = (ast: PackageAst, name: string): boolean => {
  const p = ast.params.find((x) => x.name === name);
  return !!p && p.value.kind === 'num' && p.value.percent === true;
};

export function withOutcome(r: PriceRow, o: RowOutcome, percent: boolean, words: { method: (m: string) => string; lang: 'zh' | 'en' }): PriceRow {
  const k = percent ? 100 : 1;
  return {
    ...r,
    price: o.npv !== undefined ? o.npv * 100 : null,
    stderr: o.stderr !== undefined ? o.stderr * 100 : null,
    solved: o.solved ? o.solved.value * k : null,
    solvedStderr: o.solved?.stderr !== undefined ? o.solved.stderr * k : null,
    method: o.method ? words.method(o.method) : null,
    error: o.error ? o.error[words.lang] : null,
  };
}

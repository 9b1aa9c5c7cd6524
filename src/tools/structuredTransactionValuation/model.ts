// Bulk valuation of a book of structured deposits (pure part): the grid's rows, the SPEC
// limits (at most 20 pieces, "up to N pieces"; sample principal 10 million), the sample
// book (labelled sample: trade dates taken from the stored fixing dates so every initial
// fixing exists), and what a valued row shows.
import type { GridRow } from '../../kit/grid';
import { packageForRow, type BookProductInput } from '../structuredProducts/book';
import type { RowOutcome } from '../structuredProducts/bulk';
import type { PackageAst } from '../../pricing-core/instruments/structured/ast';

/** SPEC 5/9: "up to N pieces"; 20 is the suggested maximum. */
export const MAX_PIECES = 20;
/** SPEC 9: structured valuation sample principal, 10 million. */
export const SAMPLE_PRINCIPAL = 10_000_000;

export interface BookRow extends GridRow {
  dealId: string | null;
  product: string | null;
  underlying: string | null;
  trade: string | null;
  maturity: string | null;
  principal: number | null;
  params: string | null;
  // results (read-only)
  status: string | null;
  s0: number | null;
  spot: number | null;
  vol: number | null;
  price: number | null;
  pv: number | null;
  stderr: number | null;
  method: string | null;
  error: string | null;
}

export const RESULT_KEYS = ['status', 's0', 'spot', 'vol', 'price', 'pv', 'stderr', 'method', 'error'] as const;

export function emptyRow(): BookRow {
  return { dealId: null, product: null, underlying: null, trade: null, maturity: null, principal: SAMPLE_PRINCIPAL, params: null, status: null, s0: null, spot: null, vol: null, price: null, pv: null, stderr: null, method: null, error: null };
}

export const clearResults = (r: BookRow): BookRow => ({ ...r, ...Object.fromEntries(RESULT_KEYS.map((k) => [k, null])) });

/** The product input of a row (null when a required cell is empty). */
export function productInput(r: BookRow): BookProductInput | null {
  if (!r.product || !r.underlying || !r.trade || !r.maturity) return null;
  return { product: r.product, underlying: r.underlying, trade: r.trade, maturity: r.maturity, params: r.params };
}

export function rowPackage(r: BookRow, saved: ReadonlyMap<string, PackageAst>): PackageAst | null {
  const input = productInput(r);
  return input ? packageForRow(input, saved) : null;
}

/** A valued row: price in percent of principal, amounts in the payment currency. */
export function withOutcome(r: BookRow, o: RowOutcome, words: { status: (s: string) => string; method: (m: string) => string; lang: 'zh' | 'en' }): BookRow {
  const principal = r.principal ?? SAMPLE_PRINCIPAL;
  return {
    ...r,
    status: o.status ? words.status(o.status) : null,
    s0: o.s0 ?? null,
    spot: o.market?.spot ?? null,
    vol: o.market ? o.market.vol * 100 : null,
    price: o.npv !== undefined ? o.npv * 100 : null,
    pv: o.npv !== undefined ? o.npv * principal : null,
    stderr: o.stderr !== undefined ? o.stderr * principal : null,
    method: o.method ? words.method(o.method) : null,
    error: o.error ? o.error[words.lang] : null,
  };
}

/**
 * Sample book of `n` deposits on USD/CNY: snowballs with knock-out levels 100-105 % and
 * knock-in 70-80 %, shark-fins, a range accrual, tiered and dual-currency deposits, traded on
 * stored fixing dates of the last 11 months before the valuation date.
 */
export function sampleBook(fixingDates: readonly string[], valuationDate: string, n = MAX_PIECES, productName: (key: string) => string = (k) => k): BookRow[] {
  const past = fixingDates.filter((d) => d < valuationDate).sort();
  const pick = (daysBack: number) => {
    const target = new Date(Date.parse(`${valuationDate}T00:00:00Z`) - daysBack * 86_400_000).toISOString().slice(0, 10);
    const i = past.findIndex((d) => d >= target);
    return past[i < 0 ? past.length - 1 : i];
  };
  const kinds: Array<{ product: string; maturity: string; params: (i: number) => string }> = [
    { product: 'snowball', maturity: '2Y', params: (i) => `coupon=${12 + (i % 5)}%; koStart=${100 + (i % 6)}%; kiRatio=${70 + (i % 3) * 5}%` },
    { product: 'snowball', maturity: '1Y', params: (i) => `coupon=${10 + (i % 4)}%; koStart=${101 + (i % 4)}%; kiRatio=${75 + (i % 2) * 5}%` },
    { product: 'sharkfinBullEuropean', maturity: '1Y', params: () => 'participation=60%; minYield=1.2%' },
    { product: 'sharkfinBearAmerican', maturity: '6M', params: () => 'participation=80%' },
    { product: 'rangeAccrual', maturity: '1Y', params: () => 'inYield=3.8%' },
    { product: 'twoTier', maturity: '6M', params: () => 'highYield=3.5%' },
    { product: 'threeTier', maturity: '1Y', params: () => '' },
    { product: 'dualCurrency', maturity: '3M', params: () => 'depositYield=7%' },
  ];
  const rows: BookRow[] = [];
  for (let i = 0; i < n; i++) {
    const k = i < 10 ? kinds[i % 2] : kinds[2 + ((i - 10) % (kinds.length - 2))];
    const daysBack = 20 + Math.round(((i * 37) % 320));
    rows.push({ ...emptyRow(), dealId: `SD${String(2601 + i)}`, product: productName(k.product), underlying: 'USDCNY', trade: pick(daysBack), maturity: k.maturity, params: k.params(i) || null });
  }
  return rows;
}

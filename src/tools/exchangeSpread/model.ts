// /exchangeSpread: onshore USD/CNY against offshore USD/CNH, spot and per term: swap points,
// their spread, the CNY and CNH yields they imply against the USD deposit rate, and the
// yield spread. Pure.
import type { HistoryReply, HistorySeries } from '../../kit/market-data/client';
import type { Observation } from '../../kit/market-data/series';
import { alignHistory, pointsOfKind } from '../../kit/market-data/figures';
import { impliedYields, type MarketCurves } from '../../kit/fx-market';
import { MAX_TERMS, type SpreadInputs } from './state';

export const ONSHORE = 'USDCNY';
export const OFFSHORE = 'USDCNH';

/** Adds a term: the terms unchanged with the reason when refused (SPEC: at most 5 terms). */
export function addTerm(i: SpreadInputs, term: SpreadInputs['terms'][number]): { terms: SpreadInputs['terms']; refused: 'max' | 'duplicate' | null } {
  if (i.terms.includes(term)) return { terms: i.terms, refused: 'duplicate' };
  if (i.terms.length >= MAX_TERMS) return { terms: i.terms, refused: 'max' };
  const order = (t: string) => ['1W', '2W', '3W', '1M', '2M', '3M', '6M', '9M', '1Y', '18M', '2Y'].indexOf(t);
  return { terms: [...i.terms, term].sort((a, b) => order(a) - order(b)), refused: null };
}

export const seriesIds = (terms: readonly string[]): string[] => [
  `fx.${ONSHORE}`, `fx.${OFFSHORE}`, ...terms.flatMap((t) => [`fwd.${ONSHORE}.${t}`, `fwd.${OFFSHORE}.${t}`]),
];

/**
 * The market curves (dated once per market reply) with the live spot and points in place of
 * the reply's figures: a push only swaps numbers, no value dates are resolved again.
 */
export function liveCurves(c: MarketCurves | null, pair: string, live: ReadonlyMap<string, Observation>): MarketCurves | null {
  if (!c) return null;
  const spot = live.get(`fx.${pair}`)?.value ?? c.spot;
  const byTenor = { ...c.byTenor };
  for (const t of Object.keys(byTenor)) {
    const v = live.get(`fwd.${pair}.${t}`)?.value;
    if (v !== undefined) byTenor[t] = v;
  }
  return { ...c, spot, byTenor };
}

export interface SpreadRow {
  term: string;
  endDate: string | null;
  onshore: number | null;
  offshore: number | null;
  /** Offshore - onshore, in pips. */
  spread: number | null;
  /** Implied yields (percent). */
  cny: number | null;
  cnh: number | null;
  /** CNH - CNY implied yield, basis points. */
  yieldSpread: number | null;
}

export function spreadRows(terms: readonly string[], on: MarketCurves | null, off: MarketCurves | null, tradeDate: string): SpreadRow[] {
  const pct = (x: number | null | undefined) => (x === null || x === undefined ? null : x * 100);
  return terms.map((term) => {
    const a = on ? impliedYields(on, ONSHORE, tradeDate, term) : null;
    const b = off ? impliedYields(off, OFFSHORE, tradeDate, term) : null;
    const cny = pct(a?.impliedQuote), cnh = pct(b?.impliedQuote);
    return {
      term,
      endDate: a?.endDate ?? b?.endDate ?? null,
      onshore: a?.pips ?? null,
      offshore: b?.pips ?? null,
      spread: a && b ? b.pips - a.pips : null,
      cny, cnh,
      yieldSpread: cny !== null && cnh !== null ? (cnh - cny) * 100 : null,
    };
  });
}

/**
 * History of the spot spread (pips) and each term's points spread on one time axis. Only the
 * legs' sample / simulated figures take part: USD/CNH and the swap points have no real
 * history, and a spread of real USD/CNY (H.10) against sample USD/CNH would be neither.
 */
export function spreadHistory(terms: readonly string[], h: Pick<HistoryReply, 'batches' | 'series'>): [Float64Array, ...(number | null)[][]] {
  const byId = new Map(h.series.map((s) => [s.id, pointsOfKind(h, s, false)]));
  const ids = seriesIds(terms);
  // CNY and CNH close on different holidays: carry the last figure over the other's holidays.
  const [x, ...cols] = alignHistory(ids.map((id) => byId.get(id)), { fill: 'step' });
  const diff = (a: (number | null)[], b: (number | null)[], f: number) => a.map((v, i) => (v === null || b[i] === null ? null : (b[i]! - v) * f));
  const out: (number | null)[][] = [diff(cols[0], cols[1], 10000)];
  for (let k = 0; k < terms.length; k++) out.push(diff(cols[2 + 2 * k], cols[3 + 2 * k], 1));
  return [x, ...out];
}

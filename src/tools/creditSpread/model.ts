// /creditSpread: spread curves (credit by rating, policy-bank and local-government curves)
// over a base curve (CGB or CDB), tenor by tenor, with each spread's percentile in its history
// over a window. The current spread is the last date both curves have (spreads.ts
// spreadCurve on the quoted tenors is the same number for a curve date). Pure.
import type { SpreadStats } from '../bondSpread/curves';
import { CREDIT_RATINGS, creditCurve, tenorYears } from '../bondSpread/curves';

export const BASES = ['bond.CGB', 'bond.CDB'] as const;
export type Base = (typeof BASES)[number];

/** The curves shown over a base (a curve is never shown over itself). */
export function spreadCurvesOver(base: Base): string[] {
  return [...CREDIT_RATINGS.map(creditCurve), 'bond.LGB', 'bond.CDB'].filter((c) => c !== base);
}

export const pairKey = (curve: string, tenor: string) => `${curve}|${tenor}`;

/** Tenors of a curve that the base also quotes, shortest first. */
export function sharedTenors(curve: readonly string[], base: readonly string[]): string[] {
  const b = new Set(base);
  return curve.filter((t) => b.has(t) && tenorYears(t) !== null).sort((x, y) => tenorYears(x)! - tenorYears(y)!);
}

export interface TermRow {
  tenor: string;
  years: number;
  /** By curve id: current spread (bp) and its percentile (0..100), null where not quoted. */
  spread: Record<string, number | null>;
  percentile: Record<string, number | null>;
}

export function termRows(curves: readonly string[], tenorsByCurve: ReadonlyMap<string, readonly string[]>, stats: ReadonlyMap<string, SpreadStats | null>): TermRow[] {
  const all = [...new Set(curves.flatMap((c) => tenorsByCurve.get(c) ?? []))].sort((x, y) => tenorYears(x)! - tenorYears(y)!);
  return all.map((tenor) => {
    const spread: Record<string, number | null> = {};
    const percentile: Record<string, number | null> = {};
    for (const c of curves) {
      const s = stats.get(pairKey(c, tenor)) ?? null;
      spread[c] = s?.current ?? null;
      percentile[c] = s?.percentile ?? null;
    }
    return { tenor, years: tenorYears(tenor)!, spread, percentile };
  });
}

/** Term-structure chart columns: x = years, one column per curve (null where not quoted). */
export function termChart(rows: readonly TermRow[], curves: readonly string[]): [number[], ...(number | null)[][]] {
  return [rows.map((r) => r.years), ...curves.map((c) => rows.map((r) => r.spread[c]))];
}

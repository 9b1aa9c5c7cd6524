// /swapBondSpreadAnalysis: IRS par rate minus bond yield by tenor (bp), with where today's
// spread sits in its history over a window (percentile rank, z-score, range; pricing core
// spreads.ts seriesStats). Pure.
import type { HistorySeries } from '../../kit/market-data/client';
import type { SpreadStats } from '../bondSpread/curves';
import { tenorYears } from '../bondSpread/curves';

export const SWAPS = ['FR007', 'SHIBOR3M'] as const;
export const BOND_CURVES = ['CGB', 'CDB'] as const;
export type Swap = (typeof SWAPS)[number];
export type BondCurve = (typeof BOND_CURVES)[number];

/** Tenors both curves quote, shortest first. */
export function commonTenors(a: readonly string[], b: readonly string[]): string[] {
  const set = new Set(b);
  return a.filter((t) => set.has(t) && tenorYears(t) !== null).sort((x, y) => tenorYears(x)! - tenorYears(y)!);
}

export interface TenorRow {
  tenor: string;
  /** Percent, on the spread's last date. */
  swap: number | null;
  bond: number | null;
  /** bp and statistics over the window. */
  spread: number | null;
  percentile: number | null;
  mean: number | null;
  min: number | null;
  max: number | null;
  zScore: number | null;
  date: number | null;
}

function valueOnDay(s: HistorySeries | undefined, day: number): number | null {
  if (!s) return null;
  for (let i = s.dates.length - 1; i >= 0; i--) if (s.dates[i] === day) return s.values[i];
  return null;
}

export function tenorRows(tenors: readonly string[], swap: Swap, bond: BondCurve, raw: ReadonlyMap<string, HistorySeries>, stats: ReadonlyMap<string, SpreadStats | null>): TenorRow[] {
  return tenors.map((tenor) => {
    const st = stats.get(tenor) ?? null;
    const d = st?.lastDate ?? null;
    return {
      tenor,
      swap: d === null ? null : valueOnDay(raw.get(`irs.${swap}.${tenor}`), d),
      bond: d === null ? null : valueOnDay(raw.get(`bond.${bond}.${tenor}`), d),
      spread: st?.current ?? null, percentile: st?.percentile ?? null, mean: st?.mean ?? null,
      min: st?.min ?? null, max: st?.max ?? null, zScore: st?.zScore ?? null, date: d,
    };
  });
}

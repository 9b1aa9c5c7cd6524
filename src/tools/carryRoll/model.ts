// /carryRoll model: swaps of every tenor of the curve over the 1M/3M/6M/1Y horizons
// (pricing-core carryRoll), ranked per horizon; chart series per horizon. Pure.
import { z } from 'zod';
import { carryRoll, type CarryRollRow } from '../../pricing-core/engines/rates/carry-roll';
import type { BuiltCurve } from '../../pricing-core/market/curves/curve-definition';
import type { CurvePair } from '../curveConstruction/market-curve';
import { RATE_INDICES } from '../curveConstruction/market-curve';
import { tenorYears } from '../../kit/market-data/pillars';

export const HORIZONS = ['1M', '3M', '6M', '1Y'] as const;

export const CarryInputs = z.object({
  index: z.enum(RATE_INDICES),
  side: z.enum(['receiver', 'payer']),
  notional: z.number().positive().nullable(),
});
export type CarryInputs = z.infer<typeof CarryInputs>;
export const DEFAULT_CARRY: CarryInputs = { index: 'FR007', side: 'receiver', notional: 100_000_000 };

/** Swap tenors of the curve (1Y and longer, in months or years), ascending. */
export function swapTenors(c: BuiltCurve): string[] {
  const tenors = c.definition.instruments.filter((x) => x.type === 'swap' && x.enabled !== false).map((x) => (x as { tenor: string }).tenor.toUpperCase());
  return [...new Set(tenors)].filter((t) => /^\d{1,3}[MY]$/.test(t) && tenorYears(t) >= 1).sort((a, b) => tenorYears(a) - tenorYears(b));
}

export function carryTable(c: CurvePair, i: CarryInputs): CarryRollRow[] {
  const rows = carryRoll(c, { tenors: swapTenors(c.projection), horizons: [...HORIZONS], side: i.side, notional: i.notional ?? 1e8 });
  // Ranked within each horizon: best first.
  return rows.sort((a, b) => HORIZONS.indexOf(a.horizon as never) - HORIZONS.indexOf(b.horizon as never) || a.rank - b.rank);
}

/** Total bp per tenor, one series per horizon (null where the horizon outlives the tenor). */
export function chartSeries(rows: readonly CarryRollRow[], tenors: readonly string[]): { x: Float64Array; series: Array<Array<number | null>> } {
  const x = Float64Array.from(tenors, tenorYears);
  const series = HORIZONS.map((h) => tenors.map((t) => rows.find((r) => r.horizon === h && r.tenor === t)?.totalBp ?? null));
  return { x, series };
}

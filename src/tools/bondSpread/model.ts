// /bondSpread: each cash bond's yield spread to the CGB curve at its remaining maturity and
// its I-spread to an IRS curve (pricing core spreads.ts: linear in tenor, flat beyond the
// ends), in bp. Pure.
import type { CalendarDate } from '../../pricing-core/dates/date';
import { type TenorCurve, bondSpreads } from '../../pricing-core/engines/bond/spreads';
import { ToolFailure } from '../../kit/results';
import { CREDIT_RATINGS, GOV_CURVES, creditCurve, nearestTenor } from './curves';
import { type QuoteRow, yearsTo } from './quotes';

export const SWAP_INDEXES = ['FR007', 'SHIBOR3M'] as const;
export type SwapIndex = (typeof SWAP_INDEXES)[number];
export const swapCurve = (i: SwapIndex) => `irs.${i}`;
/** Every curve the sheet may read a yield from, plus the benchmark. */
export const SHEET_CURVES: readonly string[] = [...GOV_CURVES, ...CREDIT_RATINGS.map(creditCurve)];

export interface SpreadRow {
  code: string;
  name: string;
  issuerType: string;
  years: number;
  /** Percent. */
  yield: number;
  benchmark: number;
  /** bp. */
  spread: number;
  iSpread: number | null;
  /** The curve the yield came from ('' = typed). */
  from: string;
}

export function spreadRows(quotes: readonly QuoteRow[], gov: TenorCurve | undefined, swap: TenorCurve | undefined, settlement: CalendarDate): SpreadRow[] {
  if (!gov || gov.tenors.length === 0) throw new ToolFailure('calculationFailed', 'no CGB curve', { zh: '没有国债收益率曲线', en: 'No CGB yield curve' });
  const out: SpreadRow[] = [];
  for (const q of quotes) {
    if (typeof q.yield !== 'number' || !Number.isFinite(q.yield)) continue;
    const T = yearsTo(q.maturity, settlement);
    if (!(T > 0)) continue;
    const s = bondSpreads(q.yield / 100, T, gov, swap && swap.tenors.length ? { swap } : {});
    out.push({
      code: q.code, name: q.name, issuerType: q.issuerType, years: T, yield: q.yield, benchmark: s.benchmarkYield * 100,
      spread: s.yieldSpread * 1e4, iSpread: s.iSpread === null ? null : s.iSpread * 1e4, from: q.from,
    });
  }
  return out;
}

/** The history behind a bond's spread: its curve minus CGB at the curve tenor nearest its maturity. */
export function historyPair(row: Pick<SpreadRow, 'from' | 'years'>, tenors: readonly string[]): { a: string; b: string; tenor: string } | null {
  if (!row.from || row.from === 'bond.CGB') return null;
  const tenor = nearestTenor(tenors, row.years);
  return tenor ? { a: `${row.from}.${tenor}`, b: `bond.CGB.${tenor}`, tenor } : null;
}

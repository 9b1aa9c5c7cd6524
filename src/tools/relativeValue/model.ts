// /relativeValue: rich/cheap of a bond universe against a Nelson-Siegel-Svensson (or
// Nelson-Siegel) curve fitted to the bonds' prices (pricing core relative-value.ts:
// Levenberg-Marquardt on duration-weighted price errors). Residual = market yield - fitted
// yield in bp (positive = cheap), ranked cheapest first. Pure.
import { toCnBond, type BondView } from '../../kit/bonds/contract';
import { ToolFailure } from '../../kit/results';
import type { CalendarDate } from '../../pricing-core/dates/date';
import { type CurveFit, type FitBond, type FitModel, type RichCheapRow, fitBondCurve } from '../../pricing-core/engines/bond/relative-value';
import type { QuoteRow } from '../bondSpread/quotes';

export const MODELS: readonly FitModel[] = ['nss', 'ns'];
/** Universes a fit is run on: one issuer curve at a time (mixing issuers would fit their spread away). */
export const UNIVERSES = ['CGB', 'CDB', 'LGB'] as const;
export type Universe = (typeof UNIVERSES)[number];
/** CDB's curve stands for the policy banks. */
export const universeIssuers = (u: Universe): string[] => (u === 'CDB' ? ['CDB', 'ADBC', 'EXIM'] : [u]);

export interface RvRow extends RichCheapRow {
  name: string;
  /** Market and fitted yields in percent (the screen's unit). */
  marketPct: number;
  fittedPct: number;
}

export interface RvResult {
  model: FitModel;
  fit: CurveFit;
  rows: RvRow[];
  used: number;
  skipped: string[];
}

const words = (zh: string, en: string) => ({ zh, en });

export function runFit(quotes: readonly QuoteRow[], bonds: ReadonlyMap<string, BondView>, settlement: CalendarDate, model: FitModel): RvResult {
  const fitBonds: FitBond[] = [];
  const skipped: string[] = [];
  for (const q of quotes) {
    const rec = bonds.get(q.code);
    if (typeof q.yield !== 'number' || !Number.isFinite(q.yield)) { skipped.push(q.code); continue; }
    if (q.yield < -5 || q.yield > 30) throw new ToolFailure('badInput', q.code, words(`${q.code} 的收益率 ${q.yield}% 超出范围（-5% 至 30%）`, `${q.code}: yield ${q.yield}% is out of range (-5% to 30%)`));
    if (!rec) { skipped.push(q.code); continue; }
    fitBonds.push({ code: q.code, bond: toCnBond(rec), yield: q.yield / 100 });
  }
  const need = model === 'nss' ? 6 : 4;
  if (fitBonds.length < need) {
    throw new ToolFailure('badInput', undefined, words(`${model === 'nss' ? 'NSS' : 'NS'} 拟合至少需要 ${need} 只有收益率的债券，现有 ${fitBonds.length} 只`, `A ${model === 'nss' ? 'NSS' : 'NS'} fit needs at least ${need} bonds with a yield; there are ${fitBonds.length}`));
  }
  const fit = fitBondCurve(fitBonds, settlement, model);
  const rows = fit.rows
    .map((r) => ({ ...r, name: quotes.find((q) => q.code === r.code)?.name ?? r.code, marketPct: r.marketYield * 100, fittedPct: r.modelYield * 100 }))
    .sort((a, b) => a.rank - b.rank);
  return { model, fit, rows, used: fitBonds.length, skipped };
}

/**
 * Stretches of maturity (years) with no bond, longer than `minGap`: the fitted curve there is
 * not held by any price (the shipped sample has few outstanding CGBs), so the screen says so.
 */
export function maturityGaps(r: Pick<RvResult, 'rows'>, minGap = 5): Array<[number, number]> {
  const ts = r.rows.map((x) => x.remainingYears).sort((a, b) => a - b);
  const out: Array<[number, number]> = [];
  for (let i = 1; i < ts.length; i++) if (ts[i] - ts[i - 1] > minGap) out.push([ts[i - 1], ts[i]]);
  return out;
}

/**
 * Chart columns on one x axis (years): the fitted zero-rate curve (continuous, percent) on a
 * grid and at each bond, and the bonds' market and fitted yields (percent) at their maturities.
 */
export function chartData(r: RvResult): [number[], (number | null)[], (number | null)[], (number | null)[]] {
  const maxT = Math.max(1, ...r.rows.map((x) => x.remainingYears));
  const grid: number[] = [];
  for (let t = 0.1; t < maxT * 1.02; t += Math.max(0.05, maxT / 200)) grid.push(t);
  const pts = new Map(r.rows.map((x) => [x.remainingYears, x]));
  const xs = [...new Set([...grid, ...pts.keys()])].sort((a, b) => a - b);
  return [
    xs,
    xs.map((t) => r.fit.curve.zeroRate(t) * 100),
    xs.map((t) => pts.get(t)?.marketPct ?? null),
    xs.map((t) => pts.get(t)?.fittedPct ?? null),
  ];
}

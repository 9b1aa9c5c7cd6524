// /yieldCurveAnalysis model: stored history of a curve's tenors -> the move between two dates
// (parallel shift, twist, butterfly: pricing-core curveMove) and the principal components of
// the daily changes over the range (level / slope / curvature: pricing-core curvePca). Pure.
import { toISO } from '../../pricing-core/dates/date';
import { curveMove, curvePca, type CurveMove, type CurvePca } from '../../pricing-core/market/curves/curve-analysis';
import { tenorYears } from '../../kit/market-data/pillars';

export interface TenorSeries {
  id: string;
  tenor: string;
  dates: ArrayLike<number>;
  /** Percent. */
  values: ArrayLike<number>;
}

export interface Aligned {
  tenors: string[];
  years: number[];
  /** ISO dates on which every tenor has a figure, ascending. */
  dates: string[];
  /** rates[d][k], decimals. */
  rates: Float64Array[];
}

/** Keeps the dates every tenor has (a curve is compared tenor by tenor), tenors sorted by maturity. */
export function align(series: readonly TenorSeries[]): Aligned {
  const sorted = [...series].filter((s) => Number.isFinite(tenorYears(s.tenor))).sort((a, b) => tenorYears(a.tenor) - tenorYears(b.tenor));
  const maps = sorted.map((s) => {
    const m = new Map<number, number>();
    for (let i = 0; i < s.dates.length; i++) m.set(s.dates[i], s.values[i]);
    return m;
  });
  const common = sorted.length ? [...maps[0].keys()].filter((d) => maps.every((m) => m.has(d))).sort((a, b) => a - b) : [];
  return {
    tenors: sorted.map((s) => s.tenor),
    years: sorted.map((s) => tenorYears(s.tenor)),
    dates: common.map((d) => toISO(d as never)),
    rates: common.map((d) => Float64Array.from(maps, (m) => m.get(d)! / 100)),
  };
}

/** Reference tenors of the twist and butterfly: 2Y / 5Y / 10Y, squeezed into a shorter curve. */
export function references(years: readonly number[]): { short: number; mid: number; long: number } {
  const max = years[years.length - 1] ?? 10;
  const long = Math.min(10, max);
  const short = Math.min(2, years[0] + (long - years[0]) / 4);
  const mid = long > 5 && short < 5 ? 5 : (short + long) / 2;
  return { short, mid, long };
}

export interface Analysis {
  aligned: Aligned;
  from: string;
  to: string;
  move: CurveMove;
  refs: { short: number; mid: number; long: number };
  /** Null when the range holds fewer than three common dates. */
  pca: CurvePca | null;
  /** Share of variance of the first three components (at most 1). */
  explained3: number | null;
}

export function analyse(series: readonly TenorSeries[]): Analysis {
  const aligned = align(series);
  if (aligned.tenors.length < 2) throw new RangeError('need at least two tenors');
  if (aligned.dates.length < 2) throw new RangeError('need the curve on at least two dates');
  const refs = references(aligned.years);
  const first = aligned.rates[0], last = aligned.rates[aligned.rates.length - 1];
  const move = curveMove(aligned.years, first, last, refs);
  const pca = aligned.dates.length >= 3 && aligned.tenors.length >= 3 ? curvePca(aligned.rates, { components: 3 }) : null;
  const explained3 = pca ? pca.components.reduce((s, c) => s + c.explained, 0) : null;
  return { aligned, from: aligned.dates[0], to: aligned.dates[aligned.dates.length - 1], move, refs, pca, explained3 };
}

export interface TenorRow {
  tenor: string;
  years: number;
  /** Percent. */
  before: number;
  after: number;
  changeBp: number;
  level: number | null;
  slope: number | null;
  curvature: number | null;
}

export function tenorRows(a: Analysis): TenorRow[] {
  const first = a.aligned.rates[0], last = a.aligned.rates[a.aligned.rates.length - 1];
  const load = (c: number, k: number) => a.pca?.components[c]?.loadings[k] ?? null;
  return a.aligned.tenors.map((tenor, k) => ({
    tenor, years: a.aligned.years[k], before: first[k] * 100, after: last[k] * 100, changeBp: a.move.changesBp[k],
    level: load(0, k), slope: load(1, k), curvature: load(2, k),
  }));
}

/** Years as a tenor label for the reference note (2 -> 2Y, 0.5 -> 6M). */
export function yearsLabel(y: number): string {
  return Number.isInteger(y) ? `${y}Y` : Number.isInteger(y * 12) ? `${y * 12}M` : `${y.toFixed(2)}Y`;
}

// /interestRate: the curves offered (from the catalogue's groups), their names, the date a
// curve is compared with, and the rows and chart data of "curve on date A vs date B". Pure.
import { addMonths, fromISO, toISO } from '../../pricing-core/dates/date';
import type { Lang } from '../../kit/locale';
import type { CurvePoint } from '../../kit/market-data';
import { daysBefore } from '../../kit/market-data/figures';
import { indexName } from '../../kit/market-data/names';
import type { SourceKind } from '../../kit/market-data/provenance';
import { compareTenors, tenorDays, type SeriesInfo } from '../../kit/market-data/series';

export interface GroupInfo {
  id: string;
  size: number;
  kind: SeriesInfo['kind'];
}

const KIND_ORDER: Partial<Record<SeriesInfo['kind'], number>> = { swapRate: 0, bondYield: 1, creditYield: 2, rateFixing: 3, depositRate: 4 };

const ISSUERS: Record<string, { zh: string; en: string }> = {
  CGB: { zh: '中国国债', en: 'China government bonds (CGB)' },
  CDB: { zh: '国开债', en: 'CDB policy bank bonds' },
  LGB: { zh: '地方政府债', en: 'Local government bonds' },
  UST: { zh: '美国国债', en: 'US Treasuries' },
};

/** Shipped real curves (ref.*): named with their publisher. */
const REF_CURVES: Record<string, { zh: string; en: string }> = {
  UST: { zh: '美国国债平价收益率（美国财政部，真实）', en: 'US Treasury par yields (US Treasury, real)' },
  EUAAA: { zh: '欧元区 AAA 政府债即期利率（欧洲央行，真实）', en: 'Euro area AAA govt spot rates (ECB, real)' },
};

/** A curve's name: `FR007 利率互换` / `IRS FR007`, `SOFR OIS`, `中国国债`, `MTN AA+`... */
export function curveName(id: string, lang: Lang): string {
  const [family, a, b] = id.split('.');
  switch (family) {
    case 'irs': {
      const ois = a === 'SOFR' || a === 'ESTR';
      const name = indexName(a);
      if (ois) return lang === 'en' ? `${name} OIS` : `${name} 隔夜指数互换`;
      return lang === 'en' ? `IRS ${name}` : `${name} 利率互换`;
    }
    case 'bond':
      return ISSUERS[a]?.[lang] ?? a;
    case 'credit':
      return lang === 'en' ? `${a} ${b}` : `${a === 'MTN' ? '中期票据' : a} ${b}`;
    case 'rate':
      return indexName(a);
    case 'depo':
      return lang === 'en' ? `${a} deposit curve` : `${a} 存款利率曲线`;
    case 'ref':
      return REF_CURVES[a]?.[lang] ?? id;
    default:
      return id;
  }
}

/** Curves worth drawing (two points or more), swaps first, then bonds, credit, fixings, deposits. */
export function curveChoices(groups: readonly GroupInfo[], lang: Lang): Array<{ value: string; label: string }> {
  return groups
    .filter((g) => g.size > 1 && KIND_ORDER[g.kind] !== undefined)
    .map((g, i) => ({ g, i }))
    .sort((x, y) => KIND_ORDER[x.g.kind]! - KIND_ORDER[y.g.kind]! || x.i - y.i)
    .map(({ g }) => ({ value: g.id, label: curveName(g.id, lang) }));
}

export const COMPARE_PRESETS = ['prev', '1W', '1M', '3M', '1Y', 'custom'] as const;
export type ComparePreset = (typeof COMPARE_PRESETS)[number];

/**
 * The date curve A is compared with: the day before A's date (the curve then is the last
 * one on or before it: the previous business day's), a week / months / a year before, or a
 * date of the user's.
 */
export function compareDate(preset: ComparePreset, aDate: string, custom: string | null): string | null {
  switch (preset) {
    case 'prev': return daysBefore(aDate, 1);
    case '1W': return daysBefore(aDate, 7);
    case '1M': return toISO(addMonths(fromISO(aDate), -1));
    case '3M': return toISO(addMonths(fromISO(aDate), -3));
    case '1Y': return toISO(addMonths(fromISO(aDate), -12));
    case 'custom': return custom;
  }
}

/** Newest point date of a curve (the date "latest" stands for), or null. */
export function curveDate(points: readonly CurvePoint[] | undefined): string | null {
  let d: string | null = null;
  for (const p of points ?? []) if (d === null || p.date > d) d = p.date;
  return d;
}

export interface CurveRow {
  tenor: string;
  /** Tenor in years (x of the curve chart). */
  years: number;
  a: number | null;
  aDate: string | null;
  /** Kind of A's figure (a curve may mix real tenors with sample ones). */
  aKind: SourceKind | null;
  b: number | null;
  bDate: string | null;
  bKind: SourceKind | null;
  /** b -> a in basis points. */
  changeBp: number | null;
}

/** Both curves point by point (union of tenors, tenor order); change in bp from B to A. */
export function curveRows(a: readonly CurvePoint[] | undefined, b: readonly CurvePoint[] | undefined): CurveRow[] {
  const byTenor = new Map<string, CurveRow>();
  const row = (tenor: string) => {
    let r = byTenor.get(tenor);
    if (!r) {
      r = { tenor, years: tenorDays(tenor) / 365.25, a: null, aDate: null, aKind: null, b: null, bDate: null, bKind: null, changeBp: null };
      byTenor.set(tenor, r);
    }
    return r;
  };
  for (const p of a ?? []) Object.assign(row(p.tenor), { a: p.value, aDate: p.date, aKind: p.sourceKind });
  for (const p of b ?? []) Object.assign(row(p.tenor), { b: p.value, bDate: p.date, bKind: p.sourceKind });
  const rows = [...byTenor.values()].sort((x, y) => compareTenors(x.tenor, y.tenor));
  for (const r of rows) r.changeBp = r.a !== null && r.b !== null ? (r.a - r.b) * 100 : null;
  return rows;
}

/** x = years, then curve A and curve B (null where a curve has no point). */
export function curveChartData(rows: readonly CurveRow[]): [Float64Array, (number | null)[], (number | null)[]] {
  return [Float64Array.from(rows.map((r) => r.years)), rows.map((r) => r.a), rows.map((r) => r.b)];
}

/** Tenors of a curve from the catalogue, in tenor order. */
export function tenorsOf(catalog: readonly SeriesInfo[], group: string): Array<{ id: string; tenor: string }> {
  return catalog
    .filter((s) => s.group === group && s.tenor)
    .map((s) => ({ id: s.id, tenor: s.tenor! }))
    .sort((x, y) => compareTenors(x.tenor, y.tenor));
}

// Volatility monitor, the pure part: a pair's quoted surface (ATM, 25D/10D risk reversals and
// butterflies per tenor, percent) with live figures laid over it, the pillar vols by delta
// (10P 25P ATM 25C 10C), each tenor's smile in strike fitted by SABR (beta = 1) to those
// pillars and its calibration error, and the changes against stored history (the previous
// figure, and the figure a week before).
import type { HistorySeries, Observation, VolQuote } from '../../kit/market-data';
import { previousBefore, valueOn, daysBefore } from '../../kit/market-data/figures';
import { buildFxSmile, type FxSmile } from '../../pricing-core/market/fx-smile/fx-smile';
import { rateAt, tenorYears, type Pillar } from '../../kit/market-data/pillars';

export const QUOTES: readonly VolQuote[] = ['ATM', 'RR25', 'BF25', 'RR10', 'BF10'];
export const DELTAS = ['10P', '25P', 'ATM', '25C', '10C'] as const;
export type DeltaColumn = (typeof DELTAS)[number];

/** One tenor's quotes, percent (null where no figure). */
export interface TenorQuotes {
  tenor: string;
  t: number;
  q: Record<VolQuote, number | null>;
}

export const volId = (pair: string, tenor: string, quote: VolQuote) => `vol.${pair}.${tenor}.${quote}`;

/** The surface's quotes by tenor (sorted by time), live figures replacing stored ones. */
export function surfaceQuotes(
  pair: string,
  surface: { tenors: readonly string[]; quotes: readonly VolQuote[]; values: ReadonlyArray<ReadonlyArray<number | null>> } | null | undefined,
  live: ReadonlyMap<string, Observation> = new Map(),
): TenorQuotes[] {
  if (!surface) return [];
  return surface.tenors
    .map((tenor, i) => {
      const q = {} as Record<VolQuote, number | null>;
      for (const quote of QUOTES) {
        const j = surface.quotes.indexOf(quote);
        const l = live.get(volId(pair, tenor, quote));
        q[quote] = l && Number.isFinite(l.value) ? l.value : j < 0 ? null : surface.values[i]?.[j] ?? null;
      }
      return { tenor, t: tenorYears(tenor), q };
    })
    .filter((x) => Number.isFinite(x.t))
    .sort((a, b) => a.t - b.t);
}

/**
 * Pillar vols by delta, percent: call = ATM + BF + RR/2, put = ATM + BF - RR/2 (smile
 * strangle convention, as the market-data service quotes them and the calculator reads them).
 */
export function pillarVols(q: Record<VolQuote, number | null>): Record<DeltaColumn, number | null> {
  const atm = q.ATM;
  const wing = (rr: number | null, bf: number | null, sign: 1 | -1) => (atm === null || rr === null || bf === null ? null : atm + bf + (sign * rr) / 2);
  return { '10P': wing(q.RR10, q.BF10, -1), '25P': wing(q.RR25, q.BF25, -1), ATM: atm, '25C': wing(q.RR25, q.BF25, 1), '10C': wing(q.RR10, q.BF10, 1) };
}

export interface FittedSmile {
  tenor: string;
  t: number;
  forward: number;
  /** Market pillars: strike and vol (percent), by delta. */
  pillars: { label: string; strike: number; vol: number }[];
  /** The SABR fit; vol(k) in percent. */
  vol(k: number): number;
  /** Calibration error of the fit against the market pillars, vol basis points. */
  rmseBp: number;
  maxErrBp: number;
}

/** Deposit pillars of one currency from MD.FXMARKET `deposits[ccy]`. */
export function depositPillars(points: ReadonlyArray<Observation & { tenor: string }> | undefined): Pillar[] {
  return (points ?? [])
    .map((o) => ({ t: tenorYears(o.tenor), value: o.value, obs: o }))
    .filter((p) => Number.isFinite(p.t) && Number.isFinite(p.value))
    .sort((a, b) => a.t - b.t);
}

/**
 * Each tenor's smile in strike: pillar strikes from the quotes (spot delta, delta-neutral
 * ATM, the tenor's deposit rates), SABR fitted to them. A tenor whose quotes do not make a
 * smile (missing figures, crossing wings) is left out and listed in `failed`. A fit costs
 * tens of milliseconds, so `cache` (kept by the screen) holds fits by their exact inputs and
 * a live tick refits only the tenors whose quotes moved.
 */
export function fitSmiles(
  quotes: readonly TenorQuotes[], spot: number, rd: readonly Pillar[], rf: readonly Pillar[], cache: Map<string, FittedSmile | null> = new Map(),
): { smiles: FittedSmile[]; failed: string[] } {
  const smiles: FittedSmile[] = [];
  const failed: string[] = [];
  for (const x of quotes) {
    const rates = rd.length && rf.length ? [rateAt(rd, x.t)!.value, rateAt(rf, x.t)!.value] : null;
    const key = `${x.tenor}|${QUOTES.map((k) => x.q[k]).join(',')}|${spot}|${rates?.join(',')}`;
    let s = cache.get(key);
    if (s === undefined) {
      s = rates ? fitOne(x, spot, rates[0], rates[1]) : null;
      cache.set(key, s);
    }
    if (s) smiles.push(s);
    else failed.push(x.tenor);
  }
  if (cache.size > 500) cache.clear();
  return { smiles, failed };
}

function fitOne(x: TenorQuotes, spot: number, rd: number, rf: number): FittedSmile | null {
  const { ATM, RR25, BF25, RR10, BF10 } = x.q;
  if (ATM === null || RR25 === null || BF25 === null || !(spot > 0)) return null;
  try {
    const has10 = RR10 !== null && BF10 !== null;
    const smile: FxSmile = buildFxSmile({
      t: x.t, spot, rd, rf, atmVol: ATM / 100, rr25: RR25 / 100, bf25: BF25 / 100,
      rr10: has10 ? RR10! / 100 : undefined, bf10: has10 ? BF10! / 100 : undefined,
      butterflyType: 'smile', deltaConvention: 'spot', atmConvention: 'deltaNeutral', interpolation: 'sabr',
    });
    let se = 0, maxErr = 0;
    const pillars = smile.pillars.map((p) => {
      const e = smile.vol(p.strike) - p.vol;
      se += e * e;
      maxErr = Math.max(maxErr, Math.abs(e));
      return { label: p.label, strike: p.strike, vol: p.vol * 100 };
    });
    if (!Number.isFinite(se)) return null;
    return { tenor: x.tenor, t: x.t, forward: smile.forward, pillars, vol: (k) => smile.vol(k) * 100, rmseBp: Math.sqrt(se / pillars.length) * 1e4, maxErrBp: maxErr * 1e4 };
  } catch {
    return null;
  }
}

/** A smile drawn over its pillars' strike range (a margin each side), with the pillars as points. */
export function smileSeries(s: FittedSmile, n = 60): { x: number[]; fit: number[]; market: (number | null)[] } {
  const lo = s.pillars[0].strike, hi = s.pillars[s.pillars.length - 1].strike;
  const pad = (hi - lo) * 0.15;
  const xs = Array.from({ length: n }, (_, i) => lo - pad + ((hi - lo + 2 * pad) * i) / (n - 1));
  const all = [...xs, ...s.pillars.map((p) => p.strike)].sort((a, b) => a - b);
  const at = new Map(s.pillars.map((p) => [p.strike, p.vol]));
  return { x: all, fit: all.map((k) => s.vol(k)), market: all.map((k) => at.get(k) ?? null) };
}

// History ------------------------------------------------------------------------------

export interface Then {
  /** Quotes as of the previous stored figure ("yesterday") and a week before the latest. */
  prev: TenorQuotes[];
  week: TenorQuotes[];
  prevDate: string | null;
  weekDate: string | null;
  /**
   * The week-before figure would be the same stored figure as yesterday's (history stops
   * more than a week before asOf, e.g. the sample snapshot's last date): `week` is left empty
   * rather than repeating yesterday's change as last week's.
   */
  weekSameAsPrev: boolean;
}

/**
 * The surface "yesterday" (the last stored figure before `asOf`) and "last week" (on or
 * before asOf - 7 days), from columnar history of the surface's series.
 */
export function surfaceThen(pair: string, tenors: readonly string[], series: readonly HistorySeries[], asOf: string): Then {
  const byId = new Map(series.map((s) => [s.id, s]));
  let prevDate: string | null = null, weekDate: string | null = null;
  const weekOn = daysBefore(asOf, 7);
  const at = (pick: (s: HistorySeries | undefined) => { date: string; value: number } | null, note: (d: string) => void): TenorQuotes[] =>
    tenors.map((tenor) => {
      const q = {} as Record<VolQuote, number | null>;
      for (const quote of QUOTES) {
        const v = pick(byId.get(volId(pair, tenor, quote)));
        q[quote] = v ? v.value : null;
        if (v) note(v.date);
      }
      return { tenor, t: tenorYears(tenor), q };
    });
  const prev = at((s) => previousBefore(s, asOf), (d) => { if (!prevDate || d > prevDate) prevDate = d; });
  // A week-before figure is only one when it is not yesterday's figure again.
  let same = 0, distinct = 0;
  const week = at((s) => {
    const w = valueOn(s, weekOn);
    const p = previousBefore(s, asOf);
    if (w && p && w.date === p.date) { same++; return null; }
    if (w) distinct++;
    return w;
  }, (d) => { if (!weekDate || d > weekDate) weekDate = d; });
  return { prev, week, prevDate, weekDate, weekSameAsPrev: same > 0 && distinct === 0 };
}

/** Change of the pillar vols (vol points) from `then` to `now`, by tenor and delta. */
export function pillarChanges(now: readonly TenorQuotes[], then: readonly TenorQuotes[]): (number | null)[][] {
  const old = new Map(then.map((x) => [x.tenor, pillarVols(x.q)]));
  return now.map((x) => {
    const a = pillarVols(x.q), b = old.get(x.tenor);
    return DELTAS.map((d) => (a[d] === null || !b || b[d] === null ? null : a[d]! - b[d]!));
  });
}

/** The date `days` before the latest figure's date (for the history request). */
export function historyFrom(asOf: string, days = 21): string {
  return daysBefore(asOf, days);
}

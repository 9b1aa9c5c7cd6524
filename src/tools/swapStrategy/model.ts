// /swapStrategy: strategies on FX swap points with SPEC section 3's spread-type codes, their
// level now, their history from the stored series and where today's level stands in it.
// Pure: legs of a strategy, the weighted history on the legs' common dates, percentile.
import type { HistorySeries } from '../../kit/market-data/client';
import { alignHistory } from '../../kit/market-data/figures';

/** SPEC 3 spread types (RATE_SWAP 4 is a rates strategy, not one on swap points). */
export const SpreadType = { SPREAD: 1, BASIS: 2, F_SPREAD: 3, RATE_SWAP: 4, CURVE_TRADE: 5 } as const;
export type StrategyKind = 'span' | 'basis' | 'basisSpan' | 'butterfly';
export const CODE_OF: Record<StrategyKind, { name: keyof typeof SpreadType; code: number }> = {
  span: { name: 'SPREAD', code: SpreadType.SPREAD },
  basis: { name: 'BASIS', code: SpreadType.BASIS },
  basisSpan: { name: 'F_SPREAD', code: SpreadType.F_SPREAD },
  butterfly: { name: 'CURVE_TRADE', code: SpreadType.CURVE_TRADE },
};

export const MARKETS = ['USDCNY', 'USDCNH'] as const;
export type Market = (typeof MARKETS)[number];
export const TENORS = ['1W', '2W', '3W', '1M', '2M', '3M', '6M', '9M', '1Y', '18M', '2Y'] as const;

export interface Strategy {
  kind: StrategyKind;
  market: Market;
  near: string;
  mid: string;
  far: string;
}

export interface Leg {
  id: string;
  weight: number;
}

const fwd = (m: string, tenor: string) => `fwd.${m}.${tenor}`;
const other = (m: Market): Market => (m === 'USDCNY' ? 'USDCNH' : 'USDCNY');

/**
 * The legs in swap points: span = far - near; basis = onshore - offshore at the near tenor
 * (the chosen market first); basis span = span of the chosen market - span of the other;
 * butterfly = 2 mid - near - far.
 */
export function legsOf(s: Strategy): Leg[] {
  switch (s.kind) {
    case 'span': return [{ id: fwd(s.market, s.far), weight: 1 }, { id: fwd(s.market, s.near), weight: -1 }];
    case 'basis': return [{ id: fwd(s.market, s.near), weight: 1 }, { id: fwd(other(s.market), s.near), weight: -1 }];
    case 'basisSpan': return [
      { id: fwd(s.market, s.far), weight: 1 }, { id: fwd(s.market, s.near), weight: -1 },
      { id: fwd(other(s.market), s.far), weight: -1 }, { id: fwd(other(s.market), s.near), weight: 1 },
    ];
    case 'butterfly': return [{ id: fwd(s.market, s.mid), weight: 2 }, { id: fwd(s.market, s.near), weight: -1 }, { id: fwd(s.market, s.far), weight: -1 }];
  }
}

/** Tenor order check: the strategy needs distinct, increasing tenors where it uses several. */
export function tenorError(s: Strategy): 'order' | null {
  const idx = (t: string) => (TENORS as readonly string[]).indexOf(t);
  if (s.kind === 'basis') return null;
  if (!(idx(s.near) < idx(s.far))) return 'order';
  if (s.kind === 'butterfly' && !(idx(s.near) < idx(s.mid) && idx(s.mid) < idx(s.far))) return 'order';
  return null;
}

export function levelOf(legs: readonly Leg[], values: ReadonlyMap<string, { value: number }>): number | null {
  let sum = 0;
  for (const l of legs) {
    const v = values.get(l.id);
    if (!v) return null;
    sum += l.weight * v.value;
  }
  return sum;
}

/** The strategy's history on the dates where every leg has a figure: [epoch seconds, level]. */
export function strategyHistory(legs: readonly Leg[], series: readonly HistorySeries[]): { x: number[]; y: number[] } {
  const byId = new Map(series.map((s) => [s.id, s]));
  const [xs, ...cols] = alignHistory(legs.map((l) => byId.get(l.id)));
  const x: number[] = [], y: number[] = [];
  for (let i = 0; i < xs.length; i++) {
    let sum = 0, ok = true;
    for (let k = 0; k < legs.length; k++) {
      const v = cols[k][i];
      if (v === null || v === undefined) { ok = false; break; }
      sum += legs[k].weight * v;
    }
    if (ok) { x.push(xs[i]); y.push(sum); }
  }
  return { x, y };
}

export interface Stats {
  /** Percent of the stored history at or below the level (0-100). */
  percentile: number;
  min: number;
  max: number;
  mean: number;
  /** (level - mean) / standard deviation; null for a flat history. */
  z: number | null;
  n: number;
}

export function statsOf(history: readonly number[], level: number): Stats | null {
  const n = history.length;
  if (n === 0) return null;
  let below = 0, min = Infinity, max = -Infinity, sum = 0;
  for (const v of history) {
    if (v <= level) below++;
    if (v < min) min = v;
    if (v > max) max = v;
    sum += v;
  }
  const mean = sum / n;
  let ss = 0;
  for (const v of history) ss += (v - mean) ** 2;
  const sd = Math.sqrt(ss / n);
  return { percentile: (100 * below) / n, min, max, mean, z: sd > 0 ? (level - mean) / sd : null, n };
}

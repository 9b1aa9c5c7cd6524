// The market quotes of one index through the kit's market-data hooks: its swap curve, the
// currency's deposit curve (MD.CURVE) and its fixing (MD.LATEST), as of a date or the latest,
// with the provenance the screen must show (the shipped figures are SAMPLE).
import { useMemo } from 'react';
import { useCurve, useMarketRequest, type CurvePoint, type LatestReply } from '../../kit/market-data';
import { commonProvenance } from '../../kit/market-data/figures';
import type { Provenance } from '../../kit/market-data/provenance';
import type { Observation } from '../../kit/market-data/series';
import { INDEX_SOURCES, type MarketQuotes, type Quote, type RateIndexId } from './market-curve';

export interface MarketQuotesState {
  quotes: MarketQuotes | null;
  /** One per distinct source (e.g. a published LPR fixing beside sample swap quotes). */
  provenances: Provenance[];
  loading: boolean;
  error: Error | undefined;
}

const quoteOf = (p: { id: string; value: number; date: string; tenor?: string }): Quote => ({ id: p.id, value: p.value, date: p.date, ...(p.tenor ? { tenor: p.tenor } : {}) });

/** The provenance of each distinct source among the figures. */
export function bySource(obs: readonly Observation[]): Provenance[] {
  const groups = new Map<string, Observation[]>();
  for (const o of obs) {
    const k = `${o.sourceKind}|${o.source}`;
    groups.set(k, [...(groups.get(k) ?? []), o]);
  }
  return [...groups.values()].map((g) => commonProvenance(g)).filter((p): p is Provenance => !!p);
}

export function useMarketQuotes(index: RateIndexId | null, asOf: string | null = null, rev = 0): MarketQuotesState {
  const src = index ? INDEX_SOURCES[index] : null;
  const opts = asOf ? { asOf } : {};
  const swaps = useCurve(src ? src.swaps : null, opts);
  const deposits = useCurve(src ? src.deposits : null, opts);
  const fixing = useMarketRequest<LatestReply>(src ? `rates-fixing#${src.fixing}#${asOf ?? ''}#${rev}` : null, (c) => c.latest([src!.fixing], opts));
  return useMemo(() => {
    const loading = swaps.loading || deposits.loading || fixing.loading;
    const error = swaps.error ?? deposits.error ?? fixing.error;
    if (!src || !swaps.data || !deposits.data || !fixing.data) return { quotes: null, provenances: [], loading, error };
    const fx = fixing.data.values.find((v) => v.id === src.fixing);
    const all: CurvePoint[] = [...swaps.data.points, ...deposits.data.points];
    const quotes: MarketQuotes = {
      fixing: fx ? quoteOf(fx) : null,
      deposits: deposits.data.points.map(quoteOf),
      swaps: swaps.data.points.map(quoteOf),
    };
    return { quotes, provenances: bySource([...all, ...(fx ? [fx] : [])]), loading, error };
  }, [src, swaps, deposits, fixing]);
}

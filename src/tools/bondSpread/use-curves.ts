// Several market-data curves at once (the issuer curves a bond list is read off), through the
// kit's one request hook: cached per key, offline from IndexedDB, newest request wins.
import { useMemo } from 'react';
import { useMarketRequest, type CurveReply } from '../../kit/market-data';
import { commonProvenance } from '../../kit/market-data/figures';
import type { Provenance } from '../../kit/market-data/provenance';

export interface CurvesState {
  curves: Map<string, CurveReply> | undefined;
  loading: boolean;
  error: Error | undefined;
  /** One provenance for all their points when they share a source, else the first curve's. */
  provenance: Provenance | null;
}

export function useCurves(ids: readonly string[], asOf?: string | null): CurvesState {
  const key = ids.length ? `curves#${ids.join(',')}#${asOf ?? ''}` : null;
  const r = useMarketRequest(key, async (c) => {
    const replies = await Promise.all(ids.map((id) => c.curve(id, asOf ? { asOf } : {})));
    return new Map(replies.map((x, i) => [ids[i], x]));
  });
  const provenance = useMemo(() => {
    if (!r.data) return null;
    const all = [...r.data.values()].flatMap((c) => c.points);
    return commonProvenance(all) ?? commonProvenance([...r.data.values()][0]?.points ?? []);
  }, [r.data]);
  return { curves: r.data, loading: r.loading, error: r.error, provenance };
}

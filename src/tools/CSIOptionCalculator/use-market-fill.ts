// Filling a screen's fields from market figures once they are the right ones: after a
// contract (or coin) change, useLatest may still hold the previous series' values for a
// moment. `apply` gets this series set's figures (all, or what there is once the first fetch
// answered), or null after FILL_WAIT_MS without any (offline without a cache).
import { useEffect, useRef } from 'react';
import type { Observation } from '../../kit/market-data';
import type { LatestState } from '../../kit/market-data/hooks';
import { FILL_WAIT_MS } from './model';

export function useMarketFill(
  pending: boolean,
  ids: readonly string[],
  mainId: string,
  latest: LatestState,
  apply: (values: ReadonlyMap<string, Observation> | null) => void,
): void {
  const live = useRef(apply);
  live.current = apply;
  useEffect(() => {
    if (!pending) return;
    if (latest.values.has(mainId) || (!latest.loading && ids.some((id) => latest.values.has(id)))) return live.current(latest.values);
    const timer = setTimeout(() => live.current(null), FILL_WAIT_MS);
    return () => clearTimeout(timer);
  }, [pending, ids, mainId, latest]);
}

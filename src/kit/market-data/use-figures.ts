// Live figures with their previous figure, for tables of market figures: the latest value
// of each series (live through useLatest: pushes replace it and the cell flashes) and the
// last stored figure before its date (change vs previous day), from a short history window.
// `rev` refetches the history (after an import).
import { useMemo } from 'react';
import type { HistoryReply } from './client';
import { deskToday, daysBefore, previousBefore, type DatedValue } from './figures';
import { useLatest, useMarketRequest } from './hooks';
import type { Observation } from './series';

export interface Figure {
  id: string;
  latest: Observation | undefined;
  /** The last stored figure before `latest.date`. */
  prev: DatedValue | null;
}

export interface FiguresState {
  figures: ReadonlyMap<string, Figure>;
  loading: boolean;
  /** The window's history (for lastChange and the like). */
  history: HistoryReply | undefined;
  error: Error | undefined;
}

/**
 * Latest (live) figures of `ids` with their previous figures. `lookbackDays` is how far back
 * the previous figure may be (default 45 calendar days; stepped series need more).
 */
export function useFigures(ids: readonly string[], opts: { lookbackDays?: number; rev?: number } = {}): FiguresState {
  const latest = useLatest(ids);
  const today = useMemo(() => deskToday(), []);
  const from = opts.lookbackDays === Infinity ? '2000-01-01' : daysBefore(today, opts.lookbackDays ?? 45);
  const key = ids.length ? `figures#${[...ids].join('|')}#${from}#${opts.rev ?? 0}` : null;
  const hist = useMarketRequest<HistoryReply>(key, (c) => c.history(ids, { from }));
  const figures = useMemo(() => {
    const byId = new Map(hist.data?.series.map((s) => [s.id, s]) ?? []);
    const out = new Map<string, Figure>();
    for (const id of ids) {
      const o = latest.values.get(id);
      // An intraday quote's date is today: its previous figure is the last close before today.
      out.set(id, { id, latest: o, prev: o ? previousBefore(byId.get(id), o.date) : null });
    }
    return out;
  }, [ids, latest.values, hist.data]);
  return { figures, loading: latest.loading, history: hist.data, error: hist.error };
}

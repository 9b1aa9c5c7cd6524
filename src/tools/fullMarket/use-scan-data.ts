// Every stored series' last ~15 months of history (enough for 60 daily changes and a year of
// levels), read with the history method the other market screens use: MD.HISTORY takes up
// to 500 ids a request, so the catalogue is read in slices of 500 and the replies merged.
import { useMemo } from 'react';
import { useCatalog, useMarketRequest, type HistoryReply, type SeriesInfo } from '../../kit/market-data';
import { daysBefore } from '../../kit/market-data/figures';

/** Calendar days read back from today: 320 business days and then some. */
export const LOOKBACK_DAYS = 470;
const SLICE = 500;

export interface ScanData {
  infos: Map<string, SeriesInfo>;
  history: HistoryReply | undefined;
  loading: boolean;
  error: Error | undefined;
  count: number;
}

export function useScanData(to: string): ScanData {
  const catalog = useCatalog();
  const ids = useMemo(() => (catalog.data?.series ?? []).map((s) => s.id), [catalog.data]);
  const infos = useMemo(() => new Map((catalog.data?.series ?? []).map((s) => [s.id, s])), [catalog.data]);
  const from = daysBefore(to, LOOKBACK_DAYS);
  const history = useMarketRequest<HistoryReply>(ids.length ? `fullMarket#${from}#${to}#${ids.length}#${ids[0]}#${ids[ids.length - 1]}` : null, async (c) => {
    const slices: string[][] = [];
    for (let i = 0; i < ids.length; i += SLICE) slices.push(ids.slice(i, i + SLICE));
    // One slice after another: the server reads each in one go and a desk's other screens
    // keep their turn on the socket in between.
    const replies: HistoryReply[] = [];
    for (const s of slices) replies.push(await c.history(s, { from, to }));
    const first = replies[0];
    return {
      ...first,
      series: replies.flatMap((r) => r.series),
      batches: Object.assign({}, ...replies.map((r) => r.batches)),
      missing: replies.flatMap((r) => r.missing),
      offline: replies.some((r) => r.offline),
    };
  });
  return {
    infos,
    history: history.data,
    loading: catalog.loading || history.loading,
    error: catalog.error ?? history.error,
    count: ids.length,
  };
}

// Spread histories (series A minus series B, bp, on their common dates) for the spread
// screens: one MD.HISTORY for every series asked, each pair's spread and its statistics
// (current, mean, range, percentile rank, z-score) over the chosen window, and a time chart
// with the window choice and the sources of what is drawn.
import { useMemo } from 'react';
import { ChartConfigBuilder, UPlotChart } from '../../kit/charts';
import { ChoiceField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { useLang } from '../../kit/locale';
import { useMarketRequest, type HistoryReply, type HistorySeries } from '../../kit/market-data';
import { alignHistory, deskToday, HISTORY_RANGES, historySources, rangeFrom, type HistoryRange } from '../../kit/market-data/figures';
import type { Provenance } from '../../kit/market-data/provenance';
import { fmt, ResultList, SourceBadge } from '../../kit/results';
import { toISO, type CalendarDate } from '../../pricing-core/dates/date';
import { spreadHistory, spreadStats, type SpreadSeries, type SpreadStats } from './curves';
import { quoteStrings } from './quotes-i18n';

export interface SpreadPair { key: string; a: string; b: string; label: string }

export interface SpreadHistories {
  /** The raw histories by series id. */
  raw: Map<string, HistorySeries>;
  series: Map<string, SpreadSeries>;
  stats: Map<string, SpreadStats | null>;
  provenance: Provenance[];
  loading: boolean;
  error: Error | undefined;
}

export function useSpreadHistories(pairs: readonly SpreadPair[], range: HistoryRange): SpreadHistories {
  const ids = useMemo(() => [...new Set(pairs.flatMap((p) => [p.a, p.b]))], [pairs]);
  const from = rangeFrom(range, deskToday());
  const h = useMarketRequest<HistoryReply>(ids.length ? `spreads#${ids.join('|')}#${from}` : null, (c) => c.history(ids, { from }));
  return useMemo(() => {
    const byId = new Map(h.data?.series.map((s) => [s.id, s]) ?? []);
    const series = new Map<string, SpreadSeries>();
    const stats = new Map<string, SpreadStats | null>();
    for (const p of pairs) {
      const a = byId.get(p.a), b = byId.get(p.b);
      if (!a || !b) { stats.set(p.key, null); continue; }
      const s = spreadHistory(a, b);
      series.set(p.key, s);
      stats.set(p.key, spreadStats(s));
    }
    return { raw: byId, series, stats, provenance: h.data ? historySources(h.data, h.data.series) : [], loading: h.loading, error: h.error };
  }, [h.data, h.loading, h.error, pairs]);
}

/** Time chart of some spreads with the window choice and the sources drawn. */
export function SpreadChart({ pairs, hist, range, onRange, label }: { pairs: readonly SpreadPair[]; hist: SpreadHistories; range: HistoryRange; onRange: (r: HistoryRange) => void; label: string }) {
  const { t } = useStrings(quoteStrings);
  const lang = useLang();
  const labels = pairs.map((p) => p.label).join('|');
  const config = useMemo(() => {
    const b = new ChartConfigBuilder('time', lang);
    pairs.forEach((p, i) => b.addSeries({ label: p.label, format: fmt.fixed(2), dash: i ? [5, 3] : undefined }));
    return b.build();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [labels, lang]);
  const data = useMemo(() => alignHistory(pairs.map((p) => {
    const s = hist.series.get(p.key);
    return s ? { id: p.key, dates: s.dates, values: s.values, runs: [] } : undefined;
  })), [pairs, hist.series]);
  return (
    <div className="kit-md-chart" aria-busy={hist.loading || undefined}>
      <div className="kit-md-chart__bar">
        <ChoiceField label={t('window')} name="spreadWindow" value={range} onChange={onRange} choices={HISTORY_RANGES.map((r) => ({ value: r, label: t(`ranges.${r}`) }))} />
        <div className="kit-md-chart__src">{hist.provenance.map((pv) => <SourceBadge key={`${pv.source}|${pv.sourceKind}`} provenance={pv} />)}</div>
      </div>
      <UPlotChart config={config} data={data} label={label} height={260} />
    </div>
  );
}

/** Statistics of one spread as a result list (bp; percentile 0..100). */
export function SpreadStatsList({ stats }: { stats: SpreadStats | null | undefined }) {
  const { t } = useStrings(quoteStrings);
  return (
    <ResultList
      items={[
        { name: t('stats.asOf'), value: stats ? toISO(stats.lastDate as CalendarDate) : null, format: fmt.date },
        { name: t('stats.current'), value: stats?.current ?? null, format: fmt.fixed(2) },
        { name: t('stats.percentile'), value: stats?.percentile ?? null, format: fmt.fixed(1) },
        { name: t('stats.mean'), value: stats?.mean ?? null, format: fmt.fixed(2) },
        { name: t('stats.min'), value: stats?.min ?? null, format: fmt.fixed(2) },
        { name: t('stats.max'), value: stats?.max ?? null, format: fmt.fixed(2) },
        { name: t('stats.zScore'), value: stats?.zScore ?? null, format: fmt.fixed(2) },
        { name: t('stats.count'), value: stats?.count ?? null, format: fmt.fixed(0) },
      ]}
    />
  );
}

/** One chosen spread: its chart and its statistics (nothing while none is chosen). */
export function ChosenSpread({ pair, hist, range, onRange }: { pair: SpreadPair | undefined; hist: SpreadHistories; range: HistoryRange; onRange: (r: HistoryRange) => void }) {
  const pairs = useMemo(() => (pair ? [pair] : []), [pair]);
  if (!pair) return null;
  return (
    <>
      <SpreadChart pairs={pairs} hist={hist} range={range} onRange={onRange} label={pair.label} />
      <SpreadStatsList stats={hist.stats.get(pair.key)} />
    </>
  );
}

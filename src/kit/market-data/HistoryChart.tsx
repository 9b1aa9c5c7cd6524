// History of one or more market series on a time axis, with the window chosen by the user
// (1M ... All): MD.HISTORY through the page's client, aligned on one axis (figures.ts), drawn
// by the kit's uPlot chart, with the source and as-of of the figures drawn always visible.
// Stepped series (policy rates, LPR) draw as steps and hold their level to today.
import { useMemo } from 'react';
import { ChartConfigBuilder, UPlotChart } from '../charts';
import { ChoiceField } from '../fields';
import type { ValueFormat } from '../format/value-format';
import { useStrings } from '../i18n';
import { useLang } from '../locale';
import { SourceBadge } from '../results';
import type { HistoryReply } from './client';
import { alignHistory, beijingToday, EARLIEST, HISTORY_RANGES, historySources, rangeFrom, type HistoryRange } from './figures';
import { useMarketRequest } from './hooks';
import { marketErrorText } from './label';
import { needsBadge, type Provenance } from './provenance';
import { marketDataStrings } from './ui-strings';
import './market-data.css';

export interface HistoryLine {
  id: string;
  label: string;
  /** Multiplier (e.g. 100 for a per-1 JPY spot beside a per-100 fixing). */
  scale?: number;
  dash?: number[];
}

export interface HistoryChartProps {
  /** Accessible name of the chart. */
  label: string;
  lines: readonly HistoryLine[];
  range: HistoryRange;
  onRange: (r: HistoryRange) => void;
  format: ValueFormat;
  step?: boolean;
  height?: number;
  /** Changes refetch the history (after an import). */
  rev?: number;
  /** Ranges offered (default all). */
  ranges?: readonly HistoryRange[];
  /**
   * Name the sources of what is drawn (default true). A screen that lists them beside the
   * chart may turn it off; sample and simulated figures keep their badge regardless.
   */
  sources?: boolean;
}

export function HistoryChart(p: HistoryChartProps) {
  const { t } = useStrings(marketDataStrings);
  const lang = useLang();
  const today = useMemo(() => beijingToday(), []);
  const ids = useMemo(() => p.lines.map((l) => l.id), [p.lines]);
  const from = rangeFrom(p.range, today);
  // A stepped series needs the level it held when the window opens: fetch from the start.
  const fetchFrom = p.step ? EARLIEST : from;
  const key = ids.length ? `chart#${ids.join('|')}#${fetchFrom}#${p.rev ?? 0}` : null;
  const hist = useMarketRequest<HistoryReply>(key, (c) => c.history(ids, { from: fetchFrom }));

  const labels = p.lines.map((l) => l.label).join('|');
  const config = useMemo(() => {
    const b = new ChartConfigBuilder('time', lang);
    p.lines.forEach((l) => b.addSeries({ label: l.label, format: p.format, step: p.step, dash: l.dash }));
    return b.build();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [labels, lang, p.step, p.format]);

  const data = useMemo(() => {
    const byId = new Map(hist.data?.series.map((s) => [s.id, s]) ?? []);
    return alignHistory(ids.map((id) => byId.get(id)), { fill: p.step ? 'step' : 'gaps', until: today, from, scale: p.lines.map((l) => l.scale ?? 1) });
  }, [hist.data, ids, p.step, p.lines, today, from]);

  // Every source of what is drawn (a sample history with an imported figure names both).
  const provenance = useMemo(() => (hist.data ? historySources(hist.data, hist.data.series) : ([] as Provenance[])), [hist.data]);

  return (
    <div className="kit-md-chart" aria-busy={hist.loading || undefined}>
      <div className="kit-md-chart__bar">
        <ChoiceField
          className="kit-md-chart__range"
          label={t('range.label')}
          name="historyRange"
          value={p.range}
          onChange={p.onRange}
          choices={(p.ranges ?? HISTORY_RANGES).map((r) => ({ value: r, label: t(`range.${r}`) }))}
        />
        <div className="kit-md-chart__src">
          {provenance.filter((pv) => p.sources !== false || needsBadge(pv)).map((pv) => <SourceBadge key={`${pv.source}|${pv.sourceKind}`} provenance={pv} />)}
        </div>
      </div>
      {hist.error ? <div className="kit-alert" role="alert">{marketErrorText(hist.error as { code?: string; message?: string }, lang)}</div> : null}
      <UPlotChart config={config} data={data} label={p.label} height={p.height ?? 260} />
      {hist.loading ? <div className="kit-md-chart__loading" role="status">{t('chart.loading')}</div> : null}
    </div>
  );
}

// History of one or more market series on a time axis, with the window chosen by the user
// (1M ... All): MD.HISTORY through the page's client, aligned on one axis (figures.ts), drawn
// by the kit's uPlot chart, with the source and as-of of the figures drawn always visible.
// Stepped series (policy rates, LPR) draw as steps and hold their level to today.
// Where real figures stop and sample / simulated ones continue (the shipped history ends),
// a line is drawn as two series - solid real, dashed sample after - with a marker at the
// boundary and a note under the chart naming both sources: never one undifferentiated line.
import { useMemo } from 'react';
import { ChartConfigBuilder, SERIES_COLORS, UPlotChart } from '../charts';
import { ChoiceField } from '../fields';
import type { ValueFormat } from '../format/value-format';
import { useStrings } from '../i18n';
import { useLang } from '../locale';
import { SourceBadge } from '../results';
import type { HistoryReply } from './client';
import { alignHistory, deskToday, daySeconds, EARLIEST, HISTORY_RANGES, historySources, rangeFrom, splitAtBoundary, type BoundarySplit, type HistoryRange } from './figures';
import { useMarketRequest } from './hooks';
import { marketErrorText, sourceName } from './label';
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
  const today = useMemo(() => deskToday(), []);
  const ids = useMemo(() => p.lines.map((l) => l.id), [p.lines]);
  const from = rangeFrom(p.range, today);
  // A stepped series needs the level it held when the window opens: fetch from the start.
  const fetchFrom = p.step ? EARLIEST : from;
  const key = ids.length ? `chart#${ids.join('|')}#${fetchFrom}#${p.rev ?? 0}` : null;
  const hist = useMarketRequest<HistoryReply>(key, (c) => c.history(ids, { from: fetchFrom }));

  // Each line split where real figures end (null: nothing fetched for it).
  const splits = useMemo(() => {
    const byId = new Map(hist.data?.series.map((s) => [s.id, s]) ?? []);
    return ids.map((id): BoundarySplit | null => {
      const s = byId.get(id);
      return s && hist.data ? splitAtBoundary(hist.data, s) : null;
    });
  }, [hist.data, ids]);
  const shape = splits.map((x) => (x?.other ? `${x.boundaries.map((b) => b.date).join(',')}:${x.boundaries[0]?.after.sourceKind ?? ''}` : '')).join('|');

  const labels = p.lines.map((l) => l.label).join('|');
  const config = useMemo(() => {
    const b = new ChartConfigBuilder('time', lang);
    const marked = new Set<number>();
    p.lines.forEach((l, i) => {
      const color = SERIES_COLORS[i % SERIES_COLORS.length];
      b.addSeries({ label: l.label, format: p.format, step: p.step, dash: l.dash, color });
      const split = splits[i];
      if (!split?.other) return;
      const kind = split.boundaries[0]?.after.sourceKind === 'simulated' ? 'simulated' : 'sample';
      // Not real: a thin dotted line in the line's colour, faded, whatever the real part's style.
      const faded = /^#[0-9a-f]{6}$/i.test(color) ? `${color}99` : color;
      b.addSeries({ label: `${l.label} · ${t(`chart.after.${kind}`)}`, format: p.format, step: p.step, dash: [2, 3], width: 1.25, color: faded });
      for (const bd of split.boundaries) {
        if (marked.has(bd.day)) continue;
        marked.add(bd.day);
        b.addMarker({ x: daySeconds(bd.day), label: t('chart.boundary', { date: bd.date }) });
      }
    });
    return b.build();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [labels, lang, p.step, p.format, shape]);

  const data = useMemo(() => {
    const cols: Array<HistoryReply['series'][number] | undefined> = [];
    const scale: number[] = [];
    p.lines.forEach((l, i) => {
      const split = splits[i];
      cols.push(split?.real);
      scale.push(l.scale ?? 1);
      if (split?.other) {
        cols.push(split.other);
        scale.push(l.scale ?? 1);
      }
    });
    return alignHistory(cols, { fill: p.step ? 'step' : 'gaps', until: today, from, scale });
  }, [splits, p.step, p.lines, today, from]);

  const boundaryNotes = p.lines.flatMap((l, i) =>
    (splits[i]?.boundaries ?? []).map((bd) => ({
      key: `${l.id}|${bd.date}`,
      text: t(`chart.boundaryNote.${bd.after.sourceKind === 'simulated' ? 'simulated' : 'sample'}`, { line: l.label, source: sourceName(bd.real.source, lang), date: bd.date }),
    })),
  );

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
      {boundaryNotes.length ? (
        <ul className="kit-md-chart__boundary" data-testid="history-boundary">
          {boundaryNotes.map((n) => <li key={n.key}>{n.text}</li>)}
        </ul>
      ) : null}
      {hist.loading ? <div className="kit-md-chart__loading" role="status">{t('chart.loading')}</div> : null}
    </div>
  );
}

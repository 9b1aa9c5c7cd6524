// A table of market figures as a desk reads them: name, last value (flashing when a push
// changes it), change vs the previous figure (bp for rates, pips for FX fixings), optional
// change %, the previous figure, the figure's date (and quote time for live quotes), and
// its source with the SAMPLE / SIMULATED badge. Sortable, exported to CSV / XLSX with the
// same columns (the kit's ResultTable). Every number cell carries `data-value`.
import { useMemo, type ReactNode } from 'react';
import { formatFixed } from '../format/number';
import { formatValue, type ValueFormat } from '../format/value-format';
import { useStrings } from '../i18n';
import { useLang } from '../locale';
import { Panel } from '../layout';
import { fmt, LiveValue, ResultTable, SourceBadge, type ResultColumn } from '../results';
import { changeOf, changePct, commonProvenance } from './figures';
import { beijingTime, sourceName } from './label';
import { SourceCell } from './SourceCell';
import type { SeriesInfo } from './series';
import type { Figure } from './use-figures';
import { marketDataStrings } from './ui-strings';
import './market-data.css';

/** bp: percent rates (x100); pips: FX fixings (x10,000); abs: the price difference. */
export type ChangeUnit = 'bp' | 'pips' | 'abs';

export interface FigureRowSpec {
  id: string;
  /** Row name (the row header), e.g. `USD/CNY`, `SHIBOR 3M`. */
  label: string;
  /** Catalogue entry: decimals, unit, full name (tooltip), citation link. */
  info?: SeriesInfo;
  /** Extra cells keyed by column key (see `extra`). */
  cells?: Record<string, string | number | null>;
}

export interface ExtraColumn {
  key: string;
  header: string;
  format?: ValueFormat;
  /** Placed after the name (default) or at the end. */
  at?: 'start' | 'end';
}

export interface FigureTableProps {
  caption: string;
  rows: readonly FigureRowSpec[];
  figures: ReadonlyMap<string, Figure>;
  change: ChangeUnit;
  /** Show change % (prices and indices). */
  pct?: boolean;
  /** Show the previous figure (its date in the cell's title). */
  prev?: boolean;
  /** Source cells show the kind badge only (the full source in the title), e.g. when the panel header names it. */
  compactSource?: boolean;
  /** Show the quote time (live quotes). */
  time?: boolean;
  /** Header of the name column (default "Name"). */
  nameHeader?: string;
  /** Header of the value column (default "Last"). */
  valueHeader?: string;
  extra?: readonly ExtraColumn[];
  exportName: string;
  hideCaption?: boolean;
  maxHeight?: number;
  /** Content after the table (notes). */
  footer?: ReactNode;
}

interface Row {
  spec: FigureRowSpec;
  fig: Figure | undefined;
  decimals: number;
  change: number | null;
}

export function FigureTable(p: FigureTableProps) {
  const { t } = useStrings(marketDataStrings);
  const lang = useLang();
  const rows = useMemo<Row[]>(
    () =>
      p.rows.map((spec) => {
        const fig = p.figures.get(spec.id);
        // bp for percent series, the difference otherwise; FX fixings in pips (1e-4).
        const raw = changeOf(spec.info?.unit ?? (p.change === 'bp' ? 'pct' : 'price'), fig?.latest?.value, fig?.prev?.value);
        const change = raw === null ? null : p.change === 'pips' ? raw * 10_000 : raw;
        return { spec, fig, decimals: spec.info?.decimals ?? 4, change };
      }),
    [p.rows, p.figures, p.change],
  );

  const columns = useMemo(() => {
    const changeHeader = p.change === 'bp' ? t('col.changeBp') : p.change === 'pips' ? t('col.changePips') : t('col.change');
    const changeFormat: ValueFormat = p.change === 'bp' ? fmt.fixed(2, true) : p.change === 'pips' ? fmt.fixed(0, true) : fmt.fixed(4, true);
    const extra = (where: 'start' | 'end') =>
      (p.extra ?? []).filter((e) => (e.at ?? 'start') === where).map((e): ResultColumn<Row> => ({ key: e.key, header: e.header, value: (r) => r.spec.cells?.[e.key] ?? null, format: e.format ?? fmt.text }));
    const cols: ResultColumn<Row>[] = [
      {
        key: 'name',
        header: p.nameHeader ?? t('col.name'),
        value: (r) => r.spec.label,
        rowHeader: true,
        format: fmt.text,
        render: (r) => <span title={r.spec.info ? (lang === 'en' ? r.spec.info.nameEn : r.spec.info.nameZh) : undefined}>{r.spec.label}</span>,
      },
      ...extra('start'),
      {
        key: 'value',
        header: p.valueHeader ?? t('col.value'),
        value: (r) => r.fig?.latest?.value ?? null,
        format: fmt.fixed(4),
        render: (r) => <LiveValue value={r.fig?.latest?.value ?? null} format={fmt.fixed(r.decimals)} bare />,
      },
    ];
    if (p.time) {
      cols.push({ key: 'bid', header: t('col.bid'), value: (r) => r.fig?.latest?.bid ?? null, format: fmt.fixed(4), render: (r) => <LiveValue value={r.fig?.latest?.bid ?? null} format={fmt.fixed(r.decimals)} bare /> });
      cols.push({ key: 'ask', header: t('col.ask'), value: (r) => r.fig?.latest?.ask ?? null, format: fmt.fixed(4), render: (r) => <LiveValue value={r.fig?.latest?.ask ?? null} format={fmt.fixed(r.decimals)} bare /> });
    }
    cols.push({
      key: 'change',
      header: changeHeader,
      value: (r) => r.change,
      format: changeFormat,
      render: (r) => (
        <span
          className={r.change === null || r.change === 0 ? undefined : r.change > 0 ? 'kit-md-up' : 'kit-md-down'}
          title={r.fig?.prev ? `${t('col.prev')}: ${formatFixed(r.fig.prev.value, r.decimals, lang)} (${r.fig.prev.date})` : undefined}
        >
          {formatValue(r.change, p.change === 'abs' ? fmt.fixed(r.decimals, true) : changeFormat, lang)}
        </span>
      ),
    });
    if (p.pct) cols.push({ key: 'pct', header: t('col.changePct'), value: (r) => changePct(r.fig?.latest?.value, r.fig?.prev?.value), format: fmt.percent(2, true) });
    if (p.prev) {
      cols.push({
        key: 'prev',
        header: t('col.prev'),
        value: (r) => r.fig?.prev?.value ?? null,
        format: fmt.fixed(4),
        render: (r) => <span title={r.fig?.prev ? `${t('col.prevDate')}: ${r.fig.prev.date}` : undefined}>{formatFixed(r.fig?.prev?.value, r.decimals, lang)}</span>,
      });
    }
    cols.push({ key: 'date', header: t('col.date'), value: (r) => r.fig?.latest?.date ?? null, format: fmt.date });
    if (p.time) cols.push({ key: 'time', header: t('col.time'), value: (r) => (r.fig?.latest && r.fig.latest.asOf.length > 10 ? r.fig.latest.asOf : null), format: fmt.text, render: (r) => (r.fig?.latest && r.fig.latest.asOf.length > 10 ? beijingTime(r.fig.latest.asOf).slice(11) : '—') });
    cols.push(...extra('end'));
    cols.push({
      key: 'source',
      header: t('col.source'),
      value: (r) => (r.fig?.latest ? `${t(`source.${r.fig.latest.sourceKind}`)}: ${sourceName(r.fig.latest.source, lang)}` : null),
      format: fmt.text,
      render: (r) => <SourceCell provenance={r.fig?.latest} compact={p.compactSource} url={r.fig?.latest?.sourceKind === 'published' ? r.spec.info?.sourceUrl : undefined} />,
    });
    return cols;
  }, [p.change, p.pct, p.prev, p.time, p.extra, p.nameHeader, p.valueHeader, p.compactSource, t, lang]);

  return (
    <div className="kit-md-table">
      <ResultTable caption={p.caption} hideCaption={p.hideCaption} columns={columns} rows={rows} rowKey={(r) => r.spec.id} sortable exportName={p.exportName} maxHeight={p.maxHeight} />
      {p.footer}
    </div>
  );
}

/**
 * A titled panel around a FigureTable, with the table's source and as-of in its header when
 * every row shares one (else each row's source cell says it).
 */
export function FigurePanel({ title, className, ...p }: Omit<FigureTableProps, 'caption'> & { title: string; className?: string }) {
  const provenance = useMemo(() => commonProvenance(p.rows.map((r) => p.figures.get(r.id)?.latest)), [p.rows, p.figures]);
  return (
    <Panel title={title} className={`kit-md-panel${className ? ` ${className}` : ''}`} actions={<SourceBadge provenance={provenance} />}>
      <FigureTable caption={title} hideCaption {...p} compactSource={p.compactSource ?? provenance !== null} />
    </Panel>
  );
}

// /interestRate: the money-market fixings (SHIBOR ON..1Y, LPR, FR / DR repo fixings, SOFR,
// €STR, SONIA, TONA, EURIBOR, HIBOR, CNH HIBOR) live with change in bp; a curve (IRS FR007,
// SHIBOR 3M, SOFR OIS, government and credit curves...) on one date against another as a
// chart and a table; the history of any tenor; and the import drop area. model.ts: the
// curve choices, comparison dates and rows.
import { useAtom } from 'jotai';
import { useMemo } from 'react';
import { ChartConfigBuilder, UPlotChart } from '../../kit/charts';
import { SelectField, TenorDateField, type TenorOrDate } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { Panel } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { useCatalog, useMarketRequest, type CurveReply } from '../../kit/market-data';
import { benchmarks, type BenchmarkKey } from '../../kit/market-data/benchmarks';
import { firstMarketFailure } from '../../kit/market-data/failure';
import { FigurePanel } from '../../kit/market-data/FigureTable';
import { deskToday, distinctSources } from '../../kit/market-data/figures';
import { needsBadge, type SourceKind } from '../../kit/market-data/provenance';
import { HistoryChart } from '../../kit/market-data/HistoryChart';
import { ReferenceScreen, useImportRev } from '../../kit/market-data/ReferenceScreen';
import { isStepped, shortName } from '../../kit/market-data/names';
import type { SeriesInfo } from '../../kit/market-data/series';
import { useFigures } from '../../kit/market-data/use-figures';
import { fmt, formatValue, ResultTable, SourceBadge, ToolError } from '../../kit/results';
import { strings } from './i18n';
import { COMPARE_PRESETS, compareDate, curveChartData, curveChoices, curveDate, curveName, curveRows, tenorsOf, type ComparePreset, type CurveRow } from './model';
import { viewAtom, type View } from './state';
import './style.css';

const FIXINGS: readonly BenchmarkKey[] = ['shibor', 'cnyRates', 'hibor', 'rfr'];

export default function InterestRate() {
  const { t } = useStrings(strings);
  const lang = useLang();
  const [view, setView] = useAtom(viewAtom);
  const { rev, onImported } = useImportRev();

  const catalog = useCatalog();
  const infos = useMemo(() => catalog.data?.series ?? [], [catalog.data]);
  const tables = useMemo(() => benchmarks(infos, FIXINGS), [infos]);
  // LPR moves a few times a year: its previous level may be years back.
  const all = useMemo(() => tables.flatMap((b) => b.series), [tables]);
  const dailyIds = useMemo(() => all.filter((s) => !isStepped(s)).map((s) => s.id), [all]);
  const steppedIds = useMemo(() => all.filter((s) => isStepped(s)).map((s) => s.id), [all]);
  const daily = useFigures(dailyIds, { rev });
  const stepped = useFigures(steppedIds, { lookbackDays: Infinity, rev });
  const figs = useMemo(() => ({ figures: new Map([...daily.figures, ...stepped.figures]), loading: daily.loading || stepped.loading, error: daily.error ?? stepped.error }), [daily, stepped]);
  const curves = useMemo(() => curveChoices(catalog.data?.groups ?? [], lang), [catalog.data, lang]);
  const error = firstMarketFailure(catalog.error, figs.error);

  return (
    <ReferenceScreen
      testId="interest-rate"
      title={t('title')}
      onImported={onImported}
      busy={catalog.loading || figs.loading}
      error={error}
      charts={
        <>
          <CurvePanel view={view} setView={setView} curves={curves} rev={rev} />
          <TenorHistoryPanel view={view} setView={setView} curves={curves} infos={infos} rev={rev} />
        </>
      }
    >
      <div className="kit-md-grid">
        {tables.map((b) =>
          b.series.length ? (
            <FigurePanel
              key={b.key}
              title={t(`tables.${b.key}`)}
              rows={b.series.map((s) => ({ id: s.id, label: b.key === 'shibor' && s.tenor ? s.tenor : shortName(s, lang), info: s }))}
              figures={figs.figures}
              change="bp"
              nameHeader={b.key === 'shibor' ? t('tenor') : t('index')}
              valueHeader={t('rate')}
              exportName={`rates-${b.key}`}
            />
          ) : null,
        )}
      </div>
    </ReferenceScreen>
  );
}

interface PanelProps {
  view: View;
  setView: (f: (v: View) => View) => void;
  curves: Array<{ value: string; label: string }>;
  rev: number;
}

/** A curve on date A against date B: chart (x in years) and table with the change in bp. */
function CurvePanel({ view, setView, curves, rev }: PanelProps) {
  const { t } = useStrings(strings);
  const lang = useLang();
  const today = useMemo(() => deskToday(), []);
  const curve = curves.some((c) => c.value === view.curve) ? view.curve : curves[0]?.value ?? null;
  const a = useMarketRequest<CurveReply>(curve ? `curveA#${curve}#${view.dateA ?? ''}#${rev}` : null, (c) => c.curve(curve!, view.dateA ? { asOf: view.dateA } : {}));
  const aDate = view.dateA ?? curveDate(a.data?.points);
  const bAsOf = aDate ? compareDate(view.compare, aDate, view.dateB) : null;
  const b = useMarketRequest<CurveReply>(curve && bAsOf ? `curveB#${curve}#${bAsOf}#${rev}` : null, (c) => c.curve(curve!, { asOf: bAsOf! }));
  const rows = useMemo(() => curveRows(a.data?.points, b.data?.points), [a.data, b.data]);
  const bDate = curveDate(b.data?.points);
  const labelA = `${t('curveA')} ${aDate ?? ''}`.trim();
  const labelB = `${t('curveB')} ${bDate ?? bAsOf ?? ''}`.trim();
  const name = curve ? curveName(curve, lang) : '';

  const config = useMemo(
    () =>
      new ChartConfigBuilder('xy', lang)
        .setX(t('years'), fmt.sig(3))
        .addSeries({ label: labelA, points: true, format: fmt.percent(3) })
        .addSeries({ label: labelB, points: true, dash: [5, 3], format: fmt.percent(3) })
        .build(),
    [lang, t, labelA, labelB],
  );
  const data = useMemo(() => curveChartData(rows), [rows]);
  // A curve mixing real tenors with sample ones (the shipped UST history has six tenors after
  // 2025-07-11) names every source, and its sample cells are tagged in the table.
  const srcA = useMemo(() => distinctSources(a.data?.points ?? []), [a.data]);
  const srcB = useMemo(() => distinctSources(b.data?.points ?? []), [b.data]);
  const sources = useMemo(() => {
    const seen = new Set<string>();
    return [...srcA, ...srcB].filter((p) => { const k = `${p.sourceKind}|${p.source}`; return seen.has(k) ? false : (seen.add(k), true); });
  }, [srcA, srcB]);
  const mixedA = srcA.length > 1, mixedB = srcB.length > 1;
  const tag = (kind: SourceKind | null, mixed: boolean) => (mixed && kind && needsBadge({ sourceKind: kind }) ? <span className="ir-curves__tag">{t(`tag.${kind === 'simulated' ? 'simulated' : 'sample'}`)}</span> : null);
  const failure = firstMarketFailure(a.error, b.error);
  const dateValue = (d: string | null): TenorOrDate | null => (d ? { kind: 'date', date: d } : null);

  return (
    <Panel title={t('curves')} className="ir-curves">
      <div className="kit-md-chartbar">
        <SelectField label={t('curve')} name="curve" value={curve} onChange={(v) => setView((s) => ({ ...s, curve: v }))} choices={curves} />
        <TenorDateField label={t('dateA')} name="curveDate" dateOnly today={today} hint={t('dateAHint')} value={dateValue(view.dateA)} onChange={(v) => setView((s) => ({ ...s, dateA: v?.kind === 'date' ? v.date : null }))} />
        <SelectField
          label={t('compare')}
          name="compare"
          value={view.compare}
          onChange={(v) => setView((s) => ({ ...s, compare: v as ComparePreset }))}
          choices={COMPARE_PRESETS.map((p) => ({ value: p, label: t(`presets.${p}`) }))}
        />
        {view.compare === 'custom' ? (
          <TenorDateField label={t('compareDate')} name="compareDate" dateOnly today={today} value={dateValue(view.dateB)} onChange={(v) => setView((s) => ({ ...s, dateB: v?.kind === 'date' ? v.date : null }))} />
        ) : null}
        <div className="ir-curves__src">
          {sources.map((p) => <SourceBadge key={`${p.sourceKind}|${p.source}`} provenance={p} />)}
        </div>
      </div>
      <ToolError error={failure} />
      <div className="ir-curves__body" aria-busy={a.loading || b.loading || undefined}>
        <UPlotChart config={config} data={data} label={t('curveChart', { curve: name, a: aDate ?? '', b: bDate ?? '' })} height={300} />
        <ResultTable<CurveRow>
          caption={t('curveChart', { curve: name, a: aDate ?? '', b: bDate ?? '' })}
          hideCaption
          sortable
          exportName={`curve-${curve ?? ''}`}
          rows={rows}
          rowKey={(r) => r.tenor}
          maxHeight={400}
          columns={[
            { key: 'tenor', header: t('tenor'), value: (r) => r.tenor, rowHeader: true, format: fmt.text },
            // A point whose own date differs from its curve's date says so in its title.
            { key: 'a', header: t('colA', { date: aDate ?? 'A' }), value: (r) => r.a, format: fmt.fixed(4), render: (r) => <span title={r.aDate && r.aDate !== aDate ? r.aDate : undefined}>{formatValue(r.a, fmt.fixed(4), lang)}{r.aDate && r.aDate !== aDate ? '*' : ''}{tag(r.aKind, mixedA)}</span> },
            { key: 'b', header: t('colB', { date: bDate ?? 'B' }), value: (r) => r.b, format: fmt.fixed(4), render: (r) => <span title={r.bDate && r.bDate !== bDate ? r.bDate : undefined}>{formatValue(r.b, fmt.fixed(4), lang)}{r.bDate && r.bDate !== bDate ? '*' : ''}{tag(r.bKind, mixedB)}</span> },
            { key: 'change', header: t('colChange'), value: (r) => r.changeBp, format: fmt.fixed(2, true), render: (r) => <span className={r.changeBp === null || r.changeBp === 0 ? undefined : r.changeBp > 0 ? 'kit-md-up' : 'kit-md-down'}>{r.changeBp === null ? '—' : `${r.changeBp > 0 ? '+' : ''}${r.changeBp.toFixed(2)}`}</span> },
          ]}
        />
      </div>
    </Panel>
  );
}

/** History of one tenor of a curve, optionally beside another tenor (slope at a glance). */
function TenorHistoryPanel({ view, setView, curves, infos, rev }: PanelProps & { infos: readonly SeriesInfo[] }) {
  const { t } = useStrings(strings);
  const lang = useLang();
  const group = curves.some((c) => c.value === view.histCurve) ? view.histCurve : curves[0]?.value ?? '';
  const tenors = useMemo(() => tenorsOf(infos, group), [infos, group]);
  const first = tenors.find((x) => x.tenor === view.histTenor) ?? tenors[Math.min(3, tenors.length - 1)];
  const second = view.histTenor2 ? tenors.find((x) => x.tenor === view.histTenor2 && x.tenor !== first?.tenor) : undefined;
  const name = curveName(group, lang);
  const lines = useMemo(
    () => [first, second].filter((x): x is { id: string; tenor: string } => !!x).map((x, i) => ({ id: x.id, label: `${name} ${x.tenor}`, dash: i ? [5, 3] : undefined })),
    [first, second, name],
  );
  const choices = tenors.map((x) => ({ value: x.tenor, label: x.tenor }));
  return (
    <Panel title={t('history')} className="kit-md-wide">
      <div className="kit-md-chartbar">
        <SelectField label={t('curve')} name="historyCurve" value={group || null} onChange={(v) => setView((s) => ({ ...s, histCurve: v }))} choices={curves} />
        <SelectField label={t('tenorOf')} name="historyTenor" value={first?.tenor ?? null} onChange={(v) => setView((s) => ({ ...s, histTenor: v }))} choices={choices} />
        <SelectField label={t('tenor2')} name="historyTenor2" value={second?.tenor ?? ''} onChange={(v) => setView((s) => ({ ...s, histTenor2: v || null }))} choices={[{ value: '', label: t('none') }, ...choices]} />
      </div>
      {lines.length ? (
        <HistoryChart label={t('historyLabel', { curve: name, tenor: lines.map((l) => l.label.slice(name.length + 1)).join(' / ') })} lines={lines} range={view.range} onRange={(r) => setView((s) => ({ ...s, range: r }))} format={fmt.fixed(4)} rev={rev} height={280} />
      ) : null}
    </Panel>
  );
}

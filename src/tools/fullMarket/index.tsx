// /fullMarket (issue 15): every stored series scanned for anomalies - the latest daily move in
// standard deviations of the daily changes of 20 and 60 days, the 1-year percentile of the
// level, breaks of the 20-day band, the CNH-CNY spread and the fixing-versus-close gap - with
// a heat grid of the curves, a sortable table with sources, the anomalies above the user's
// thresholds, and the chart with its band of the series picked in the table.
import { useAtom } from 'jotai';
import { useMemo, useState } from 'react';
import { ChartConfigBuilder, UPlotChart } from '../../kit/charts';
import { deskToday } from '../../kit/dates';
import { NumberField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { Panel, ToolForm, ToolLayout } from '../../kit/layout';
import { useLang, type Lang } from '../../kit/locale';
import { badgeText, sourceName } from '../../kit/market-data';
import { firstMarketFailure } from '../../kit/market-data/failure';
import { daySeconds } from '../../kit/market-data/figures';
import { fmt, formatValue, HeatMap, ResultList, ResultsRegion, ResultTable, ToolFailure, type ResultColumn } from '../../kit/results';
import { toISO, type CalendarDate } from '../../pricing-core/dates/date';
import { FIELD_WORDS, PROBLEM_WORDS, strings } from './i18n';
import { anomalies, bandSeries, checkThresholds, type Thresholds, type ThresholdField, type ScanGap } from './model';
import { thresholdsAtom } from './state';
import { useScanData } from './use-scan-data';
import { CNH_SPREAD_ID, fixingGaps, heatGrid, scanRows, type ScanRow } from './view';
import './full-market.css';

type Typed = { [K in ThresholdField]: number | null };

export default function FullMarket() {
  const { t } = useStrings(strings);
  const lang = useLang();
  const [saved, setSaved] = useAtom(thresholdsAtom);
  const [typed, setTyped] = useState<Typed>(saved);
  const [picked, setPicked] = useState<string | null>(null);
  const to = useMemo(() => deskToday(), []);
  const data = useScanData(to);

  // Every typed threshold checked at once; valid ones are saved, a bad one keeps the last saved.
  const bad = checkThresholds(typed);
  const th: Thresholds = bad.length ? saved : (typed as Thresholds);
  const setField = (f: ThresholdField) => (v: number | null) => {
    const next = { ...typed, [f]: v };
    setTyped(next);
    if (!checkThresholds(next).length) setSaved(next as Thresholds);
  };
  const inputError = bad.length
    ? new ToolFailure('badInput', undefined, undefined, bad.map((b) => ({ field: FIELD_WORDS[b.field], problem: PROBLEM_WORDS[b.problem] })))
    : null;

  const scan = useMemo(() => {
    if (!data.history) return null;
    const t0 = performance.now();
    const rows = scanRows(data.history, data.infos, th.k);
    return { rows, ms: performance.now() - t0 };
  }, [data.history, data.infos, th.k]);
  const rows = scan?.rows ?? [];
  const list = useMemo(() => anomalies(rows, th), [rows, th]);
  const grid = useMemo(() => heatGrid(rows), [rows]);
  const gaps = useMemo(() => (data.history ? fixingGaps(data.history) : []), [data.history]);
  const byId = useMemo(() => new Map(rows.map((r) => [r.id, r])), [rows]);
  const name = (id: string) => seriesName(byId.get(id), lang, t('cnhCny'));
  const cnh = byId.get(CNH_SPREAD_ID);
  const gapText = (g: ScanGap | null) => (g ? t(`gaps.${g}`) : undefined);

  const sel = picked ? byId.get(picked) : undefined;
  const chartConfig = useMemo(() => new ChartConfigBuilder('time', lang)
    .addSeries({ label: t('level'), format: fmt.sig(6) })
    .addSeries({ label: t('mean'), format: fmt.sig(6), dash: [5, 3] })
    .addSeries({ label: t('upper'), format: fmt.sig(6), dash: [2, 3] })
    .addSeries({ label: t('lower'), format: fmt.sig(6), dash: [2, 3] })
    .build(), [lang, t]);
  const chartData = useMemo(() => {
    if (!sel) return null;
    const b = bandSeries(sel.series.values, th.k);
    return [Float64Array.from(sel.series.dates, daySeconds), Array.from(sel.series.values), b.mean, b.upper, b.lower] as const;
  }, [sel, th.k]);

  const columns: ResultColumn<ScanRow>[] = [
    { key: 'series', header: t('cols.series'), value: (r) => name(r.id), rowHeader: true, render: (r) => (
      <button type="button" className="fm__pick" aria-pressed={picked === r.id} onClick={() => setPicked(r.id)}>{name(r.id)}</button>
    ) },
    { key: 'id', header: t('cols.id'), value: (r) => r.id },
    { key: 'last', header: t('cols.last'), value: (r) => r.scan.last, format: fmt.sig(6) },
    { key: 'date', header: t('cols.date'), value: (r) => (r.scan.lastDay >= 0 ? toISO(r.scan.lastDay as CalendarDate) : null) },
    { key: 'change', header: t('cols.change'), value: (r) => r.scan.change, format: fmt.sig(4) },
    { key: 'z20', header: t('cols.z20'), value: (r) => r.scan.z20, format: fmt.fixed(2, true), render: (r) => r.scan.z20 ?? gapText(r.scan.gapZ20) },
    { key: 'z60', header: t('cols.z60'), value: (r) => r.scan.z60, format: fmt.fixed(2, true), render: (r) => r.scan.z60 ?? gapText(r.scan.gapZ60) },
    { key: 'pct', header: t('cols.pct'), value: (r) => r.scan.pct1y, format: fmt.fixed(1), render: (r) => r.scan.pct1y ?? gapText(r.scan.gapPct) },
    { key: 'band', header: t('cols.band'), value: (r) => (r.scan.band === null ? gapText(r.scan.gapBand) ?? null : t(`band.${r.scan.band}`)) },
    { key: 'source', header: t('cols.source'), value: (r) => sourceLabel(r, lang, t('sources.derived')) },
  ];
  // Cells with a gap note show it as text; the number itself renders through the format.
  for (const c of columns) if (c.render && c.key !== 'series') {
    const f = c.format!, raw = c.render;
    c.render = (r) => { const v = raw(r); return typeof v === 'number' ? formatValue(v, f, lang) : v; };
  }

  return (
    <div data-testid="full-market" className="fm">
      <ToolLayout
        variant="stacked"
        title={t('title')}
        inputs={
          <ToolForm onSubmit={() => undefined} columns={4}>
            <NumberField label={t('z')} name="z" value={typed.z} onChange={setField('z')} min={0} />
            <NumberField label={t('low')} name="low" value={typed.low} onChange={setField('low')} unit="%" min={0} max={100} />
            <NumberField label={t('high')} name="high" value={typed.high} onChange={setField('high')} unit="%" min={0} max={100} />
            <NumberField label={t('k')} name="k" value={typed.k} onChange={setField('k')} unit={t('kUnit')} min={0} />
          </ToolForm>
        }
        results={
          <ResultsRegion busy={data.loading} error={inputError ?? firstMarketFailure(data.error)}>
            <p className="fm__note" data-testid="fm-summary">
              {scan ? t('scanned', { n: rows.length, to, ms: scan.ms.toFixed(0) }) : t('loading', { n: data.count })}
            </p>
            <section className="fm__anomalies" aria-labelledby="fm-anomalies">
              <h3 id="fm-anomalies">{t('anomalies')} ({list.length})</h3>
              <p className="fm__note">{t('messageCentre')}</p>
              {scan && !list.length ? <p>{t('noAnomalies')}</p> : null}
              <ul data-testid="fm-anomalies">
                {list.slice(0, 200).map((a) => (
                  <li key={`${a.id}#${a.kind}`} data-series={a.id} data-kind={a.kind}>
                    <button type="button" className="fm__pick" onClick={() => setPicked(a.id)}>{name(a.id)}</button>
                    {' · '}{t(`kinds.${a.kind}`)}{': '}
                    <span data-value={a.value} aria-label={t(`kinds.${a.kind}`)}>{formatValue(a.value, a.kind.startsWith('band') ? fmt.sig(6) : fmt.fixed(2, a.kind.startsWith('z')), lang)}</span>
                  </li>
                ))}
              </ul>
            </section>
            <ResultList items={[
              { name: t('cnhCny'), value: cnh ? cnh.scan.last : null, format: fmt.sig(5), note: cnh ? `z20 ${cnh.scan.z20?.toFixed(2) ?? gapText(cnh.scan.gapZ20)}` : t('notAvailable', { why: t('noCnh') }) },
              ...gaps.map((g) => ({
                name: t('fixGap', { pair: `${g.pair.slice(0, 3)}/${g.pair.slice(3)}` }), value: g.gap, format: fmt.sig(5),
                note: g.day !== null ? toISO(g.day as CalendarDate) : t('notAvailable', { why: t('noClose') }),
              })),
            ]} />
            {grid.curves.length ? (
              <div className="fm__heat">
                <HeatMap caption={t('heat')} corner={t('corner')} rows={grid.curves} columns={grid.tenors} values={grid.values} format={fmt.fixed(2, true)} scale="diverging" domain={[-4, 4]} />
              </div>
            ) : null}
            <ResultTable<ScanRow> caption={t('table')} rows={rows} rowKey={(r) => r.id} columns={columns} sortable exportName="full-market-scan" maxHeight={520} />
            <p className="fm__note">{t('method')}</p>
            <p className="fm__note">{t('gapNote')}</p>
          </ResultsRegion>
        }
        charts={
          <Panel title={sel ? t('chart', { name: name(sel.id), k: th.k }) : t('pickRow')}>
            {chartData ? <UPlotChart config={chartConfig} data={chartData} label={t('chart', { name: name(sel!.id), k: th.k })} height={280} /> : <p className="fm__note">{t('pickRow')}</p>}
          </Panel>
        }
      />
    </div>
  );
}

function seriesName(r: ScanRow | undefined, lang: Lang, spread: string): string {
  if (!r) return '';
  if (r.id === CNH_SPREAD_ID) return spread;
  return r.info ? (lang === 'zh' ? r.info.nameZh : r.info.nameEn) : r.id;
}

/** ECB, FRED H.10, US Treasury...; sample / simulated / imported say so. */
function sourceLabel(r: ScanRow, lang: Lang, derived: string): string {
  const p = r.prov;
  if (!p) return derived;
  const badge = badgeText(p, lang);
  if (badge) return badge;
  return sourceName(p.source, lang);
}

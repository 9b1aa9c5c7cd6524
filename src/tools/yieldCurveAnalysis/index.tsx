// /yieldCurveAnalysis: how a curve (swap, government, credit) moved between two dates (parallel
// shift, twist, butterfly per tenor) and the level / slope / curvature components of its daily
// changes over the range (PCA on stored history); charts and a table. model.ts does the maths.
import { useMemo, useState } from 'react';
import { ChartConfigBuilder, UPlotChart } from '../../kit/charts';
import { SelectField, TenorDateField, type TenorOrDate } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { Panel, ToolForm, ToolLayout } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { useCatalog, useCurve, useHistory } from '../../kit/market-data';
import { firstMarketFailure } from '../../kit/market-data/failure';
import { deskToday, daysBefore } from '../../kit/market-data/figures';
import { fmt, ResultList, ResultsRegion, ResultTable, SourceBadge, ToolFailure } from '../../kit/results';
import { ratesStrings } from '../curveConstruction/i18n';
import { tenorYears } from '../../kit/market-data/pillars';
import { bySource } from '../curveConstruction/use-market-quotes';
import { curveChoices } from '../interestRate/model';
import { strings } from './i18n';
import { analyse, tenorRows, yearsLabel, type TenorRow, type TenorSeries } from './model';
import '../curveConstruction/curves.css';

const dateValue = (d: string | null): TenorOrDate | null => (d ? { kind: 'date', date: d } : null);

export default function YieldCurveAnalysis() {
  const { t } = useStrings(strings);
  const { t: tr } = useStrings(ratesStrings);
  const lang = useLang();
  const today = useMemo(() => deskToday(), []);
  const [group, setGroup] = useState('irs.FR007');
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const catalog = useCatalog();
  const curves = useMemo(() => curveChoices(catalog.data?.groups ?? [], lang).filter((c) => /^(irs|bond|credit)\./.test(c.value)), [catalog.data, lang]);
  const latest = useCurve(group, to ? { asOf: to } : {});
  const members = useMemo(
    () => (catalog.data?.series ?? []).filter((s) => s.group === group && s.tenor && Number.isFinite(tenorYears(s.tenor))),
    [catalog.data, group],
  );
  const toDate = to ?? latest.data?.points.reduce((a, p) => (p.date > a ? p.date : a), '') ?? null;
  const fromDate = from ?? (toDate ? daysBefore(toDate, 365) : null);
  const ids = useMemo(() => (toDate ? members.map((s) => s.id) : []), [members, toDate]);
  const history = useHistory(ids, fromDate && toDate ? { from: fromDate, to: toDate } : {});

  const result = useMemo(() => {
    if (!history.data) return { value: null, error: null };
    const series: TenorSeries[] = history.data.series.map((s) => ({ id: s.id, tenor: members.find((m) => m.id === s.id)?.tenor ?? '', dates: s.dates, values: s.values }));
    try {
      return { value: analyse(series), error: null };
    } catch (e) {
      return { value: null, error: new ToolFailure('badInput', (e as Error).message, { zh: t('empty', { lng: 'zh' }), en: t('empty', { lng: 'en' }) }) };
    }
  }, [history.data, members, t]);
  const a = result.value;
  const rows = useMemo(() => (a ? tenorRows(a) : []), [a]);
  const pc = (k: number) => a?.pca?.components[k]?.explained;
  const provenances = useMemo(() => bySource(latest.data?.points ?? []), [latest.data]);
  const error = firstMarketFailure(catalog.error, history.error) ?? result.error;

  return (
    <div data-testid="yield-curve-analysis">
      <ToolLayout
        title={t('title')}
        meta={provenances.map((p) => <SourceBadge key={`${p.sourceKind}${p.source}`} provenance={p} />)}
        inputs={
          <ToolForm onSubmit={() => undefined} columns={1}>
            <SelectField<string> label={t('curve')} name="curve" value={curves.some((c) => c.value === group) ? group : null} onChange={setGroup} choices={curves} />
            <TenorDateField label={t('from')} name="from" dateOnly today={today} hint={t('fromHint')} value={dateValue(from)} onChange={(v) => setFrom(v?.kind === 'date' ? v.date : null)} />
            <TenorDateField label={t('to')} name="to" dateOnly today={today} hint={t('toHint')} value={dateValue(to)} onChange={(v) => setTo(v?.kind === 'date' ? v.date : null)} />
            {a ? <p className="rates-note">{t('refsNote', { short: yearsLabel(a.refs.short), mid: yearsLabel(a.refs.mid), long: yearsLabel(a.refs.long) })}</p> : null}
            <p className="rates-note">{a && !a.pca ? t('pcaNeedsMore') : t('pcaNote')}</p>
          </ToolForm>
        }
        results={
          <ResultsRegion busy={catalog.loading || latest.loading || history.loading} error={error}>
            <ResultList items={[
              { name: t('fromDate'), value: a?.from, format: fmt.date },
              { name: t('toDate'), value: a?.to, format: fmt.date },
              { name: t('parallel'), unit: '(bp)', value: a?.move.parallel, format: fmt.fixed(2, true) },
              { name: t('twist'), unit: '(bp)', value: a?.move.twist, format: fmt.fixed(2, true) },
              { name: t('butterfly'), unit: '(bp)', value: a?.move.butterfly, format: fmt.fixed(2, true) },
              { name: t('level'), unit: '(%)', value: pc(0) !== undefined ? pc(0)! * 100 : null, format: fmt.fixed(2) },
              { name: t('slope'), unit: '(%)', value: pc(1) !== undefined ? pc(1)! * 100 : null, format: fmt.fixed(2) },
              { name: t('curvature'), unit: '(%)', value: pc(2) !== undefined ? pc(2)! * 100 : null, format: fmt.fixed(2) },
              { name: t('explained3'), unit: '(%)', value: a?.explained3 != null ? a.explained3 * 100 : null, format: fmt.fixed(2) },
              { name: t('observations'), value: a ? a.aligned.dates.length : null, format: fmt.fixed(0) },
            ]} />
            <ResultTable<TenorRow>
              caption={t('table')} exportName={`curve-move-${group}`} rowKey={(r) => r.tenor} rows={rows}
              columns={[
                { key: 'tenor', header: t('tenor'), value: (r) => r.tenor, format: fmt.text, rowHeader: true },
                { key: 'before', header: t('before', { date: a?.from ?? '' }), value: (r) => r.before, format: fmt.fixed(4) },
                { key: 'after', header: t('after', { date: a?.to ?? '' }), value: (r) => r.after, format: fmt.fixed(4) },
                { key: 'change', header: t('change'), value: (r) => r.changeBp, format: fmt.fixed(2, true) },
                { key: 'level', header: t('loadLevel'), value: (r) => r.level, format: fmt.fixed(4, true) },
                { key: 'slope', header: t('loadSlope'), value: (r) => r.slope, format: fmt.fixed(4, true) },
                { key: 'curvature', header: t('loadCurvature'), value: (r) => r.curvature, format: fmt.fixed(4, true) },
              ]}
            />
          </ResultsRegion>
        }
        charts={a ? <Charts rows={rows} from={a.from} to={a.to} lang={lang} years={tr('years')} hasPca={!!a.pca} /> : null}
      />
    </div>
  );
}

function Charts({ rows, from, to, lang, years, hasPca }: { rows: TenorRow[]; from: string; to: string; lang: 'zh' | 'en'; years: string; hasPca: boolean }) {
  const { t } = useStrings(strings);
  const x = useMemo(() => Float64Array.from(rows, (r) => r.years), [rows]);
  const curvesConfig = useMemo(() => new ChartConfigBuilder('xy', lang).setX(years, fmt.fixed(2))
    .addSeries({ label: `${from} (%)`, points: true, format: fmt.fixed(4) })
    .addSeries({ label: `${to} (%)`, points: true, dash: [5, 3], format: fmt.fixed(4) }).build(), [lang, years, from, to]);
  const changeConfig = useMemo(() => new ChartConfigBuilder('xy', lang).setX(years, fmt.fixed(2))
    .addSeries({ label: t('change'), points: true, format: fmt.fixed(2, true) }).build(), [lang, years, t]);
  const pcaConfig = useMemo(() => new ChartConfigBuilder('xy', lang).setX(years, fmt.fixed(2))
    .addSeries({ label: t('pcLevel'), points: true, format: fmt.fixed(4, true) })
    .addSeries({ label: t('pcSlope'), points: true, dash: [5, 3], format: fmt.fixed(4, true) })
    .addSeries({ label: t('pcCurvature'), points: true, dash: [2, 2], format: fmt.fixed(4, true) }).build(), [lang, years, t]);
  return (
    <div className="rates-charts">
      <Panel title={t('chartCurves')}>
        <UPlotChart config={curvesConfig} data={[x, rows.map((r) => r.before), rows.map((r) => r.after)]} label={t('chartCurves')} height={240} />
      </Panel>
      <Panel title={t('chartChange')}>
        <UPlotChart config={changeConfig} data={[x, rows.map((r) => r.changeBp)]} label={t('chartChange')} height={240} />
      </Panel>
      {hasPca ? (
        <Panel title={t('chartLoadings')}>
          <UPlotChart config={pcaConfig} data={[x, rows.map((r) => r.level), rows.map((r) => r.slope), rows.map((r) => r.curvature)]} label={t('chartLoadings')} height={240} />
        </Panel>
      ) : null}
    </div>
  );
}

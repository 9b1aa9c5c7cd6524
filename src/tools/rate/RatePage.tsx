// The public rate view (/rate in Chinese, /rateEn in English, whatever the stored language):
// every public benchmark on one page, each table with its dates, sources and export, live
// (an import or a new fixing flashes in place), and one history chart. No session needed:
// only public series are read (docs/api/market-data.md).
import i18next from 'i18next';
import { useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SelectField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { Panel } from '../../kit/layout';
import { useLang, type Lang } from '../../kit/locale';
import { useCatalog } from '../../kit/market-data';
import { benchmarks, type Benchmark, type BenchmarkKey } from '../../kit/market-data/benchmarks';
import { firstMarketFailure } from '../../kit/market-data/failure';
import { FigurePanel } from '../../kit/market-data/FigureTable';
import type { HistoryRange } from '../../kit/market-data/figures';
import { HistoryChart } from '../../kit/market-data/HistoryChart';
import { isStepped } from '../../kit/market-data/names';
import { useFigures } from '../../kit/market-data/use-figures';
import { fmt, ResultsRegion } from '../../kit/results';
import { strings } from './i18n';
import { chartChoices, nameHeaderKey, noticeKinds, rowLabel, valueHeaderKey } from './model';
import './style.css';

const FX: readonly BenchmarkKey[] = ['cnyParity', 'fxFixings'];
const RATES: readonly BenchmarkKey[] = ['shibor', 'cnyRates', 'hibor', 'rfr', 'policy', 'cgb'];

/** Renders the view in `lang` (a fixed-language i18next instance sharing the app's strings). */
export function RatePage({ lang }: { lang: Lang }) {
  const instance = useMemo(() => i18next.cloneInstance({ lng: lang }), [lang]);
  return (
    <I18nextProvider i18n={instance}>
      <div className="ratepage" lang={lang === 'en' ? 'en' : 'zh-CN'} data-testid="rate-page" data-lang={lang}>
        <RateView />
      </div>
    </I18nextProvider>
  );
}

function RateView() {
  const { t } = useStrings(strings);
  const lang = useLang();
  const catalog = useCatalog();
  const tables = useMemo(() => benchmarks(catalog.data?.series ?? [], [...FX, ...RATES], { publicOnly: true }), [catalog.data]);
  const byKey = useMemo(() => new Map(tables.map((b) => [b.key, b])), [tables]);
  // Policy rates and LPR move a few times a year: their previous level may be years back.
  const all = useMemo(() => tables.flatMap((b) => b.series), [tables]);
  const dailyIds = useMemo(() => all.filter((s) => !isStepped(s)).map((s) => s.id), [all]);
  const steppedIds = useMemo(() => all.filter((s) => isStepped(s)).map((s) => s.id), [all]);
  const daily = useFigures(dailyIds);
  const stepped = useFigures(steppedIds, { lookbackDays: Infinity });
  const figures = useMemo(() => new Map([...daily.figures, ...stepped.figures]), [daily.figures, stepped.figures]);
  const kinds = useMemo(() => noticeKinds([...figures.values()].map((f) => f.latest)), [figures]);

  const choices = useMemo(() => chartChoices(tables, lang), [tables, lang]);
  const [chartId, setChartId] = useState('fxfix.CP.USDCNY');
  const [range, setRange] = useState<HistoryRange>('1Y');
  const chosen = choices.find((c) => c.value === chartId) ?? choices[0];
  const lines = useMemo(() => (chosen ? [{ id: chosen.value, label: chosen.label }] : []), [chosen]);
  const chartInfo = chosen ? tables.flatMap((b) => b.series).find((s) => s.id === chosen.value) : undefined;

  const panel = (b: Benchmark | undefined) =>
    b && b.series.length ? (
      <FigurePanel
        key={b.key}
        title={t(`tables.${b.key}`)}
        rows={b.series.map((s) => ({ id: s.id, label: rowLabel(b.key, s, lang), info: s }))}
        figures={figures}
        change={b.change}
        pct={b.pct}
        prev={b.key === 'cnyParity' || b.key === 'fxFixings'}
        nameHeader={t(`cols.${nameHeaderKey(b.key)}`)}
        valueHeader={t(`cols.${valueHeaderKey(b.key)}`)}
        exportName={`rates-${b.key}`}
        className={`ratepage__panel ratepage__panel--${b.key}`}
      />
    ) : null;

  const error = firstMarketFailure(catalog.error, daily.error);
  return (
    <div className="ratepage__inner">
      <header className="ratepage__head">
        <div className="ratepage__titles">
          <h1 className="ratepage__title">{t('title')}</h1>
          <p className="ratepage__subtitle">{t('subtitle')}</p>
        </div>
        <nav className="ratepage__nav">
          <Link to="/ERConversion">{t('converter')}</Link>
          <Link to={lang === 'en' ? '/rate' : '/rateEn'} lang={lang === 'en' ? 'zh-CN' : 'en'} hrefLang={lang === 'en' ? 'zh-CN' : 'en'}>{t('otherLanguage')}</Link>
        </nav>
      </header>
      {kinds.sample || kinds.simulated ? (
        <p className="ratepage__notice" role="note">
          {kinds.sample ? t('sampleNotice') : null} {kinds.simulated ? t('simulatedNotice') : null}
        </p>
      ) : null}
      <ResultsRegion busy={catalog.loading || daily.loading} error={error} heading={false}>
        <h2 className="ratepage__section">{t('sections.fx')}</h2>
        <div className="ratepage__grid">{FX.map((k) => panel(byKey.get(k)))}</div>
        <h2 className="ratepage__section">{t('sections.rates')}</h2>
        <div className="ratepage__grid">{RATES.map((k) => panel(byKey.get(k)))}</div>
        {!catalog.loading && tables.every((b) => b.series.length === 0) && !error ? <p className="ratepage__empty">{t('empty')}</p> : null}
      </ResultsRegion>
      {chosen ? (
        <Panel title={t('sections.history')} className="ratepage__chart">
          <div className="kit-md-chartbar">
            <SelectField label={t('series')} name="series" value={chosen.value} onChange={setChartId} choices={choices} />
          </div>
          <HistoryChart
            label={t('chartLabel', { name: chosen.label })}
            lines={lines}
            range={range}
            onRange={setRange}
            step={isStepped(chartInfo)}
            format={chartInfo?.unit === 'pct' ? fmt.fixed(chartInfo.decimals > 2 ? 3 : 2) : fmt.fixed(chartInfo?.decimals ?? 4)}
          />
        </Panel>
      ) : null}
    </div>
  );
}

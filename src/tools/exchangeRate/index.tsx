// /exchangeRate: the CNY central parity and the other CFETS fixings, the CFETS RMB index, live
// spot quotes (bid / ask / mid flashing), change vs the previous business day, sortable
// tables with export, a history chart per pair, and the import drop area for the desk's own
// figures. Which series: the catalogue (kit benchmarks); chart lines: model.ts.
import { useAtom } from 'jotai';
import { useMemo } from 'react';
import { SelectField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { Panel } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { useCatalog } from '../../kit/market-data';
import { benchmarks, type BenchmarkKey } from '../../kit/market-data/benchmarks';
import { firstMarketFailure } from '../../kit/market-data/failure';
import { FigurePanel } from '../../kit/market-data/FigureTable';
import { HistoryChart } from '../../kit/market-data/HistoryChart';
import { ReferenceScreen, useImportRev } from '../../kit/market-data/ReferenceScreen';
import { shortName } from '../../kit/market-data/names';
import { useFigures } from '../../kit/market-data/use-figures';
import { fmt } from '../../kit/results';
import { strings } from './i18n';
import { chartDecimals, chartLines, chartPairs } from './model';
import { viewAtom } from './state';

const KEYS: readonly BenchmarkKey[] = ['cnyParity', 'fxSpot', 'fxFixings'];

export default function ExchangeRate() {
  const { t } = useStrings(strings);
  const lang = useLang();
  const [view, setView] = useAtom(viewAtom);
  const { rev, onImported } = useImportRev();

  const catalog = useCatalog({ prefix: 'fx' });
  // Shipped real history (ECB, Fed H.10): extra chart lines beside the desk's own series.
  const refs = useCatalog({ prefix: 'ref.' });
  const infos = useMemo(() => catalog.data?.series ?? [], [catalog.data]);
  const chartInfos = useMemo(() => [...infos, ...(refs.data?.series ?? [])], [infos, refs.data]);
  const tables = useMemo(() => new Map(benchmarks(infos, KEYS).map((b) => [b.key, b])), [infos]);
  const ids = useMemo(() => [...tables.values()].flatMap((b) => b.series.map((s) => s.id)), [tables]);
  const figs = useFigures(ids, { rev });

  const pairs = useMemo(() => chartPairs(infos), [infos]);
  const pair = pairs.some((p) => p.value === view.pair) ? view.pair : pairs[0]?.value ?? view.pair;
  const lines = useMemo(() => chartLines(pair, chartInfos, lang), [pair, chartInfos, lang]);
  const decimals = useMemo(() => chartDecimals(lines, chartInfos), [lines, chartInfos]);
  const pairLabel = pairs.find((p) => p.value === pair)?.label ?? pair;

  const rowsOf = (key: BenchmarkKey) => tables.get(key)?.series.map((s) => ({ id: s.id, label: shortName(s, lang), info: s })) ?? [];
  const error = firstMarketFailure(catalog.error, figs.error);

  return (
    <ReferenceScreen
      testId="exchange-rate"
      title={t('title')}
      onImported={onImported}
      busy={catalog.loading || figs.loading}
      error={error}
      charts={
        <Panel title={t('history')}>
          <div className="kit-md-chartbar">
            <SelectField label={t('pair')} name="chartPair" value={pair} onChange={(v) => setView((s) => ({ ...s, pair: v }))} choices={pairs} />
          </div>
          {lines.length ? (
            <HistoryChart label={t('chartLabel', { pair: pairLabel })} lines={lines} range={view.range} onRange={(r) => setView((s) => ({ ...s, range: r }))} format={fmt.fixed(decimals)} rev={rev} height={300} />
          ) : null}
        </Panel>
      }
    >
      <div className="kit-md-grid">
        <FigurePanel title={t('cnyParity')} rows={rowsOf('cnyParity')} figures={figs.figures} change="pips" pct prev nameHeader={t('pair')} exportName="cny-central-parity" />
        <FigurePanel title={t('fxFixings')} rows={rowsOf('fxFixings')} figures={figs.figures} change="abs" pct prev nameHeader={t('benchmark')} exportName="fx-fixings" />
        <FigurePanel
          title={t('fxSpot')}
          className="kit-md-wide"
          rows={rowsOf('fxSpot')}
          figures={figs.figures}
          change="abs"
          pct
          time
          nameHeader={t('pair')}
          valueHeader={t('mid')}
          exportName="fx-spot"
          footer={<p className="kit-md-note">{t('spotNote')}</p>}
        />
      </div>
    </ReferenceScreen>
  );
}

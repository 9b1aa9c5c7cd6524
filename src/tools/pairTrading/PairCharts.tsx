// The three charts of /pairTrading: hedge-ratio stability (OLS, rolling OLS, Kalman), the
// spread's z-score with the entry/exit bands, the backtest's cumulative P&L.
import { useMemo } from 'react';
import { ChartConfigBuilder, toEpochSeconds, UPlotChart, type ChartData } from '../../kit/charts';
import { useStrings } from '../../kit/i18n';
import { Panel } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { fmt } from '../../kit/results';
import { strings } from './i18n';
import type { PairAnalysis, PairData } from './model';

export function PairCharts({ shown, entry, exit }: { shown: PairAnalysis & { data: PairData }; entry: number; exit: number }) {
  const { t } = useStrings(strings);
  const lang = useLang();
  const x = useMemo(() => toEpochSeconds(shown.data.dates), [shown]);
  const n = x.length;
  const flat = (v: number) => new Array<number>(n).fill(v);

  const betaConfig = useMemo(() => new ChartConfigBuilder('time', lang)
    .addSeries({ label: t('olsBeta'), format: fmt.fixed(4), dash: [6, 4] })
    .addSeries({ label: t('rollingOls'), format: fmt.fixed(4) })
    .addSeries({ label: t('kalman'), format: fmt.fixed(4) })
    .build(), [lang, t]);
  const betaData = useMemo(() => [x, flat(shown.eg.beta), shown.rolling, shown.kalman] as unknown as ChartData,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [x, shown]);

  const zConfig = useMemo(() => new ChartConfigBuilder('time', lang)
    .addSeries({ label: t('z'), format: fmt.fixed(3, true) })
    .addSeries({ label: t('upperEntry'), format: fmt.fixed(2, true), dash: [6, 4], color: '#c53030' })
    .addSeries({ label: t('lowerEntry'), format: fmt.fixed(2, true), dash: [6, 4], color: '#c53030' })
    .addSeries({ label: t('upperExit'), format: fmt.fixed(2, true), dash: [2, 3], color: '#2f855a' })
    .addSeries({ label: t('lowerExit'), format: fmt.fixed(2, true), dash: [2, 3], color: '#2f855a' })
    .build(), [lang, t]);
  const zData = useMemo(() => [x, shown.zScores, flat(entry), flat(-entry), flat(exit), flat(-exit)] as unknown as ChartData,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [x, shown, entry, exit]);

  const pnlConfig = useMemo(() => new ChartConfigBuilder('time', lang)
    .addSeries({ label: t('pnl'), format: fmt.sig(6) })
    .build(), [lang, t]);
  const pnlData = useMemo(() => [x, shown.bt.cumulative] as unknown as ChartData, [x, shown]);

  return (
    <>
      <Panel title={t('spreadChart')}><UPlotChart config={zConfig} data={zData} label={t('spreadChart')} height={260} /></Panel>
      <Panel title={t('betaChart')}><UPlotChart config={betaConfig} data={betaData} label={t('betaChart')} height={240} /></Panel>
      <Panel title={t('pnlChart')}><UPlotChart config={pnlConfig} data={pnlData} label={t('pnlChart')} height={220} /></Panel>
    </>
  );
}

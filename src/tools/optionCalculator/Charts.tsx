// The calculator's charts (kit uPlot): payoff at expiry and value today against spot; a
// greek against spot; value or a greek against time to the first expiry; the smile of each
// leg at its expiry. Series come from the OPTIONCALC reply (`curves`, `smiles`).
import { useMemo, useState } from 'react';
import { ChartConfigBuilder, UPlotChart, type ChartData } from '../../kit/charts';
import { SelectField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { Panel } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { fmt } from '../../kit/results';
import { strings } from './i18n';
import type { Curves, Smile } from './model';
import { smileLines } from './smile';

type SpotGreek = 'deltaVsSpot' | 'gammaVsSpot' | 'vegaVsSpot' | 'thetaVsSpot';
type TimeSeries = 'valueVsTime' | 'deltaVsTime' | 'gammaVsTime' | 'vegaVsTime' | 'thetaVsTime';
const GREEK_OF: Record<string, 'delta' | 'gamma' | 'vega' | 'theta'> = { deltaVsSpot: 'delta', gammaVsSpot: 'gamma', vegaVsSpot: 'vega', thetaVsSpot: 'theta', deltaVsTime: 'delta', gammaVsTime: 'gamma', vegaVsTime: 'vega', thetaVsTime: 'theta' };

const arr = (a: readonly number[]) => Float64Array.from(a);

export function OptionCharts({ curves, smiles, typed = [], quote }: { curves: Curves | null; smiles: readonly Smile[]; typed?: readonly (number | null)[]; quote: string }) {
  const { t } = useStrings(strings);
  const lang = useLang();
  const [greek, setGreek] = useState<SpotGreek>('deltaVsSpot');
  const [overTime, setOverTime] = useState<TimeSeries>('valueVsTime');
  const greekLabel = (k: string) => (GREEK_OF[k] ? t(`g.${GREEK_OF[k]}`) : t('charts.value'));

  const payoffConfig = useMemo(() => new ChartConfigBuilder('xy', lang)
    .setX(t('charts.spotAxis'), fmt.fixed(4))
    .addSeries({ label: t('charts.payoffAtExpiry'), format: fmt.amount(quote, 0) })
    .addSeries({ label: t('charts.pnlAtExpiry'), dash: [5, 3], format: fmt.amount(quote, 0) })
    .addSeries({ label: t('charts.valueToday'), format: fmt.amount(quote, 0) })
    .build(), [lang, t, quote]);
  const greekConfig = useMemo(() => new ChartConfigBuilder('xy', lang)
    .setX(t('charts.spotAxis'), fmt.fixed(4))
    .addSeries({ label: greekLabel(greek), format: fmt.sig(6) })
    .build(), [lang, t, greek]); // eslint-disable-line react-hooks/exhaustive-deps
  const timeConfig = useMemo(() => new ChartConfigBuilder('xy', lang)
    .setX(t('charts.timeAxis'), fmt.fixed(3))
    .addSeries({ label: greekLabel(overTime), format: fmt.sig(6) })
    .build(), [lang, t, overTime]); // eslint-disable-line react-hooks/exhaustive-deps
  const smile = useMemo(() => smileLines(smiles, typed), [smiles, typed]);
  const smileLabels = (smile?.lines ?? []).map((l) => {
    if (l.kind === 'unused') return t('charts.unusedSmile');
    const leg = smiles.length > 1 ? `${t('legs.leg')} ${l.legNum} · ` : '';
    return l.kind === 'typed' ? `${leg}${t('charts.typedVol', { vol: l.vols[0] })}` : `${leg}${t('charts.smile')}`;
  });
  const smileKey = smileLabels.join('|');
  const smileConfig = useMemo(() => {
    const b = new ChartConfigBuilder('xy', lang).setX(t('charts.strikeAxis'), fmt.fixed(4));
    (smile?.lines ?? []).forEach((l, i) => b.addSeries({ label: smileLabels[i], format: fmt.fixed(3), ...(l.kind === 'unused' ? { dash: [5, 4] } : {}) }));
    return b.build();
  }, [lang, t, smileKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const payoffData = useMemo(() => (curves ? [arr(curves.spot), arr(curves.payoffAtExpiry), arr(curves.pnlAtExpiry), arr(curves.valueToday)] as ChartData : null), [curves]);
  const greekData = useMemo(() => (curves ? [arr(curves.spot), arr(curves[greek])] as ChartData : null), [curves, greek]);
  const timeData = useMemo(() => (curves ? [arr(curves.time), arr(curves[overTime])] as ChartData : null), [curves, overTime]);
  // One x axis for all legs' smiles: the first leg's strikes (legs share the expiry on this screen).
  const smileData = useMemo(() => (smile ? [arr(smile.strikes), ...smile.lines.map((l) => arr(l.vols))] as ChartData : null), [smile]);

  const spotChoices = (['deltaVsSpot', 'gammaVsSpot', 'vegaVsSpot', 'thetaVsSpot'] as const).map((v) => ({ value: v, label: greekLabel(v) }));
  const timeChoices = (['valueVsTime', 'deltaVsTime', 'gammaVsTime', 'vegaVsTime', 'thetaVsTime'] as const).map((v) => ({ value: v, label: greekLabel(v) }));
  return (
    <div className="oc-charts">
      <Panel title={t('charts.payoff')}>
        {payoffData ? <UPlotChart config={payoffConfig} data={payoffData} label={t('charts.payoff')} height={240} /> : <p className="oc-muted">—</p>}
      </Panel>
      <Panel title={t('charts.vsSpot')} actions={<SelectField label={t('charts.greek')} name="chartGreek" value={greek} onChange={setGreek} onCommit={() => undefined} choices={spotChoices} />}>
        {greekData ? <UPlotChart config={greekConfig} data={greekData} label={t('charts.vsSpot')} height={240} /> : <p className="oc-muted">—</p>}
      </Panel>
      <Panel title={t('charts.vsTime')} actions={<SelectField label={t('charts.greek')} name="chartTime" value={overTime} onChange={setOverTime} onCommit={() => undefined} choices={timeChoices} />}>
        {timeData ? <UPlotChart config={timeConfig} data={timeData} label={t('charts.vsTime')} height={240} /> : <p className="oc-muted">—</p>}
      </Panel>
      <Panel title={t('charts.smile')}>
        {smile?.lines.some((l) => l.kind === 'typed') ? <p className="oc-muted" data-testid="typed-vol-note">{t('charts.typedNote')}</p> : null}
        {smileData ? <UPlotChart config={smileConfig} data={smileData} label={t('charts.smile')} height={240} /> : <p className="oc-muted">{t('hint.noSurface')}</p>}
      </Panel>
    </div>
  );
}

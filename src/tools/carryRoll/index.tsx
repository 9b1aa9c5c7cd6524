// /carryRoll: carry and roll-down of spot-starting swaps of every tenor of the index's curve
// (market or saved on /curveConstruction) over 1M / 3M / 6M / 1Y, receiver or payer, ranked
// per horizon; the best tenor per horizon, a table and a chart. model.ts calls the core.
import { DataDateNote } from '../../kit/dates';
import { useAtom } from 'jotai';
import { useMemo } from 'react';
import { ChartConfigBuilder, UPlotChart } from '../../kit/charts';
import { AmountField, ChoiceField, SelectField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { Panel, ToolForm, ToolLayout } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { firstMarketFailure } from '../../kit/market-data/failure';
import { fmt, ResultList, ResultsRegion, ResultTable, SourceBadge, ToolFailure, type ResultItem } from '../../kit/results';
import type { CarryRollRow } from '../../pricing-core/engines/rates/carry-roll';
import { ratesStrings } from '../curveConstruction/i18n';
import { INDEX_LABELS, RATE_INDICES, indexCurrency, type RateIndexId } from '../curveConstruction/market-curve';
import { useCurveChoice } from '../curveConstruction/use-curve-choice';
import { CurvePicker } from '../curveConstruction/CurvePicker';
import { strings } from './i18n';
import { HORIZONS, carryTable, chartSeries, swapTenors } from './model';
import { carryAtom } from './state';
import '../curveConstruction/curves.css';

export default function CarryRoll() {
  const { t } = useStrings(strings);
  const { t: tr } = useStrings(ratesStrings);
  const lang = useLang();
  const [inputs, setInputs] = useAtom(carryAtom);
  const choice = useCurveChoice(inputs.index, (index) => setInputs((s) => ({ ...s, index })));
  const ccy = indexCurrency(inputs.index);
  const out = useMemo(() => {
    if (!choice.curves) return { rows: null, tenors: [] as string[], error: null };
    try {
      return { rows: carryTable(choice.curves, inputs), tenors: swapTenors(choice.curves.projection), error: null };
    } catch (e) {
      return { rows: null, tenors: [] as string[], error: new ToolFailure('badInput', (e as Error).message) };
    }
  }, [choice.curves, inputs]);
  const rows = out.rows ?? [];
  const best: ResultItem[] = HORIZONS.flatMap((h) => {
    const r = rows.find((x) => x.horizon === h && x.rank === 1);
    return [
      { name: t('best', { horizon: h }), value: r?.tenor ?? null, format: fmt.text },
      { name: t('bestValue', { horizon: h }), unit: '(bp)', value: r?.totalBp ?? null, format: fmt.fixed(2, true) },
    ];
  });
  const chart = useMemo(() => chartSeries(rows, out.tenors), [rows, out.tenors]);
  const config = useMemo(() => HORIZONS.reduce((b, h, i) => b.addSeries({ label: h, points: true, dash: i ? [6 - i, 3] : undefined, format: fmt.fixed(2, true) }),
    new ChartConfigBuilder('xy', lang).setX(tr('years'), fmt.fixed(2))).build(), [lang, tr]);
  const error = choice.error ?? firstMarketFailure(choice.market.error) ?? out.error;

  return (
    <div data-testid="carry-roll">
      <ToolLayout
        variant="stacked"
        title={t('title')}
        meta={choice.provenances.map((p) => <SourceBadge key={`${p.sourceKind}${p.source}`} provenance={p} />)}
        inputs={
          <ToolForm onSubmit={() => undefined} columns={4}>
            <SelectField<RateIndexId> label={t('index')} name="index" value={inputs.index}
              onChange={(x) => { choice.useMarket(); setInputs((s) => ({ ...s, index: x })); }} choices={RATE_INDICES.map((i) => ({ value: i, label: INDEX_LABELS[i] }))} />
            <CurvePicker choice={choice} index={inputs.index} date={choice.dataAsOf} label={t('curve')} />
            <DataDateNote dataDate={choice.dataAsOf} valuationDate={choice.definition?.asOf} />
            <ChoiceField<'receiver' | 'payer'> label={t('side')} name="side" value={inputs.side} onChange={(x) => setInputs((s) => ({ ...s, side: x }))}
              choices={[{ value: 'receiver', label: t('receiver') }, { value: 'payer', label: t('payer') }]} />
            <AmountField label={t('notional')} name="notional" currency={ccy} value={inputs.notional} min={0} onChange={(x) => setInputs((s) => ({ ...s, notional: x }))} />
            <p className="rates-note">{t('note')}</p>
          </ToolForm>
        }
        results={
          <ResultsRegion busy={choice.loading} error={error}>
            <ResultList items={best} />
            <ResultTable<CarryRollRow>
              caption={t('ranking')} exportName={`carry-roll-${inputs.index}`} rowKey={(r) => `${r.horizon}-${r.tenor}`} rows={rows} sortable maxHeight={520}
              columns={[
                { key: 'h', header: t('horizon'), value: (r) => r.horizon, format: fmt.text },
                { key: 'rank', header: t('rank'), value: (r) => r.rank, format: fmt.fixed(0) },
                { key: 'tenor', header: t('tenor'), value: (r) => r.tenor, format: fmt.text, rowHeader: true },
                { key: 'par', header: t('parRate'), value: (r) => r.parRate * 100, format: fmt.fixed(4) },
                { key: 'rolled', header: t('rolledParRate'), value: (r) => r.rolledParRate * 100, format: fmt.fixed(4) },
                { key: 'carry', header: t('carry'), value: (r) => r.carryBp, format: fmt.fixed(2, true) },
                { key: 'roll', header: t('roll'), value: (r) => r.rollBp, format: fmt.fixed(2, true) },
                { key: 'total', header: t('total'), value: (r) => r.totalBp, format: fmt.fixed(2, true) },
                { key: 'pnl', header: `${t('totalPnl')} (${ccy})`, value: (r) => r.totalPnl, format: fmt.amount(ccy, 0) },
                { key: 'dv01', header: `${t('dv01')} (${ccy})`, value: (r) => r.dv01AtHorizon, format: fmt.amount(ccy, 0) },
              ]}
            />
          </ResultsRegion>
        }
        charts={rows.length ? <Panel title={t('chart')}><UPlotChart config={config} data={[chart.x, ...chart.series]} label={t('chart')} height={280} /></Panel> : null}
      />
    </div>
  );
}

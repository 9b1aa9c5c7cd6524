// /ridingStrategy: returns of riding the curve (buy longer, sell at the horizon) across
// tenors against holding to the horizon, ranked, for a horizon and a curve scenario
// (unchanged or shifted in parallel). model.ts: inputs -> pricing core riding.ts.
import { useAtom } from 'jotai';
import { useEffect, useMemo } from 'react';
import { ChartConfigBuilder, UPlotChart } from '../../kit/charts';
import { ChoiceField, NumberField, PercentField, SelectField, TenorDateField, resolveTenorOrDate } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { Panel } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { fmt, ResultList, ResultsRegion, ResultTable, ToolError, useCalculation } from '../../kit/results';
import type { RidingRow } from '../../pricing-core/engines/bond/riding';
import { curveDate, toTenorCurve } from '../bondSpread/curves';
import { quoteStrings } from '../bondSpread/quotes-i18n';
import { dataFailure } from '../bondSpread/use-quote-sheet';
import { useCurves } from '../bondSpread/use-curves';
import { strings } from './i18n';
import { inputsAtom } from './state';
import { CURVES, horizonDate, ride, SCENARIOS } from './model';
import { SpreadLayout } from '../bondSpread/SpreadLayout';

export default function RidingStrategy() {
  const { t } = useStrings(strings);
  const { t: tq } = useStrings(quoteStrings);
  const lang = useLang();
  const [inputs, setInputs] = useAtom(inputsAtom);
  const { curve: curveId, horizon, scenario, shiftBp, reinvest } = inputs;
  const set = <K extends keyof typeof inputs>(k: K) => (v: (typeof inputs)[K]) => setInputs((s) => ({ ...s, [k]: v }));
  const [setCurveId, setHorizon, setScenario, setShiftBp, setReinvest] = [set('curve'), set('horizon'), set('scenario'), set('shiftBp'), set('reinvest')];
  const ids = useMemo(() => [curveId], [curveId]);
  const curves = useCurves(ids);
  const reply = curves.curves?.get(curveId);
  const curve = useMemo(() => (reply ? toTenorCurve(reply.points) : undefined), [reply]);
  const settlement = curveDate(reply);
  const resolve = useMemo(() => (tenor: string) => (settlement ? horizonDate(tenor, settlement) : { error: tenor }), [settlement]);
  const horizonIso = horizon && settlement ? resolveTenorOrDate(horizon, resolve) : null;
  const hDate = horizonIso && 'date' in horizonIso ? horizonIso.date : null;
  const calc = useCalculation<ReturnType<typeof ride>>();

  const compute = (now: boolean) => {
    if (!settlement) return;
    const task = async () => ride({ curve, settlement, horizon: hDate, scenario, shiftBp, reinvest });
    if (now) void calc.run(task);
    else calc.schedule(task, 250);
  };
  useEffect(() => compute(false), [curve, settlement, hDate, scenario, shiftBp, reinvest]); // eslint-disable-line react-hooks/exhaustive-deps

  const res = calc.result;
  const ranked = useMemo(() => (res ? [...res.rows].sort((a, b) => a.rank - b.rank) : []), [res]);
  const config = useMemo(
    () => new ChartConfigBuilder('xy', lang).setX(t('tenorYears'), fmt.sig(3)).addSeries({ label: t('rideSeries'), points: true, format: fmt.fixed(4) }).addSeries({ label: t('holdSeries'), dash: [5, 3], format: fmt.fixed(4) }).build(),
    [lang, t],
  );
  const data = useMemo(() => {
    if (!res) return null;
    const r = [...res.rows].sort((a, b) => a.remainingYears - b.remainingYears);
    return [r.map((x) => x.remainingYears), r.map((x) => x.result.annualisedSimple * 100), r.map(() => res.benchmark.result.annualisedSimple * 100)] as [number[], number[], number[]];
  }, [res]);

  return (
    <SpreadLayout
      title={t('title')}
      provenance={curves.provenance}
      onSubmit={() => compute(true)}
      columns={4}
      priceLabel={t('compute')}
      busy={calc.busy}
      fields={
        <>
          <SelectField label={t('curve')} name="curve" value={curveId} onChange={setCurveId} choices={CURVES.map((c) => ({ value: c, label: tq(`curves.${c}`) }))} />
          <TenorDateField label={t('horizon')} name="horizon" value={horizon} onChange={(v) => setHorizon(v)} resolve={resolve} today={settlement ?? undefined} required />
          <ChoiceField label={t('scenario')} name="scenario" value={scenario} onChange={setScenario} choices={SCENARIOS.map((s) => ({ value: s, label: t(`scenarios.${s}`) }))} />
          {scenario === 'shift' ? <NumberField label={t('shift')} name="shift" unit="bp" value={shiftBp} onChange={(v) => setShiftBp(v)} min={-500} max={500} /> : null}
          <PercentField label={t('reinvest')} name="reinvest" value={reinvest} onChange={(v) => setReinvest(v)} hint={t('reinvestHint')} />
        </>
      }
      results={
        <ResultsRegion calc={calc}>
          <p>{t('note')} {t('rollNote')}</p>
          {curves.error ? <ToolError error={dataFailure(curves.error)} /> : null}
          <ResultList
            items={[
              { name: t('r.settlement'), value: settlement, format: fmt.date },
              { name: t('r.horizonDate'), value: res?.horizon ?? null, format: fmt.date },
              { name: t('r.horizonYears'), value: res?.horizonYears ?? null, format: fmt.fixed(4) },
              { name: t('r.benchYield'), value: res ? res.benchmark.yield * 100 : null, format: fmt.fixed(4) },
              { name: t('r.benchReturn'), value: res ? res.benchmark.result.annualisedSimple * 100 : null, format: fmt.fixed(4) },
              { name: t('r.best'), value: ranked[0]?.code ?? null, format: fmt.text },
            ]}
          />
          <ResultTable<RidingRow>
            caption={t('table')}
            sortable
            exportName="riding-strategy"
            rows={ranked}
            rowKey={(r) => r.code}
            columns={[
              { key: 'rank', header: t('cols.rank'), value: (r) => r.rank, format: fmt.fixed(0) },
              { key: 'bond', header: t('cols.bond'), value: (r) => r.code, format: fmt.text, rowHeader: true },
              { key: 'years', header: t('cols.years'), value: (r) => r.remainingYears, format: fmt.fixed(3) },
              { key: 'buy', header: t('cols.buy'), value: (r) => r.buyYield * 100, format: fmt.fixed(4) },
              { key: 'sell', header: t('cols.sell'), value: (r) => r.sellYield * 100, format: fmt.fixed(4) },
              { key: 'roll', header: t('cols.roll'), value: (r) => r.rollDownBp, format: fmt.fixed(2, true) },
              { key: 'hpr', header: t('cols.hpr'), value: (r) => r.result.holdingReturn * 100, format: fmt.fixed(4) },
              { key: 'annual', header: t('cols.annual'), value: (r) => r.result.annualisedSimple * 100, format: fmt.fixed(4) },
              { key: 'excess', header: t('cols.excess'), value: (r) => r.excessBp, format: fmt.fixed(2, true) },
              { key: 'breakEven', header: t('cols.breakEven'), value: (r) => (Number.isFinite(r.breakEvenRiseBp) ? r.breakEvenRiseBp : null), format: fmt.fixed(2, true) },
            ]}
          />
        </ResultsRegion>
      }
      charts={<Panel title={t('chart')}>{data ? <UPlotChart config={config} data={data} label={t('chart')} height={280} /> : null}</Panel>}
    />
  );
}

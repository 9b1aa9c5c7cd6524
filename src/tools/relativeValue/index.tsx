// /relativeValue: rich/cheap of CGBs (or policy-bank or local-government bonds) against a
// fitted Nelson-Siegel-Svensson / Nelson-Siegel curve: the quote sheet (yields from the issuer
// curve unless typed), the fit, residuals in bp ranked cheapest first, the fitted curve with
// the bonds. model.ts does the maths (pricing core relative-value.ts).
import { useAtom } from 'jotai';
import { useEffect, useMemo } from 'react';
import { ChartConfigBuilder, UPlotChart } from '../../kit/charts';
import { SelectField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { Panel } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { fmt, ResultList, ResultsRegion, ResultTable, ToolError, useCalculation } from '../../kit/results';
import { fromISO } from '../../pricing-core/dates/date';
import type { FitModel } from '../../pricing-core/engines/bond/relative-value';
import { CurveDateField } from '../bondSpread/CurveDateField';
import { QuoteGrid } from '../bondSpread/QuoteGrid';
import { quoteStrings } from '../bondSpread/quotes-i18n';
import { dataFailure, useQuoteSheet } from '../bondSpread/use-quote-sheet';
import { strings } from './i18n';
import { viewAtom } from './state';
import { chartData, maturityGaps, MODELS, runFit, UNIVERSES, universeIssuers, type RvResult, type RvRow, type Universe } from './model';
import { SpreadLayout } from '../bondSpread/SpreadLayout';

/** The fitted Nelson-Siegel-Svensson parameters, in the order of CurveFit.params. */
const PARAM_NAMES = ['b0', 'b1', 'b2', 'b3', 'τ1', 'τ2'] as const;

export default function RelativeValue() {
  const { t } = useStrings(strings);
  const { t: tq } = useStrings(quoteStrings);
  const lang = useLang();
  const [view, setView] = useAtom(viewAtom);
  const { universe, model, curveDate } = view;
  const setUniverse = (u: Universe) => setView((v) => ({ ...v, universe: u }));
  const setModel = (m: FitModel) => setView((v) => ({ ...v, model: m }));
  const setCurveDate = (d: string | null) => setView((v) => ({ ...v, curveDate: d }));
  const curveId = `bond.${universe}`;
  const issuers = useMemo(() => universeIssuers(universe), [universe]);
  const sheet = useQuoteSheet(useMemo(() => [curveId], [curveId]), issuers, curveDate);
  const calc = useCalculation<RvResult>();
  const { rows, bonds, settlement } = sheet;

  const compute = (now: boolean) => {
    if (!settlement || rows.length === 0) return;
    const task = async () => runFit(rows, bonds, fromISO(settlement), model);
    if (now) void calc.run(task);
    else calc.schedule(task, 250);
  };
  // Refit when the sheet or the model changes (as you type), and on Enter / Fit.
  useEffect(() => compute(false), [rows, model, settlement]); // eslint-disable-line react-hooks/exhaustive-deps

  const res = calc.result;
  const modelName = t(`models.${res?.model ?? model}`);
  const config = useMemo(
    () =>
      new ChartConfigBuilder('xy', lang)
        .setX(tq('years'), fmt.sig(3))
        .addSeries({ label: t('zero', { model: modelName }), format: fmt.fixed(4) })
        .addSeries({ label: t('marketPts'), points: true, width: 0, format: fmt.fixed(4) })
        .addSeries({ label: t('fittedPts'), points: true, width: 0, format: fmt.fixed(4) })
        .build(),
    [lang, t, tq, modelName],
  );
  const data = useMemo(() => (res ? chartData(res) : null), [res]);

  return (
    <SpreadLayout
      title={t('title')}
      provenance={sheet.curvesState.provenance}
      onSubmit={() => compute(true)}
      columns={3}
      priceLabel={t('fit')}
      busy={calc.busy}
      fields={
        <>
          <SelectField label={t('universe')} name="universe" value={universe} onChange={(v) => setUniverse(v as Universe)} choices={UNIVERSES.map((u) => ({ value: u, label: t(`universes.${u}`) }))} />
          <SelectField label={t('model')} name="model" value={model} onChange={(v) => setModel(v as FitModel)} choices={MODELS.map((m) => ({ value: m, label: t(`models.${m}`) }))} />
          <CurveDateField value={curveDate} onChange={setCurveDate} />
        </>
      }
      results={
        <ResultsRegion calc={calc}>
          <p className="rv-note">{t('modelNote', { model: modelName })}</p>
          {sheet.error ? <ToolError error={dataFailure(sheet.error)} /> : null}
          <ResultList
            items={[
              { name: t('r.model'), value: res ? modelName : null, format: fmt.text },
              { name: t('r.settlement'), value: settlement, format: fmt.date },
              { name: t('r.used'), value: res?.used ?? null, format: fmt.fixed(0) },
              { name: t('r.rmse'), value: res?.fit.rmseBp ?? null, format: fmt.fixed(3) },
              // One figure per parameter, 6 significant digits shown, the full value in data-value
              // (Nelson-Siegel has no b3 and τ2).
              ...PARAM_NAMES.filter((_, i) => (res?.fit.model ?? model) === 'nss' || (i !== 3 && i !== 5))
                .map((name) => ({ name, value: res?.fit.params[PARAM_NAMES.indexOf(name)] ?? null, format: fmt.sig(6) })),
            ]}
          />
          {res?.skipped.length ? <p>{t('skipped', { codes: res.skipped.join(', ') })}</p> : null}
          {res ? maturityGaps(res).map(([a, b]) => <p key={a} role="note" className="kit-hint">{t('gap', { from: a.toFixed(1), to: b.toFixed(1) })}</p>) : null}
          <ResultTable<RvRow>
            caption={t('ranking')}
            sortable
            exportName="relative-value"
            rows={res?.rows ?? []}
            rowKey={(r) => r.code}
            columns={[
              { key: 'rank', header: t('cols.rank'), value: (r) => r.rank, format: fmt.fixed(0) },
              { key: 'code', header: t('cols.code'), value: (r) => r.code, format: fmt.text, rowHeader: true },
              { key: 'years', header: t('cols.years'), value: (r) => r.remainingYears, format: fmt.fixed(3) },
              { key: 'market', header: t('cols.market'), value: (r) => r.marketPct, format: fmt.fixed(4) },
              { key: 'fitted', header: t('cols.fitted'), value: (r) => r.fittedPct, format: fmt.fixed(4) },
              { key: 'residual', header: t('cols.residual'), value: (r) => r.residualBp, format: fmt.fixed(2, true) },
              { key: 'view', header: t('cols.view'), value: (r) => (r.residualBp >= 0 ? t('cheap') : t('rich')), format: fmt.text },
            ]}
          />
        </ResultsRegion>
      }
      charts={
        <>
          <Panel title={t('chart')}>
            {data ? <UPlotChart config={config} data={data} label={t('chart')} height={300} /> : null}
          </Panel>
          <Panel title={tq('sheet')}>
            <p className="kit-hint">{tq('sheetHint')}</p>
            <QuoteGrid rows={rows} onRows={sheet.setRows} exportName="relative-value-quotes" />
          </Panel>
        </>
      }
    />
  );
}

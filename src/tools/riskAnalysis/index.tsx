// /riskAnalysis: one bond's rate risk: DV01, durations, Z-spread to the CGB curve, key-rate
// durations and the P&L of parallel shifts, twists and butterflies. model.ts does the maths.
import { useMemo } from 'react';
import { ChartConfigBuilder, UPlotChart } from '../../kit/charts';
import { AmountField, NumberField, PercentField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { Panel, ToolActions, ToolForm, ToolLayout } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { sourceName } from '../../kit/market-data';
import { fmt, ResultList, ResultsRegion, ResultTable, SourceBadge } from '../../kit/results';
import { TermsFields } from '../fixedIncome/shared/TermsFields';
import { useCgbCompute } from '../fixedIncome/shared/use-cgb-compute';
import { strings } from './i18n';
import { computeRisk, type ScenarioRow } from './model';
import { riskAtom } from './state';
import '../fixedIncome/style.css';

export default function RiskAnalysis() {
  const { t } = useStrings(strings);
  const lang = useLang();
  const { today, s, set, curve, job, calc, now } = useCgbCompute(riskAtom, computeRisk, 300);
  const r = calc.result;
  const a = r?.analytics;
  const cny = fmt.amount('CNY', 2, true);

  const scenarioName = (x: ScenarioRow) => {
    const bp = `${x.bp > 0 ? '+' : ''}${x.bp}`;
    return x.kind === 'twist' ? t('kinds.twist', { bp, dir: x.bp > 0 ? t('steepener') : t('flattener') }) : t(`kinds.${x.kind}`, { bp });
  };
  const krRows = r ? r.keyRates.tenors.map((tenor, k) => ({ tenor, krd: r.keyRates.durations[k], dv01: r.keyRateDv01[k] })) : [];

  return (
    <div data-testid="risk-analysis">
      <ToolLayout
        variant="stacked"
        title={t('title')}
        meta={curve.provenance ? <SourceBadge provenance={curve.provenance} /> : null}
        inputs={
          <ToolForm onSubmit={now} columns={4} actions={<ToolActions price priceLabel={t('price')} busy={calc.busy} />}>
            <TermsFields terms={s.terms} onTerms={(terms) => set({ terms })} settlement={job.i.settlement} onSettlement={(settlement) => set({ settlement })} today={today} />
            <PercentField label={t('yield')} name="yield" hint={t('quoteHint')} value={s.yieldPct} onChange={(v) => set({ yieldPct: v })} />
            <NumberField label={t('cleanPrice')} name="cleanPrice" value={s.cleanPrice} onChange={(v) => set({ cleanPrice: v })} min={0} />
            <AmountField label={t('notional')} name="notional" currency="CNY" value={s.notional} onChange={(v) => set({ notional: v })} min={0} required />
          </ToolForm>
        }
        results={
          <ResultsRegion calc={calc}>
            <ResultList columns={2} items={[
              { name: t('dirtyPrice'), value: a?.dirtyPrice, format: fmt.fixed(4) },
              { name: t('yield'), value: a ? a.yield * 100 : null, format: fmt.percent(4) },
              { name: t('modifiedDuration'), value: a?.modifiedDuration, format: fmt.fixed(4) },
              { name: t('convexity'), value: a?.convexity, format: fmt.fixed(4) },
              { name: t('dv01'), value: a?.dv01, format: fmt.fixed(6), unit: `(${t('per100')})` },
              { name: t('dv01Position'), value: r?.positionDv01, format: fmt.amount('CNY', 2), unit: '(CNY)' },
              { name: t('zSpread'), value: r ? r.zSpread * 1e4 : null, format: fmt.bp(2) },
              { name: t('effDuration'), value: r?.keyRates.effectiveDuration, format: fmt.fixed(4) },
            ]} />
            {r ? (
              <ResultTable<ScenarioRow>
                caption={t('scenariosTitle')}
                rows={r.scenarios}
                rowKey={(x) => x.key}
                exportName="scenario-pnl"
                columns={[
                  { key: 'name', header: t('scenario'), value: scenarioName, format: fmt.text, rowHeader: true },
                  { key: 'pnl', header: `${t('pnl')} (CNY)`, value: (x) => x.pnl, format: cny },
                  { key: 'approx', header: `${t('pnlApprox')} (CNY)`, value: (x) => x.pnlApprox, format: cny },
                  { key: 'dirty', header: t('newDirty'), value: (x) => x.dirtyPrice, format: fmt.fixed(4) },
                ]}
              />
            ) : null}
            {r ? <p className="kit-field__hint">{t('curveNote', { source: sourceName(curve.provenance?.source ?? '', lang) })}</p> : null}
          </ResultsRegion>
        }
        charts={r ? (
          <Panel title={t('keyRates')} className="bond-wide">
            <KeyRateChart rows={krRows} />
            <ResultTable
              caption={t('keyRates')}
              hideCaption
              rows={krRows}
              rowKey={(x) => String(x.tenor)}
              exportName="key-rate-durations"
              columns={[
                { key: 'tenor', header: t('tenor'), value: (x) => `${x.tenor}${t('years')}`, format: fmt.text, rowHeader: true },
                { key: 'krd', header: t('krd'), value: (x) => x.krd, format: fmt.fixed(4) },
                { key: 'dv01', header: `${t('krDv01')} (CNY)`, value: (x) => x.dv01, format: fmt.amount('CNY', 2) },
              ]}
            />
          </Panel>
        ) : null}
      />
    </div>
  );
}

/** Key-rate durations against their tenors. */
function KeyRateChart({ rows }: { rows: { tenor: number; krd: number }[] }) {
  const { t } = useStrings(strings);
  const lang = useLang();
  const config = useMemo(() => new ChartConfigBuilder('xy', lang).setX(`${t('tenor')} (${t('years')})`, fmt.sig(3)).addSeries({ label: t('krd'), format: fmt.fixed(4), points: true }).build(), [lang, t]);
  const data = useMemo(() => [Float64Array.from(rows, (x) => x.tenor), Float64Array.from(rows, (x) => x.krd)] as const, [rows]);
  return <UPlotChart config={config} data={data} label={t('keyRates')} height={220} />;
}

// /bondOption: callable and puttable bonds on a Hull-White trinomial tree (model named on
// screen), OAS and option-adjusted yield; European options on a bond (tree, Jamshidian, Black).
import { ChoiceField, NumberField, PercentField, TenorDateField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { ToolActions, ToolForm, ToolLayout } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { sourceName } from '../../kit/market-data';
import { fmt, ResultList, ResultsRegion, ResultTable, SourceBadge } from '../../kit/results';
import type { YieldToExercise } from '../../pricing-core/engines/bond/callable-bond';
import { TermsFields, dateOf, dateValue } from '../fixedIncome/shared/TermsFields';
import { useCgbCompute } from '../fixedIncome/shared/use-cgb-compute';
import { strings } from './i18n';
import { computeBondOption } from './model';
import { optAtom } from './state';
import '../fixedIncome/style.css';

export default function BondOption() {
  const { t } = useStrings(strings);
  const lang = useLang();
  const { today, s, set, curve, job, calc, now } = useCgbCompute(optAtom, computeBondOption, 400);
  const r = calc.result;
  const c = r?.callable;
  const pct = (x: number | undefined | null) => (x === undefined || x === null ? null : x * 100);
  const embedded = s.terms.options.length
    ? s.terms.options.map((o) => `${t(`exercise.${o.type}`)} ${o.date} @ ${o.price}${o.resetCoupon !== undefined ? ` (→ ${(o.resetCoupon * 100).toFixed(2)}%)` : ''}`).join('; ')
    : t('none');

  return (
    <div data-testid="bond-option">
      <ToolLayout
        title={t('title')}
        meta={curve.provenance ? <SourceBadge provenance={curve.provenance} /> : null}
        inputs={
          <ToolForm onSubmit={now} columns={2} actions={<ToolActions price priceLabel={t('price')} busy={calc.busy} />}>
            <TermsFields terms={s.terms} onTerms={(terms) => set({ terms })} settlement={job.i.settlement} onSettlement={(settlement) => set({ settlement })} today={today} />
            <p className="fi-group kit-field__hint" aria-live="polite">{t('embedded')}: {embedded}</p>
            <NumberField label={t('cleanPrice')} name="cleanPrice" hint={t('cleanPriceHint')} value={s.cleanPrice} onChange={(v) => set({ cleanPrice: v })} min={0} />
            <NumberField label={t('meanReversion')} name="meanReversion" value={s.meanReversion} onChange={(v) => set({ meanReversion: v })} min={0} />
            <PercentField label={t('sigma')} name="sigma" value={s.sigmaPct} onChange={(v) => set({ sigmaPct: v })} min={0} />
            <NumberField label={t('steps')} name="steps" value={s.steps} onChange={(v) => set({ steps: v })} integer min={50} max={2000} />
            <h3 className="fi-group">{t('bondOption')}</h3>
            <ChoiceField label={t('optionType')} name="optionType" value={s.optionType} onChange={(v) => set({ optionType: v })} choices={[{ value: 'call', label: t('call') }, { value: 'put', label: t('put') }]} />
            <TenorDateField label={t('expiry')} name="expiry" dateOnly today={today} hint={t('expiryHint')} value={dateValue(s.optionExpiry)} onChange={(v) => set({ optionExpiry: dateOf(v) })} />
            <NumberField label={t('strike')} name="strike" value={s.optionStrike} onChange={(v) => set({ optionStrike: v })} min={0} />
            <PercentField label={t('priceVol')} name="priceVol" value={s.priceVolPct} onChange={(v) => set({ priceVolPct: v })} min={0} />
          </ToolForm>
        }
        results={
          <ResultsRegion calc={calc}>
            <ResultList columns={2} items={[
              { name: t('modelName'), value: c ? t('modelText') : null, format: fmt.text, note: c ? `a = ${c.a}, σ = ${(c.sigma * 100).toFixed(3)}%, ${t('steps')} ${c.steps}` : undefined },
              { name: t('oas'), value: c ? c.oas * 1e4 : null, format: fmt.bp(2) },
              { name: t('oay'), value: pct(c?.optionAdjustedYield), format: fmt.percent(4) },
              { name: t('ytm'), value: pct(c?.yieldToMaturity), format: fmt.percent(4) },
              { name: t('ytw'), value: pct(c?.yieldToWorst), format: fmt.percent(4) },
              { name: t('optionValue'), value: c?.optionValue, format: fmt.fixed(4) },
              { name: t('modelClean'), value: c?.cleanPrice, format: fmt.fixed(4) },
              { name: t('dirtyPrice'), value: c?.dirtyPrice, format: fmt.fixed(4) },
              { name: t('straight'), value: c?.straightDirtyPrice, format: fmt.fixed(4) },
              { name: t('effDuration'), value: c?.effectiveDuration, format: fmt.fixed(4) },
              { name: t('effConvexity'), value: c?.effectiveConvexity, format: fmt.fixed(4) },
            ]} />
            {c ? (
              <ResultTable<YieldToExercise>
                caption={t('ytes')}
                rows={c.yieldsToExercise}
                rowKey={(x) => `${x.type}${x.date}`}
                columns={[
                  { key: 'date', header: t('date'), value: (x) => x.date, format: fmt.date, rowHeader: true },
                  { key: 'type', header: t('type'), value: (x) => t(`exercise.${x.type}`), format: fmt.text },
                  { key: 'price', header: t('exercisePrice'), value: (x) => x.price, format: fmt.fixed(2) },
                  { key: 'yield', header: `${t('yield')} (%)`, value: (x) => x.yield * 100, format: fmt.fixed(4) },
                ]}
              />
            ) : null}
            {r?.option ? (
              <>
                <h3 className="fi-group">{t('bondOption')}</h3>
                <ResultList columns={2} items={[
                  { name: t('treeValue'), value: r.option.tree, format: fmt.fixed(4) },
                  { name: t('jamValue'), value: r.option.jamshidian, format: fmt.fixed(4) },
                  { name: t('blackValue'), value: r.option.black, format: fmt.fixed(4) },
                  { name: t('forward'), value: r.option.forwardDirty, format: fmt.fixed(4) },
                ]} />
              </>
            ) : null}
            {c ? <p className="kit-field__hint">{t('curveNote', { source: sourceName(curve.provenance?.source ?? '', lang) })}</p> : null}
          </ResultsRegion>
        }
      />
    </div>
  );
}

// /fixedIncome: China inter-bank (or ISMA) bond calculator. Price <-> yield both ways, accrued,
// durations, convexity, DV01, and the holding-period return to a sale date. model.ts does the
// maths on the pricing core in the browser (docs/pricing-bonds.md); terms from BondSvr or typed.
import { useAtom } from 'jotai';
import { useMemo } from 'react';
import { ChartConfigBuilder, UPlotChart } from '../../kit/charts';
import { AmountField, ChoiceField, PercentField, NumberField, SelectField, TenorDateField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { Panel, ToolActions, ToolForm, ToolLayout } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { useTradeDay } from '../../kit/dates';
import { fmt, formatValue, ResultList, ResultsRegion } from '../../kit/results';
import { fromISO } from '../../pricing-core/dates/date';
import { priceCnBond } from '../../pricing-core/engines/bond/cn-bond';
import { strings } from './i18n';
import { computeFixedIncome, type FiInputs, type FiResult } from './model';
import { TermsFields, dateOf, dateValue } from './shared/TermsFields';
import { bondFromTerms } from './shared/terms';
import { useComputeFrom } from './shared/use-compute';
import { fiAtom } from './state';
import './style.css';

export default function FixedIncome() {
  const { t } = useStrings(strings);
  const lang = useLang();
  const today = useTradeDay(['CNY']).date; // settlement on a CNY business day
  const [s, setS] = useAtom(fiAtom);
  const inputs: FiInputs = useMemo(() => ({ ...s, settlement: s.settlement ?? today }), [s, today]);
  const { calc, now } = useComputeFrom(inputs, computeFixedIncome);
  const set = (patch: Partial<FiInputs>) => setS((x) => ({ ...x, ...patch }));
  const r = calc.result;
  const a = r?.analytics;
  const h = r?.hpr;

  const items = [
    { name: t('cleanPrice'), value: a?.cleanPrice, format: fmt.fixed(4), note: r?.solved === 'cleanPrice' ? t('fromYield') : undefined },
    { name: t('dirtyPrice'), value: a?.dirtyPrice, format: fmt.fixed(4) },
    { name: t('accruedInterest'), value: a?.accrued, format: fmt.fixed(4), note: t('per100') },
    { name: t('yield'), value: a ? a.yield * 100 : null, format: fmt.percent(4), note: r?.solved === 'yield' ? t('fromPrice') : undefined },
    { name: t('macaulay'), value: a?.macaulayDuration, format: fmt.fixed(4) },
    { name: t('modifiedDuration'), value: a?.modifiedDuration, format: fmt.fixed(4) },
    { name: t('convexity'), value: a?.convexity, format: fmt.fixed(4) },
    { name: t('dv01'), value: a?.dv01, format: fmt.fixed(6), note: t('per100') },
    { name: t('dv01Position'), value: r?.position.dv01, format: fmt.amount('CNY', 2), unit: '(CNY)', note: r ? t('positionNote', { face: formatValue(r.notional, fmt.amount('CNY', 0), lang) }) : undefined },
    { name: t('accruedPosition'), value: r?.position.accrued, format: fmt.amount('CNY', 2), unit: '(CNY)' },
    { name: t('dirtyValue'), value: r?.position.dirtyValue, format: fmt.amount('CNY', 2), unit: '(CNY)' },
    { name: t('remainingCoupons'), value: a?.remainingCoupons, format: fmt.fixed(0) },
    { name: t('regime'), value: a ? t(`regimes.${a.regime}`) : null, format: fmt.text },
  ];
  const ccy = fmt.amount('CNY', 2);
  const hItems = h ? [
    { name: t('days'), value: h.days, format: fmt.fixed(0) },
    { name: t('sellClean'), value: h.sellClean, format: fmt.fixed(4) },
    { name: t('pnl'), value: h.pnl, format: ccy, unit: '(CNY)' },
    { name: t('pricePnl'), value: h.pricePnl, format: ccy, unit: '(CNY)' },
    { name: t('couponsReceived'), value: h.couponsReceived, format: ccy, unit: '(CNY)' },
    { name: t('reinvestIncome'), value: h.reinvestmentIncome, format: ccy, unit: '(CNY)' },
    { name: t('financingCost'), value: h.financingCost, format: ccy, unit: '(CNY)' },
    { name: t('hpr'), value: h.holdingReturn * 100, format: fmt.percent(4) },
    { name: t('annSimple'), value: h.annualisedSimple * 100, format: fmt.percent(4) },
    { name: t('annCompounded'), value: h.annualisedCompounded * 100, format: fmt.percent(4) },
    { name: t('roe'), value: h.returnOnEquity === null ? null : h.returnOnEquity * 100, format: fmt.percent(4) },
    { name: t('breakEven'), value: r?.breakEvenYield === null || r?.breakEvenYield === undefined ? null : r.breakEvenYield * 100, format: fmt.percent(4) },
  ] : [];

  return (
    <div data-testid="fixed-income">
      <ToolLayout
        title={t('title')}
        inputs={
          <ToolForm onSubmit={now} columns={2} actions={<ToolActions price priceLabel={t('price')} busy={calc.busy} />}>
            <TermsFields terms={s.terms} onTerms={(terms) => set({ terms })} settlement={inputs.settlement} onSettlement={(settlement) => set({ settlement })} today={today} />
            <PercentField label={t('yield')} name="yield" hint={t('quoteHint')} value={s.yieldPct} onChange={(v) => set({ yieldPct: v })} />
            <NumberField label={t('cleanPrice')} name="cleanPrice" value={s.cleanPrice} onChange={(v) => set({ cleanPrice: v })} min={0} />
            <ChoiceField label={t('convention')} name="convention" value={s.convention} onChange={(v) => set({ convention: v })} choices={[{ value: 'cn', label: t('conventions.cn') }, { value: 'isma', label: t('conventions.isma') }]} className="bond-wide" />
            <SelectField label={t('accrual')} name="accrual" value={s.terms.accrual} onChange={(v) => set({ terms: { ...s.terms, accrual: v } })} choices={[{ value: 'cfets', label: t('accruals.cfets') }, { value: 'exchange', label: t('accruals.exchange') }]} />
            <AmountField label={t('notional')} name="notional" currency="CNY" value={s.notional} onChange={(v) => set({ notional: v })} min={0} />
            <h3 className="fi-group">{t('hold')}</h3>
            <TenorDateField label={t('sellDate')} name="sellDate" dateOnly today={today} hint={t('sellDateHint')} value={dateValue(s.sellDate)} onChange={(v) => set({ sellDate: dateOf(v) })} />
            <PercentField label={t('sellYield')} name="sellYield" value={s.sellYieldPct} onChange={(v) => set({ sellYieldPct: v })} />
            <PercentField label={t('reinvest')} name="reinvest" value={s.reinvestPct} onChange={(v) => set({ reinvestPct: v })} />
            <PercentField label={t('repo')} name="repo" value={s.repoPct} onChange={(v) => set({ repoPct: v })} />
            <PercentField label={t('financed')} name="financed" value={s.financedPct} onChange={(v) => set({ financedPct: v })} min={0} max={100} />
          </ToolForm>
        }
        results={
          <ResultsRegion calc={calc}>
            <ResultList items={items} columns={2} />
            {h ? (
              <>
                <h3 className="fi-group">{t('hprResults')}</h3>
                <ResultList items={hItems} columns={2} />
              </>
            ) : null}
          </ResultsRegion>
        }
        charts={r ? <PriceYieldChart inputs={inputs} result={r} /> : null}
      />
    </div>
  );
}

/** Clean price against yield around the solved yield (the convexity made visible). */
function PriceYieldChart({ inputs, result }: { inputs: FiInputs; result: FiResult }) {
  const { t } = useStrings(strings);
  const lang = useLang();
  const config = useMemo(() => new ChartConfigBuilder('xy', lang).setX(`${t('yield')} (%)`, fmt.fixed(3)).addSeries({ label: t('cleanPrice'), format: fmt.fixed(4) }).build(), [lang, t]);
  const data = useMemo(() => {
    const xs: number[] = [], ys: number[] = [];
    try {
      const settlement = fromISO(inputs.settlement!);
      const bond = bondFromTerms(inputs.terms, settlement);
      const y0 = result.analytics.yield;
      for (let k = -40; k <= 40; k++) {
        const y = y0 + k * 5e-4;
        if (y <= -0.5) continue;
        xs.push(y * 100);
        ys.push(priceCnBond(bond, settlement, { yield: y }, { accrual: inputs.terms.accrual, convention: inputs.convention }).cleanPrice);
      }
    } catch { /* inputs being edited: the chart waits for valid ones */ }
    return [Float64Array.from(xs), Float64Array.from(ys)] as const;
  }, [inputs, result]);
  return (
    <Panel title={t('cleanPrice')}>
      <UPlotChart config={config} data={data} label={`${t('cleanPrice')} / ${t('yield')}`} height={260} />
    </Panel>
  );
}

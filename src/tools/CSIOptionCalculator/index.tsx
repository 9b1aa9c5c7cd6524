// /CSIOptionCalculator: commodity futures, index and ETF options, European and American.
// A contract fills the underlying price, vol (ATM at the expiry), rate, dividend yield,
// multiplier and expiry from market data and the exchange's rule; prices as you type
// (OptPricingSvr CSIOPTION, or the same core in a browser worker offline). Maths in model.ts
// and src/pricing-core/engines/csi-option-calculator.
import { useAtom } from 'jotai';
import { useMemo, useState } from 'react';
import { ChoiceField, deskToday, NumberField, PercentField, SelectField, TenorDateField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { ToolActions, ToolForm, ToolLayout } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { useLatest } from '../../kit/market-data';
import { OfflinePricingNote, usePricing } from '../../kit/pricing';
import { fmt, ResultList, ResultsRegion, SourceBadge } from '../../kit/results';
import { strings } from './i18n';
import {
  contractMonths, contractOf, CSI_MARKETS, fromReply, marketFill, marketOf, modelKeys, nearStrike, seriesIds, switchContract, toCall, type ScreenInputs,
} from './model';
import { ImpliedBlock, ValueChart } from './parts';
import { pricingFailure } from './pricing-error';
import { inputsAtom, type Inputs } from './state';
import { useMarketFill } from './use-market-fill';
import './listed.css';

const METHODS = ['qdfp', 'baw', 'bjerksund_stensland_2002', 'numerical'] as const;

/** Display decimals of a premium from the contract's tick (0.0001 -> 4, 0.2 -> 2). */
const decimalsOf = (tick: number) => Math.max(2, -Math.floor(Math.log10(tick)));

export default function CSIOptionCalculator() {
  const { t } = useStrings(strings);
  const lang = useLang();
  const [inputs, setInputs] = useAtom(inputsAtom);
  const [valuationDate, setValuationDate] = useState<string | null>(() => deskToday());
  const market = marketOf(inputs.contract) ?? CSI_MARKETS[0];
  const contract = contractOf(market.code)!;
  const isFutures = contract.underlying === 'futures';
  const ids = useMemo(() => seriesIds(market), [market]);
  const latest = useLatest(ids);
  const months = useMemo(() => contractMonths(market.code, valuationDate ?? deskToday()), [market.code, valuationDate]);

  // Fill from market data once the contract's figures are known (first open, contract change, reload button).
  const [fillFor, setFillFor] = useState<string | null>(() => (inputs.underlyingPrice === null || inputs.expiry === null ? inputs.contract : null));
  useMarketFill(fillFor !== null, ids, market.underlying, latest, (values) => {
    setInputs((prev) => {
      const first = months.find((m) => m.expiry !== null);
      const month = prev.expiry === null ? first?.month ?? prev.month : prev.month;
      const expiry = prev.expiry ?? first?.expiry ?? null;
      if (!values) return { ...prev, month, expiry };
      const f = marketFill(market, (id) => values.get(id)?.value, valuationDate ?? deskToday(), expiry);
      return { ...prev, ...f, month, expiry, strike: f.underlyingPrice !== undefined ? nearStrike(f.underlyingPrice) : prev.strike };
    });
    setFillFor(null);
  });

  const set = <K extends keyof Inputs>(k: K, v: Inputs[K]) => setInputs((prev) => ({ ...prev, [k]: v }));
  const pickContract = (code: string) => {
    if (!contractOf(code) || code === inputs.contract) return;
    setInputs((prev) => switchContract(prev, code) ?? prev);
    setFillFor(code);
  };
  const pickMonth = (month: string) => {
    const m = months.find((x) => x.month === month);
    setInputs((prev) => {
      const expiry = m?.expiry ?? prev.expiry;
      const f = marketFill(market, (id) => latest.values.get(id)?.value, valuationDate ?? deskToday(), expiry);
      return { ...prev, month, expiry, ...(f.vol !== undefined ? { vol: f.vol } : {}) };
    });
  };

  const screen: ScreenInputs = useMemo(() => ({ ...inputs, valuationDate }), [inputs, valuationDate]);
  const pricing = usePricing({ prepare: toCall, read: fromReply }, screen);
  const filling = fillFor !== null;
  const res = filling ? null : pricing.result;
  const row = res?.row;
  const dec = decimalsOf(contract.tick);
  const unit = t(`units.${contract.unit}`, { defaultValue: contract.unit });
  const name = (c: typeof contract) => `${c.code} ${lang === 'zh' ? c.nameZh : c.nameEn} (${c.exchange})`;
  const source = latest.values.get(market.underlying) ?? null;

  const r = (k: string) => t(`results.${k}`);
  const money = fmt.amount('CNY', 2);
  return (
    <div data-testid="csi-option">
      <ToolLayout
        title={t('title')}
        meta={<SourceBadge provenance={source} />}
        inputs={
          <ToolForm
            onSubmit={pricing.commit}
            columns={2}
            actions={
              <ToolActions price busy={pricing.busy}>
                <button type="button" className="btn" onClick={() => setFillFor(market.code)}>{t('refill')}</button>
              </ToolActions>
            }
          >
            <SelectField label={t('contract')} name="contract" value={market.code} onChange={pickContract}
              choices={CSI_MARKETS.map((m) => ({ value: m.code, label: name(contractOf(m.code)!) }))} />
            <SelectField label={t('contractMonth')} name="month" value={months.some((m) => m.month === inputs.month) ? inputs.month : null} onChange={pickMonth}
              choices={months.map((m) => ({ value: m.month, label: m.expiry ? `${m.month} → ${m.expiry}` : t('monthNoRule', { month: m.month }) }))} />
            <TenorDateField label={t('expiry')} name="expiry" dateOnly hint={t('expiryHint')} value={inputs.expiry ? { kind: 'date', date: inputs.expiry } : null}
              onChange={(v) => set('expiry', v?.kind === 'date' ? v.date : null)} />
            <TenorDateField label={t('valuationDate')} name="valuationDate" dateOnly value={valuationDate ? { kind: 'date', date: valuationDate } : null}
              onChange={(v) => setValuationDate(v?.kind === 'date' ? v.date : null)} />
            <ChoiceField label={t('type')} name="type" value={inputs.type} onChange={(v) => set('type', v)} choices={[{ value: 'call', label: t('call') }, { value: 'put', label: t('put') }]} />
            <ChoiceField label={t('direction')} name="direction" value={inputs.direction} onChange={(v) => set('direction', v)} choices={[{ value: 'buy', label: t('buy') }, { value: 'sell', label: t('sell') }]} />
            <ChoiceField label={t('exercise')} name="exercise" value={inputs.exercise} onChange={(v) => set('exercise', v)}
              choices={[{ value: 'european', label: t('european') }, { value: 'american', label: t('american') }]} />
            <SelectField label={t('method')} name="method" value={inputs.method} onChange={(v) => set('method', v)} disabled={inputs.exercise === 'european'}
              choices={METHODS.map((m) => ({ value: m, label: t(`methods.${m}`) }))} />
            <NumberField label={t('underlyingPrice')} name="underlyingPrice" unit={unit} value={inputs.underlyingPrice} onChange={(v) => set('underlyingPrice', v)} min={0} required />
            <NumberField label={t('strike')} name="strike" unit={unit} value={inputs.strike} onChange={(v) => set('strike', v)} min={0} required />
            <PercentField label={t('vol')} name="vol" value={inputs.vol} onChange={(v) => set('vol', v)} min={0} required />
            <PercentField label={t('rate')} name="rate" value={inputs.r} onChange={(v) => set('r', v)} required />
            {isFutures ? null : <PercentField label={t('dividend')} name="dividend" value={inputs.q} onChange={(v) => set('q', v)} required />}
            <NumberField label={t('quantity')} name="quantity" value={inputs.quantity} onChange={(v) => set('quantity', v)} min={0} required />
            <NumberField label={t('marketPrice')} name="marketPrice" hint={t('marketPriceHint')} value={inputs.marketPrice} onChange={(v) => set('marketPrice', v)} min={0} />
          </ToolForm>
        }
        results={
          <ResultsRegion busy={pricing.busy || filling} error={filling ? null : pricingFailure(pricing.error)}
            aside={pricing.offline && res ? <OfflinePricingNote /> : null}>
            <p className="lo-note">{t('sampleNote')}</p>
            <ResultList columns={1} items={[
              { name: r('model'), value: modelKeys(contract.underlying, inputs.exercise, inputs.method).map((k) => t(k)).join(' · '), format: fmt.text },
              { name: r('multiplier'), value: row ? row.multiplier : null, format: fmt.sig(6) },
              { name: r('expiryDate'), value: row?.expiryDate ?? null, format: fmt.date },
              { name: r('days'), value: row ? Math.round(row.t * 365) : null, format: fmt.fixed(0) },
            ]} />
            <h3 className="lo-subtitle">{t('perUnit')}</h3>
            <ResultList columns={1} items={[
              { name: r('price'), value: row?.value ?? null, format: fmt.fixed(dec) },
              { name: r('european'), value: row?.european ?? null, format: fmt.fixed(dec) },
              { name: r('eep'), value: row?.earlyExercisePremium ?? null, format: fmt.fixed(dec) },
              { name: r('delta'), value: row?.greeks.delta ?? null, format: fmt.fixed(4) },
              { name: r('gamma'), value: row?.greeks.gamma ?? null, format: fmt.sig(4) },
              { name: r('vega'), value: row ? row.greeks.vega / 100 : null, format: fmt.fixed(dec) },
              { name: r('theta'), value: row ? row.greeks.theta / 365 : null, format: fmt.fixed(dec) },
              { name: r('rho'), value: row ? row.greeks.rho / 100 : null, format: fmt.fixed(dec) },
            ]} />
            <h3 className="lo-subtitle">{t('perContract')}</h3>
            <ResultList columns={1} items={[
              { name: r('premiumPerContract'), value: row?.premiumPerContract ?? null, format: money },
              { name: r('positionPremium'), value: row?.position.premium ?? null, format: money },
              { name: r('positionDelta'), value: row?.position.delta ?? null, format: fmt.fixed(2) },
              { name: r('deltaCash'), value: row?.position.deltaCash ?? null, format: money },
              { name: r('positionGamma'), value: row?.position.gamma ?? null, format: fmt.fixed(2) },
              { name: r('positionVega'), value: row?.position.vega ?? null, format: money },
              { name: r('positionTheta'), value: row?.position.theta ?? null, format: money },
              { name: r('positionRho'), value: row?.position.rho ?? null, format: money },
            ]} />
            {inputs.marketPrice !== null ? (
              <ImpliedBlock error={res?.implied && 'error' in res.implied ? res.implied.error : null} items={[
                { name: r('impliedVol'), value: res?.implied && 'vol' in res.implied ? res.implied.vol : null, format: fmt.percent(4) },
                { name: r('impliedPrice'), value: res?.implied && 'value' in res.implied ? res.implied.value : null, format: fmt.fixed(dec) },
              ]} />
            ) : null}
          </ResultsRegion>
        }
        charts={<ValueChart title={t('chart')} xLabel={t('chartX')} todayLabel={t('chartToday')} expiryLabel={t('chartExpiry')} xDecimals={dec} yDecimals={dec} curve={res?.chart ?? null} />}
      />
    </div>
  );
}

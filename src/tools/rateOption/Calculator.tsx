// The rate option calculator shared by /rateOption and /rateOptionMain: swaption (payer /
// receiver, expiry x tenor) or cap / floor on FR007, SHIBOR 3M, LPR 1Y or SOFR, strike ATM or
// given, Black (shifted), Bachelier or SABR vols; premium, forward, annuity, greeks, DV01,
// implied vol from a premium, the caplet table; off the market curve or a curve saved on
// /curveConstruction (the Curve picker). The internal route adds panels via `aside`.
import { DataDateNote } from '../../kit/dates';
import { useCallback, useMemo, type ReactNode } from 'react';
import { AmountField, ChoiceField, NumberField, PercentField, SelectField, TenorDateField, type TenorOrDate } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { Panel, ToolActions, ToolForm, ToolLayout } from '../../kit/layout';
import { fmt, ResultList, ResultsRegion, ResultTable, SourceBadge, type ResultItem } from '../../kit/results';
import { OfflinePricingNote } from '../../kit/pricing';
import type { PersistedAtom } from '../../kit/tool-state';
import type { CapFloorReply, CapletReply, RateOptionReply } from '../../pricing-core/engines/rates/rate-option-calculator';
import { fromISO, toISO } from '../../pricing-core/dates/date';
import { advance, parseTenor } from '../../pricing-core/dates/tenor';
import { rateCalendars } from '../../pricing-core/engines/rates/rate-option-calculator';
import { strings } from './i18n';
import {
  INDEX_LABEL, OPTION_INDICES, RATE_OPTION_METHOD, SWAP_TENORS, pct, perBp, toRateOptionRequest,
  type CalcInputs, type OptionIndex, type Product, type VolModel,
} from './model';
import { useRatePricing } from './use-rate-pricing';
import { CurvePicker, useCurveLabel } from '../curveConstruction/CurvePicker';
import { ratesStrings } from '../curveConstruction/i18n';
import './rate-option.css';

export interface CalculatorContext {
  inputs: CalcInputs;
  set: (patch: Partial<CalcInputs>) => void;
  result: RateOptionReply | null;
  asOf: string | null;
  price: () => void;
}

const toTenorOrDate = (s: string | null): TenorOrDate | null => (!s ? null : /^\d{4}-/.test(s) ? { kind: 'date', date: s } : { kind: 'tenor', tenor: s });

export function Calculator({ atom, title, aside }: { atom: PersistedAtom<CalcInputs>; title: string; aside?: (ctx: CalculatorContext) => ReactNode }) {
  const { t } = useStrings(strings);
  const { t: tr } = useStrings(ratesStrings);
  const { inputs, set, market, choice, calc, ccy, price, offline } = useRatePricing<CalcInputs, RateOptionReply>(atom, RATE_OPTION_METHOD, (i, curves, _asOf, w) => toRateOptionRequest(i, curves, w));

  const resolveExpiry = useCallback((tenor: string) => {
    if (!market.asOf) return { error: t('errors.curve', { index: INDEX_LABEL[inputs.index] }) };
    try {
      return { date: toISO(advance(rateCalendars(ccy), fromISO(market.asOf), parseTenor(tenor), 'ModifiedFollowing')) };
    } catch {
      return { error: t('errors.expiry') };
    }
  }, [market.asOf, ccy, t, inputs.index]);

  const r = calc.result;
  const curveUsed = useCurveLabel(choice.saved, inputs.index, market.dataAsOf);
  const g = r ? perBp(r) : null;
  const isSwaption = inputs.product === 'swaption';
  const volUnit = (r?.volType ?? (inputs.volModel === 'sabr' ? inputs.sabrQuote : inputs.volModel)) === 'normal' ? t('volModels.normal') : t('volModels.black');
  const items: ResultItem[] = r ? [
    { name: t('results.premium'), unit: `(${ccy})`, value: r.npv, format: fmt.amount(ccy, 2) },
    { name: t('results.premiumBp'), value: (r.npv / (inputs.notional ?? 1)) * 1e4, format: fmt.fixed(2) },
    ...(r.product === 'swaption' ? [
      { name: t('results.forwardSwapRate'), unit: '(%)', value: pct(r.forwardSwapRate), format: fmt.percent(4) },
      { name: t('results.annuity'), unit: `(${ccy})`, value: r.annuity, format: fmt.amount(ccy, 2) },
    ] : []),
    { name: t('results.strike'), unit: '(%)', value: pct(r.strike), format: fmt.percent(4) },
    ...(r.product === 'swaption' ? [{ name: t('results.volUsed'), unit: '(%)', value: pct(r.vol), format: fmt.percent(4), note: volUnit }] : []),
    { name: t('results.delta'), unit: `(${ccy})`, value: g!.delta, format: fmt.amount(ccy, 2, true) },
    { name: t('results.gamma'), unit: `(${ccy})`, value: g!.gamma, format: fmt.sig(6) },
    { name: t('results.vega'), unit: `(${ccy})`, value: g!.vega, format: fmt.amount(ccy, 2) },
    { name: t('results.dv01'), unit: `(${ccy})`, value: r.dv01, format: fmt.amount(ccy, 2, true) },
    { name: t('results.theta'), unit: `(${ccy})`, value: g!.theta, format: fmt.amount(ccy, 2, true) },
    ...(r.impliedVol !== null ? [{ name: t('results.impliedVol'), unit: '(%)', value: pct(r.impliedVol), format: fmt.percent(4) }] : []),
    { name: t('results.valuationDate'), value: r.valuationDate, format: fmt.date },
    { name: tr('curve'), value: curveUsed, format: fmt.text, key: 'curveUsed' },
    ...(r.product === 'swaption' ? [{ name: t('results.expiryDate'), value: r.expiryDate, format: fmt.date }] : []),
    { name: t('results.startDate'), value: r.startDate, format: fmt.date },
    { name: t('results.endDate'), value: r.endDate, format: fmt.date },
  ] : [];

  const ctx: CalculatorContext = { inputs, set, result: r, asOf: market.asOf, price };
  const curveNote = !r ? null : choice.saved
    ? t('curveSourceSaved', { names: r.curves.map((c) => c.name).join(', '), name: choice.saved.name, date: r.valuationDate })
    : t('curveSource', { names: r.curves.map((c) => c.name).join(', '), index: inputs.index, date: r.valuationDate });

  return (
    <ToolLayout
      title={title}
      meta={market.provenances.map((p) => <SourceBadge key={`${p.sourceKind}${p.source}`} provenance={p} />)}
      inputs={
        <ToolForm className="ro-form" onSubmit={price} columns={2} actions={<ToolActions price priceLabel={t('price')} busy={calc.busy} />}>
          <ChoiceField<Product> label={t('product')} name="product" value={inputs.product} onChange={(v) => set({ product: v })}
            choices={(['swaption', 'cap', 'floor'] as const).map((p) => ({ value: p, label: t(`products.${p}`) }))} />
          <SelectField<OptionIndex> label={t('index')} name="index" value={inputs.index} onChange={(v) => set({ index: v })}
            choices={OPTION_INDICES.map((i) => ({ value: i, label: INDEX_LABEL[i] }))} />
          <CurvePicker choice={choice} index={inputs.index} date={market.dataAsOf} />
          <DataDateNote dataDate={market.dataAsOf} valuationDate={market.asOf} />
          {isSwaption ? (
            <ChoiceField<'payer' | 'receiver'> label={t('direction')} name="direction" value={inputs.payer ? 'payer' : 'receiver'} onChange={(v) => set({ payer: v === 'payer' })}
              choices={[{ value: 'payer', label: t('payer') }, { value: 'receiver', label: t('receiver') }]} />
          ) : null}
          {isSwaption ? (
            <TenorDateField label={t('expiry')} name="expiry" value={toTenorOrDate(inputs.expiry)} resolve={resolveExpiry} today={market.asOf ?? undefined}
              onChange={(v) => set({ expiry: v ? (v.kind === 'tenor' ? v.tenor : v.date) : null })} required />
          ) : null}
          <SelectField label={isSwaption ? t('tenor') : t('capTenor')} name="tenor" value={inputs.tenor} onChange={(v) => set({ tenor: v })}
            choices={SWAP_TENORS.map((x) => ({ value: x, label: x }))} />
          <ChoiceField<'atm' | 'fixed'> label={t('strikeMode')} name="strikeMode" value={inputs.atm ? 'atm' : 'fixed'} onChange={(v) => set({ atm: v === 'atm' })}
            choices={[{ value: 'atm', label: t('atm') }, { value: 'fixed', label: t('fixedStrike') }]} />
          <PercentField label={t('strike')} name="strike" value={inputs.strike} onChange={(v) => set({ strike: v })} disabled={inputs.atm} unit="%" />
          <AmountField label={t('notional')} name="notional" currency={ccy} value={inputs.notional} onChange={(v) => set({ notional: v })} required />
          <SelectField<VolModel> label={t('volModel')} name="volModel" value={inputs.volModel} onChange={(v) => set({ volModel: v })}
            choices={(['normal', 'black', 'sabr'] as const).map((m) => ({ value: m, label: t(`volModels.${m}`) }))} />
          {inputs.volModel !== 'sabr' ? (
            <PercentField label={t('vol')} name="vol" value={inputs.vol} onChange={(v) => set({ vol: v })} unit="%" hint={inputs.volModel === 'normal' ? t('volHintNormal') : undefined} required />
          ) : (
            <SelectField<'normal' | 'black'> label={t('sabrQuote')} name="sabrQuote" value={inputs.sabrQuote} onChange={(v) => set({ sabrQuote: v })}
              choices={(['normal', 'black'] as const).map((m) => ({ value: m, label: t(`sabrQuotes.${m}`) }))} />
          )}
          {inputs.volModel === 'black' || (inputs.volModel === 'sabr' && inputs.sabrQuote === 'black') ? (
            <PercentField label={t('shift')} name="shift" value={inputs.shift} onChange={(v) => set({ shift: v })} unit="%" />
          ) : null}
          {inputs.volModel === 'sabr' ? (
            <>
              <NumberField label={t('alpha')} name="alpha" value={inputs.alpha} onChange={(v) => set({ alpha: v })} significant={6} />
              <NumberField label={t('beta')} name="beta" value={inputs.beta} onChange={(v) => set({ beta: v })} />
              <NumberField label={t('rho')} name="rho" value={inputs.rho} onChange={(v) => set({ rho: v })} significant={6} />
              <NumberField label={t('nu')} name="nu" value={inputs.nu} onChange={(v) => set({ nu: v })} significant={6} />
            </>
          ) : null}
          <AmountField label={t('premiumIn')} name="premium" currency={ccy} value={inputs.premium} onChange={(v) => set({ premium: v })} hint={t('premiumInHint')} />
        </ToolForm>
      }
      results={
        <ResultsRegion calc={calc} aside={offline ? <OfflinePricingNote /> : null}>
          <ResultList items={items} />
          {curveNote ? <p className="ro-note">{curveNote}</p> : null}
        </ResultsRegion>
      }
      charts={
        <>
          {r && r.product !== 'swaption' ? <CapletTable reply={r} ccy={ccy} /> : null}
          {aside ? aside(ctx) : null}
        </>
      }
    />
  );
}

function CapletTable({ reply, ccy }: { reply: CapFloorReply; ccy: string }) {
  const { t } = useStrings(strings);
  const rows = useMemo(() => reply.caplets, [reply]);
  return (
    <Panel title={t('caplets')}>
      <ResultTable<CapletReply>
        caption={t('caplets')}
        hideCaption
        exportName={`${reply.product}-caplets`}
        rows={rows}
        rowKey={(c) => c.start}
        maxHeight={420}
        columns={[
          { key: 'start', header: t('capletCols.start'), value: (c) => c.start, format: fmt.date, rowHeader: true },
          { key: 'end', header: t('capletCols.end'), value: (c) => c.end, format: fmt.date },
          { key: 'fixing', header: t('capletCols.fixing'), value: (c) => c.fixingDate, format: fmt.date },
          { key: 't', header: t('capletCols.t'), value: (c) => (c.status === 'option' ? c.expiryTime : null), format: fmt.fixed(4) },
          { key: 'forward', header: `${t('capletCols.forward')} (%)`, value: (c) => pct(c.forward), format: fmt.percent(4) },
          { key: 'vol', header: `${t('capletCols.vol')} (%)`, value: (c) => (c.status === 'option' ? pct(c.vol) : null), format: fmt.percent(4) },
          { key: 'df', header: t('capletCols.df'), value: (c) => c.discountFactor, format: fmt.fixed(6) },
          { key: 'npv', header: `${t('capletCols.npv')} (${ccy})`, value: (c) => c.npv, format: fmt.amount(ccy, 2) },
          { key: 'status', header: t('capletCols.status'), value: (c) => t(`status.${c.status}`), format: fmt.text },
        ]}
      />
    </Panel>
  );
}

// /optionCalculator: the FX option calculator (SPEC section 3, issue 9). Inputs filled from
// the pair's market bundle (spot, deposit curves, vol surface; labelled by SourceBadge),
// overridable; priced as you type through OptPricingSvr OPTIONCALC (or the browser worker
// offline) with the SPEC presets, instruments VA/AR/AS, strategies (PP) and custom legs (CU);
// results in every quotation with greeks and charts; saved, loaded and shared (?id= links).
import i18next from 'i18next';
import { useAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AmountField, ChoiceField, NumberField, PairField, PercentField, SelectField, TenorDateField } from '../../kit/fields';
import { pairCurrencies, TradeDayNote, useTradeDay } from '../../kit/dates';
import { useStrings } from '../../kit/i18n';
import { Panel, ToolActions, ToolForm, ToolLayout } from '../../kit/layout';
import { useMarketRequest, type FxMarketReply } from '../../kit/market-data';
import { OfflinePricingNote, usePricing, type PricingError } from '../../kit/pricing';
import { fmt, ResultList, ResultsRegion, ResultTable, SourceBadge, ToolFailure, type ResultItem } from '../../kit/results';
import { SavedItemsPanel, SharedItemNotice, useSharedItem } from '../../kit/share';
import { PRESETS } from '../../pricing-core/engines/fx-option-calculator/presets';
import { STRATEGY_NAMES, STRATEGY_TEMPLATES, type StrategyName } from '../../pricing-core/engines/fx-option-calculator/strategies';
import type { GreekSet, PremiumQuotations } from '../../pricing-core/engines/fx-option-calculator/types';
import { OptionCharts } from './Charts';
import { typedVols } from './smile';
import { strings } from './i18n';
import { LegsEditor } from './LegsEditor';
import {
  baseOf, expiryResolver, GREEK_ROWS, greekCurrency, isMultiLeg, marketFigures, marketProvenance, optionDates, pairBusinessDay,
  prepare, presetRole, presetsFor, quoteOf, read, type PriceInput, type Shown,
} from './model';
import { conventionsAtom, DEFAULT_LEGS, inputsAtom, payloadSpec, type Conventions, type Inputs } from './state';
import './option-calculator.css';

/** Pairs with a spot in the market data (the picker also takes any typed pair). */
const PAIRS = ['USDCNY', 'USDCNH', 'EURCNY', 'JPYCNY', 'GBPCNY', 'AUDCNY', 'HKDCNY', 'EURUSD', 'USDJPY', 'GBPUSD', 'AUDUSD', 'USDCHF', 'USDHKD'];
const QUOTATIONS: readonly (keyof PremiumQuotations)[] = ['quoteAmount', 'baseAmount', 'quotePips', 'basePips', 'quotePct', 'basePct'];

/** A pricing error (message key of any namespace) as the kit's failure, in both languages. */
function failureOf(e: PricingError | null): unknown {
  if (!e) return null;
  if (e.kind === 'failed') return new Error(e.detail ?? 'calculation failed');
  const words = (lng: 'zh' | 'en') => i18next.t(e.message.key, { ...e.message.values, lng });
  return new ToolFailure('badInput', undefined, { zh: words('zh'), en: words('en') });
}

export default function OptionCalculator() {
  const { t } = useStrings(strings);
  const [inputs, setInputs] = useAtom(inputsAtom);
  const [conventions, setConventions] = useAtom(conventionsAtom);
  // The trade date: today, or the next business day of the pair on a weekend or holiday.
  const tradeDay = useTradeDay(pairCurrencies(inputs.pair));
  const today = tradeDay.date;
  const set = useCallback((patch: Partial<Inputs>) => setInputs((i) => ({ ...i, ...patch })), [setInputs]);
  const setConv = (patch: Partial<Conventions>) => setConventions((c) => ({ ...c, ...patch }));

  const shared = useSharedItem<Inputs>('optionCalculator', { spec: payloadSpec, onItem: (p) => setInputs(p) });

  const pair = inputs.pair;
  const base = baseOf(pair), quote = quoteOf(pair);
  // useFxMarket's request with a retry count in its key: a failed fetch is tried again when
  // the connection comes back, or on the Retry button.
  const [retry, setRetry] = useState(0);
  const market = useMarketRequest<FxMarketReply>(`fxMarket#${pair}#${retry}`, (c) => c.fxMarket(pair));
  const failed = !!market.error;
  useEffect(() => {
    if (!failed) return;
    const onStatus = (e: Event) => { if ((e as CustomEvent<{ status?: string }>).detail?.status === 'open') setRetry((n) => n + 1); };
    window.addEventListener('socketStatus', onStatus);
    return () => window.removeEventListener('socketStatus', onStatus);
  }, [failed]);
  // A failed refresh (server gone, timeout) keeps the figures already on screen for this pair.
  const lastMarket = useRef<FxMarketReply | null>(null);
  if (market.data) lastMarket.current = market.data;
  const marketData = market.data ?? (lastMarket.current?.pair === pair ? lastMarket.current : null);
  const dates = useMemo(() => (inputs.expiry ? optionDates(pair, today, inputs.expiry) : null), [pair, today, inputs.expiry]);
  const okDates = dates && !('error' in dates) ? dates : null;
  const figures = useMemo(() => marketFigures(pair, marketData, today, okDates?.deliveryDate ?? null), [pair, marketData, today, okDates?.deliveryDate]);
  const provenance = useMemo(() => marketProvenance(figures), [figures]);

  const priceInput = useMemo<PriceInput>(() => ({ inputs, conventions, market: marketData, today }), [inputs, conventions, marketData, today]);
  const pricing = usePricing<PriceInput, Shown>({ prepare, read: (b) => read(b) }, priceInput);
  const r = pricing.result;
  const leg1 = r?.result.legs[0];
  const role = presetRole(inputs.preset);
  const multi = isMultiLeg(inputs);
  const presets = presetsFor(inputs.instrument);
  const typed = useMemo(() => typedVols(inputs, r?.smiles.length ?? 0, role.solves === 'vol'), [inputs, r?.smiles.length, role.solves]);

  const resolve = useMemo(() => expiryResolver(pair, today, (k, v) => t(k, v)), [pair, today, t]);
  const businessDay = useMemo(() => pairBusinessDay(pair), [pair]);
  const marketHint = (typed: boolean, extra?: string) => (typed ? t('hint.typed') : extra ?? t('hint.market'));
  // Shown to 4 decimals as desks quote vols; pricing keeps the surface's full value (the field stays untyped).
  const surfaceVol = !multi && leg1 && leg1.volSource === 'surface' ? Math.round(leg1.vol * 1e6) / 1e4 : null;
  const lang = i18next.language === 'en' ? 'en' : 'zh';

  // --- results
  const items: ResultItem[] = [
    { name: t('r.premium'), unit: `(${quote})`, value: r?.premium ?? null, format: fmt.amount(quote, 2) },
    { name: t('r.premiumPct'), value: r?.premiumPct ?? null, format: fmt.fixed(4) },
    { name: t('r.delta'), unit: `(${base})`, value: r?.delta ?? null, format: fmt.amount(base, 2) },
    { name: t('r.vega'), unit: `(${quote})`, value: r?.vega ?? null, format: fmt.amount(quote, 2) },
    { name: t('r.forward'), value: r?.forward ?? null, format: fmt.fixed(6) },
    { name: t('r.swapPoints'), value: r?.swapPoints ?? null, format: fmt.fixed(2) },
    { name: t('r.expiryDate'), value: r?.expiryDate ?? null, format: fmt.date },
    { name: t('r.deliveryDate'), value: r?.deliveryDate ?? null, format: fmt.date },
    { name: t('r.spotDate'), value: r?.spotDate ?? null, format: fmt.date },
    { name: t('r.premiumDate'), value: r?.premiumDate ?? null, format: fmt.date },
  ];
  if (r && !r.multiLeg && leg1) {
    items.push({ name: t('r.strike'), value: leg1.strike ?? null, format: fmt.fixed(6) });
    items.push({ name: t('r.vol'), unit: '(%)', value: leg1.vol * 100, format: fmt.fixed(4), note: t(`volSources.${leg1.volSource}`) });
  }
  const s = r?.result.solved;
  if (s) {
    if (s.field === 'StrikePx') items.push({ key: 'solved', name: t('r.solvedStrike'), value: s.values[0], format: fmt.fixed(6) });
    if (s.field === 'Volatility') items.push({ key: 'solved', name: t('r.solvedVol'), unit: '(%)', value: s.values[0] * 100, format: fmt.fixed(4) });
    if (s.field === 'Strikes') s.values.forEach((v, i) => items.push({ key: `solved${i}`, name: t('r.solvedStrikes', { legs: s.legNums[i] }), value: v, format: fmt.fixed(6) }));
    if (s.alternative !== undefined) items.push({ key: 'alt', name: t('r.alternative'), value: s.field === 'Volatility' ? s.alternative * 100 : s.alternative, format: fmt.fixed(4) });
    if (s.parameter !== undefined) items.push({ key: 'param', name: t('r.commonDelta'), unit: '(%)', value: s.parameter * 100, format: fmt.fixed(4) });
  }
  if (r) {
    const pc = r.result.total.premiumInCurrency;
    const ccy = pc.currency === 'base' ? base : quote;
    items.push({ name: t('r.premiumSettled'), unit: `(${ccy})`, value: r.multiLeg ? pc.amount : leg1!.premiumInCurrency.amount, format: fmt.amount(ccy, 2) });
    items.push({ name: t('r.netPremium'), unit: `(${quote})`, value: r.result.total.premium.quoteAmount, format: fmt.amount(quote, 2, true) });
  }
  const quoted: PremiumQuotations | null = r ? (r.multiLeg ? r.result.total.premium : leg1!.premium) : null;
  const normaliser = leg1?.notionalBase ?? 1;
  const greeks: GreekSet | null = r ? r.result.total.greeks : null;

  // --- inputs
  const strategy = inputs.strategy as StrategyName;
  const tpl = STRATEGY_TEMPLATES[strategy];
  const form = (
    <ToolForm onSubmit={pricing.commit} columns={2} actions={
      <ToolActions busy={pricing.busy} priceLabel={t('f.price')}>
        <button type="button" className="btn" onClick={() => set({ spot: null, vol: null, rd: null, rf: null })}>{t('f.resetMarket')}</button>
      </ToolActions>
    }>
      <SelectField label={t('f.instrument')} name="instrument" value={inputs.instrument}
        onChange={(v) => set({ instrument: v, preset: presetsFor(v).includes(inputs.preset as never) ? inputs.preset : 'Premium' })}
        choices={(['VA', 'AR', 'AS', 'PP', 'CU'] as const).map((v) => ({ value: v, label: t(`instruments.${v}`) }))} />
      <SelectField label={t('f.preset')} name="preset" value={inputs.preset} onChange={(v) => set({ preset: v })}
        choices={PRESETS.filter((p) => presets.includes(p.value)).map((p) => ({ value: p.value, label: lang === 'en' ? p.label : p.labelZh }))} />
      <PairField label={t('f.pair')} name="pair" value={pair} pairs={PAIRS} required
        onChange={(v) => { if (v && v !== pair) set({ pair: v, spot: null, strike: null, vol: null, rd: null, rf: null, strikes: [] }); }} />
      {inputs.instrument === 'PP' ? (
        <SelectField label={t('f.strategy')} name="strategy" value={inputs.strategy} onChange={(v) => set({ strategy: v, strikes: [] })}
          choices={STRATEGY_NAMES.map((v) => ({ value: v, label: t(`strategies.${v}`) }))} />
      ) : null}
      {inputs.instrument !== 'CU' ? (
        <ChoiceField label={t('f.direction')} name="direction" value={inputs.direction} onChange={(v) => set({ direction: v })}
          choices={[{ value: 'buy', label: t('buy') }, { value: 'sell', label: t('sell') }]} />
      ) : null}
      {inputs.instrument === 'VA' || inputs.instrument === 'AR' || inputs.instrument === 'AS' || (inputs.instrument === 'PP' && strategy === 'spread') ? (
        <ChoiceField label={t('f.type')} name="type" value={inputs.type} onChange={(v) => set({ type: v })}
          choices={[{ value: 'call', label: t('call') }, { value: 'put', label: t('put') }]} />
      ) : null}
      <NumberField label={t('f.spot')} name="spot" value={inputs.spot ?? figures.spot} min={0} onChange={(v) => set({ spot: v })}
        hint={marketHint(inputs.spot !== null)} />
      {!multi && inputs.instrument !== 'AS' ? (
        <NumberField label={t('f.strike')} name="strike" value={inputs.strike} min={0} onChange={(v) => set({ strike: v })}
          disabled={role.solves === 'strike'}
          hint={role.solves === 'strike' ? t('hint.solved') : inputs.strike === null ? t('hint.atm', { atm: leg1?.strike?.toFixed(4) ?? '—' }) : undefined} />
      ) : null}
      <TenorDateField label={t('f.expiry')} name="expiry" value={inputs.expiry} onChange={(v) => set({ expiry: v })}
        resolve={resolve} isBusinessDay={businessDay} today={today} required
        hint={okDates?.projected.length ? t('hint.projected', { years: okDates.projected.join(', ') }) : undefined} />
      <AmountField label={t('f.notional')} name="notional" currency={inputs.notionalCurrency === 'base' ? base : quote} value={inputs.notional} min={0}
        onChange={(v) => set({ notional: v })} required />
      <ChoiceField label={t('f.notionalCurrency')} name="notionalCurrency" value={inputs.notionalCurrency} onChange={(v) => set({ notionalCurrency: v })}
        choices={[{ value: 'base', label: base }, { value: 'quote', label: quote }]} />
      {inputs.instrument !== 'CU' ? (
        <PercentField label={t('f.vol')} name="vol" value={inputs.vol ?? surfaceVol} min={0} onChange={(v) => set({ vol: v })}
          disabled={role.solves === 'vol'}
          hint={role.solves === 'vol' ? t('hint.solved') : inputs.vol !== null ? t('hint.typed') : figures.hasSurface ? t('hint.surface') : t('hint.noSurface')} />
      ) : null}
      <PercentField label={t('f.rd')} name="rd" value={inputs.rd ?? figures.rd} onChange={(v) => set({ rd: v })}
        hint={marketHint(inputs.rd !== null, figures.rdQuoted !== null ? t('hint.rateFrom', { q: figures.rdQuoted.toFixed(4) }) : undefined)} />
      <PercentField label={t('f.rf')} name="rf" value={inputs.rf ?? figures.rf} onChange={(v) => set({ rf: v })}
        hint={marketHint(inputs.rf !== null, figures.rfQuoted !== null ? t('hint.rateFrom', { q: figures.rfQuoted.toFixed(4) }) : undefined)} />
      <TenorDateField label={t('f.premiumDate')} name="premiumDate" value={inputs.premiumDate} onChange={(v) => set({ premiumDate: v })}
        resolve={resolve} isBusinessDay={businessDay} today={today} hint={t('hint.premiumDate')} />
      <PercentField label={t('f.premiumRate')} name="premiumRate" value={inputs.premiumRate} onChange={(v) => set({ premiumRate: v })} hint={t('hint.premiumRate')} />
      {role.driver === 'Premium' ? (
        <>
          <NumberField label={t('f.targetPremium')} name="targetPremium" value={inputs.targetPremium} onChange={(v) => set({ targetPremium: v })}
            unit={inputs.premiumType === 'Pct' ? '%' : inputs.premiumType === 'Pips' ? 'pips' : (conventions.premiumCurrency === 'base' ? base : quote)} />
          <SelectField label={t('f.premiumType')} name="premiumType" value={inputs.premiumType} onChange={(v) => set({ premiumType: v })}
            choices={(['Amt', 'Pct', 'Pips'] as const).map((v) => ({ value: v, label: t(`premiumTypes.${v}`) }))} />
        </>
      ) : null}
      {role.driver === 'Delta' ? (
        <>
          <NumberField label={t('f.targetDelta')} name="targetDelta" value={inputs.targetDelta} onChange={(v) => set({ targetDelta: v })}
            unit={inputs.deltaType === 'Pct' ? '%' : base} />
          <SelectField label={t('f.deltaType')} name="deltaType" value={inputs.deltaType} onChange={(v) => set({ deltaType: v })}
            choices={(['Pct', 'Amt'] as const).map((v) => ({ value: v, label: t(`deltaTypes.${v}`) }))} />
          <SelectField label={t('f.deltaField')} name="deltaField" value={inputs.deltaField} onChange={(v) => set({ deltaField: v })}
            choices={(['Delta', 'ForwardDelta'] as const).map((v) => ({ value: v, label: t(`deltaFields.${v}`) }))} />
        </>
      ) : null}
      {inputs.instrument === 'AR' || inputs.instrument === 'AS' || (inputs.instrument === 'CU' && inputs.legs.some((l) => l.instrument !== 'VA')) ? (
        <SelectField label={t('f.fixings')} name="fixings" value={inputs.fixings} onChange={(v) => set({ fixings: v })}
          choices={(['daily', 'weekly', 'monthly'] as const).map((v) => ({ value: v, label: t(`fixingFreq.${v}`) }))} />
      ) : null}
      {inputs.instrument === 'PP' && tpl ? tpl.legs.map((l, n) => (
        <NumberField key={`${strategy}-${n}`} label={t('f.legStrike', { n: n + 1 })} name={`legStrike${n + 1}`} value={inputs.strikes[n] ?? null} min={0}
          onChange={(v) => set({ strikes: tpl.legs.map((_, m) => (m === n ? v : inputs.strikes[m] ?? null)) })}
          hint={`${l.side === 'long' ? t('buy') : t('sell')} ${l.type === 'given' ? t(inputs.type) : t(l.type)} · ${r?.result.legs[n]?.strike?.toFixed(4) ?? t('hint.template')}`} />
      )) : null}
    </ToolForm>
  );

  const conventionsPanel = (
    <fieldset className="oc-conventions">
      <legend>{t('conv.title')}</legend>
      <SelectField label={t('conv.premiumCurrency')} name="premiumCurrency" value={conventions.premiumCurrency} onChange={(v) => setConv({ premiumCurrency: v })} onCommit={pricing.commit}
        choices={[{ value: 'quote', label: quote }, { value: 'base', label: base }]} />
      <SelectField label={t('conv.delta')} name="deltaConvention" value={conventions.delta} onChange={(v) => setConv({ delta: v })} onCommit={pricing.commit}
        choices={[{ value: 'spot', label: t('conv.spot') }, { value: 'forward', label: t('conv.forward') }]} />
      <SelectField label={t('conv.premiumAdjusted')} name="premiumAdjusted" value={conventions.premiumAdjusted ? 'yes' : 'no'} onChange={(v) => setConv({ premiumAdjusted: v === 'yes' })} onCommit={pricing.commit}
        choices={[{ value: 'no', label: t('conv.no') }, { value: 'yes', label: t('conv.yes') }]} />
      <SelectField label={t('conv.atm')} name="atm" value={conventions.atm} onChange={(v) => setConv({ atm: v })} onCommit={pricing.commit}
        choices={[{ value: 'deltaNeutral', label: t('conv.atmDns') }, { value: 'deltaNeutralPremiumAdjusted', label: t('conv.atmDnsPa') }, { value: 'forward', label: t('conv.atmForward') }, { value: 'spot', label: t('conv.atmSpot') }]} />
    </fieldset>
  );

  return (
    <div className="oc" data-testid="option-calculator">
      <ToolLayout
        title={t('title')}
        meta={<SourceBadge provenance={provenance} />}
        inputs={
          <>
            <SharedItemNotice state={shared} />
            <TradeDayNote day={tradeDay} />
            {market.error && !marketData ? (
              <p className="oc-warn" role="status">
                {t('errors.market', { detail: market.error.message })}{' '}
                <button type="button" className="btn" onClick={() => setRetry((n) => n + 1)}>{t('f.retry')}</button>
              </p>
            ) : null}
            {form}
            {inputs.instrument === 'CU' ? (
              <LegsEditor legs={inputs.legs.length ? inputs.legs : DEFAULT_LEGS} onChange={(legs) => set({ legs })} onCommit={pricing.commit}
                priced={r?.result.legs ?? []} base={base} />
            ) : null}
            {conventionsPanel}
          </>
        }
        results={
          <ResultsRegion busy={pricing.busy} error={failureOf(pricing.error)} aside={pricing.offline ? <OfflinePricingNote /> : null}>
            <ResultList items={items} />
            <ResultTable caption={t('r.quotations')} rowKey={(q) => q} rows={QUOTATIONS}
              columns={[
                { key: 'q', header: t('r.quotation'), value: (q) => t(`r.${q}`), format: fmt.text, rowHeader: true },
                { key: 'v', header: t('r.value'), value: (q) => (quoted ? (q.endsWith('Pct') ? quoted[q] * 100 : quoted[q]) : null), format: fmt.fixed(4) },
              ]} />
            <ResultTable caption={t('r.greeks')} rowKey={(g) => g} rows={GREEK_ROWS}
              columns={[
                { key: 'g', header: t('r.greek'), value: (g) => `${t(`g.${g}`)} ${greekCurrency(g, pair)}`, format: fmt.text, rowHeader: true },
                { key: 'a', header: t('r.amount'), value: (g) => greeks?.[g] ?? null, format: fmt.fixed(2) },
                { key: 'n', header: t('r.normalised'), value: (g) => (greeks ? greeks[g] / normaliser : null), format: fmt.fixed(8) },
              ]} />
            {r?.multiLeg ? (
              <ResultTable caption={t('r.legsTable')} rowKey={(l) => String(l.legNum)} rows={r.result.legs}
                columns={[
                  { key: 'n', header: t('r.legNum'), value: (l) => `${l.legNum} ${t(l.direction)} ${t(l.type)}`, format: fmt.text, rowHeader: true },
                  { key: 'k', header: t('legs.strike'), value: (l) => l.strike ?? null, format: fmt.fixed(4) },
                  { key: 'v', header: t('legs.vol'), value: (l) => l.vol * 100, format: fmt.fixed(3) },
                  { key: 'p', header: `${t('r.netPremium')} (${quote})`, value: (l) => l.netPremium.quoteAmount, format: fmt.amount(quote, 2, true) },
                  { key: 'd', header: `${t('g.delta')} (${base})`, value: (l) => l.greeks.delta, format: fmt.amount(base, 0, true) },
                  { key: 'vg', header: `${t('g.vega')} (${quote})`, value: (l) => l.greeks.vega, format: fmt.amount(quote, 0, true) },
                ]} />
            ) : null}
          </ResultsRegion>
        }
        charts={
          <>
            <OptionCharts curves={r?.curves ?? null} smiles={r?.smiles ?? []} typed={typed} quote={quote} />
            <Panel title={t('saved')}>
              <SavedItemsPanel tool="optionCalculator" version={payloadSpec.version} spec={payloadSpec} current={() => inputs} onLoad={(p) => setInputs(p)} />
            </Panel>
          </>
        }
      />
    </div>
  );
}

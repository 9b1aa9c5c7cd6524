// /forexFarSwapCalculator: an FX swap's near and far legs by tenor or date (ON/TN/SN/SPOT,
// broken dates), outrights from the market's swap points or from money-market rates, swap
// points in pips, both legs' cash flows; saved and shared by `?ffsc=` link. Dates and market: kit/fx-market;
// request and reply: model.ts; pricing: OptPricingSvr FXSWAP (src/pricing-core/api/tools/tools-fx-forwards.ts).
import { useAtom } from 'jotai';
import { useCallback, useEffect, useMemo } from 'react';
import { AmountField, ChoiceField, NumberField, PairField, PercentField, TenorDateField, type TenorOrDate } from '../../kit/fields';
import { pairCurrencies, TradeDayNote, useTradeDay } from '../../kit/dates';
import { useOperationGate } from '../../app/operation-gate';
import { useStrings } from '../../kit/i18n';
import { Panel, ToolActions, ToolForm, ToolLayout } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { useFxMarket } from '../../kit/market-data';
import { OfflinePricingNote, pricingClient } from '../../kit/pricing';
import { fmt, ResultList, ResultsRegion, ResultTable, SourceBadge, useCalculation } from '../../kit/results';
import { SavedItemsPanel, SharedItemNotice, useSharedItem } from '../../kit/share';
import { ForwardFrom, isValueDay, legDate, marketCurves, projectionNote } from '../../kit/fx-market';
import { strings } from './i18n';
import { FXSWAP_METHOD, marketRate, prepare, withEdit, type Shown, type SwapReply } from './model';
import { inputsAtom, type FfscInputs } from './state';

const PAIRS = ['USDCNY', 'USDCNH', 'EURUSD', 'USDJPY', 'GBPUSD', 'EURCNY'];

type Sourced = { source: string; sourceKind: string; asOf: string; offline?: boolean } | null | undefined;

/** Spot and forward points from the same feed: the header names it once, as of the older figure. */
function sameSource(a: Sourced, b: Sourced): boolean {
  return !!a && !!b && a.source === b.source && a.sourceKind === b.sourceKind && !!a.offline === !!b.offline;
}

export default function ForexFarSwapCalculator() {
  const { t } = useStrings(strings);
  const lang = useLang();
  const [inputs, setInputs] = useAtom(inputsAtom);
  const set = useCallback(<K extends keyof FfscInputs>(k: K, v: FfscInputs[K]) => setInputs((s) => withEdit(s, { [k]: v } as Partial<FfscInputs>)), [setInputs]);
  // The trade date: today, or the next value day of the pair on a weekend or holiday.
  const tradeDay = useTradeDay(pairCurrencies(inputs.pair));
  const today = tradeDay.date;
  const market = useFxMarket(inputs.pair);
  const curves = useMemo(() => (market.data ? marketCurves(market.data, today) : null), [market.data, today]);
  const calc = useCalculation<Shown & { offline: boolean }>();
  const shared = useSharedItem<FfscInputs>('forexFarSwapCalculator', { spec: inputsAtom.spec, onItem: (p) => setInputs(p) });

  const task = useCallback(
    (i: FfscInputs) => async () => {
      const prepared = prepare(i, today, curves);
      const { body, offline } = await pricingClient().call(FXSWAP_METHOD, prepared.content);
      return { ...(body as unknown as SwapReply), prepared, offline };
    },
    [today, curves],
  );
  const gate = useOperationGate();
  // An explicit computation (Enter, the button) is a counted operation (SPEC operation-count gate).
  const price = () => {
    if (gate.check()) void calc.run(task(inputs));
  };
  useEffect(() => {
    if (market.loading) return;
    calc.schedule(task(inputs), 250);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [inputs, task, market.loading]);

  const resolve = useCallback((as: 'start' | 'delivery') => (tenor: string) => {
    try {
      return { date: legDate(inputs.pair, today, { kind: 'tenor', tenor }, as).date };
    } catch (e) {
      return { error: e instanceof Error ? e.message : String(e) };
    }
  }, [inputs.pair, today]);
  const isBusinessDay = useCallback((iso: string) => {
    try { return isValueDay(inputs.pair, iso).valueDay; } catch { return false; }
  }, [inputs.pair]);

  const base = inputs.pair.slice(0, 3), quote = inputs.pair.slice(3);
  const r = calc.result;
  const hint = (v: number | null | undefined, d: number) => (v === null || v === undefined ? undefined : t('marketHint', { value: v.toFixed(d) }));
  const farForHint = r?.prepared.farDate ?? today;
  const note = r ? projectionNote(r.prepared.projectedYears, lang) : undefined;
  const provenance = market.data?.spot ?? null;
  // Spot (live, simulated) and swap points / deposits (sample) come from different sources.
  const pointsProvenance = market.data?.forwardPoints[0] ?? null;

  return (
    <div data-testid="ffsc">
      <ToolLayout
        title={t('title')}
        meta={sameSource(provenance, pointsProvenance)
          ? <SourceBadge provenance={provenance!.asOf <= pointsProvenance!.asOf ? provenance : pointsProvenance} />
          : <><SourceBadge provenance={provenance} /><SourceBadge provenance={pointsProvenance} /></>}
        inputs={
          <>
            <SharedItemNotice state={shared} />
            <TradeDayNote day={tradeDay} />
            <ToolForm onSubmit={price} columns={2} actions={<ToolActions busy={calc.busy} />}>
              <PairField label={t('pair')} name="pair" value={inputs.pair} onChange={(v) => v && set('pair', v)} pairs={PAIRS} required />
              <NumberField label={t('spot')} name="spot" value={inputs.spot} onChange={(v) => set('spot', v)} min={0} hint={hint(curves?.spot, 4)} />
              <TenorDateField label={t('nearDate')} name="near" value={inputs.near as TenorOrDate} onChange={(v) => v && set('near', v)} resolve={resolve('start')} isBusinessDay={isBusinessDay} today={today} required />
              <TenorDateField label={t('farDate')} name="far" value={inputs.far as TenorOrDate} onChange={(v) => v && set('far', v)} resolve={resolve('delivery')} isBusinessDay={isBusinessDay} today={today} required />
              <ChoiceField label={t('source')} name="source" value={inputs.source} onChange={(v) => set('source', v as FfscInputs['source'])} choices={[{ value: 'points', label: t('fromPoints') }, { value: 'rates', label: t('fromRates') }]} />
              <ChoiceField label={t('direction')} name="direction" value={inputs.direction} onChange={(v) => set('direction', v as FfscInputs['direction'])} choices={[{ value: 'buySell', label: t('buySell') }, { value: 'sellBuy', label: t('sellBuy') }]} />
              <PercentField label={t('rd')} name="rd" value={inputs.rd} onChange={(v) => set('rd', v)} hint={hint(pct(marketRate(curves, quote, farForHint)), 4)} />
              <PercentField label={t('rf')} name="rf" value={inputs.rf} onChange={(v) => set('rf', v)} hint={hint(pct(marketRate(curves, base, farForHint)), 4)} />
              <AmountField label={t('notional')} name="notional" currency={base} value={inputs.notional} onChange={(v) => v !== null && v > 0 && set('notional', v)} min={0} required />
            </ToolForm>
            <p className="kit-md-note">{t('termsNote')}</p>
          </>
        }
        results={
          <ResultsRegion calc={calc} aside={<><SourceBadge provenance={inputs.source === 'points' ? pointsProvenance : provenance} />{r?.offline && <OfflinePricingNote />}</>}>
            <ResultList
              columns={2}
              items={[
                { name: t('tradeDate'), value: r ? today : null, format: fmt.date },
                { name: t('spotDate'), value: r?.prepared.spotDate, format: fmt.date },
                { name: t('nearDate'), value: r?.prepared.nearDate, format: fmt.date, key: 'nearDateOut' },
                { name: t('farDate'), value: r?.prepared.farDate, format: fmt.date, key: 'farDateOut' },
                { name: t('spot'), value: r?.prepared.spot, format: fmt.fixed(4), key: 'spotOut' },
                { name: t('days'), value: r?.days, format: fmt.fixed(0) },
                { name: t('nearForward'), value: r?.near.rate, format: fmt.fixed(6) },
                { name: t('farForward'), value: r?.far.rate, format: fmt.fixed(6) },
                { name: t('nearPoints'), value: r?.near.pips, format: fmt.fixed(2, true) },
                { name: t('farPoints'), value: r?.far.pips, format: fmt.fixed(2, true) },
                { name: t('swapPoints'), value: r?.swapPips, format: fmt.fixed(2, true), unit: '(pips)' },
                { name: t('netQuote'), value: r?.netQuote, format: fmt.amount(quote, 2, true), unit: `(${quote})` },
              ]}
            />
            <ForwardFrom source={r?.prepared.source} />
            {note ? <p className="kit-md-note" role="note" data-testid="projection-note">{note}</p> : null}
            <ResultTable
              caption={t('flows')}
              exportName="fx-swap-cash-flows"
              rowKey={(row) => row.leg}
              rows={r ? [
                { leg: t('near'), date: r.prepared.nearDate, rate: r.near.rate, base: r.near.base, quote: r.near.quote },
                { leg: t('far'), date: r.prepared.farDate, rate: r.far.rate, base: r.far.base, quote: r.far.quote },
              ] : []}
              columns={[
                { key: 'leg', header: t('leg'), value: (row) => row.leg, format: fmt.text, rowHeader: true },
                { key: 'date', header: t('date'), value: (row) => row.date, format: fmt.date },
                { key: 'rate', header: t('rate'), value: (row) => row.rate, format: fmt.fixed(6) },
                { key: 'base', header: base, value: (row) => row.base, format: fmt.amount(base, 2, true) },
                { key: 'quote', header: quote, value: (row) => row.quote, format: fmt.amount(quote, 2, true) },
              ]}
            />
          </ResultsRegion>
        }
        charts={
          <Panel title={t('saved')}>
            <SavedItemsPanel<FfscInputs> tool="forexFarSwapCalculator" spec={inputsAtom.spec} version={inputsAtom.spec.version} current={() => inputs} onLoad={(p) => setInputs(p)} />
          </Panel>
        }
      />
    </div>
  );
}

const pct = (x: number | null) => (x === null ? null : x * 100);

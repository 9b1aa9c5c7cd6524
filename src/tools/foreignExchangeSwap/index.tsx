// /foreignExchangeSwap: interest-rate parity over a tenor's value dates, in two modes (the
// forward as swap points, or as the outright): the one of forward, domestic rate, foreign rate
// left empty is solved (PRICING-CLI fxImpliedRate through OptPricingSvr PRICE), each currency
// on its money-market day count; below, CNY and USD yields implied by the onshore and
// offshore swap points of the market.
import { pairCurrencies, TradeDayNote, useTradeDay } from '../../kit/dates';
import { useAtom } from 'jotai';
import { useCallback, useEffect, useMemo } from 'react';
import { ChoiceField, NumberField, PairField, PercentField, TenorDateField, type TenorOrDate } from '../../kit/fields';
import { useOperationGate } from '../../app/operation-gate';
import { useStrings } from '../../kit/i18n';
import { Panel, ToolActions, ToolForm, ToolLayout } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { useFxMarket } from '../../kit/market-data';
import { OfflinePricingNote, pricingClient } from '../../kit/pricing';
import { fmt, ResultList, ResultsRegion, ResultTable, SourceBadge, useCalculation } from '../../kit/results';
import { ForwardFrom, impliedYields, isValueDay, legDate, marketCurves, projectionNote, type ImpliedYields } from '../../kit/fx-market';
import { strings } from './i18n';
import { prepare, readResult, type ParityReply, type Prepared } from './model';
import { inputsAtom, type FesInputs } from './state';

const PAIRS = ['USDCNY', 'USDCNH', 'EURUSD', 'USDJPY', 'GBPUSD', 'EURCNY', 'USDHKD'];
const dayCount = (basis: number) => (basis === 360 ? 'ACT/360' : 'ACT/365F');

export default function ForeignExchangeSwap() {
  const { t } = useStrings(strings);
  const lang = useLang();
  const [inputs, setInputs] = useAtom(inputsAtom);
  const set = useCallback(<K extends keyof FesInputs>(k: K, v: FesInputs[K]) => setInputs((s) => ({ ...s, [k]: v })), [setInputs]);
  // The trade date: today, or the next value day of the pair on a weekend or holiday.
  const tradeDay = useTradeDay(pairCurrencies(inputs.pair));
  const today = tradeDay.date;
  const calc = useCalculation<{ reply: ParityReply; prepared: Prepared; offline: boolean }>();

  const task = useCallback((i: FesInputs) => async () => {
    const prepared = prepare(i, today);
    const { body, offline } = await pricingClient().price([prepared.request]);
    return { reply: readResult(body, prepared), prepared, offline };
  }, [today]);
  const gate = useOperationGate();
  // An explicit computation (Enter, the button) is a counted operation (SPEC operation-count gate).
  const solve = () => {
    if (gate.check()) void calc.run(task(inputs));
  };
  useEffect(() => {
    calc.schedule(task(inputs), 250);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [inputs, task]);

  const resolve = useCallback((tenor: string) => {
    try { return { date: legDate(inputs.pair, today, { kind: 'tenor', tenor }).date }; } catch (e) { return { error: e instanceof Error ? e.message : String(e) }; }
  }, [inputs.pair, today]);
  const isBusinessDay = useCallback((iso: string) => {
    try { return isValueDay(inputs.pair, iso).valueDay; } catch { return false; }
  }, [inputs.pair]);

  const r = calc.result;
  const note = r ? projectionNote(r.prepared.projectedYears, lang) : undefined;

  // Implied yields from the market's onshore and offshore points.
  const onshore = useFxMarket('USDCNY');
  const offshore = useFxMarket('USDCNH');
  const tenor = inputs.tenor.kind === 'tenor' && /^[1-9]\d*[WMY]$/.test(inputs.tenor.tenor) ? inputs.tenor.tenor : '3M';
  const rows = useMemo(() => {
    const out: Array<ImpliedYields & { market: string }> = [];
    for (const [m, label] of [[onshore.data, t('onshore')], [offshore.data, t('offshore')]] as const) {
      const c = m ? marketCurves(m, today) : null;
      const y = c && m ? impliedYields(c, m.pair, today, tenor) ?? impliedYields(c, m.pair, today, '3M') : null;
      if (y) out.push({ ...y, market: label });
    }
    return out;
  }, [onshore.data, offshore.data, today, tenor, t]);

  return (
    <div data-testid="fes">
      <ToolLayout
        title={t('title')}
        inputs={
          <ToolForm onSubmit={solve} columns={2} actions={<ToolActions busy={calc.busy} />}>
            <TradeDayNote day={tradeDay} />
            <PairField label={t('pair')} name="pair" value={inputs.pair} onChange={(v) => v && set('pair', v)} pairs={PAIRS} required />
            <NumberField label={t('spot')} name="spot" value={inputs.spot} onChange={(v) => set('spot', v)} min={0} required />
            <TenorDateField label={t('tenor')} name="tenor" value={inputs.tenor as TenorOrDate} onChange={(v) => v && set('tenor', v)} resolve={resolve} isBusinessDay={isBusinessDay} today={today} required />
            <ChoiceField label={t('mode')} name="mode" value={inputs.mode} onChange={(v) => set('mode', v as FesInputs['mode'])} choices={[{ value: 'points', label: t('modePoints') }, { value: 'parity', label: t('modeParity') }]} />
            {inputs.mode === 'points'
              ? <NumberField label={t('swapPoints')} name="swapPips" unit="pips" value={inputs.swapPips} onChange={(v) => set('swapPips', v)} hint={t('hint')} />
              : <NumberField label={t('forward')} name="forward" value={inputs.forward} onChange={(v) => set('forward', v)} min={0} hint={t('hint')} />}
            <PercentField label={t('rd')} name="rd" value={inputs.rd} onChange={(v) => set('rd', v)} hint={t('hint')} />
            <PercentField label={t('rf')} name="rf" value={inputs.rf} onChange={(v) => set('rf', v)} hint={t('hint')} />
          </ToolForm>
        }
        results={
          <ResultsRegion calc={calc} aside={r?.offline ? <OfflinePricingNote /> : null}>
            <ResultList
              columns={2}
              items={[
                { name: t('solved'), value: r ? t(r.prepared.unknown === 'forward' ? 'solvedForward' : r.prepared.unknown === 'rd' ? 'solvedRd' : 'solvedRf') : null, format: fmt.text },
                { name: t('forward'), value: r?.reply.forward, format: fmt.fixed(6) },
                { name: t('swapPoints'), value: r?.reply.swapPips, format: fmt.fixed(2, true), unit: '(pips)' },
                { name: t('rd'), value: r ? r.reply.rd * 100 : null, format: fmt.fixed(6), unit: '(%)' },
                { name: t('rf'), value: r ? r.reply.rf * 100 : null, format: fmt.fixed(6), unit: '(%)' },
                { name: t('valueDate'), value: r?.prepared.startDate, format: fmt.date },
                { name: t('maturityDate'), value: r?.prepared.endDate, format: fmt.date },
                { name: t('days'), value: r?.reply.days, format: fmt.fixed(0) },
                { name: t('dayCountD'), value: r ? dayCount(r.prepared.basisD) : null, format: fmt.text },
                { name: t('dayCountF'), value: r ? dayCount(r.prepared.basisF) : null, format: fmt.text },
              ]}
            />
            {/* The parity screen prices from what is typed: the forward solved from the rates, or given as points (an outright counts as typed points). */}
            <ForwardFrom source={r ? (r.prepared.unknown === 'forward' ? 'typedRates' : 'typedPoints') : null} />
            {note ? <p className="kit-md-note" role="note" data-testid="projection-note">{note}</p> : null}
          </ResultsRegion>
        }
        charts={
          <Panel title={t('implied')} actions={<SourceBadge provenance={onshore.data?.spot ?? null} />}>
            <p className="kit-md-note">{t('impliedNote')}</p>
            <ResultTable
              caption={t('byMarket', { tenor: rows[0]?.tenor ?? tenor })}
              exportName="implied-yields"
              rowKey={(row) => row.market}
              rows={rows}
              columns={[
                { key: 'market', header: t('market'), value: (row) => row.market, format: fmt.text, rowHeader: true },
                { key: 'tenor', header: t('tenor'), value: (row) => row.tenor, format: fmt.text },
                { key: 'end', header: t('maturityDate'), value: (row) => row.endDate, format: fmt.date },
                { key: 'pips', header: t('points'), value: (row) => row.pips, format: fmt.fixed(2, true) },
                { key: 'fwd', header: t('forward'), value: (row) => row.forward, format: fmt.fixed(4) },
                { key: 'usd', header: `${t('usdRate')} (%)`, value: (row) => pct(row.baseRate), format: fmt.fixed(4) },
                { key: 'icny', header: `${t('impliedCny')} (%)`, value: (row) => pct(row.impliedQuote), format: fmt.fixed(4) },
                { key: 'cny', header: `${t('cnyRate')} (%)`, value: (row) => pct(row.quoteRate), format: fmt.fixed(4) },
                { key: 'iusd', header: `${t('impliedUsd')} (%)`, value: (row) => pct(row.impliedBase), format: fmt.fixed(4) },
              ]}
            />
          </Panel>
        }
      />
    </div>
  );
}

const pct = (x: number | null) => (x === null ? null : x * 100);

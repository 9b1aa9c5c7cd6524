// The /test kit showcase: every shared part on one screen, used by tests/e2e/kit.spec.ts and
// its screenshots. It prices an FX vanilla with the pricing core (after a short pause that
// stands in for a server round trip, so aria-busy is observable). All market figures are
// generated or simulated and labelled so.
import { useEffect, useMemo, useState } from 'react';
import { ChartConfigBuilder, UPlotChart } from '../../kit/charts';
import {
  AmountField, ChoiceField, CurrencyField, NumberField, PairField, PercentField, SelectField, TenorDateField,
  deskToday, resolveTenorOrDate, type TenorOrDate,
} from '../../kit/fields';
import { DataGrid, type GridColumn, type GridRow } from '../../kit/grid';
import { useStrings } from '../../kit/i18n';
import { Panel, ToolActions, ToolForm, ToolLayout } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import type { Provenance } from '../../kit/market-data/provenance';
import { fmt, HeatMap, LiveValue, ResultList, ResultsRegion, ResultTable, SourceBadge, ToolFailure, useCalculation } from '../../kit/results';
import { showcaseStrings } from './i18n';
import './showcase.css';
import { DELTAS, fxTenorResolver, generatedTrades, pairBusinessDay, payoffCurve, priceOption, sampleSurface, simulatedHistory, TENORS, type OptionInputs } from './showcase-data';

interface Priced {
  premium: number; premiumPct: number; delta: number; vega: number; forward: number;
  expiry: string; ccy: string; inputs: OptionInputs;
  ladder: Array<{ shock: number; spot: number; premium: number; delta: number }>;
}

const wait = (ms: number, signal: AbortSignal) => new Promise<void>((res, rej) => {
  const id = setTimeout(res, ms);
  signal.addEventListener('abort', () => { clearTimeout(id); rej(new DOMException('superseded', 'AbortError')); });
});

export default function KitShowcase() {
  const { t } = useStrings(showcaseStrings);
  const lang = useLang();
  const today = useMemo(() => deskToday(), []);
  const [pair, setPair] = useState<string | null>('USDCNY');
  const [dir, setDir] = useState<'buy' | 'sell'>('buy');
  const [cp, setCp] = useState<'call' | 'put'>('call');
  const [notional, setNotional] = useState<number | null>(1_000_000);
  const [spot, setSpot] = useState<number | null>(7.18);
  const [strike, setStrike] = useState<number | null>(7.2);
  const [expiry, setExpiry] = useState<TenorOrDate | null>({ kind: 'tenor', tenor: '3M' });
  const [vol, setVol] = useState<number | null>(5.5);
  const [rd, setRd] = useState<number | null>(1.6);
  const [rf, setRf] = useState<number | null>(4.3);
  const [ccy, setCcy] = useState<string | null>('CNY');
  const [scenario, setScenario] = useState<'normal' | 'fail'>('normal');
  const calc = useCalculation<Priced>();

  const p = pair ?? 'USDCNY';
  const resolve = useMemo(() => fxTenorResolver(p, today, { bad: t('badTenor') }), [p, today, t]);
  const isBusinessDay = useMemo(() => pairBusinessDay(p), [p]);

  const price = () => {
    const missing = [pair, notional, spot, strike, expiry, vol, rd, rf].some((v) => v === null);
    if (missing) {
      calc.fail(new ToolFailure('badInput'));
      return;
    }
    const r = resolveTenorOrDate(expiry!, resolve);
    if (!r || 'error' in r) {
      calc.fail(new ToolFailure('badInput', undefined, { zh: showcaseStrings.zh.badTenor as string, en: showcaseStrings.en.badTenor as string }));
      return;
    }
    const inputs: OptionInputs = { spot: spot!, strike: strike!, vol: vol!, rd: rd!, rf: rf!, notional: notional!, type: cp, sign: dir === 'buy' ? 1 : -1, today, expiry: r.date };
    void calc.run(async (signal) => {
      await wait(450, signal);
      if (scenario === 'fail') throw new Error('implied volatility did not converge');
      if (r.date <= today) throw new ToolFailure('badInput', undefined, { zh: showcaseStrings.zh.mustBeFuture as string, en: showcaseStrings.en.mustBeFuture as string });
      const out = priceOption(inputs);
      const ladder = [-2, -1, -0.5, 0, 0.5, 1, 2].map((shock) => {
        const s = inputs.spot * (1 + shock / 100);
        const q = priceOption({ ...inputs, spot: s });
        return { shock, spot: s, premium: q.premium, delta: q.delta };
      });
      return { ...out, expiry: r.date, ccy: p.slice(3), inputs, ladder };
    });
  };

  // price once on open
  useEffect(() => { price(); }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // a simulated quote that ticks (labelled simulated)
  const [tick, setTick] = useState(7.1832);
  useEffect(() => {
    let n = 0;
    const id = setInterval(() => { n++; setTick((v) => Number((v + (((n * 7919) % 13) - 6) * 0.0001).toFixed(4))); }, 1500);
    return () => clearInterval(id);
  }, []);

  const res = calc.result;
  const items = [
    { name: t('premium'), value: res?.premium ?? null, format: fmt.amount(res?.ccy), unit: res ? `(${res.ccy})` : undefined },
    { name: t('premiumPct'), value: res?.premiumPct ?? null, format: fmt.percent(4) },
    { name: t('delta'), value: res?.delta ?? null, format: fmt.amount(p.slice(0, 3)) },
    { name: t('vega'), value: res?.vega ?? null, format: fmt.amount(res?.ccy) },
    { name: t('forward'), value: res?.forward ?? null, format: fmt.fixed(4) },
    { name: t('expiryDate'), value: res?.expiry ?? null, format: fmt.date },
  ];

  const history = useMemo(() => simulatedHistory(520, 7.05), []);
  const historyConfig = useMemo(
    () => new ChartConfigBuilder('time', lang).addSeries({ label: 'USD/CNY', format: fmt.fixed(4) }).addSeries({ label: t('ma20'), dash: [5, 3], format: fmt.fixed(4) }).build(),
    [lang, t],
  );
  const historyData = useMemo(() => [history.x, history.y, history.ma] as const, [history]);
  const payoffConfig = useMemo(
    () => new ChartConfigBuilder('xy', lang).setX(t('spot'), fmt.fixed(4)).addSeries({ label: t('payoff'), format: fmt.amount(p.slice(3), 0) }).addSeries({ label: t('value'), format: fmt.amount(p.slice(3), 0) }).build(),
    [lang, t, p],
  );
  const payoffData = useMemo(() => (res ? payoffCurve(res.inputs) : [new Float64Array(0), new Float64Array(0), new Float64Array(0)]) as readonly [Float64Array, Float64Array, Float64Array], [res]);

  const [trades, setTrades] = useState<GridRow[]>(() => generatedTrades(100_000, today));
  const tradeColumns = useMemo<GridColumn[]>(() => [
    { id: 'pair', header: t('pair'), type: 'text', required: true, aliases: [showcaseStrings.zh.pair as string, showcaseStrings.en.pair as string], validate: (v) => (typeof v === 'string' && /^[A-Z]{6}$/.test(v) ? null : t('pairFormat')) },
    { id: 'side', header: t('side'), type: 'select', required: true, options: [{ value: 'buy', label: t('buy'), aliases: ['Buy', '买入'] }, { value: 'sell', label: t('sell'), aliases: ['Sell', '卖出'] }] },
    { id: 'notional', header: t('notional'), type: 'amount', required: true, min: 0, aliases: ['Notional', '名义本金'] },
    { id: 'strike', header: t('strike'), type: 'number', required: true, min: 0, aliases: ['Strike', '执行价'] },
    { id: 'vol', header: t('vol'), type: 'percent', min: 0, max: 200, aliases: ['Volatility', '波动率'] },
    { id: 'expiry', header: t('expiry'), type: 'date', required: true, aliases: ['Expiry', '到期日'] },
  ], [t]);
  const rowRule = useMemo(() => (r: GridRow) => (typeof r.expiry === 'string' && r.expiry <= today ? t('mustBeFuture') : null), [today, t]);

  const sample: Provenance = { source: t('sampleSource'), sourceKind: 'sample', asOf: today };
  const simulated: Provenance = { source: t('simSource'), sourceKind: 'simulated', asOf: today };

  return (
    <div data-testid="kit-showcase" className="kit-showcase">
      <ToolLayout
        title={t('title')}
        meta={
          <>
            <span className="kit-showcase__tick" aria-label={`${t('tick')} USD/CNY`}>
              USD/CNY <LiveValue value={tick} format={fmt.fixed(4)} name={`${t('tick')} USD/CNY ${t('bid')}`} />
            </span>
            <SourceBadge provenance={simulated} />
          </>
        }
        inputs={
          <ToolForm onSubmit={price} columns={2} actions={<ToolActions busy={calc.busy} />}>
            <PairField label={t('pair')} name="pair" value={pair} onChange={setPair} required />
            <ChoiceField label={t('direction')} name="direction" value={dir} onChange={setDir} choices={[{ value: 'buy', label: t('buy') }, { value: 'sell', label: t('sell') }]} />
            <ChoiceField label={t('callPut')} name="callPut" value={cp} onChange={setCp} choices={[{ value: 'call', label: t('call') }, { value: 'put', label: t('put') }]} />
            <AmountField label={t('notional')} name="notional" currency={p.slice(0, 3)} value={notional} onChange={setNotional} min={0} required />
            <NumberField label={t('spot')} name="spot" value={spot} onChange={setSpot} min={0} required />
            <NumberField label={t('strike')} name="strike" value={strike} onChange={setStrike} min={0} required />
            <TenorDateField label={t('expiry')} name="expiry" value={expiry} onChange={setExpiry} resolve={resolve} isBusinessDay={isBusinessDay} today={today} required />
            <PercentField label={t('vol')} name="vol" value={vol} onChange={setVol} min={0} required />
            <PercentField label={t('rd')} name="rd" value={rd} onChange={setRd} required />
            <PercentField label={t('rf')} name="rf" value={rf} onChange={setRf} required />
            <CurrencyField label={t('premiumCcy')} name="ccy" value={ccy} onChange={setCcy} />
            <SelectField label={t('scenario')} name="scenario" value={scenario} onChange={setScenario} choices={[{ value: 'normal', label: t('normal') }, { value: 'fail', label: t('failSolve') }]} />
          </ToolForm>
        }
        results={
          <ResultsRegion calc={calc} aside={<SourceBadge provenance={sample} />}>
            <ResultList items={items} columns={2} />
            <ResultTable
              caption={t('ladder')}
              exportName="spot-ladder"
              sortable
              rowKey={(r) => String(r.shock)}
              rows={res?.ladder ?? []}
              columns={[
                { key: 'shock', header: t('shock'), value: (r) => r.shock, format: fmt.percent(1, true), rowHeader: true },
                { key: 'spot', header: t('spot'), value: (r) => r.spot, format: fmt.fixed(4) },
                { key: 'premium', header: t('premium'), value: (r) => r.premium, format: fmt.amount(res?.ccy) },
                { key: 'delta', header: t('delta'), value: (r) => r.delta, format: fmt.amount(p.slice(0, 3)) },
              ]}
            />
          </ResultsRegion>
        }
        charts={
          <>
            <Panel title={t('history')} actions={<SourceBadge provenance={simulated} />}>
              <UPlotChart config={historyConfig} data={historyData} label={t('history')} height={260} />
            </Panel>
            <Panel title={t('payoffChart')}>
              <UPlotChart config={payoffConfig} data={payoffData} label={t('payoffChart')} height={260} />
            </Panel>
            <Panel title={t('surface')} actions={<SourceBadge provenance={sample} />}>
              <HeatMap caption={t('surface')} corner={t('tenor')} rows={TENORS} columns={DELTAS} values={sampleSurface()} format={fmt.percent(2)} />
            </Panel>
          </>
        }
      >
        <Panel title={t('trades')} actions={<SourceBadge provenance={sample} />}>
          <DataGrid label={t('trades')} columns={tradeColumns} rows={trades} onRowsChange={setTrades} rowRule={rowRule} exportName="kit-trades" importMode="replace" height={380} maxRows={200_000} />
        </Panel>
      </ToolLayout>
    </div>
  );
}

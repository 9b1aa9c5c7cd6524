// /irsCal: a vanilla IRS on FR007, SHIBOR 3M, LPR 1Y/5Y, SOFR or €STR with the index's market
// conventions, amortisation, both legs' cash flows, NPV, par rate, DV01 and key-rate DV01s, past
// fixings (market-data history) for a seasoned swap; priced off the market curve of the index or
// a curve saved on /curveConstruction. The pricing core runs here on every input change (about
// a millisecond with every key rate: inside one animation frame; the time is shown).
import { DataDateNote } from '../../kit/dates';
import { useAtom } from 'jotai';
import { useMemo } from 'react';
import { AmountField, ChoiceField, PercentField, SelectField, TenorDateField, type TenorOrDate } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { Panel, ToolForm, ToolLayout } from '../../kit/layout';
import { useHistory } from '../../kit/market-data';
import { firstMarketFailure } from '../../kit/market-data/failure';
import { fmt, formatValue, ResultList, ResultsRegion, ResultTable, SourceBadge } from '../../kit/results';
import { useLang } from '../../kit/locale';
import { toISO } from '../../pricing-core/dates/date';
import { advance, parseTenor } from '../../pricing-core/dates/tenor';
import { spotDate } from '../../pricing-core/market/curves/conventions';
import { CurvePicker, useCurveLabel } from '../curveConstruction/CurvePicker';
import {
  CURVE_CALENDARS, INDEX_LABELS, INDEX_SOURCES, RATE_INDICES, indexCurrency, type RateIndexId,
} from '../curveConstruction/market-curve';
import { useCurveChoice } from '../curveConstruction/use-curve-choice';
import { strings } from './i18n';
import { inputsAtom } from './state';
import { dv01Reconciliation, fixingWindow, fixingsOf, flowRows, priceInputs, signedLegPvs, type Amortisation, type Direction, type FlowRow, type IrsInputs } from './model';
import '../curveConstruction/curves.css';

export default function IrsCal() {
  const { t } = useStrings(strings);
  const [inputs, setInputs] = useAtom(inputsAtom);
  const set = <K extends keyof IrsInputs>(k: K, v: IrsInputs[K]) => setInputs((s) => ({ ...s, [k]: v }));
  const choice = useCurveChoice(inputs.index, (index) => setInputs((s) => ({ ...s, index })));
  const { market, saved, definition } = choice;
  const curveDate = definition?.asOf ?? null;
  const fixWindow = curveDate ? fixingWindow(inputs.startDate, curveDate) : null;
  const fixingId = INDEX_SOURCES[inputs.index].fixing;
  const history = useHistory(fixWindow ? [fixingId] : [], fixWindow ?? {});
  const pastFixings = useMemo(() => {
    const s = fixWindow ? history.data?.series.find((x) => x.id === fixingId) : undefined;
    return s ? fixingsOf(s.dates, s.values) : undefined;
  }, [fixWindow, history.data, fixingId]);

  const priced = useMemo(() => {
    if (!choice.curves) return { value: null, error: null };
    if (fixWindow && !pastFixings) return { value: null, error: null }; // fixings still loading
    try {
      return { value: priceInputs(inputs, choice.curves, pastFixings), error: null };
    } catch (e) {
      return { value: null, error: e };
    }
  }, [inputs, choice.curves, pastFixings, fixWindow]);

  const ccy = indexCurrency(inputs.index);
  const v = priced.value;
  const res = v?.result;
  const fixed = useMemo(() => (res ? flowRows(res.cashflows, 'fixed') : []), [res]);
  const float = useMemo(() => (res ? flowRows(res.cashflows, 'float', res.swap.float) : []), [res]);
  const legs = res ? signedLegPvs(res) : null;
  // Compounded periods: how many resets each compounds (said in the note, not a column: the table keeps its width).
  const resets = float.flatMap((r) => (r.resets !== null ? [r.resets] : []));
  const check = res ? dv01Reconciliation(res) : null;
  const lang = useLang();
  const resolveTenor = useMemo(() => (tenor: string) => {
    const c = choice.curves?.projection;
    if (!c) return { error: '' };
    try {
      const cal = CURVE_CALENDARS(c.convention.calendar);
      const start = spotDate(c.convention, cal, c.valuationDate); // swaps start spot
      return { date: toISO(advance(cal, start, parseTenor(tenor), 'ModifiedFollowing')) };
    } catch (e) {
      return { error: (e as Error).message };
    }
  }, [choice.curves]);
  const curveLabel = useCurveLabel(saved, inputs.index, choice.dataAsOf);
  const error = choice.error ?? firstMarketFailure(market.error, history.error) ?? priced.error;
  const flowColumns = (leg: 'fixed' | 'float') => [
    { key: 'start', header: t('start'), value: (r: FlowRow) => r.start, format: fmt.date, rowHeader: true },
    { key: 'end', header: t('end'), value: (r: FlowRow) => r.end, format: fmt.date },
    { key: 'payment', header: t('payment'), value: (r: FlowRow) => r.payment, format: fmt.date },
    ...(leg === 'float' ? [{ key: 'fixing', header: t('fixing'), value: (r: FlowRow) => r.fixing, format: fmt.date }] : []),
    { key: 'notional', header: t('notional'), value: (r: FlowRow) => r.notional, format: fmt.amount(ccy, 0) },
    { key: 'accrual', header: t('accrual'), value: (r: FlowRow) => r.accrual, format: fmt.fixed(6) },
    { key: 'rate', header: t('rate'), value: (r: FlowRow) => r.rate, format: fmt.fixed(5) },
    ...(leg === 'float' ? [{ key: 'source', header: t('source'), value: (r: FlowRow) => t(`sources.${r.source}`), format: fmt.text }] : []),
    { key: 'amount', header: t('amount'), value: (r: FlowRow) => r.amount, format: fmt.amount(ccy, 2) },
    { key: 'df', header: t('df'), value: (r: FlowRow) => r.discount, format: fmt.fixed(6) },
    { key: 'pv', header: t('pv'), value: (r: FlowRow) => r.pv, format: fmt.amount(ccy, 2) },
  ];

  return (
    <div data-testid="irs-cal">
      <ToolLayout
        title={t('title')}
        meta={choice.provenances.map((p) => <SourceBadge key={`${p.sourceKind}${p.source}`} provenance={p} />)}
        inputs={
          <ToolForm onSubmit={() => undefined} columns={2}>
            <SelectField<RateIndexId> label={t('index')} name="index" value={inputs.index}
              onChange={(x) => { choice.useMarket(); set('index', x); }} choices={RATE_INDICES.map((i) => ({ value: i, label: INDEX_LABELS[i] }))} />
            <CurvePicker choice={choice} index={inputs.index} date={choice.dataAsOf} label={t('curve')} />
            <DataDateNote dataDate={choice.dataAsOf} valuationDate={curveDate} />
            <TenorDateField label={t('tenor')} name="tenor" value={inputs.tenor} resolve={resolveTenor} onChange={(x) => set('tenor', x)} required />
            <AmountField label={t('notional')} name="notional" currency={ccy} value={inputs.notional} onChange={(x) => set('notional', x)} min={0} required />
            <PercentField label={t('fixedRate')} name="fixedRate" value={inputs.fixedRate} onChange={(x) => set('fixedRate', x)} hint={t('fixedRateHint')} />
            <ChoiceField<Direction> label={t('direction')} name="direction" value={inputs.direction} onChange={(x) => set('direction', x)}
              choices={[{ value: 'pay', label: t('pay') }, { value: 'receive', label: t('receive') }]} />
            <TenorDateField label={t('startDate')} name="startDate" dateOnly hint={t('startDateHint')}
              value={inputs.startDate ? ({ kind: 'date', date: inputs.startDate } as TenorOrDate) : null} onChange={(x) => set('startDate', x?.kind === 'date' ? x.date : null)} />
            <SelectField<Amortisation> label={t('amortisation')} name="amortisation" value={inputs.amortisation} onChange={(x) => set('amortisation', x)}
              choices={[{ value: 'bullet', label: t('bullet') }, { value: 'linear', label: t('linear') }]} />
          </ToolForm>
        }
        results={
          <ResultsRegion busy={choice.loading || history.loading} error={error}>
            <ResultList items={[
              { name: t('npv'), unit: `(${ccy})`, value: res?.valuation.npv, format: fmt.amount(ccy, 2) },
              { name: t('parRate'), unit: '(%)', value: res ? res.valuation.parRate * 100 : null, format: fmt.fixed(6) },
              { name: t('dv01'), unit: `(${ccy})`, value: res?.dv01, format: fmt.amount(ccy, 2), note: t('dv01Note') },
              { name: t('pricedRate'), unit: '(%)', value: v ? (v.atPar ? v.fixedRate * 100 : inputs.fixedRate) : null, format: fmt.fixed(6), note: v?.atPar ? t('atPar') : undefined },
              { name: t('fixedLegPv'), unit: `(${ccy})`, value: legs?.fixed, format: fmt.amount(ccy, 2), note: legs ? t('legSign') : undefined },
              { name: t('floatLegPv'), unit: `(${ccy})`, value: legs?.float, format: fmt.amount(ccy, 2) },
              { name: t('effective'), value: res ? toISO(res.swap.fixed.periods[0].start) : null, format: fmt.date },
              { name: t('maturity'), value: res ? toISO(res.swap.fixed.periods[res.swap.fixed.periods.length - 1].end) : null, format: fmt.date },
              { name: t('curveDate'), value: curveDate, format: fmt.date },
              { name: t('curve'), value: curveLabel, format: fmt.text, key: 'curveUsed' },
              { name: t('repriceMs'), unit: '(ms)', value: v?.ms, format: fmt.fixed(2), note: t('repriceNote') },
            ]} />
            {check ? (
              <p className="rates-note" data-testid="dv01-check" data-value={check.difference}>
                {t('dv01Check', {
                  parallel: formatValue(check.parallel, fmt.amount(ccy, 2), lang), sum: formatValue(check.sum, fmt.amount(ccy, 2), lang),
                  diff: formatValue(check.difference, fmt.amount(ccy, 2, true), lang), pct: formatValue(check.relative * 100, fmt.percent(3, true), lang),
                })}
              </p>
            ) : null}
            <ResultTable
              caption={t('keyRates')} exportName={`irs-keyrates-${inputs.index}`} rowKey={(r) => `${r.position}`} rows={res?.keyRates ?? []}
              columns={[
                { key: 'label', header: t('instrument'), value: (r) => r.label, format: fmt.text, rowHeader: true },
                { key: 'pillar', header: t('pillar'), value: (r) => toISO(r.pillar), format: fmt.date },
                { key: 'dv01', header: `${t('dv01')} (${ccy})`, value: (r) => r.dv01, format: fmt.amount(ccy, 2) },
              ]}
            />
          </ResultsRegion>
        }
        charts={
          <>
            <div className="rates-legs">
              <Panel title={t('fixedLeg')}>
                <ResultTable<FlowRow> caption={t('fixedLeg')} hideCaption exportName={`irs-fixed-${inputs.index}`} rowKey={(r) => r.key} rows={fixed} columns={flowColumns('fixed')} maxHeight={420} />
              </Panel>
              <Panel title={t('floatLeg')}>
                {resets.length ? <p className="rates-note">{t('fixingNote', { min: Math.min(...resets), max: Math.max(...resets) })}</p> : null}
                <ResultTable<FlowRow> caption={t('floatLeg')} hideCaption exportName={`irs-float-${inputs.index}`} rowKey={(r) => r.key} rows={float} columns={flowColumns('float')} maxHeight={420} />
              </Panel>
            </div>
            {pastFixings ? (
              <Panel title={t('pastFixings')}>
                <p className="rates-note">{t('pastFixingsNote', { series: fixingId })}</p>
                <ResultTable<{ date: string; rate: number }>
                  caption={t('pastFixings')} hideCaption maxHeight={260} rowKey={(r) => r.date}
                  rows={Object.entries(pastFixings).map(([date, rate]) => ({ date, rate: rate * 100 }))}
                  columns={[{ key: 'd', header: t('fixingDate'), value: (r) => r.date, format: fmt.date, rowHeader: true }, { key: 'r', header: t('fixingRate'), value: (r) => r.rate, format: fmt.fixed(4) }]}
                />
              </Panel>
            ) : null}
          </>
        }
      />
    </div>
  );
}

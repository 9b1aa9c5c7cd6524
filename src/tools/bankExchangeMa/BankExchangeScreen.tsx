// Bank settlement and sale quotes, shared by /bankExchangeMa (shell tab), /bankExchange and
// /bankExchangeEn (public): every bank's spot and cash buying and selling rates (live: a new
// figure flashes), the best bank per currency, what an amount costs or brings at each bank,
// and the history by bank. Sources and as-of dates always on screen; the shipped figures
// are sample and badged so. Data: MarketDataSvr `bank.{BANK}.{CCY}.{side}` (public series).
import { useAtom } from 'jotai';
import { useMemo, type ReactNode } from 'react';
import { ChartConfigBuilder, UPlotChart } from '../../kit/charts';
import { AmountField, ChoiceField, deskToday, SelectField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { Panel, ToolActions, ToolForm, ToolLayout } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { marketErrorText, useCatalog, useHistory, useLatest, type Provenance } from '../../kit/market-data';
import { fmt, LiveValue, ResultList, ResultsRegion, ResultTable, SourceBadge, ToolFailure, type ValueFormat } from '../../kit/results';
import { useCurrencyNames } from '../../kit/fields/use-currencies';
import { bankStrings } from './i18n';
import {
  alignSeries, BANK_QUOTE_SIDES, bestByCurrency, compareBanks, HISTORY_RANGES, quoteIds, quoteRows, rangeStart, universe,
  type BankQuoteSide, type BestQuote, type Direction, type HistoryRange, type QuoteKind, type QuoteRow,
} from './model';
import { bankInputsAtom, type BankRoute } from './state';
import './bank.css';

const RATE: ValueFormat = fmt.fixed(2);

/** ISO date of a chart x (local midnight, as alignSeries puts it). */
function isoOfEpochSeconds(x: number): string {
  const d = new Date(x * 1000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Distinct provenances (by source and kind), each with its latest as-of. */
function provenances(list: readonly (Provenance | null)[]): Provenance[] {
  const by = new Map<string, Provenance>();
  for (const p of list) {
    if (!p) continue;
    const k = `${p.sourceKind}|${p.source}|${p.offline ? 1 : 0}`;
    const held = by.get(k);
    if (!held || p.asOf > held.asOf) by.set(k, p);
  }
  return [...by.values()];
}

export function BankExchangeScreen({ route, header }: { route: BankRoute; header?: ReactNode }) {
  const { t } = useStrings(bankStrings);
  const lang = useLang();
  const [inputs, setInputs] = useAtom(bankInputsAtom(route));
  const set = <K extends keyof typeof inputs>(k: K, v: (typeof inputs)[K]) => setInputs((s) => ({ ...s, [k]: v }));
  const bankName = (code: string) => t(`banks.${code}`, { defaultValue: code });
  const bankShort = (code: string) => t(`bankShort.${code}`, { defaultValue: code });

  const catalog = useCatalog({ kind: 'bankQuote' });
  const { banks, currencies } = useMemo(() => universe(catalog.data?.series.map((s) => s.id) ?? []), [catalog.data]);
  const latest = useLatest(useMemo(() => quoteIds(banks, currencies), [banks, currencies]));
  const rows = useMemo(() => quoteRows(latest.values, banks, currencies), [latest.values, banks, currencies]);
  const best = useMemo(() => bestByCurrency(rows), [rows]);
  const loading = catalog.loading || (latest.loading && rows.length === 0);
  const marketError = catalog.error ? new ToolFailure('server', undefined, {
    zh: t('errors.market', { reason: marketErrorText(catalog.error as { code?: string; message?: string }, 'zh'), lng: 'zh' }),
    en: t('errors.market', { reason: marketErrorText(catalog.error as { code?: string; message?: string }, 'en'), lng: 'en' }),
  }) : null;

  const ccy = currencies.includes(inputs.ccy) ? inputs.ccy : currencies[0] ?? inputs.ccy;
  const comparison = useMemo(() => compareBanks(rows, ccy, inputs.amount, inputs.direction as Direction, inputs.kind as QuoteKind), [rows, ccy, inputs.amount, inputs.direction, inputs.kind]);
  const problem = loading || marketError ? null
    : comparison === 'amount' ? new ToolFailure('badInput', undefined, { zh: t('errors.amount', { lng: 'zh' }), en: t('errors.amount', { lng: 'en' }) })
      : comparison === 'noQuotes' ? new ToolFailure('badInput', undefined, { zh: t('errors.noQuotes', { ccy, lng: 'zh' }), en: t('errors.noQuotes', { ccy, lng: 'en' }) })
        : null;
  const cmp = typeof comparison === 'string' ? null : comparison;
  const sources = provenances(rows.map((r) => r.provenance));
  const names = useCurrencyNames();
  const ccyChoices = currencies.map((c) => ({ value: c, label: names.get(c) ? `${c} ${names.get(c)![lang]}` : c }));
  const sideLabel = (s: BankQuoteSide) => t(`side.${s}`);
  const amountText = cmp ? new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'zh-CN').format(cmp.amount) : '';

  return (
    <div className="bx" data-testid="bank-exchange" data-route={route}>
      <ToolLayout
        title={route === 'bankExchangeMa' ? t('title') : t('publicTitle')}
        meta={<div className="bx-sources" data-testid="bank-sources">{header}{sources.map((p) => <SourceBadge key={`${p.sourceKind}${p.source}`} provenance={p} />)}</div>}
        inputs={
          <ToolForm onSubmit={() => undefined} columns={2} actions={<ToolActions priceLabel={t('form.compare')} />}>
            <SelectField label={t('form.currency')} name="ccy" value={currencies.length ? ccy : null} choices={ccyChoices} onChange={(v) => set('ccy', v)} />
            <AmountField label={t('form.amount')} name="amount" currency={ccy} value={inputs.amount} min={0} required onChange={(v) => set('amount', v)} />
            <ChoiceField className="kit-form__wide" label={t('form.direction')} name="direction" value={inputs.direction as Direction} onChange={(v) => set('direction', v)}
              choices={[{ value: 'buyFx', label: t('form.buyFx') }, { value: 'sellFx', label: t('form.sellFx') }]} />
            <ChoiceField label={t('form.kind')} name="kind" value={inputs.kind as QuoteKind} onChange={(v) => set('kind', v)}
              choices={[{ value: 'spot', label: t('form.spot') }, { value: 'cash', label: t('form.cash') }]} />
          </ToolForm>
        }
        results={
          <ResultsRegion busy={loading} error={marketError ?? problem}>
            {cmp ? (
              <>
                <ResultList
                  columns={2}
                  items={[
                    { name: t('result.bestBank'), value: cmp.deals.filter((d) => d.rate === cmp.best.rate).map((d) => bankName(d.bank)).join('、'), format: fmt.text },
                    { name: t('result.rate'), unit: `(${t('units')} ${ccy})`, value: cmp.best.rate, format: RATE, live: true },
                    { name: cmp.direction === 'buyFx' ? t('result.pay') : t('result.receive'), value: cmp.best.cny, format: fmt.amount('CNY'), live: true },
                    { name: t('result.saving'), value: cmp.saving, format: fmt.amount('CNY') },
                  ]}
                />
                <ResultTable
                  caption={t('result.deals', { ccy, amount: amountText, side: sideLabel(cmp.side) })}
                  rowKey={(d) => d.bank}
                  rows={cmp.deals}
                  columns={[
                    { key: 'bank', header: t('result.bank'), value: (d) => bankName(d.bank), format: fmt.text, rowHeader: true },
                    { key: 'rate', header: sideLabel(cmp.side), value: (d) => d.rate, format: RATE, live: true },
                    { key: 'cny', header: t('result.cny'), value: (d) => d.cny, format: fmt.amount('CNY'), live: true },
                    { key: 'vsBest', header: t('result.vsBest'), value: (d) => d.vsBest, format: fmt.amount('CNY') },
                  ]}
                />
              </>
            ) : null}
          </ResultsRegion>
        }
        variant="split"
      >
        <Panel
          title={t('table.title')}
          className="bx-quotes"
          actions={
            <SelectField label={t('table.filter')} name="filter" value={inputs.filter} className="bx-filter"
              choices={[{ value: 'all', label: t('table.all') }, ...ccyChoices]} onChange={(v) => set('filter', v)} />
          }
        >
          <QuotesTable rows={inputs.filter === 'all' ? rows : rows.filter((r) => r.ccy === inputs.filter)} best={best} bankName={bankName} />
        </Panel>
        <div className="bx-pair">
          <Panel title={t('best.title')}>
            <BestTable best={best} bankName={bankShort} />
          </Panel>
          <HistoryPanel currencies={currencies} banks={banks} bankName={bankName} ccy={inputs.chartCcy} side={inputs.chartSide as BankQuoteSide} range={inputs.range as HistoryRange}
            ccyChoices={ccyChoices} onCcy={(v) => set('chartCcy', v)} onSide={(v) => set('chartSide', v)} onRange={(v) => set('range', v)} />
        </div>
      </ToolLayout>
    </div>
  );
}

function BestMark({ title }: { title: string }) {
  const { t } = useStrings(bankStrings);
  return <span className="bx-best" title={title}>{t('table.best')}</span>;
}

function QuotesTable({ rows, best, bankName }: { rows: QuoteRow[]; best: ReturnType<typeof bestByCurrency>; bankName: (c: string) => string }) {
  const { t } = useStrings(bankStrings);
  const bestOf = useMemo(() => new Map(best.map((b) => [b.ccy, b])), [best]);
  const isBest = (r: QuoteRow, side: BankQuoteSide): boolean => {
    const b = bestOf.get(r.ccy);
    if (!b || b.banks < 2) return false;
    const q: BestQuote = side === 'spotSell' ? b.buySpot : side === 'cashSell' ? b.buyCash : side === 'spotBuy' ? b.sellSpot : b.sellCash;
    // Every bank at the same rate: nobody is best.
    return q.banks.length < b.banks && q.banks.includes(r.bank);
  };
  const sideColumn = (side: BankQuoteSide) => ({
    key: side,
    header: t(`side.${side}`),
    value: (r: QuoteRow) => r[side],
    format: RATE,
    render: (r: QuoteRow) => (
      <>
        {isBest(r, side) ? <BestMark title={side.endsWith('Sell') ? t('table.bestBuy') : t('table.bestSell')} /> : null}
        <LiveValue value={r[side]} format={RATE} bare />
      </>
    ),
  });
  return (
    <ResultTable
      caption={t('table.title')}
      hideCaption
      exportName="bank-fx-quotes"
      sortable
      maxHeight={520}
      rowKey={(r) => `${r.bank}.${r.ccy}`}
      rows={rows}
      columns={[
        { key: 'bank', header: t('table.bank'), value: (r) => bankName(r.bank), format: fmt.text, rowHeader: true },
        { key: 'ccy', header: t('table.currency'), value: (r) => r.ccy, format: fmt.text },
        ...BANK_QUOTE_SIDES.map(sideColumn),
        { key: 'mid', header: t('table.mid'), value: (r) => r.mid, format: fmt.fixed(3), live: true },
        { key: 'spread', header: t('table.spread'), value: (r) => r.spreadPct, format: fmt.percent(3) },
        { key: 'date', header: t('table.date'), value: (r) => r.date, format: fmt.date },
      ]}
    />
  );
}

function BestTable({ best, bankName }: { best: ReturnType<typeof bestByCurrency>; bankName: (c: string) => string }) {
  const { t } = useStrings(bankStrings);
  type Row = (typeof best)[number];
  const pair = (key: 'buySpot' | 'sellSpot' | 'buyCash' | 'sellCash') => [
    { key, header: t(`best.${key}`), value: (b: Row) => b[key].rate, format: RATE, live: true },
    { key: `${key}Bank`, header: `${t('best.bank')} (${t(`best.${key}Short`)})`, value: (b: Row) => (b[key].banks.length === b.banks && b.banks > 1 ? t('best.allBanks', { n: b.banks }) : b[key].banks.map(bankName).join('、')), format: fmt.text },
  ];
  return (
    <ResultTable
      caption={t('best.title')}
      hideCaption
      exportName="bank-fx-best"
      sortable
      rowKey={(b) => b.ccy}
      rows={best}
      className="bx-besttable"
      columns={[
        { key: 'ccy', header: t('best.currency'), value: (b) => b.ccy, format: fmt.text, rowHeader: true },
        ...pair('buySpot'), ...pair('sellSpot'),
      ]}
    />
  );
}

interface HistoryProps {
  currencies: string[];
  banks: string[];
  bankName: (c: string) => string;
  ccy: string;
  side: BankQuoteSide;
  range: HistoryRange;
  ccyChoices: { value: string; label: string }[];
  onCcy: (v: string) => void;
  onSide: (v: BankQuoteSide) => void;
  onRange: (v: HistoryRange) => void;
}

function HistoryPanel(p: HistoryProps) {
  const { t } = useStrings(bankStrings);
  const lang = useLang();
  const today = useMemo(() => deskToday(), []);
  const ccy = p.currencies.includes(p.ccy) ? p.ccy : p.currencies[0] ?? p.ccy;
  const idsShown = useMemo(() => p.banks.map((b) => `bank.${b}.${ccy}.${p.side}`), [p.banks, ccy, p.side]);
  const history = useHistory(idsShown, { from: rangeStart(today, p.range) });
  const aligned = useMemo(() => {
    const series = history.data?.series ?? [];
    const byId = new Map(series.map((s) => [s.id, s]));
    return alignSeries(idsShown.map((id) => byId.get(id) ?? { dates: [], values: [] }));
  }, [history.data, idsShown]);
  const label = t('history.label', { ccy, side: t(`side.${p.side}`) });
  const config = useMemo(() => {
    const b = new ChartConfigBuilder('time', lang);
    for (const bank of p.banks) b.addSeries({ label: p.bankName(bank), format: RATE });
    return b.build();
  }, [lang, p.banks, p.bankName]);
  const data = useMemo(() => [aligned.x, ...aligned.ys] as const, [aligned]);
  const batches = history.data ? Object.values(history.data.batches) : [];
  // As of the last figure shown (not the end of the window asked for).
  const lastDate = aligned.x.length ? isoOfEpochSeconds(aligned.x[aligned.x.length - 1]) : history.data?.to ?? '';
  const sources = provenances(batches.map((b) => ({ source: b.source, sourceKind: b.sourceKind, asOf: lastDate, offline: history.data!.offline || undefined })));
  return (
    <Panel title={t('history.title')} className="bx-history" actions={<div className="bx-sources">{sources.map((s) => <SourceBadge key={`${s.sourceKind}${s.source}`} provenance={s} />)}</div>}>
      <div className="bx-history__controls">
        <SelectField label={t('history.currency')} name="chartCcy" value={p.currencies.length ? ccy : null} choices={p.ccyChoices} onChange={p.onCcy} />
        <SelectField label={t('history.side')} name="chartSide" value={p.side} choices={BANK_QUOTE_SIDES.map((s) => ({ value: s, label: t(`side.${s}`) }))} onChange={p.onSide} />
        <ChoiceField label={t('history.range')} name="range" value={p.range} choices={HISTORY_RANGES.map((r) => ({ value: r, label: r }))} onChange={p.onRange} />
      </div>
      {p.banks.length ? <UPlotChart config={config} data={data} label={label} height={280} /> : null}
    </Panel>
  );
}

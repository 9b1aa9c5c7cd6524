// /transactionValuation: a ledger of FX trades (spot, forwards, swaps, European vanillas)
// uploaded (CSV/XLSX, checked by content, every bad line named, all or nothing), typed or
// pasted into the grid, valued at market as of the valuation date through OptPricingSvr
// FXLEDGER (the browser's pricing worker when offline), in each pair's quote currency and
// in the reporting currency; totals by pair, net exposure by currency, the market used;
// Excel export with the market data sheet.
import { useAtom } from 'jotai';
import { useMemo, useState } from 'react';
import { SelectField, TenorDateField } from '../../kit/fields';
import { TradeDayNote, useTradeDay } from '../../kit/dates';
import { DataGrid, importErrorText, type GridColumn } from '../../kit/grid';
import { kitStrings } from '../../kit/strings';
import { marketSheet } from '../../kit/market-data/market-sheet';
import { useStrings } from '../../kit/i18n';
import { FileDrop, Panel, ToolLayout } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { useMarketDataClient, type Observation } from '../../kit/market-data';
import { combinedProvenance } from '../../kit/market-data/pillars';
import { OfflinePricingNote, pricingClient } from '../../kit/pricing';
import { fmt, ResultList, ResultsRegion, ResultTable, SourceBadge, ToolFailure, useCalculation } from '../../kit/results';
import { SavedItemsPanel } from '../../kit/share';
import { useOperationGate } from '../../app/operation-gate';
import type { LedgerCurrencyTotal, LedgerPairTotal, LedgerReply } from '../../pricing-core/engines/fx-ledger';
import { strings } from './i18n';
import {
  buildRequest, checkRows, clearResults, emptyRow, inputsOnly, MAX_TRADES, normalizeRow, problemWords, REPORTING_CURRENCIES, sameInputs, sampleLedger, withResult,
  type LedgerGridRow, type RowProblem, type WordTable,
} from './model';
import { ledgerAtom } from './state';

interface Summary {
  reply: LedgerReply;
  used: Observation[];
  missing: string[];
  offline: boolean;
  spots: Array<{ pair: string; spot: number; spotDate: string | null }>;
}

const SAMPLE_ROWS = 50;
const WORDS = {
  zh: { line: strings.zh.line, row: strings.zh.row, cols: strings.zh.cols, issues: strings.zh.issues } as WordTable,
  en: { line: strings.en.line, row: strings.en.row, cols: strings.en.cols, issues: strings.en.issues } as WordTable,
};
const TEMPLATE_KEYS = ['id', 'type', 'pair', 'direction', 'notional', 'rate', 'tradeDate', 'valueDate', 'farRate', 'farDate', 'farNotional', 'optionType', 'expiry', 'premium', 'premiumCurrency'] as const;

export default function TransactionValuation() {
  const { t } = useStrings(strings);
  const { t: tk } = useStrings(kitStrings);
  const lang = useLang();
  const gate = useOperationGate();
  const client = useMarketDataClient();
  const [state, setState] = useAtom(ledgerAtom);
  const rows = state.rows;
  const setRows = (next: LedgerGridRow[]) => setState((s) => ({ ...s, rows: next }));
  // Valued at the latest close when today is not a USD/CNY business day.
  const tradeDay = useTradeDay(['USD', 'CNY'], 'preceding');
  const today = tradeDay.date;
  const valuationDate = state.valuationDate || today;
  const calc = useCalculation<Summary>();
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string; problems?: RowProblem[] } | null>(null);

  const columns = useMemo<GridColumn<LedgerGridRow>[]>(() => {
    const c = (id: string) => t(`cols.${id}`);
    const al = (k: string) => [(strings.zh.cols as Record<string, string>)[k], (strings.en.cols as Record<string, string>)[k]];
    const opts = (group: 'types' | 'directions' | 'optionTypes', values: readonly string[]) =>
      values.map((v) => ({ value: v, label: t(`${group}.${v}`), aliases: [(strings.zh[group] as Record<string, string>)[v], (strings.en[group] as Record<string, string>)[v]] }));
    const ro = { editable: false } as const;
    return [
      { id: 'id', header: c('id'), type: 'text', aliases: [...al('id'), 'deal id', 'id'], required: true, width: 88 },
      { id: 'type', header: c('type'), type: 'select', aliases: [...al('type'), 'trade type', 'instrument'], required: true, options: opts('types', ['spot', 'forward', 'swap', 'option']), width: 76 },
      { id: 'pair', header: c('pair'), type: 'text', aliases: [...al('pair'), 'currency pair', '货币对'], required: true, width: 72 },
      { id: 'direction', header: c('direction'), type: 'select', aliases: [...al('direction'), 'side', 'buy/sell'], required: true, options: opts('directions', ['buy', 'sell']), width: 92 },
      { id: 'notional', header: c('notional'), type: 'amount', aliases: al('notional'), required: true, min: 0, width: 110 },
      { id: 'rate', header: c('rate'), type: 'number', aliases: [...al('rate'), 'rate', 'strike', 'dealt rate', '执行价', '成交汇率'], required: true, min: 0, width: 128 },
      { id: 'valueDate', header: c('valueDate'), type: 'date', aliases: [...al('valueDate'), 'value date', 'maturity', 'delivery date', '交割日'], required: true, width: 150 },
      { id: 'status', header: c('status'), type: 'text', ...ro, width: 70 },
      { id: 'mtm', header: c('mtm'), type: 'amount', ...ro, width: 120 },
      { id: 'quoteCurrency', header: c('quoteCurrency'), type: 'text', ...ro, width: 60 },
      { id: 'mtmReporting', header: c('mtmReporting'), type: 'amount', ...ro, width: 130 },
      { id: 'marketRate', header: c('marketRate'), type: 'number', ...ro, format: fmt.fixed(5), width: 96 },
      { id: 'df', header: c('df'), type: 'number', ...ro, format: fmt.fixed(6), width: 90 },
      { id: 'premiumIncl', header: c('premiumIncl'), type: 'amount', ...ro, width: 120 },
      { id: 'delta', header: c('delta'), type: 'amount', ...ro, format: fmt.amount(undefined, 0), width: 110 },
      { id: 'vega', header: c('vega'), type: 'amount', ...ro, width: 96 },
      { id: 'vol', header: c('vol'), type: 'number', ...ro, format: fmt.fixed(3), width: 70 },
      { id: 'note', header: c('note'), type: 'text', ...ro, width: 200 },
      { id: 'tradeDate', header: c('tradeDate'), type: 'date', aliases: [...al('tradeDate'), 'trade date'], width: 100 },
      { id: 'farRate', header: c('farRate'), type: 'number', aliases: [...al('farRate'), 'far leg rate'], min: 0, width: 90 },
      { id: 'farDate', header: c('farDate'), type: 'date', aliases: [...al('farDate'), 'far value date'], width: 100 },
      { id: 'farNotional', header: c('farNotional'), type: 'amount', aliases: al('farNotional'), min: 0, width: 110 },
      { id: 'optionType', header: c('optionType'), type: 'select', aliases: [...al('optionType'), 'option type', 'call/put'], options: opts('optionTypes', ['call', 'put']), width: 70 },
      { id: 'expiry', header: c('expiry'), type: 'date', aliases: [...al('expiry'), 'expiry date', '到期日'], width: 100 },
      { id: 'premium', header: c('premium'), type: 'amount', aliases: al('premium'), min: 0, width: 100 },
      { id: 'premiumCurrency', header: c('premiumCurrency'), type: 'text', aliases: [...al('premiumCurrency'), 'premium ccy'], width: 70 },
    ];
  }, [t]);

  const headerOf = (field: string) => columns.find((c) => c.id === field)?.header ?? field;
  const problemText = (p: RowProblem, grid = false) => problemWords(p, WORDS, grid);

  const change = (next: LedgerGridRow[]) => {
    if (next.length > MAX_TRADES) return setNotice({ kind: 'error', text: t('tooMany', { n: MAX_TRADES.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en') }) });
    let edited = next.length !== rows.length;
    setRows(next.map((raw, i) => { const r = normalizeRow(raw); if (rows[i] && sameInputs(rows[i], r)) return r; edited = true; return clearResults(r); }));
    // Totals of a ledger that has changed since would mislead: they go until the next valuation.
    if (edited && calc.result) calc.reset();
  };

  const upload = async (file: File) => {
    const { importRows } = await import('../../kit/grid/io');
    try {
      const res = await importRows<LedgerGridRow>(new Uint8Array(await file.arrayBuffer()), columns, { maxRows: MAX_TRADES });
      const next = res.rows.map(normalizeRow);
      const { trades, problems } = checkRows(next, res.lines);
      if (problems.length) return setNotice({ kind: 'error', text: t('refused', { n: problems.length }), problems });
      setRows(next);
      calc.reset();
      setNotice({ kind: 'ok', text: t('imported', { n: trades.length }) });
    } catch (e) {
      setNotice({ kind: 'error', text: importErrorText(e, tk) });
    }
  };

  const downloadTemplate = async () => {
    const { download, exportFile } = await import('../../kit/grid/io');
    const cols = TEMPLATE_KEYS.map((k) => columns.find((c) => c.id === k)!);
    const blob = await exportFile('xlsx', { name: 'trade-ledger-template', sheet: t('sheet'), columns: cols, rows: sampleLedger(5, valuationDate), lang });
    download(blob, 'trade-ledger-template.xlsx');
  };

  const value = () => {
    const book = rows;
    const { trades, problems } = checkRows(book);
    if (problems.length) {
      // One alert (the Results region's): the count and the first rows, each with its row number.
      const list = problems.slice(0, 10).map((p) => problemText(p, true));
      const msg = (l: 'zh' | 'en') => `${(strings[l].gridRefused as string).replace('{{n}}', String(problems.length))} ${list.map((w) => w[l]).join('; ')}${problems.length > 10 ? ' …' : ''}`;
      return calc.fail(new ToolFailure('badInput', undefined, { zh: msg('zh'), en: msg('en') }));
    }
    if (!trades.length) return calc.fail(new ToolFailure('badInput', undefined, { zh: strings.zh.noRows as string, en: strings.en.noRows as string }));
    if (!gate.check()) return;
    void calc.run(async (signal) => {
      const run = await buildRequest(trades, valuationDate, state.reportingCurrency, (pair) => client.fxMarket(pair, { asOf: valuationDate }));
      const reply = await pricingClient().call('ATS.OPTPRICINGSVR.FXLEDGER', run.request);
      if (signal.aborted) throw new DOMException('aborted', 'AbortError');
      const res = reply.body as unknown as LedgerReply;
      const words = {
        status: (s: string) => t(`status.${s}`),
        error: (e: NonNullable<LedgerReply['rows'][number]['error']>) => `${e.field ? `${headerOf(e.field)} — ` : ''}${t(`issues.${e.code}`)}${e.detail ? ` (${e.detail})` : ''}`,
        nearSettled: t('nearSettled'),
      };
      const byIndex = new Map(run.index.map((i, j) => [i, res.rows[j]]));
      setState((s) => (s.rows === book ? { ...s, rows: book.map((r, i) => withResult(r, byIndex.get(i), words)) } : s));
      const spots = Object.entries(run.request.markets).map(([pair, m]) => ({ pair, spot: m.spot, spotDate: m.spotDate ?? null })).sort((a, b) => a.pair.localeCompare(b.pair));
      return { reply: res, used: run.used, missing: run.missing, offline: reply.offline, spots };
    });
  };

  const exportBook = async () => {
    const m = (k: string) => t(`market.${k}`);
    const { download, exportFileName, exportWorkbook } = await import('../../kit/grid/io');
    const blob = await exportWorkbook([{ name: t('sheet'), columns, rows }, marketSheet(m('sheet'), m as never, calc.result?.used ?? [])]);
    download(blob, exportFileName('trade-valuation', 'xlsx'));
  };

  const s = calc.result;
  const R = s?.reply.reportingCurrency ?? state.reportingCurrency;
  const num = (v: number) => v.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en');
  return (
    <div data-testid="trade-valuation">
      <ToolLayout
        variant="stacked"
        title={t('title')}
        meta={<SourceBadge provenance={s ? combinedProvenance(s.used) : null} />}
        inputs={
          <form className="bulk-fx__bar" onSubmit={(e) => { e.preventDefault(); value(); }} style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', alignItems: 'flex-end' }}>
            <TenorDateField label={t('valuationDate')} name="valuationDate" dateOnly today={today} value={{ kind: 'date', date: valuationDate }} onCommit={value}
              onChange={(v) => v?.kind === 'date' && setState((x) => ({ ...x, valuationDate: v.date === today ? '' : v.date }))} />
            {state.valuationDate ? null : <TradeDayNote day={tradeDay} />}
            <SelectField label={t('reporting')} name="reportingCurrency" value={state.reportingCurrency} onCommit={value}
              choices={REPORTING_CURRENCIES.map((c) => ({ value: c, label: c }))} onChange={(v) => v && setState((x) => ({ ...x, reportingCurrency: v }))} />
            <div className="kit-actions">
              <button type="submit" className="btn btn--primary" data-testid="tv-value" aria-busy={calc.busy || undefined}>{t('value')}</button>
              <button type="button" className="btn" data-testid="tv-sample" onClick={() => { setNotice(null); calc.reset(); setRows(sampleLedger(SAMPLE_ROWS, valuationDate)); }}>{t('sample', { n: SAMPLE_ROWS })}</button>
              <button type="button" className="btn" data-testid="tv-template" onClick={() => void downloadTemplate()}>{t('template')}</button>
              <button type="button" className="btn" data-testid="tv-export" onClick={() => void exportBook()}>{t('export')}</button>
            </div>
          </form>
        }
        results={
          <ResultsRegion calc={calc} aside={s?.offline ? <OfflinePricingNote /> : null}>
            <ResultList columns={3} items={[
              { name: t('totalMtm'), unit: `(${R})`, value: s?.reply.totals.mtmReporting ?? null, format: fmt.amount(R) },
              { name: t('totalPremIncl'), unit: `(${R})`, value: s?.reply.totals.premiumInclReporting ?? null, format: fmt.amount(R) },
              { name: t('valued'), value: s?.reply.totals.valued ?? null, format: fmt.fixed(0) },
              { name: t('expired'), value: s?.reply.totals.expired ?? null, format: fmt.fixed(0) },
              { name: t('failed'), value: s?.reply.totals.failed ?? null, format: fmt.fixed(0) },
              { name: t('valuationDate'), value: s?.reply.valuationDate ?? null, format: fmt.date },
            ]} />
            {s?.missing.length ? <p role="note">{t('missing', { pairs: s.missing.join(', ') })}</p> : null}
            {s?.reply.byPair.length ? (
              <ResultTable<LedgerPairTotal> caption={t('byPair')} rows={s.reply.byPair} rowKey={(r) => r.pair} exportName="trade-valuation-by-pair" columns={[
                { key: 'pair', header: t('t.pair'), value: (r) => r.pair, rowHeader: true },
                { key: 'trades', header: t('t.trades'), value: (r) => r.trades, format: fmt.fixed(0) },
                { key: 'ccy', header: t('t.ccy'), value: (r) => r.quoteCurrency },
                { key: 'mtm', header: t('t.mtm'), value: (r) => r.mtm, format: fmt.amount() },
                { key: 'mtmReporting', header: `${t('t.mtmReporting')} ${R}`, value: (r) => r.mtmReporting, format: fmt.amount() },
                { key: 'delta', header: t('t.delta'), value: (r) => r.delta, format: fmt.amount(undefined, 0) },
                { key: 'vega', header: t('t.vega'), value: (r) => r.vega, format: fmt.amount() },
              ]} />
            ) : null}
            {s?.reply.byCurrency.length ? (
              <ResultTable<LedgerCurrencyTotal> caption={t('byCcy')} rows={s.reply.byCurrency} rowKey={(r) => r.currency} exportName="trade-valuation-by-currency" columns={[
                { key: 'currency', header: t('t.currency'), value: (r) => r.currency, rowHeader: true },
                { key: 'exposure', header: t('t.exposure'), value: (r) => r.exposure, format: fmt.amount(undefined, 0) },
                { key: 'exposureReporting', header: `${t('t.exposureReporting')} ${R}`, value: (r) => (Number.isFinite(r.exposureReporting) ? r.exposureReporting : null), format: fmt.amount(undefined, 0) },
              ]} />
            ) : null}
            {s ? (
              <ResultTable<Summary['spots'][number]> caption={t('marketUsed')} rows={s.spots} rowKey={(r) => r.pair} columns={[
                { key: 'pair', header: t('t.pair'), value: (r) => r.pair, rowHeader: true },
                { key: 'spot', header: t('t.spot'), value: (r) => r.spot, format: fmt.sig(8) },
                { key: 'spotDate', header: t('t.spotDate'), value: (r) => r.spotDate, format: fmt.date },
                { key: 'conv', header: `${t('t.conv')} ${R}`, value: (r) => s.reply.conversion[r.pair.slice(3)] ?? null, format: fmt.sig(8) },
              ]} />
            ) : null}
            {s ? <p className="bulk-fx__note">{t('units')} {t('expiredNote')}</p> : null}
          </ResultsRegion>
        }
      >
        <Panel title={`${t('book')} · ${t('count', { n: num(rows.length) })}`}>
          <FileDrop onFile={(f) => void upload(f)} types={t('uploadTypes')} accept=".csv,.tsv,.txt,.xlsx" label={t('upload')} compact />
          {notice ? (
            <div role={notice.kind === 'error' ? 'alert' : 'status'} data-testid="tv-notice">
              <p>{notice.text}</p>
              {notice.problems ? <ul>{notice.problems.slice(0, 50).map((p) => <li key={`${p.line}-${p.field}`}>{problemText(p)[lang]}</li>)}</ul> : null}
              {notice.problems && notice.problems.length > 50 ? <p>…</p> : null}
            </div>
          ) : null}
          <p className="bulk-fx__note">{t('policy')}</p>
          <DataGrid<LedgerGridRow> label={t('book')} columns={columns} rows={rows} onRowsChange={change} newRow={emptyRow} maxRows={MAX_TRADES}
            height={Math.min(520, 90 + Math.max(rows.length, 6) * 28)} exportName="trade-ledger" />
          {rows.length === 0 ? <p className="bulk-fx__note">{t('empty')}</p> : null}
        </Panel>
        <Panel title={t('saved')}>
          <SavedItemsPanel<typeof state> tool="transactionValuation" spec={ledgerAtom.spec} version={ledgerAtom.spec.version} current={() => ({ ...state, rows: rows.map(inputsOnly) })}
            onLoad={(p) => { setNotice(null); calc.reset(); setState({ ...p, rows: p.rows.map(normalizeRow) }); }} />
          <p className="bulk-fx__note">{t('savedNote')}</p>
        </Panel>
      </ToolLayout>
    </div>
  );
}

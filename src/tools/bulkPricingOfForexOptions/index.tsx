// /bulkPricingOfForexOptions: a grid of FX option trades (vanilla, ratio / cap / range
// forwards) typed, pasted or imported, priced together against the market data as of the
// valuation date: vanillas in the browser's pricing worker (typed arrays, off the main
// thread), the structured forwards through OptPricingSvr BULKFX. A bad row shows its error
// on the row; the others are priced. Totals per pair; Excel export with the market data used.
import { useAtom } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { TenorDateField, type TenorOrDate } from '../../kit/fields';
import { TradeDayNote, useTradeDay } from '../../kit/dates';
import { DataGrid, type GridColumn } from '../../kit/grid';
import { marketSheet } from '../../kit/market-data/market-sheet';
import { useStrings } from '../../kit/i18n';
import { Panel, ToolLayout } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { useMarketDataClient, type Observation } from '../../kit/market-data';
import { OfflinePricingNote, priceVanillaBatchInWorkers, pricingClient, browserPricingPool } from '../../kit/pricing';
import { fmt, ResultList, ResultsRegion, ResultTable, SourceBadge, ToolFailure, useCalculation } from '../../kit/results';
import { useOperationGate } from '../../app/operation-gate';
import type { BulkRowResult } from '../../pricing-core/engines/fx-bulk-pricing';
import { combinedProvenance } from '../../kit/market-data/pillars';
import { bookColumns } from './columns';
import { ForwardFrom } from '../../kit/fx-market';
import { strings } from './i18n';
import {
  applyOutcome, bookForwardSource, clearResults, emptyRow, isBlank, MAX_ROWS, normalizeRow, normPair, priceBook, sameInputs, sampleBook, totalsByPair,
  type PairTotal, type TradeRow, type Words,
} from './model';
import { rowsAtom, settingsAtom } from './state';
import './bulk.css';

interface Summary {
  /** The structured rows (BULKFX) were priced by the browser worker: the server was down. */
  offline: boolean;
  priced: number;
  failed: number;
  ms: number;
  vanillaRows: number;
  bulkRows: number;
  timings: { market: number; prepare: number; price: number; apply: number };
  used: Observation[];
  forwardSource: ReturnType<typeof bookForwardSource>;
}

const SAMPLE_ROWS = 200;

export default function BulkPricingOfForexOptions() {
  const { t } = useStrings(strings);
  const lang = useLang();
  const gate = useOperationGate();
  const client = useMarketDataClient();
  const [rows, setRows] = useAtom(rowsAtom);
  const [settings, setSettings] = useAtom(settingsAtom);
  // Valued at the latest close when today is not a USD/CNY business day.
  const tradeDay = useTradeDay(['USD', 'CNY'], 'preceding');
  const today = tradeDay.date;
  const valuation = settings.valuationDate ?? today;
  const calc = useCalculation<Summary>();
  const [limit, setLimit] = useState<string | null>(null);
  // Row errors in both languages, so a language switch re-labels them.
  const errorWords = useRef(new Map<string, Words>());

  // Start the pricing worker with the screen, so the first run does not wait for it.
  useEffect(() => { browserPricingPool().warm(1); }, []);

  useEffect(() => {
    const w = errorWords.current;
    if (!w.size) return;
    setRows((rs) => (rs.some((r) => r.error) ? rs.map((r) => (r.error && w.get(r.error) ? { ...r, error: w.get(r.error)![lang] } : r)) : rs));
  }, [lang, setRows]);

  const columns = useMemo(() => bookColumns(t), [t]);

  const rowRule = useMemo(() => (r: TradeRow) => {
    if (isBlank(r)) return null;
    if ((r.product === 'capForward' || r.product === 'rangeForward') && r.strike2 === null) return t('validation.strike2');
    if (r.product === 'ratioForward' && r.leverage === null) return t('validation.leverage');
    return null;
  }, [t]);

  const change = (next: TradeRow[]) => {
    if (next.length > MAX_ROWS) return setLimit(t('tooMany', { n: MAX_ROWS.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en') }));
    setLimit(null);
    setRows(next.map((raw, i) => {
      const r = normalizeRow(raw);
      return rows[i] && sameInputs(rows[i], r) ? r : clearResults(r);
    }));
  };

  const price = () => {
    const book = rows;
    if (!book.some((r) => !isBlank(r))) return calc.fail(new ToolFailure('badInput', undefined, { zh: strings.zh.noRows as string, en: strings.en.noRows as string }));
    if (!gate.check()) return;
    void calc.run(async (signal) => {
      const t0 = performance.now();
      let offline = false;
      const res = await priceBook(book, valuation, {
        market: (pair, asOf) => client.fxMarket(pair, { asOf }),
        vanilla: (inputs) => priceVanillaBatchInWorkers(inputs, { transfer: true }),
        bulk: async (content) => {
          const r = await pricingClient().call<{ Code: number; rows: BulkRowResult[] }>('ATS.OPTPRICINGSVR.BULKFX', content);
          offline ||= r.offline;
          return r.body;
        },
      });
      if (signal.aborted) throw new DOMException('aborted', 'AbortError');
      const t1 = performance.now();
      const words = errorWords.current;
      for (const o of res.outcomes.values()) if ('error' in o) { words.set(o.error.zh, o.error); words.set(o.error.en, o.error); }
      setRows((current) => (current === book ? book.map((r, i) => (isBlank(r) ? r : applyOutcome(r, res.outcomes.get(i), lang))) : current));
      const used: Observation[] = [];
      for (const m of res.markets.values()) if (!(m instanceof Error)) used.push(...m.used);
      const t2 = performance.now();
      return { offline, priced: res.priced, failed: res.failed, ms: t2 - t0, vanillaRows: res.vanillaRows, bulkRows: res.bulkRows, timings: { ...res.timings, apply: t2 - t1 }, used, forwardSource: bookForwardSource(res.markets) };
    });
  };

  const exportBook = async () => {
    const m = (k: string) => t(`market.${k}`);
    const { download, exportFileName, exportWorkbook } = await import('../../kit/grid/io');
    const blob = await exportWorkbook([
      { name: t('sheet'), columns, rows },
      marketSheet(m('sheet'), m as never, calc.result?.used ?? []),
    ]);
    download(blob, exportFileName('fx-option-bulk', 'xlsx'));
  };

  const totals = useMemo(() => totalsByPair(rows), [rows]);
  const s = calc.result;
  const date: TenorOrDate = { kind: 'date', date: valuation };
  const num = (v: number) => v.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en');
  return (
    <div data-testid="bulk-fx">
      <ToolLayout
        variant="stacked"
        title={t('title')}
        meta={<SourceBadge provenance={s ? combinedProvenance(s.used) : null} />}
        inputs={
          <form className="bulk-fx__bar" onSubmit={(e) => { e.preventDefault(); price(); }}>
            <TenorDateField label={t('valuationDate')} name="valuationDate" dateOnly today={today} value={date} onCommit={price}
              onChange={(v) => v && v.kind === 'date' && setSettings((x) => ({ ...x, valuationDate: v.date }))} />
            {settings.valuationDate ? null : <TradeDayNote day={tradeDay} />}
            <div className="kit-actions">
              <button type="submit" className="btn btn--primary" data-testid="bulk-price" aria-busy={calc.busy || undefined}>{t('price')}</button>
              <button type="button" className="btn" data-testid="bulk-sample" onClick={() => { setLimit(null); setRows(sampleBook(SAMPLE_ROWS, valuation)); }}>{t('sample', { n: SAMPLE_ROWS })}</button>
              <button type="button" className="btn" data-testid="bulk-clear" onClick={() => setRows(rows.map(clearResults))}>{t('clearResults')}</button>
              <button type="button" className="btn" data-testid="bulk-export" onClick={() => void exportBook()}>{t('export')}</button>
            </div>
          </form>
        }
        results={
          <ResultsRegion calc={calc} aside={s?.offline ? <OfflinePricingNote /> : null}>
            <ResultList columns={3} items={[
              { name: t('priced'), value: s?.priced ?? null, format: fmt.fixed(0) },
              { name: t('failed'), value: s?.failed ?? null, format: fmt.fixed(0) },
              { name: t('elapsed'), value: s ? s.ms : null, format: fmt.fixed(1) },
            ]} />
            <ForwardFrom source={s?.forwardSource} />
            {s ? (
              <p className="bulk-fx__note" data-testid="bulk-timings">
                {t('where', { v: num(s.vanillaRows), b: num(s.bulkRows) })}{' '}
                {t('timings', { m: s.timings.market.toFixed(0), p: s.timings.prepare.toFixed(0), c: s.timings.price.toFixed(0), a: s.timings.apply.toFixed(0) })}
              </p>
            ) : null}
            {totals.length ? (
              <ResultTable<PairTotal>
                caption={t('totals')}
                rows={totals}
                rowKey={(r) => r.pair}
                exportName="fx-option-bulk-totals"
                columns={[
                  { key: 'pair', header: t('t.pair'), value: (r) => r.pair, rowHeader: true },
                  { key: 'rows', header: t('t.rows'), value: (r) => r.rows, format: fmt.fixed(0) },
                  { key: 'ccy', header: t('t.ccy'), value: (r) => (r.pair === 'USDCNH' ? 'CNH' : r.pair.slice(3)) },
                  { key: 'npv', header: t('t.npv'), value: (r) => r.npv, format: fmt.amount() },
                  { key: 'delta', header: t('t.delta'), value: (r) => r.delta, format: fmt.amount(undefined, 0) },
                  { key: 'gamma', header: t('t.gamma'), value: (r) => r.gamma, format: fmt.amount(undefined, 0) },
                  { key: 'vega', header: t('t.vega'), value: (r) => r.vega, format: fmt.amount() },
                  { key: 'theta', header: t('t.theta'), value: (r) => r.theta, format: fmt.amount() },
                ]}
              />
            ) : null}
            {totals.length ? <p className="bulk-fx__note">{t('totalsNote')} {t('unitsNote')}</p> : null}
          </ResultsRegion>
        }
      >
        <Panel title={`${t('book')} · ${t('count', { n: num(rows.length) })}`}>
          {limit ? <p role="alert" data-testid="limit-error">{limit}</p> : null}
          <DataGrid<TradeRow> label={t('book')} columns={columns} rows={rows} onRowsChange={change} newRow={emptyRow} rowRule={rowRule}
            importMode="replace" maxRows={MAX_ROWS} height={520} />
          {rows.length === 0 ? <p className="bulk-fx__note">{t('empty')}</p> : null}
          <p className="bulk-fx__note">{t('marketNote')}</p>
        </Panel>
      </ToolLayout>
    </div>
  );
}


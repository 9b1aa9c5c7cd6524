// /structuredTransactionValuation: a book of structured deposits (up to 20 pieces) valued as
// of a date with the sample principal of 10 million: knock-in / knock-out status from the
// stored fixings, price and standard error per deal on CPU workers (or the GPU), progress and
// cancel, per-row errors on the row, export to Excel with the market data used.
import { useAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AmountField, NumberField, TenorDateField, deskToday } from '../../kit/fields';
import { DataGrid, type GridColumn } from '../../kit/grid';
import { marketSheet } from '../../kit/market-data/market-sheet';
import { useStrings } from '../../kit/i18n';
import { Panel, ToolLayout } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { useMarketDataClient } from '../../kit/market-data';
import type { Observation } from '../../kit/market-data/series';
import { fmt, ResultList, ResultsRegion, SourceBadge, ToolFailure } from '../../kit/results';
import { useSavedItems } from '../../kit/share';
import { useOperationGate } from '../../app/operation-gate';
import type { PackageAst, TemplateName } from '../../pricing-core/instruments/structured/ast';
import { templateTitles } from '../../pricing-core/instruments/structured/templates';
import { BookError } from '../structuredProducts/book';
import { loadBulkMarket, valueProduct } from '../structuredProducts/bulk';
import { bookBaseColumns, useSavedPackages } from '../structuredProducts/bulk-ui';
import { bookWords, sharedStrings } from '../structuredProducts/i18n';
import { combinedProvenance } from '../../kit/market-data/pillars';
import { useBulkRun } from '../structuredProducts/use-bulk-run';
import { BulkProgressBar } from '../structuredProducts/BulkProgressBar';
import { strings } from './i18n';
import { clearResults, emptyRow, MAX_PIECES, rowPackage, SAMPLE_PRINCIPAL, sampleBook, withOutcome, type BookRow } from './model';
import { bookAtom } from './state';
import '../structuredProducts/structured.css';

interface Summary {
  total: number;
  pieces: number;
  knockedIn: number;
  knockedOut: number;
  failed: number;
  currency: string;
  used: Observation[];
  valuationDate: string;
}

export default function StructuredTransactionValuation() {
  const { t } = useStrings(strings);
  const { t: ts } = useStrings(sharedStrings);
  const lang = useLang();
  const gate = useOperationGate();
  const client = useMarketDataClient();
  const [state, setState] = useAtom(bookAtom);
  const rows = state.rows;
  const setRows = (next: BookRow[], sample?: boolean) => setState((s) => ({ ...s, rows: next, sample: sample ?? s.sample }));
  const [limitError, setLimitError] = useState<string | null>(null);
  const [lastFixing, setLastFixing] = useState<string | null>(null);
  const today = useMemo(() => deskToday(), []);
  const valuationDate = state.valuationDate || lastFixing || today;
  const saved = useSavedPackages(useSavedItems('structuredProducts'));
  const run = useBulkRun<Summary>();

  // The stored fixing dates of USD/CNY: the last one is the default valuation date; the
  // sample book trades on them. Asked once; the value and sample actions wait for it.
  const datesReq = useRef<Promise<string[]> | null>(null);
  const fixingDatesNow = useCallback((): Promise<string[]> => {
    datesReq.current ??= (async () => {
      const from = new Date(Date.parse(`${today}T00:00:00Z`) - 400 * 86_400_000).toISOString().slice(0, 10);
      const h = await client.history(['fx.USDCNY'], { from, to: today });
      const s0 = h.series[0];
      const dates = s0 ? Array.from(s0.dates, (d) => new Date(d * 86_400_000).toISOString().slice(0, 10)) : [];
      setLastFixing(dates[dates.length - 1] ?? null);
      return dates;
    })().catch(() => {
      datesReq.current = null;
      return [];
    });
    return datesReq.current;
  }, [client, today]);
  useEffect(() => {
    void fixingDatesNow();
  }, [fixingDatesNow]);

  const columns = useMemo<GridColumn<BookRow>[]>(() => {
    const zhCol = (k: string) => (strings.zh.cols as Record<string, string>)[k];
    const enCol = (k: string) => (strings.en.cols as Record<string, string>)[k];
    const c = (id: string) => t(`cols.${id}`);
    const base = bookBaseColumns<BookRow>(c, strings, 'structuredTransactionValuation');
    const ro = { editable: false } as const;
    const by = (id: string) => base.find((x) => x.id === id)!;
    // What identifies a deal, then its valuation, then the rest of its terms.
    return [
      { id: 'dealId', header: c('dealId'), type: 'text', required: true, aliases: [zhCol('dealId'), enCol('dealId')], width: 90 },
      by('product'),
      { id: 'status', header: c('status'), type: 'text', ...ro, width: 96 },
      { id: 'price', header: c('price'), type: 'percent', ...ro, format: fmt.percent(4), width: 100 },
      { id: 'pv', header: c('pv'), type: 'amount', ...ro, width: 140 },
      { id: 'stderr', header: c('stderr'), type: 'amount', ...ro, width: 160 },
      by('underlying'), by('trade'), by('maturity'),
      { id: 'principal', header: c('principal'), type: 'amount', min: 0, aliases: [zhCol('principal'), enCol('principal')] },
      { id: 'params', header: c('params'), type: 'text', aliases: [zhCol('params'), enCol('params')], width: 260 },
      { id: 's0', header: c('s0'), type: 'number', ...ro, format: fmt.fixed(4), width: 110 },
      { id: 'spot', header: c('spot'), type: 'number', ...ro, format: fmt.fixed(4), width: 90 },
      { id: 'vol', header: c('vol'), type: 'percent', ...ro, format: fmt.percent(3), width: 90 },
      { id: 'method', header: c('method'), type: 'text', ...ro, width: 96 },
      { id: 'error', header: c('error'), type: 'text', ...ro, width: 260 },
    ];
  }, [t]);

  const rowRule = useMemo(() => (r: BookRow) => {
    try {
      rowPackage(r, saved.packages);
      return null;
    } catch (e) {
      if (e instanceof BookError) return bookWords(e.problem as never)[lang];
      return e instanceof Error ? e.message : String(e);
    }
  }, [saved.packages, lang]);

  const change = (next: BookRow[]) => {
    // SPEC 5: a structured book holds at most 20 pieces ("up to N pieces"); nothing typed is lost.
    if (next.length > MAX_PIECES) {
      setLimitError(t('translation:errors.maxItems', { n: MAX_PIECES }));
      return;
    }
    setLimitError(null);
    // A trade typed, pasted or imported makes it the user's book, no longer the sample.
    setRows(next.map((r, i) => (rows[i] && sameInputs(rows[i], r) ? r : clearResults(r))), false);
  };

  const value = async () => {
    if (!state.valuationDate && !lastFixing) await fixingDatesNow();
    const dates = await fixingDatesNow();
    const valuationDate = state.valuationDate || dates[dates.length - 1] || today;
    const list = rows.map((r, i) => ({ r, i })).filter(({ r }) => r.product || r.underlying || r.trade);
    if (!list.length) return run.calc.fail(new ToolFailure('badInput', undefined, { zh: strings.zh.noRows as string, en: strings.en.noRows as string }));
    if (!gate.check()) return;
    const live = valuationDate === today;
    run.start(list.length, async (runner, tick) => {
      const packages: Array<{ i: number; ast: PackageAst | null; error?: { zh: string; en: string } }> = list.map(({ r, i }) => {
        try {
          return { i, ast: rowPackage(r, saved.packages) };
        } catch (e) {
          return { i, ast: null, error: e instanceof BookError ? bookWords(e.problem as never) : { zh: String(e), en: String(e) } };
        }
      });
      const asts = packages.filter((p) => p.ast).map((p) => p.ast!);
      const bm = await loadBulkMarket(client, asts, valuationDate, live);
      const out = [...rows];
      const summary: Summary = { total: 0, pieces: 0, knockedIn: 0, knockedOut: 0, failed: 0, currency: '', used: [], valuationDate };
      const used = new Set<string>();
      const words = { status: (s: string) => ts(`status.${s}`), method: (m: string) => ts(`method.${m}`), lang };
      for (const p of packages) {
        const row = out[p.i];
        const o = p.ast
          ? await valueProduct(p.ast, bm, { mc: { paths: state.paths, seed: 1 }, runner: runner.run, words: (x) => bookWords(x as never) })
          : { error: p.error, used: [] };
        out[p.i] = withOutcome({ ...row, principal: row.principal ?? state.principal ?? SAMPLE_PRINCIPAL }, o, words);
        setRows([...out]);
        o.used.forEach((id) => used.add(id));
        if (o.error) summary.failed++;
        else {
          summary.pieces++;
          summary.total += out[p.i].pv ?? 0;
          summary.currency = p.ast?.currency ?? p.ast?.underlying.code.slice(3) ?? '';
          if (o.status === 'knockedIn') summary.knockedIn++;
          if (o.status === 'knockedOut') summary.knockedOut++;
        }
        tick();
      }
      summary.used = [...used].map((id) => bm.values.get(id)).filter((x): x is Observation => !!x);
      return summary;
    });
  };

  const exportBook = async () => {
    const s = run.calc.result;
    const used = s?.used ?? [];
    const m = (k: string) => t(`market.${k}`);
    const { download, exportFileName, exportWorkbook } = await import('../../kit/grid/io');
    const blob = await exportWorkbook([{ name: t('sheet'), columns, rows }, marketSheet(m('sheet'), m, used)]);
    download(blob, exportFileName('structured-valuation', 'xlsx'));
  };

  const s = run.calc.result;
  const ccy = s?.currency || 'CNY';
  const prov = s ? combinedProvenance(s.used) : null;
  const p = run.progress;
  return (
    <div className="sp-tool" data-testid="structured-valuation">
      <ToolLayout
        variant="stacked"
        title={t('title')}
        meta={<SourceBadge provenance={prov} />}
        inputs={
          <form className="sp-bulk-bar" onSubmit={(e) => { e.preventDefault(); void value(); }}>
            <TenorDateField label={t('valuationDate')} name="valuationDate" dateOnly value={{ kind: 'date', date: valuationDate }} hint={t('valuationHint')}
              onChange={(v) => v?.kind === 'date' && setState((x) => ({ ...x, valuationDate: v.date === (lastFixing ?? today) ? '' : v.date }))} onCommit={() => void value()} />
            <AmountField label={t('principal')} name="principal" currency={ccy} value={state.principal} min={0} hint={t('principalHint')} onCommit={() => void value()}
              onChange={(v) => setState((x) => ({ ...x, principal: v }))} />
            <NumberField label={t('paths')} name="paths" value={state.paths} integer min={1024} max={262_144} onCommit={() => void value()}
              onChange={(v) => v !== null && setState((x) => ({ ...x, paths: v }))} />
            <div className="kit-actions">
              <button type="submit" className="btn btn--primary" data-testid="bulk-value" aria-busy={run.running || undefined}>{t('value')}</button>
              {run.running ? <button type="button" className="btn" onClick={run.cancel} data-testid="bulk-cancel">{t('cancel')}</button> : null}
              <button type="button" className="btn" data-testid="bulk-sample" onClick={() => void fixingDatesNow().then((dates) => { setLimitError(null); setRows(sampleBook(dates, state.valuationDate || dates[dates.length - 1] || today, MAX_PIECES, (k) => templateTitles[lang][k as TemplateName] ?? k), true); })}>{t('sample')}</button>
              <button type="button" className="btn" data-testid="bulk-export" onClick={() => void exportBook()}>{t('export')}</button>
            </div>
          </form>
        }
        results={
          <ResultsRegion calc={run.calc} aside={p ? <BulkProgressBar progress={p} words={(k, q) => t(k, { ...q })} /> : null}>
            <ResultList columns={3} items={[
              { name: t('summary'), unit: `(${ccy})`, value: s?.total ?? null, format: fmt.amount(ccy) },
              { name: t('pieces'), value: s?.pieces ?? null, format: fmt.fixed(0) },
              { name: t('knockedIn'), value: s?.knockedIn ?? null, format: fmt.fixed(0) },
              { name: t('knockedOut'), value: s?.knockedOut ?? null, format: fmt.fixed(0) },
              { name: t('failed'), value: s?.failed ?? null, format: fmt.fixed(0) },
              { name: t('valuationDate'), value: s?.valuationDate ?? null, format: fmt.date },
            ]} />
          </ResultsRegion>
        }
      >
        <Panel title={`${t('book')} · ${t('count', { n: rows.length, max: MAX_PIECES })}`} actions={state.sample && rows.length ? <span className="sp-badge">{ts('sampleBook')}</span> : null}>
          {limitError ? <p role="alert" className="sp-alert" data-testid="limit-error">{limitError}</p> : null}
          <DataGrid<BookRow> label={t('book')} columns={columns} rows={rows} onRowsChange={change} newRow={emptyRow} rowRule={rowRule}
            importMode="replace" height={Math.min(640, 90 + Math.max(rows.length, 6) * 28)} />
          {rows.length === 0 ? <p className="sp-muted">{t('empty')}</p> : null}
        </Panel>
      </ToolLayout>
    </div>
  );
}

function sameInputs(a: BookRow, b: BookRow): boolean {
  return (['dealId', 'product', 'underlying', 'trade', 'maturity', 'principal', 'params'] as const).every((k) => a[k] === b[k]);
}

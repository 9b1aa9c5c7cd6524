// /structuredVolumePrice: price a batch of new structured products (e.g. 20 snowballs with
// different knock-out levels) and solve each one's coupon (or another param) for a target
// price, off the main thread (CPU workers or the GPU), with progress and cancel; per-row
// errors on the row; export to Excel with the market data used.
import { useAtom } from 'jotai';
import { useMemo, useState } from 'react';
import { NumberField, PercentField, deskToday } from '../../kit/fields';
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
import type { PackageAst } from '../../pricing-core/instruments/structured/ast';
import { templateTitles } from '../../pricing-core/instruments/structured/templates';
import { BookError } from '../structuredProducts/book';
import { describeFailure, loadBulkMarket, valueProduct } from '../structuredProducts/bulk';
import { bookBaseColumns, useSavedPackages } from '../structuredProducts/bulk-ui';
import { ExprField } from '../structuredProducts/ExprField';
import { bookWords, sharedStrings } from '../structuredProducts/i18n';
import { combinedProvenance } from '../../kit/market-data/pillars';
import { useBulkRun } from '../structuredProducts/use-bulk-run';
import { BulkProgressBar } from '../structuredProducts/BulkProgressBar';
import { strings } from './i18n';
import { clearResults, emptyRow, isPercentParam, MAX_ROWS, rowPackage, sampleBatch, solveParamOf, withOutcome, type PriceRow } from './model';
import { batchAtom } from './state';
import '../structuredProducts/structured.css';

interface Summary {
  priced: number;
  failed: number;
  meanSolved: number | null;
  used: Observation[];
}

export default function StructuredVolumePrice() {
  const { t } = useStrings(strings);
  const { t: ts } = useStrings(sharedStrings);
  const lang = useLang();
  const gate = useOperationGate();
  const client = useMarketDataClient();
  const [state, setState] = useAtom(batchAtom);
  const rows = state.rows;
  const setRows = (next: PriceRow[]) => setState((s) => ({ ...s, rows: next }));
  const [limitError, setLimitError] = useState<string | null>(null);
  const today = useMemo(() => deskToday(), []);
  const saved = useSavedPackages(useSavedItems('structuredProducts'));
  const run = useBulkRun<Summary>();

  const columns = useMemo<GridColumn<PriceRow>[]>(() => {
    const c = (id: string) => t(`cols.${id}`);
    const al = (k: string) => [(strings.zh.cols as Record<string, string>)[k], (strings.en.cols as Record<string, string>)[k]];
    const ro = { editable: false } as const;
    const base = bookBaseColumns<PriceRow>(c, strings, 'structuredVolumePrice');
    const by = (id: string) => base.find((x) => x.id === id)!;
    // Inputs that tell the products apart first, then the results, then the rest of the inputs.
    return [
      { id: 'id', header: c('id'), type: 'text', aliases: al('id'), width: 70 },
      by('product'),
      { id: 'params', header: c('params'), type: 'text', aliases: al('params'), width: 210 },
      { id: 'solved', header: c('solved'), type: 'number', ...ro, format: fmt.fixed(4), width: 110 },
      { id: 'solvedStderr', header: c('solvedStderr'), type: 'number', ...ro, format: fmt.fixed(4), width: 130 },
      { id: 'price', header: c('price'), type: 'percent', ...ro, format: fmt.percent(4), width: 100 },
      { id: 'stderr', header: c('stderr'), type: 'percent', ...ro, format: fmt.percent(4), width: 100 },
      by('underlying'), by('trade'), by('maturity'),
      { id: 'solveFor', header: c('solveFor'), type: 'text', aliases: al('solveFor'), width: 100 },
      { id: 'target', header: c('target'), type: 'percent', aliases: al('target'), width: 110 },
      { id: 'method', header: c('method'), type: 'text', ...ro, width: 96 },
      { id: 'error', header: c('error'), type: 'text', ...ro, width: 260 },
    ];
  }, [t]);

  const rowRule = useMemo(() => (r: PriceRow) => {
    try {
      const ast = rowPackage(r, saved.packages);
      if (ast) solveParamOf(ast, r, state.solveFor || null);
      return null;
    } catch (e) {
      return describeFailure(e, (p) => bookWords(p as never))[lang];
    }
  }, [saved.packages, lang, state.solveFor]);

  const change = (next: PriceRow[]) => {
    if (next.length > MAX_ROWS) {
      setLimitError(t('translation:errors.maxItems', { n: MAX_ROWS }));
      return;
    }
    setLimitError(null);
    setRows(next.map((r, i) => (rows[i] && sameInputs(rows[i], r) ? r : clearResults(r))));
  };

  const start = () => {
    const list = rows.map((r, i) => ({ r, i })).filter(({ r }) => r.product || r.params);
    if (!list.length) return run.calc.fail(new ToolFailure('badInput', undefined, { zh: strings.zh.noRows as string, en: strings.en.noRows as string }));
    if (state.target === null && list.some(({ r }) => r.target === null)) return run.calc.fail(new ToolFailure('badInput', undefined, { zh: '请填写目标价格', en: 'Enter the target price' }));
    if (!gate.check()) return;
    run.start(list.length, async (runner, tick) => {
      const items: Array<{ i: number; ast: PackageAst | null; error?: { zh: string; en: string } }> = list.map(({ r, i }) => {
        try {
          return { i, ast: rowPackage(r, saved.packages) };
        } catch (e) {
          return { i, ast: null, error: describeFailure(e, (p) => bookWords(p as never)) };
        }
      });
      const bm = await loadBulkMarket(client, items.filter((x) => x.ast).map((x) => x.ast!), today, true);
      const out = [...rows];
      const used = new Set<string>();
      const solvedValues: number[] = [];
      let failed = 0;
      for (const it of items) {
        const row = out[it.i];
        let o;
        let percent = false;
        try {
          if (!it.ast) throw new BookError({ code: 'package', zh: it.error?.zh ?? '', en: it.error?.en ?? '' });
          const param = solveParamOf(it.ast, row, state.solveFor || null);
          percent = isPercentParam(it.ast, param);
          const target = (row.target ?? state.target ?? 100) / 100;
          o = await valueProduct(it.ast, bm, { mc: { paths: state.paths, seed: 1 }, runner: runner.run, solve: { param, target }, words: (p) => bookWords(p as never) });
        } catch (e) {
          if (e instanceof Error && e.name === 'AbortError') throw e;
          o = { error: describeFailure(e, (p) => bookWords(p as never)), used: [] };
        }
        out[it.i] = withOutcome(row, o, percent, { method: (m) => ts(`method.${m}`), lang });
        setRows([...out]);
        o.used.forEach((id) => used.add(id));
        if (o.error) failed++;
        if (out[it.i].solved !== null) solvedValues.push(out[it.i].solved!);
        tick();
      }
      return {
        priced: items.length - failed,
        failed,
        meanSolved: solvedValues.length ? solvedValues.reduce((a, b) => a + b, 0) / solvedValues.length : null,
        used: [...used].map((id) => bm.values.get(id)).filter((x): x is Observation => !!x),
      };
    });
  };

  const exportBatch = async () => {
    const m = (k: string) => t(`market.${k}`);
    const { download, exportFileName, exportWorkbook } = await import('../../kit/grid/io');
    download(await exportWorkbook([{ name: t('sheet'), columns, rows }, marketSheet(m('sheet'), m, run.calc.result?.used ?? [])]), exportFileName('structured-pricing', 'xlsx'));
  };

  const s = run.calc.result;
  const p = run.progress;
  return (
    <div className="sp-tool" data-testid="structured-volume">
      <ToolLayout
        variant="stacked"
        title={t('title')}
        meta={<SourceBadge provenance={s ? combinedProvenance(s.used) : null} />}
        inputs={
          <form className="sp-bulk-bar" onSubmit={(e) => { e.preventDefault(); start(); }}>
            <PercentField label={t('target')} name="target" value={state.target} hint={t('targetHint')} onCommit={start}
              onChange={(v) => setState((x) => ({ ...x, target: v }))} />
            <ExprField label={t('solveFor')} name="solveFor" value={state.solveFor} hint={t('solveHint')}
              onApply={(text) => (/^[A-Za-z]*[A-Za-z0-9_]*$/.test(text.trim()) ? (setState((x) => ({ ...x, solveFor: text.trim() })), null) : t('solveHint'))} onEnter={start} />
            <NumberField label={t('paths')} name="paths" value={state.paths} integer min={1024} max={262_144} onCommit={start}
              onChange={(v) => v !== null && setState((x) => ({ ...x, paths: v }))} />
            <div className="kit-actions">
              <button type="submit" className="btn btn--primary" data-testid="bulk-run" aria-busy={run.running || undefined}>{t('run')}</button>
              {run.running ? <button type="button" className="btn" onClick={run.cancel} data-testid="bulk-cancel">{t('cancel')}</button> : null}
              <button type="button" className="btn" data-testid="bulk-sample" onClick={() => { setLimitError(null); setRows(sampleBatch(today, 20, templateTitles[lang].snowball)); }}>{t('sample')}</button>
              <button type="button" className="btn" data-testid="bulk-export" onClick={() => void exportBatch()}>{t('export')}</button>
            </div>
          </form>
        }
        results={
          <ResultsRegion calc={run.calc} aside={p ? <BulkProgressBar progress={p} words={(k, q) => t(k, { ...q })} /> : null}>
            <ResultList columns={3} items={[
              { name: t('priced'), value: s?.priced ?? null, format: fmt.fixed(0) },
              { name: t('failed'), value: s?.failed ?? null, format: fmt.fixed(0) },
              { name: t('meanSolved'), value: s?.meanSolved ?? null, format: fmt.fixed(4) },
            ]} />
          </ResultsRegion>
        }
      >
        <Panel title={`${t('batch')} · ${t('count', { n: rows.length })}`}>
          {limitError ? <p role="alert" className="sp-alert" data-testid="limit-error">{limitError}</p> : null}
          <DataGrid<PriceRow> label={t('batch')} columns={columns} rows={rows} onRowsChange={change} newRow={() => emptyRow(today)} rowRule={rowRule}
            importMode="replace" height={Math.min(640, 90 + Math.max(rows.length, 6) * 28)} />
          {rows.length === 0 ? <p className="sp-muted">{t('empty')}</p> : null}
          <p className="sp-note">{t('solvedNote')}</p>
        </Panel>
      </ToolLayout>
    </div>
  );
}

function sameInputs(a: PriceRow, b: PriceRow): boolean {
  return (['id', 'product', 'underlying', 'trade', 'maturity', 'params', 'solveFor', 'target'] as const).every((k) => a[k] === b[k]);
}

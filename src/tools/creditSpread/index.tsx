// /creditSpread: spread curves by rating (MTN AAA / AA+ / AA) and sector (CDB, local
// government) over CGB or CDB: the term structure now (chart and table with percentiles) and
// the history of one spread with its statistics. model.ts: rows and chart columns.
import { useAtom } from 'jotai';
import { useMemo } from 'react';
import { ChartConfigBuilder, UPlotChart } from '../../kit/charts';
import { SelectField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { Panel } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import type { HistoryRange } from '../../kit/market-data/figures';
import { fmt, ResultsRegion, ResultTable, type ResultColumn } from '../../kit/results';
import { quoteStrings } from '../bondSpread/quotes-i18n';
import { ChosenSpread, useSpreadHistories, type SpreadPair } from '../bondSpread/SpreadHistory';
import { dataFailure } from '../bondSpread/use-quote-sheet';
import { useCurves } from '../bondSpread/use-curves';
import { strings } from './i18n';
import { viewAtom } from './state';
import { BASES, pairKey, sharedTenors, spreadCurvesOver, termChart, termRows, type Base, type TermRow } from './model';
import { SpreadLayout } from '../bondSpread/SpreadLayout';

export default function CreditSpread() {
  const { t } = useStrings(strings);
  const { t: tq } = useStrings(quoteStrings);
  const lang = useLang();
  const [view, setView] = useAtom(viewAtom);
  const { base, range, curve: histCurve, tenor: histTenor } = view;
  const setBase = (b: Base) => setView((v) => ({ ...v, base: b }));
  const setRange = (r: HistoryRange) => setView((v) => ({ ...v, range: r }));
  const setHistCurve = (c: string) => setView((v) => ({ ...v, curve: c }));
  const setHistTenor = (x: string) => setView((v) => ({ ...v, tenor: x }));
  const shown = useMemo(() => spreadCurvesOver(base), [base]);
  const ids = useMemo(() => [base, ...shown], [base, shown]);
  const curves = useCurves(ids);
  const tenorsByCurve = useMemo(() => {
    const m = new Map<string, string[]>();
    const c = curves.curves;
    if (!c) return m;
    const baseTenors = c.get(base)?.points.map((p) => p.tenor) ?? [];
    for (const id of shown) m.set(id, sharedTenors(c.get(id)?.points.map((p) => p.tenor) ?? [], baseTenors));
    return m;
  }, [curves.curves, base, shown]);
  const name = (id: string) => tq(`curves.${id}`);
  const pairs = useMemo<SpreadPair[]>(
    () => shown.flatMap((c) => (tenorsByCurve.get(c) ?? []).map((x) => ({ key: pairKey(c, x), a: `${c}.${x}`, b: `${base}.${x}`, label: t('historyOf', { curve: tq(`curves.${c}`), base: tq(`curves.${base}`), tenor: x }) }))),
    [shown, tenorsByCurve, base, t, tq],
  );
  const hist = useSpreadHistories(pairs, range);
  const rows = useMemo(() => termRows(shown, tenorsByCurve, hist.stats), [shown, tenorsByCurve, hist.stats]);

  const config = useMemo(() => {
    const b = new ChartConfigBuilder('xy', lang).setX(t('tenorYears'), fmt.sig(3));
    shown.forEach((c, i) => b.addSeries({ label: tq(`curves.${c}`), points: true, dash: i >= 3 ? [5, 3] : undefined, format: fmt.fixed(2) }));
    return b.build();
  }, [lang, shown, t, tq]);
  const data = useMemo(() => termChart(rows, shown), [rows, shown]);
  const columns = useMemo<ResultColumn<TermRow>[]>(
    () => [
      { key: 'tenor', header: t('tenor'), value: (r) => r.tenor, format: fmt.text, rowHeader: true },
      ...shown.flatMap((c): ResultColumn<TermRow>[] => [
        { key: `s:${c}`, header: t('spreadOf', { curve: tq(`curves.${c}`) }), value: (r) => r.spread[c], format: fmt.fixed(2) },
        { key: `p:${c}`, header: t('pctOf', { curve: tq(`curves.${c}`) }), value: (r) => r.percentile[c], format: fmt.fixed(1) },
      ]),
    ],
    [shown, t, tq],
  );
  const hc = shown.includes(histCurve) ? histCurve : shown[0];
  const htenors = tenorsByCurve.get(hc) ?? [];
  const ht = htenors.includes(histTenor) ? histTenor : htenors[Math.floor(htenors.length / 2)];
  const chosen = pairs.find((p) => p.key === pairKey(hc, ht ?? ''));
  const failure = dataFailure(curves.error || hist.error);

  return (
    <SpreadLayout
      title={t('title')}
      provenance={curves.provenance}
      onSubmit={() => setRange(range)}
      columns={2}
      priceLabel={t('analyse')}
      fields={
        <>
          <SelectField label={t('base')} name="base" value={base} onChange={(v) => setBase(v as Base)} choices={BASES.map((b) => ({ value: b, label: name(b) }))} />
        </>
      }
      results={
        <ResultsRegion busy={curves.loading || hist.loading} error={failure}>
          <p>{t('note')}</p>
          <ResultTable<TermRow> caption={t('table')} sortable exportName="credit-spreads" rows={rows} rowKey={(r) => r.tenor} columns={columns} />
        </ResultsRegion>
      }
      charts={
        <>
          <Panel title={t('term')}>
            <UPlotChart config={config} data={data} label={t('term')} height={280} />
          </Panel>
          <Panel title={t('history')}>
            <div className="kit-md-chartbar">
              <SelectField label={t('curve')} name="historyCurve" value={hc} onChange={setHistCurve} choices={shown.map((c) => ({ value: c, label: name(c) }))} />
              <SelectField label={t('tenor')} name="historyTenor" value={ht ?? null} onChange={setHistTenor} choices={htenors.map((x) => ({ value: x, label: x }))} />
            </div>
            <ChosenSpread pair={chosen} hist={hist} range={range} onRange={setRange} />
          </Panel>
        </>
      }
    />
  );
}

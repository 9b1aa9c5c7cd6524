// /bondSpread: cash bonds' spreads to the CGB curve and I-spreads to an IRS curve, from the
// quote sheet (yields off the issuer curves unless typed), sortable; the history of a chosen
// bond's curve spread to CGB at its nearest tenor with its statistics. model.ts: the maths.
import { useAtom } from 'jotai';
import { useEffect, useMemo } from 'react';
import { SelectField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { Panel } from '../../kit/layout';
import { fmt, ResultList, ResultsRegion, ResultTable, ToolError, useCalculation } from '../../kit/results';
import type { HistoryRange } from '../../kit/market-data/figures';
import { fromISO } from '../../pricing-core/dates/date';
import { historyPair, SHEET_CURVES, spreadRows, SWAP_INDEXES, swapCurve, type SpreadRow, type SwapIndex } from './model';
import { strings } from './i18n';
import { viewAtom } from './state';
import { CurveDateField } from './CurveDateField';
import { QuoteGrid } from './QuoteGrid';
import { quoteStrings } from './quotes-i18n';
import { ChosenSpread, useSpreadHistories, type SpreadPair } from './SpreadHistory';
import { dataFailure, useQuoteSheet } from './use-quote-sheet';
import { SpreadLayout } from './SpreadLayout';

const ALL_ISSUERS: string[] = [];

export default function BondSpread() {
  const { t } = useStrings(strings);
  const { t: tq } = useStrings(quoteStrings);
  const [view, setView] = useAtom(viewAtom);
  const { swap, curveDate, bond: chosen, range } = view;
  const setSwap = (s: SwapIndex) => setView((v) => ({ ...v, swap: s }));
  const setCurveDate = (d: string | null) => setView((v) => ({ ...v, curveDate: d }));
  const setChosen = (b: string | null) => setView((v) => ({ ...v, bond: b }));
  const setRange = (r: HistoryRange) => setView((v) => ({ ...v, range: r }));
  const curveIds = useMemo(() => [...SHEET_CURVES, swapCurve(swap)], [swap]);
  const sheet = useQuoteSheet(curveIds, ALL_ISSUERS, curveDate);
  const calc = useCalculation<SpreadRow[]>();
  const { rows: quotes, tenorCurves, settlement } = sheet;

  const compute = (now: boolean) => {
    if (!settlement || quotes.length === 0) return;
    const task = async () => spreadRows(quotes, tenorCurves.get('bond.CGB'), tenorCurves.get(swapCurve(swap)), fromISO(settlement));
    if (now) void calc.run(task);
    else calc.schedule(task, 250);
  };
  useEffect(() => compute(false), [quotes, tenorCurves, settlement]); // eslint-disable-line react-hooks/exhaustive-deps

  const rows = calc.result ?? [];
  const withHistory = rows.filter((r) => r.from && r.from !== 'bond.CGB');
  const pick = withHistory.find((r) => r.code === chosen) ?? withHistory[0];
  const tenors = useMemo(() => {
    const c = sheet.curvesState.curves;
    if (!c || !pick?.from) return [];
    const cgb = new Set(c.get('bond.CGB')?.points.map((p) => p.tenor));
    return (c.get(pick.from)?.points ?? []).map((p) => p.tenor).filter((x) => cgb.has(x));
  }, [sheet.curvesState.curves, pick?.from]);
  const hp = pick ? historyPair(pick, tenors) : null;
  const pairs = useMemo<SpreadPair[]>(
    () => (hp && pick ? [{ key: pick.code, a: hp.a, b: hp.b, label: t('historyOf', { curve: tq(`curves.${pick.from}`), tenor: hp.tenor }) }] : []),
    [hp?.a, hp?.b, pick?.code, t, tq], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const hist = useSpreadHistories(pairs, range);

  return (
    <SpreadLayout
      title={t('title')}
      provenance={sheet.curvesState.provenance}
      onSubmit={() => compute(true)}
      columns={2}
      priceLabel={t('compute')}
      busy={calc.busy}
      fields={
        <>
          <SelectField label={t('swap')} name="swap" value={swap} onChange={(v) => setSwap(v as SwapIndex)} choices={SWAP_INDEXES.map((s) => ({ value: s, label: t(`swaps.${s}`) }))} />
          <CurveDateField value={curveDate} onChange={setCurveDate} />
        </>
      }
      results={
        <ResultsRegion calc={calc}>
          <p>{t('note')}</p>
          {sheet.error ? <ToolError error={dataFailure(sheet.error)} /> : null}
          <ResultList items={[{ name: t('count'), value: calc.result ? rows.length : null, format: fmt.fixed(0) }, { name: tq('curveDate'), value: settlement, format: fmt.date }]} />
          <ResultTable<SpreadRow>
            caption={t('table')}
            sortable
            exportName="bond-spreads"
            maxHeight={420}
            rows={rows}
            rowKey={(r) => r.code}
            columns={[
              { key: 'code', header: t('cols.code'), value: (r) => r.code, format: fmt.text, rowHeader: true },
              { key: 'name', header: t('cols.name'), value: (r) => r.name, format: fmt.text },
              { key: 'type', header: t('cols.type'), value: (r) => r.issuerType, format: fmt.text },
              { key: 'years', header: t('cols.years'), value: (r) => r.years, format: fmt.fixed(3) },
              { key: 'yield', header: t('cols.yield'), value: (r) => r.yield, format: fmt.fixed(4) },
              { key: 'benchmark', header: t('cols.benchmark'), value: (r) => r.benchmark, format: fmt.fixed(4) },
              { key: 'spread', header: t('cols.spread'), value: (r) => r.spread, format: fmt.fixed(2, true) },
              { key: 'iSpread', header: t('cols.iSpread'), value: (r) => r.iSpread, format: fmt.fixed(2, true) },
              { key: 'from', header: t('cols.from'), value: (r) => (r.from ? tq(`curves.${r.from}`) : tq('typed')), format: fmt.text },
            ]}
          />
        </ResultsRegion>
      }
      charts={
        <>
          <Panel title={t('history')}>
            <SelectField label={t('bond')} name="historyBond" value={pick?.code ?? null} onChange={(v) => setChosen(v)} choices={withHistory.map((r) => ({ value: r.code, label: `${r.code} ${r.name}` }))} />
            {pairs.length ? <ChosenSpread pair={pairs[0]} hist={hist} range={range} onRange={setRange} /> : <p>{t('noHistory')}</p>}
          </Panel>
          <Panel title={tq('sheet')}>
            <p className="kit-hint">{tq('sheetHint')}</p>
            <QuoteGrid rows={quotes} onRows={sheet.setRows} exportName="bond-spread-quotes" />
          </Panel>
        </>
      }
    />
  );
}

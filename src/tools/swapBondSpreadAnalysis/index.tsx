// /swapBondSpreadAnalysis: IRS (FR007 / SHIBOR 3M) against CGB or CDB yields by tenor: the
// current spread, its percentile and statistics over a window, the term structure of the
// spread, and the history of a chosen tenor. model.ts: tenors and rows.
import { useAtom } from 'jotai';
import { useMemo } from 'react';
import { ChartConfigBuilder, UPlotChart } from '../../kit/charts';
import { SelectField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { Panel } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import type { HistoryRange } from '../../kit/market-data/figures';
import { fmt, ResultsRegion, ResultTable, SourceBadge } from '../../kit/results';
import { tenorYears } from '../bondSpread/curves';
import { quoteStrings } from '../bondSpread/quotes-i18n';
import { ChosenSpread, useSpreadHistories, type SpreadPair } from '../bondSpread/SpreadHistory';
import { dataFailure } from '../bondSpread/use-quote-sheet';
import { useCurves } from '../bondSpread/use-curves';
import { strings } from './i18n';
import { viewAtom } from './state';
import { BOND_CURVES, commonTenors, SWAPS, tenorRows, type BondCurve, type Swap, type TenorRow } from './model';
import { SpreadLayout } from '../bondSpread/SpreadLayout';

export default function SwapBondSpreadAnalysis() {
  const { t } = useStrings(strings);
  const { t: tq } = useStrings(quoteStrings);
  const lang = useLang();
  const [view, setView] = useAtom(viewAtom);
  const { swap, bond, range, tenor } = view;
  const setSwap = (s: Swap) => setView((v) => ({ ...v, swap: s }));
  const setBond = (b: BondCurve) => setView((v) => ({ ...v, bond: b }));
  const setRange = (r: HistoryRange) => setView((v) => ({ ...v, range: r }));
  const setTenor = (x: string | null) => setView((v) => ({ ...v, tenor: x }));
  const ids = useMemo(() => [`irs.${swap}`, `bond.${bond}`], [swap, bond]);
  const curves = useCurves(ids);
  const tenors = useMemo(() => {
    const c = curves.curves;
    return c ? commonTenors(c.get(ids[0])?.points.map((p) => p.tenor) ?? [], c.get(ids[1])?.points.map((p) => p.tenor) ?? []) : [];
  }, [curves.curves, ids]);
  const pairs = useMemo<SpreadPair[]>(
    () => tenors.map((x) => ({ key: x, a: `irs.${swap}.${x}`, b: `bond.${bond}.${x}`, label: t('historyOf', { swap: t(`swaps.${swap}`), bond: t(`bonds.${bond}`), tenor: x }) })),
    [tenors, swap, bond, t],
  );
  const hist = useSpreadHistories(pairs, range);
  const rows = useMemo(() => tenorRows(tenors, swap, bond, hist.raw, hist.stats), [tenors, swap, bond, hist.raw, hist.stats]);
  const chosen = pairs.find((p) => p.key === tenor) ?? pairs.find((p) => p.key === '5Y') ?? pairs[0];

  const termConfig = useMemo(
    () => new ChartConfigBuilder('xy', lang).setX(t('tenorYears'), fmt.sig(3)).addSeries({ label: t('termSeries'), points: true, format: fmt.fixed(2) }).addSeries({ label: t('meanSeries'), dash: [5, 3], format: fmt.fixed(2) }).build(),
    [lang, t, tq],
  );
  const termData = useMemo(() => {
    const r = rows.filter((x) => x.spread !== null);
    return [r.map((x) => tenorYears(x.tenor)!), r.map((x) => x.spread), r.map((x) => x.mean)] as [number[], (number | null)[], (number | null)[]];
  }, [rows]);
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
          <SelectField label={t('swap')} name="swap" value={swap} onChange={(v) => setSwap(v as Swap)} choices={SWAPS.map((s) => ({ value: s, label: t(`swaps.${s}`) }))} />
          <SelectField label={t('bond')} name="bondCurve" value={bond} onChange={(v) => setBond(v as BondCurve)} choices={BOND_CURVES.map((s) => ({ value: s, label: t(`bonds.${s}`) }))} />
        </>
      }
      results={
        <ResultsRegion busy={curves.loading || hist.loading} error={failure}>
          <p>{t('note')}</p>
          <ResultTable<TenorRow>
            caption={t('table')}
            sortable
            exportName="swap-bond-spreads"
            rows={rows}
            rowKey={(r) => r.tenor}
            columns={[
              { key: 'tenor', header: t('cols.tenor'), value: (r) => r.tenor, format: fmt.text, rowHeader: true },
              { key: 'swap', header: t('cols.swap'), value: (r) => r.swap, format: fmt.fixed(4) },
              { key: 'bond', header: t('cols.bond'), value: (r) => r.bond, format: fmt.fixed(4) },
              { key: 'spread', header: t('cols.spread'), value: (r) => r.spread, format: fmt.fixed(2, true) },
              { key: 'percentile', header: t('cols.percentile'), value: (r) => r.percentile, format: fmt.fixed(1) },
              { key: 'mean', header: t('cols.mean'), value: (r) => r.mean, format: fmt.fixed(2) },
              { key: 'min', header: t('cols.min'), value: (r) => r.min, format: fmt.fixed(2) },
              { key: 'max', header: t('cols.max'), value: (r) => r.max, format: fmt.fixed(2) },
              { key: 'zScore', header: t('cols.zScore'), value: (r) => r.zScore, format: fmt.fixed(2, true) },
            ]}
          />
        </ResultsRegion>
      }
      charts={
        <>
          <Panel title={t('term')}>
            <UPlotChart config={termConfig} data={termData} label={t('term')} height={240} />
          </Panel>
          <Panel title={t('history')}>
            <SelectField label={t('tenor')} name="historyTenor" value={chosen?.key ?? null} onChange={(v) => setTenor(v)} choices={pairs.map((p) => ({ value: p.key, label: p.key }))} />
            <ChosenSpread pair={chosen} hist={hist} range={range} onRange={setRange} />
          </Panel>
        </>
      }
    />
  );
}

// /volatilityMonitoring: per pair, the vol surface (tenor x delta) as a heat map - levels,
// changes vs yesterday and last week from stored history, or the strike of each delta -, a
// smile per tenor (SABR fit over the market pillars, with its calibration error), the ATM
// term structure now / yesterday / last week, live figures over the stored surface, export.
import { useAtom } from 'jotai';
import { useMemo, useRef } from 'react';
import { ChoiceField, SelectField } from '../../kit/fields';
import { ChartConfigBuilder, UPlotChart } from '../../kit/charts';
import { useStrings } from '../../kit/i18n';
import { Panel, ToolLayout } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { useCatalog, useFxMarket, useHistory, useLatest } from '../../kit/market-data';
import { firstMarketFailure } from '../../kit/market-data/failure';
import { notRealKinds } from '../../kit/market-data/figures';
import { fmt, HeatMap, LiveValue, ResultsRegion, ResultTable, SourceBadge } from '../../kit/results';
import { combinedProvenance } from '../../kit/market-data/pillars';
import { strings } from './i18n';
import {
  DELTAS, depositPillars, fitSmiles, historyFrom, pillarChanges, pillarVols, QUOTES, smileSeries, surfaceQuotes, surfaceThen, volId,
  type FittedSmile, type TenorQuotes,
} from './model';
import { viewAtom, type HeatView } from './state';
import './vol.css';

const DEFAULT_PAIRS = ['USDCNY', 'USDCNH', 'EURCNY', 'EURUSD', 'USDJPY', 'GBPUSD', 'AUDUSD', 'USDCHF', 'USDHKD', 'JPYCNY'];

interface QuoteRow {
  now: TenorQuotes;
  d1: number | null;
  d7: number | null;
  smile: FittedSmile | undefined;
}

export default function VolatilityMonitoring() {
  const { t } = useStrings(strings);
  const lang = useLang();
  const [view, setView] = useAtom(viewAtom);

  const catalog = useCatalog({ kind: 'vol' });
  const pairs = useMemo(() => {
    const g = (catalog.data?.groups ?? []).map((x) => x.id).filter((id) => /^vol\.[A-Z]{6}$/.test(id)).map((id) => id.slice(4));
    return g.length ? g : DEFAULT_PAIRS;
  }, [catalog.data]);
  const pair = pairs.includes(view.pair) ? view.pair : pairs[0];
  const label = `${pair.slice(0, 3)}/${pair.slice(3)}`;

  const market = useFxMarket(pair);
  const surface = market.data?.surface ?? null;
  const liveIds = useMemo(
    () => (surface ? [`fx.${pair}`, ...surface.tenors.flatMap((tn) => QUOTES.map((q) => volId(pair, tn, q)))] : [`fx.${pair}`]),
    [surface, pair],
  );
  const live = useLatest(liveIds);
  const asOf = market.data?.asOf ?? null;
  const history = useHistory(asOf && surface ? liveIds.slice(1) : [], asOf ? { from: historyFrom(asOf), to: asOf } : {});

  const spot = live.values.get(`fx.${pair}`)?.value ?? market.data?.spot?.value ?? null;
  const now = useMemo(() => surfaceQuotes(pair, surface, live.values), [pair, surface, live.values]);
  const base = pair.slice(0, 3), quote = pair === 'USDCNH' ? 'CNH' : pair.slice(3);
  // Fits use the spot of the stored surface (the smile in delta hardly moves with a spot
  // tick), so a live tick refits only the tenors whose vol quotes moved.
  const fitCache = useRef(new Map<string, FittedSmile | null>());
  const fitSpot = market.data?.spot?.value ?? NaN;
  const fitted = useMemo(() => {
    const d = market.data?.deposits ?? {};
    return fitSmiles(now, fitSpot, depositPillars(d[quote]), depositPillars(d[base]), fitCache.current);
  }, [now, fitSpot, market.data, base, quote]);
  const then = useMemo(
    () => (asOf && history.data ? surfaceThen(pair, now.map((x) => x.tenor), history.data.series, asOf) : null),
    [asOf, history.data, pair, now],
  );

  const tenors = now.map((x) => x.tenor);
  const smileTenor = tenors.includes(view.tenor) ? view.tenor : tenors.includes('3M') ? '3M' : tenors[0];
  const smile = fitted.smiles.find((s) => s.tenor === smileTenor);

  const heat = useMemo(() => {
    if (view.heat === 'd1') return then ? pillarChanges(now, then.prev) : now.map(() => DELTAS.map(() => null));
    if (view.heat === 'd7') return then ? pillarChanges(now, then.week) : now.map(() => DELTAS.map(() => null));
    if (view.heat === 'strike') {
      const by = new Map(fitted.smiles.map((s) => [s.tenor, s]));
      return now.map((x) => DELTAS.map((d) => by.get(x.tenor)?.pillars.find((p) => p.label === d)?.strike ?? null));
    }
    return now.map((x) => { const v = pillarVols(x.q); return DELTAS.map((d) => v[d]); });
  }, [view.heat, now, then, fitted]);

  const rows = useMemo<QuoteRow[]>(() => {
    const atmOf = (list: TenorQuotes[] | undefined, tenor: string) => list?.find((x) => x.tenor === tenor)?.q.ATM ?? null;
    return now.map((x) => {
      const a = x.q.ATM, p = atmOf(then?.prev, x.tenor), w = atmOf(then?.week, x.tenor);
      return { now: x, d1: a !== null && p !== null ? a - p : null, d7: a !== null && w !== null ? a - w : null, smile: fitted.smiles.find((s) => s.tenor === x.tenor) };
    });
  }, [now, then, fitted]);

  const smileConfig = useMemo(() => new ChartConfigBuilder('xy', lang)
    .setX(t('strikeAxis'), fmt.sig(6))
    .addSeries({ label: t('smileFit'), format: fmt.fixed(3) })
    .addSeries({ label: t('smileMarket'), format: fmt.fixed(3), points: true, width: 0 })
    .build(), [lang, t]);
  const smileData = useMemo(() => {
    if (!smile) return null;
    const s = smileSeries(smile);
    return [s.x, s.fit, s.market] as const;
  }, [smile]);

  const termConfig = useMemo(() => new ChartConfigBuilder('xy', lang)
    .setX(t('years'), fmt.fixed(2))
    .addSeries({ label: t('termNow'), format: fmt.fixed(3), points: true })
    .addSeries({ label: t('termPrev', { date: then?.prevDate ?? '-' }), format: fmt.fixed(3), dash: [5, 3] })
    .addSeries({ label: t('termWeek', { date: then?.weekDate ?? '-' }), format: fmt.fixed(3), dash: [2, 3] })
    .build(), [lang, t, then?.prevDate, then?.weekDate]);
  const termData = useMemo(() => {
    if (!now.length) return null;
    const prev = new Map(then?.prev.map((x) => [x.tenor, x.q.ATM]) ?? []), week = new Map(then?.week.map((x) => [x.tenor, x.q.ATM]) ?? []);
    return [now.map((x) => x.t), now.map((x) => x.q.ATM), now.map((x) => prev.get(x.tenor) ?? null), now.map((x) => week.get(x.tenor) ?? null)] as const;
  }, [now, then]);

  // What the changes are measured against: sample / simulated history says so on screen.
  const notReal = useMemo(() => notRealKinds(history.data, live.values.values()), [history.data, live.values]);

  // Live figures and stored ones mixed: the badge says simulated when any is (kinds merged).
  const provenance = combinedProvenance(live.values.size ? [...live.values.values()] : surface?.points ?? []);
  const error = firstMarketFailure(market.error, history.error);
  const isChange = view.heat === 'd1' || view.heat === 'd7';
  const views: HeatView[] = ['vol', 'd1', 'd7', 'strike'];

  return (
    <div data-testid="vol-monitor">
      <ToolLayout
        variant="stacked"
        title={t('title')}
        meta={<SourceBadge provenance={provenance} />}
        inputs={
          <div className="volmon__bar">
            <SelectField label={t('pair')} name="pair" value={pair} onChange={(v) => setView((s) => ({ ...s, pair: v }))} choices={pairs.map((p) => ({ value: p, label: `${p.slice(0, 3)}/${p.slice(3)}` }))} />
            <ChoiceField<HeatView> label={t('view')} name="heat" value={view.heat} onChange={(v) => setView((s) => ({ ...s, heat: v }))} choices={views.map((v) => ({ value: v, label: t(`views.${v}`) }))} />
            <div className="volmon__spot">
              <span id="volmon-spot">{t('spot')}</span> <LiveValue value={spot} format={fmt.fixed(4)} name={t('spot')} />
            </div>
          </div>
        }
        results={
          <ResultsRegion busy={market.loading || (history.loading && !!asOf)} error={error}>
            {!market.loading && !surface && !error ? <p role="alert">{t('noSurface', { pair: label })}</p> : null}
            {now.length ? (
              <HeatMap
                caption={view.heat === 'strike' ? t('surfaceStrike', { pair: label }) : `${t('surface', { pair: label })} · ${t(`views.${view.heat}`)}`}
                corner={t('corner')}
                rows={tenors}
                columns={DELTAS}
                values={heat}
                format={view.heat === 'strike' ? fmt.sig(6) : fmt.fixed(isChange ? 3 : 2, isChange)}
                scale={isChange ? 'diverging' : 'sequential'}
                domain={isChange ? symmetric(heat) : undefined}
              />
            ) : null}
            {fitted.failed.length ? <p className="volmon__note">{t('failed', { tenors: fitted.failed.join(', ') })}</p> : null}
            <p className="volmon__note">{t('changeNote')}{then?.prevDate ? ` ${t('changeDates', { prev: then.prevDate, week: then.weekDate ?? '—' })}` : ''}</p>
            {then?.weekSameAsPrev ? <p className="volmon__note" data-testid="vol-week-same">{t('weekSame', { prev: then.prevDate ?? '' })}</p> : null}
            {notReal.length ? <p className="volmon__note volmon__note--warn" data-testid="vol-not-real">{t('notReal', { kinds: notReal.map((k) => t(`kinds.${k}`)).join(lang === 'zh' ? '、' : ' / ') })}</p> : null}
            <div className="volmon__table">
              <ResultTable<QuoteRow>
                caption={t('quotes', { pair: label })}
                rows={rows}
                rowKey={(r) => r.now.tenor}
                exportName={`vol-surface-${pair}`}
                columns={[
                  { key: 'tenor', header: t('cols.tenor'), value: (r) => r.now.tenor, rowHeader: true },
                  { key: 'atm', header: t('cols.atm'), value: (r) => r.now.q.ATM, format: fmt.fixed(3), live: true },
                  { key: 'rr25', header: t('cols.rr25'), value: (r) => r.now.q.RR25, format: fmt.fixed(3, true), live: true },
                  { key: 'bf25', header: t('cols.bf25'), value: (r) => r.now.q.BF25, format: fmt.fixed(3), live: true },
                  { key: 'rr10', header: t('cols.rr10'), value: (r) => r.now.q.RR10, format: fmt.fixed(3, true), live: true },
                  { key: 'bf10', header: t('cols.bf10'), value: (r) => r.now.q.BF10, format: fmt.fixed(3), live: true },
                  { key: 'd1', header: t('cols.d1'), value: (r) => r.d1, format: fmt.fixed(3, true) },
                  { key: 'd7', header: t('cols.d7'), value: (r) => r.d7, format: fmt.fixed(3, true) },
                  { key: 'rmse', header: t('cols.rmse'), value: (r) => r.smile?.rmseBp ?? null, format: fmt.fixed(2) },
                  { key: 'maxErr', header: t('cols.maxErr'), value: (r) => r.smile?.maxErrBp ?? null, format: fmt.fixed(2) },
                ]}
              />
              <p className="volmon__note">{t('calibNote')}</p>
            </div>
          </ResultsRegion>
        }
        charts={
          <div className="volmon__charts">
            <Panel title={t('smile', { pair: label, tenor: smileTenor ?? '' })} actions={
              <SelectField label={t('tenor')} name="tenor" value={smileTenor ?? null} onChange={(v) => setView((s) => ({ ...s, tenor: v }))} choices={tenors.map((x) => ({ value: x, label: x }))} />
            }>
              {smileData ? <UPlotChart config={smileConfig} data={smileData} label={t('smile', { pair: label, tenor: smileTenor ?? '' })} height={260} /> : null}
              {smile ? (
                <p className="volmon__note" data-testid="smile-error">
                  {t('cols.rmse')}: <span data-value={smile.rmseBp} aria-label={t('cols.rmse')}>{smile.rmseBp.toFixed(2)}</span>
                  {' · '}{t('cols.maxErr')}: <span data-value={smile.maxErrBp} aria-label={t('cols.maxErr')}>{smile.maxErrBp.toFixed(2)}</span>
                </p>
              ) : null}
            </Panel>
            <Panel title={t('term')}>
              {termData ? <UPlotChart config={termConfig} data={termData} label={t('term')} height={260} /> : null}
            </Panel>
          </div>
        }
      />
    </div>
  );
}

/** A colour range symmetric around zero, so no change is the neutral colour. */
function symmetric(values: readonly (readonly (number | null)[])[]): [number, number] {
  let m = 0;
  for (const r of values) for (const v of r) if (v !== null && Number.isFinite(v)) m = Math.max(m, Math.abs(v));
  return m > 0 ? [-m, m] : [-1, 1];
}

// /curveConstruction: build a curve of FR007, SHIBOR 3M, LPR 1Y/5Y, SOFR or €STR from market
// instruments (fixing, deposits, typed-in FRAs and futures, swaps), toggle instruments, choose
// the interpolation and day counts; nodes, zero / forward / discount charts, every input's
// repricing error; save by name (ShareSvr, tool `curveConstruction`: /irsCal prices off it),
// export. The build is the pricing core's curve engine, run here: about a millisecond.
import { useAtom } from 'jotai';
import { useMemo, useState } from 'react';
import { ChartConfigBuilder, UPlotChart } from '../../kit/charts';
import { NumberField, parseNumber, SelectField, TenorDateField, type TenorOrDate } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { Panel, ToolForm, ToolLayout } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { fmt, ResultList, ResultsRegion, ResultTable, SourceBadge, ToolError, ToolFailure } from '../../kit/results';
import { SavedItemsPanel } from '../../kit/share';
import { deskToday } from '../../kit/market-data/figures';
import { firstMarketFailure } from '../../kit/market-data/failure';
import type { BuiltCurve, CurveDefinition, CurveInstrumentSpec } from '../../pricing-core/market/curves/curve-definition';
import { ratesStrings, strings } from './i18n';
import {
  CURVE_DAY_COUNTS, CURVE_INTERPOLATIONS, INDEX_LABELS, RATE_INDICES, SAVED_CURVE_VERSION, extraKey, instrumentRows, isEnabled,
  quotesAsOf, savedCurve, toDefinition, withOverrides, DUAL_CURVE_INDICES, buildPair, marketDefinition, type CurveInterpolation, type CurveSettings, type InstrumentRow, type RateIndexId, type SavedCurve,
} from './market-curve';
import { REPRICING_TOLERANCE, chartData, exportJson, inputRows, nodeRows, parseExtra, type InputRow, type NodeRow } from './model';
import { settingsAtom } from './state';
import { useMarketQuotes } from './use-market-quotes';
import './curves.css';

interface Loaded {
  name: string;
  definition: CurveDefinition;
  discountDefinition?: CurveDefinition;
  sources: SavedCurve['sources'];
}

/** Rows of a saved definition: its instruments as saved, enabled as saved. */
const savedRows = (def: CurveDefinition): InstrumentRow[] =>
  def.instruments.map((spec, i) => ({ key: `${i}:${spec.type}`, spec: { ...spec, enabled: undefined } as CurveInstrumentSpec, enabledByDefault: spec.enabled !== false }));

export default function CurveConstruction() {
  const { t } = useStrings(strings);
  const { t: tr } = useStrings(ratesStrings);
  const lang = useLang();
  const [settings, setSettings] = useAtom(settingsAtom);
  const [asOf, setAsOf] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const market = useMarketQuotes(loaded ? null : settings.index, asOf);
  const dual = DUAL_CURVE_INDICES.includes(settings.index) && settings.discount === 'FR007';
  const fr007 = useMarketQuotes(!loaded && dual ? 'FR007' : null, asOf);
  const today = useMemo(() => deskToday(), []);
  const set = <K extends keyof CurveSettings>(k: K, v: CurveSettings[K]) => setSettings((s) => ({ ...s, [k]: v }));

  const rows = useMemo(() => (loaded ? withOverrides(savedRows(loaded.definition), settings.overrides) : market.quotes ? instrumentRows(market.quotes, settings) : []), [loaded, market.quotes, settings]);
  const curveAsOf = loaded ? loaded.definition.asOf : market.quotes ? quotesAsOf(market.quotes) : null;
  const definition = useMemo(
    () => (curveAsOf && rows.length ? toDefinition(loaded?.name ?? `${INDEX_LABELS[settings.index]} ${curveAsOf}`, curveAsOf, settings, rows) : null),
    [curveAsOf, rows, settings, loaded],
  );
  const discountDefinition = useMemo(
    () => (loaded ? loaded.discountDefinition ?? null : dual && fr007.quotes ? marketDefinition('FR007', fr007.quotes) : null),
    [loaded, dual, fr007.quotes],
  );
  const build = useMemo((): { curve: BuiltCurve | null; error: unknown } => {
    if (!definition || (dual && !loaded && !discountDefinition)) return { curve: null, error: null };
    try {
      const curve = buildPair(definition, discountDefinition).projection;
      if (!(curve.maxRepricingError < REPRICING_TOLERANCE)) return { curve, error: new ToolFailure('inverseFailed', `max repricing error ${curve.maxRepricingError}`) };
      return { curve, error: null };
    } catch (e) {
      return { curve: null, error: new ToolFailure('badInput', (e as Error).message) };
    }
  }, [definition, discountDefinition, dual, loaded]);
  const curve = build.curve;
  const inputs = useMemo(() => inputRows(rows, (r) => isEnabled(r, settings.toggled), curve, INDEX_LABELS[settings.index]), [rows, settings.toggled, curve, settings.index]);
  const nodes = useMemo(() => (curve ? nodeRows(curve) : []), [curve]);
  const marketError = firstMarketFailure(market.error, fr007.error);
  const sources = loaded ? loaded.sources ?? [] : market.provenances.map((p) => ({ source: p.source, sourceKind: p.sourceKind, asOf: p.asOf }));

  const toggle = (key: string) => set('toggled', settings.toggled.includes(key) ? settings.toggled.filter((k) => k !== key) : [...settings.toggled, key]);
  const exportFile = () => {
    if (!definition || !curve) return;
    const blob = new Blob([exportJson(definition, curve, discountDefinition)], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `curve-${definition.index}-${definition.asOf}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };
  const kindText = (k: CurveInstrumentSpec['type']) => tr(`kind.${k}`);

  return (
    <div data-testid="curve-construction">
      <ToolLayout
        title={t('title')}
        meta={sources.map((p) => <SourceBadge key={`${p.sourceKind}${p.source}`} provenance={p} />)}
        inputs={
          <div className="rates-inputs">
            <ToolForm onSubmit={() => undefined} columns={2}>
              <SelectField<RateIndexId>
                label={t('index')} name="index" value={settings.index}
                onChange={(v) => { setLoaded(null); setSettings((s) => ({ ...s, index: v, toggled: [], extras: [], overrides: {} })); }}
                choices={RATE_INDICES.map((i) => ({ value: i, label: INDEX_LABELS[i] }))}
              />
              <SelectField<CurveInterpolation> label={t('interpolation')} name="interpolation" value={settings.interpolation} onChange={(v) => set('interpolation', v)}
                choices={CURVE_INTERPOLATIONS.map((i) => ({ value: i, label: tr(`interpolation.${i}`) }))} />
              <TenorDateField label={t('asOf')} name="asOf" dateOnly today={today} hint={t('asOfHint')} disabled={!!loaded}
                value={asOf ? ({ kind: 'date', date: asOf } as TenorOrDate) : null} onChange={(v) => setAsOf(v?.kind === 'date' ? v.date : null)} />
              <SelectField<string> label={t('depositDayCount')} name="depositDayCount" value={settings.depositDayCount} disabled={!!loaded}
                onChange={(v) => set('depositDayCount', v as CurveSettings['depositDayCount'])} choices={[{ value: '', label: t('indexDefault') }, ...CURVE_DAY_COUNTS.map((d) => ({ value: d, label: d }))]} />
              <SelectField<string> label={t('fixedDayCount')} name="fixedDayCount" value={settings.fixedDayCount} disabled={!!loaded}
                onChange={(v) => set('fixedDayCount', v as CurveSettings['fixedDayCount'])} choices={[{ value: '', label: t('indexDefault') }, ...CURVE_DAY_COUNTS.map((d) => ({ value: d, label: d }))]} />
              {DUAL_CURVE_INDICES.includes(settings.index) ? (
                <SelectField<'self' | 'FR007'> label={t('discounting')} name="discounting" value={settings.discount} disabled={!!loaded} onChange={(v) => set('discount', v)}
                  choices={[{ value: 'self', label: t('discountSelf') }, { value: 'FR007', label: t('discountFr007') }]} />
              ) : null}
            </ToolForm>
            {loaded ? (
              <p className="rates-note" role="status">
                {t('loaded', { name: loaded.name })}{' '}
                <button type="button" className="rates-link" onClick={() => setLoaded(null)}>{t('backToMarket')}</button>
              </p>
            ) : null}
            <InstrumentTable rows={inputs} onToggle={toggle} kindText={kindText}
              onQuote={(key, q) => setSettings((s) => {
                const overrides = { ...s.overrides };
                if (q === null) delete overrides[key];
                else overrides[key] = q;
                return { ...s, overrides };
              })}
              onRemove={loaded ? undefined : (key) => setSettings((s) => ({ ...s, extras: s.extras.filter((x) => extraKey(x) !== key) }))} extras={settings.extras} />
            {loaded ? null : <AddInstrument onAdd={(x) => setSettings((s) => ({ ...s, extras: [...s.extras.filter((e) => extraKey(e) !== extraKey(x)), x] }))} />}
            <p className="rates-note">{t('saveHint', { name: `${INDEX_LABELS[settings.index]} ${curveAsOf ?? ''}` })}</p>
            <SavedItemsPanel<SavedCurve>
              tool="curveConstruction" version={SAVED_CURVE_VERSION}
              current={() => ({ definition: definition!, ...(discountDefinition ? { discountDefinition } : {}), settings, sources })}
              onLoad={(p, item) => {
                const c = savedCurve(p);
                if (p.settings) setSettings(p.settings);
                setLoaded({ name: item.name, ...c });
              }}
            />
          </div>
        }
        results={
          <ResultsRegion busy={(market.loading || fr007.loading) && !loaded} error={marketError ?? build.error}>
            <ResultList items={[
              { name: t('index'), value: INDEX_LABELS[settings.index], format: fmt.text },
              { name: t('curveDate'), value: curve ? definition!.asOf : null, format: fmt.date },
              { name: t('discountedBy'), value: curve ? curve.discountedBy?.name ?? t('discountSelf') : null, format: fmt.text },
              { name: t('nodeCount'), value: curve ? curve.nodes.length : null, format: fmt.fixed(0) },
              { name: t('maxError'), value: curve ? curve.maxRepricingError : null, format: fmt.sig(3), note: t('tolerance') },
            ]} />
            <ResultTable<InputRow>
              caption={t('instruments')} exportName={`curve-inputs-${settings.index}`} rowKey={(r) => r.key}
              rows={inputs.filter((r) => r.enabled)}
              columns={[
                { key: 'label', header: t('instrument'), value: (r) => `${kindText(r.type)} ${r.label}`, format: fmt.text, rowHeader: true },
                { key: 'quote', header: t('quote'), value: (r) => r.quote, format: fmt.fixed(4) },
                { key: 'pillar', header: t('pillar'), value: (r) => r.pillar, format: fmt.date },
                { key: 'err', header: t('repricingError'), value: (r) => r.repricingError, format: fmt.sig(2) },
              ]}
            />
            <ResultTable<NodeRow>
              caption={t('nodes')} exportName={`curve-nodes-${settings.index}-${curveAsOf ?? ''}`} rowKey={(r) => r.date} rows={nodes}
              columns={[
                { key: 'date', header: t('date'), value: (r) => r.date, format: fmt.date, rowHeader: true },
                { key: 't', header: t('t'), value: (r) => r.t, format: fmt.fixed(4) },
                { key: 'df', header: t('discount'), value: (r) => r.discount, format: fmt.fixed(8) },
                { key: 'zero', header: `${t('zero')} (%)`, value: (r) => r.zero, format: fmt.fixed(4) },
              ]}
            />
            <div className="rates-actions">
              <button type="button" className="btn" onClick={exportFile} disabled={!curve}>{t('exportJson')}</button>
            </div>
          </ResultsRegion>
        }
        charts={curve ? <CurveCharts curve={curve} lang={lang} /> : null}
      />
    </div>
  );
}

function InstrumentTable({ rows, onToggle, onRemove, onQuote, kindText, extras }: {
  rows: InputRow[]; onToggle: (key: string) => void; onQuote: (key: string, quote: number | null) => void; onRemove?: (key: string) => void; kindText: (k: CurveInstrumentSpec['type']) => string; extras: CurveSettings['extras'];
}) {
  const { t } = useStrings(strings);
  const extraKeys = new Set(extras.map(extraKey));
  return (
    <Panel title={t('instruments')}>
      <div className="rates-scroll">
        <table className="rates-table">
          <thead>
            <tr><th scope="col">{t('use')}</th><th scope="col">{t('kind')}</th><th scope="col">{t('instrument')}</th><th scope="col">{t('quoteUnit')}</th><th scope="col">{t('source')}</th><th scope="col">{t('date')}</th><th scope="col" aria-label={t('remove')} /></tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} className={r.enabled ? undefined : 'rates-off'}>
                <td><input type="checkbox" checked={r.enabled} onChange={() => onToggle(r.key)} aria-label={t('useRow', { kind: kindText(r.type), label: r.label })} /></td>
                <td>{kindText(r.type)}</td>
                <th scope="row">{r.label}</th>
                <td className="rates-num"><QuoteInput row={r} label={t('quoteOf', { kind: kindText(r.type), label: r.label })} onQuote={onQuote} /></td>
                <td>{r.sourceId ?? '—'}</td>
                <td>{r.date ?? '—'}</td>
                <td>{onRemove && extraKeys.has(r.key) ? <button type="button" className="rates-link" onClick={() => onRemove(r.key)} aria-label={t('removeRow', { label: r.label })}>×</button> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}

/** A quote typed over the market's: Enter or leaving the cell applies it; emptied, the market's is back. */
function QuoteInput({ row, label, onQuote }: { row: InputRow; label: string; onQuote: (key: string, quote: number | null) => void }) {
  const { t } = useStrings(strings);
  const shown = row.quote.toFixed(row.type === 'future' ? 3 : 4);
  const [text, setText] = useState<string | null>(null);
  const [bad, setBad] = useState(false);
  const apply = () => {
    if (text === null) return;
    if (text.trim() === '') {
      onQuote(row.key, null);
      setText(null);
      return setBad(false);
    }
    const p = parseNumber(text);
    setBad(!p.ok);
    if (p.ok) {
      onQuote(row.key, p.value);
      setText(null);
    }
  };
  return (
    <input
      className={`rates-quote${row.overridden ? ' rates-quote--own' : ''}`} aria-label={label} aria-invalid={bad || undefined} title={bad ? t('quoteBad') : row.overridden ? t('quoteOwn') : undefined}
      value={text ?? shown} data-value={row.quote} inputMode="decimal"
      onChange={(e) => setText(e.target.value)} onBlur={apply} onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); apply(); } }}
    />
  );
}

function AddInstrument({ onAdd }: { onAdd: (x: CurveInstrumentSpec) => void }) {
  const { t } = useStrings(strings);
  const { t: tr } = useStrings(ratesStrings);
  const [kind, setKind] = useState<'fra' | 'future'>('fra');
  const [what, setWhat] = useState('');
  const [quote, setQuote] = useState<number | null>(null);
  const [bad, setBad] = useState(false);
  const add = () => {
    const x = parseExtra(kind, what, quote);
    setBad(!x);
    if (x) onAdd(x);
  };
  return (
    <ToolForm onSubmit={add} columns={3} actions={<button type="submit" className="btn">{t('add')}</button>}>
      <SelectField<'fra' | 'future'> label={t('addKind')} name="addKind" value={kind} onChange={setKind} choices={[{ value: 'fra', label: tr('kind.fra') }, { value: 'future', label: tr('kind.future') }]} />
      <label className="kit-field">
        <span className="kit-field__label">{t('addWhat')}</span>
        <input className="kit-input rates-text" value={what} placeholder="3x6 / H7" onChange={(e) => setWhat(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); add(); } }} />
      </label>
      <NumberField label={t('addQuote')} name="addQuote" value={quote} onChange={(v) => setQuote(v)} error={bad ? t('addBad') : null} />
    </ToolForm>
  );
}

function CurveCharts({ curve, lang }: { curve: BuiltCurve; lang: 'zh' | 'en' }) {
  const { t } = useStrings(strings);
  const { t: tr } = useStrings(ratesStrings);
  const d = useMemo(() => chartData(curve), [curve]);
  const ratesConfig = useMemo(() => new ChartConfigBuilder('xy', lang).setX(tr('years'), fmt.fixed(2))
    .addSeries({ label: `${t('zero')} (%)`, format: fmt.fixed(4) })
    .addSeries({ label: `${t('forward')} (%)`, dash: [5, 3], format: fmt.fixed(4) }).build(), [lang, t, tr]);
  const dfConfig = useMemo(() => new ChartConfigBuilder('xy', lang).setX(tr('years'), fmt.fixed(2)).addSeries({ label: t('discount'), format: fmt.fixed(6) }).build(), [lang, t, tr]);
  return (
    <div className="rates-charts">
      <Panel title={t('chartRates')}><UPlotChart config={ratesConfig} data={[d.t, d.zero, d.forward]} label={t('chartRates')} height={260} /></Panel>
      <Panel title={t('chartDiscount')}><UPlotChart config={dfConfig} data={[d.t, d.discount]} label={t('chartDiscount')} height={260} /></Panel>
    </div>
  );
}

// /pairTrading: two stored history series (any the catalogue lists) or an imported CSV
// `date,y,x`; Engle-Granger (trend c, autolag aic) from the pricing core in the page, hedge
// ratio stability (OLS, rolling OLS, Kalman), spread z-score bands and a backtest of the
// entry/exit rules. Maths: model.ts; the choices: README.md.
import { useAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ChoiceField, NumberField, SelectField } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { Panel, ToolActions, ToolForm, ToolLayout } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { useCatalog, useHistory } from '../../kit/market-data';
import { historySources } from '../../kit/market-data/figures';
import { shortName } from '../../kit/market-data/names';
import { fmt, ResultList, ResultsRegion, SourceBadge, ToolError, ToolFailure, useCalculation } from '../../kit/results';
import { PairCharts } from './PairCharts';
import { strings } from './i18n';
import { alignByDate, analysePair, csvFailure, isoOfDay, parsePairCsv, type PairAnalysis, type PairData } from './model';
import { inputsAtom, type PairInputs } from './state';

type Shown = PairAnalysis & { data: PairData };

export default function PairTrading() {
  const { t } = useStrings(strings);
  const lang = useLang();
  const [inputs, setInputs] = useAtom(inputsAtom);
  const set = useCallback(<K extends keyof PairInputs>(k: K, v: PairInputs[K]) => setInputs((s) => ({ ...s, [k]: v })), [setInputs]);
  const [imported, setImported] = useState<{ name: string; data: PairData } | null>(null);
  const [importError, setImportError] = useState<unknown>(null);
  const calc = useCalculation<Shown>();

  const catalog = useCatalog();
  const list = useMemo(() => catalog.data?.series ?? [], [catalog.data]);
  const choices = useMemo(
    () => list.map((s) => ({ value: s.id, label: `${shortName(s, lang)} (${s.id})` })),
    [list, lang],
  );
  // Until the user picks, the first two series of the catalogue (whatever it holds).
  const yId = inputs.yId ?? list[0]?.id ?? null;
  const xId = inputs.xId ?? list[1]?.id ?? null;
  const stored = inputs.source === 'stored';
  const ids = stored && yId && xId && yId !== xId ? [yId, xId] : [];
  const history = useHistory(ids);

  const aligned = useMemo(() => {
    if (!stored || !history.data || ids.length !== 2) return null;
    const by = new Map(history.data.series.map((s) => [s.id, s]));
    const side = (id: string) => {
      const s = by.get(id);
      return { dates: s ? Array.from(s.dates, isoOfDay) : [], values: s?.values ?? [] };
    };
    return alignByDate(side(ids[0]), side(ids[1]));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stored, history.data, ids.join('|')]);

  const data: PairData | null = stored ? aligned : imported?.data ?? null;
  const params = { zWindow: inputs.zWindow, entry: inputs.entry, exit: inputs.exit, rollingWindow: inputs.rollingWindow };
  const ready = Object.values(params).every((v) => v !== null);

  const compute = () => {
    if (!data || !ready) return;
    const p = params as { [K in keyof typeof params]: number };
    void calc.run(async () => ({ ...analysePair(data, p), data }));
  };
  useEffect(() => {
    if (stored && yId && xId && yId === xId) calc.fail(new ToolFailure('badInput', undefined, { zh: '请选择两个不同的序列。', en: 'Choose two different series.' }));
    else compute();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, inputs.zWindow, inputs.entry, inputs.exit, inputs.rollingWindow, stored, yId, xId]);

  const onFile = async (f: File) => {
    const parsed = parsePairCsv(await f.text());
    if (!parsed.ok) {
      setImportError(csvFailure(parsed.errors)); // the previous import and its results stay
      return;
    }
    setImportError(null);
    setImported({ name: f.name, data: parsed.data });
    set('source', 'imported');
  };

  const r = calc.result;
  const eg = r?.eg;
  const sources = stored && history.data ? historySources(history.data, history.data.series) : [];
  const fixed = (d: number, signed?: boolean) => fmt.fixed(d, signed);
  const pStr = eg ? eg.pValue.toFixed(4) : '';
  const marketError = stored ? catalog.error ?? history.error : null;

  return (
    <div data-testid="pairTrading">
      <ToolLayout
        title={t('title')}
        meta={sources.map((p, i) => <SourceBadge key={i} provenance={p} />)}
        inputs={
          <>
            <ToolForm onSubmit={compute} columns={2} actions={<ToolActions busy={calc.busy} />}>
              <ChoiceField label={t('source')} name="source" value={inputs.source} onChange={(v) => set('source', v as PairInputs['source'])}
                choices={[{ value: 'stored', label: t('stored') }, { value: 'imported', label: t('imported') }]} />
              <div className="kit-field">
                <label className="kit-field__label" htmlFor="pair-import">{t('import')}</label>
                <input id="pair-import" type="file" accept=".csv,.txt,text/csv" aria-describedby="pair-import-hint"
                  onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) void onFile(f); }} />
                <small id="pair-import-hint" className="kit-md-note">{t('importHint')}</small>
              </div>
              {stored ? (
                <>
                  <SelectField label={t('seriesY')} name="y" value={yId} onChange={(v) => set('yId', v)} choices={choices} />
                  <SelectField label={t('seriesX')} name="x" value={xId} onChange={(v) => set('xId', v)} choices={choices} />
                </>
              ) : null}
              <NumberField label={t('zWindow')} name="zWindow" unit={t('periods')} value={inputs.zWindow} onChange={(v) => set('zWindow', v)} integer min={2} required />
              <NumberField label={t('rollingWindow')} name="rollingWindow" unit={t('periods')} value={inputs.rollingWindow} onChange={(v) => set('rollingWindow', v)} integer min={3} required />
              <NumberField label={t('entry')} name="entry" unit="σ" value={inputs.entry} onChange={(v) => set('entry', v)} min={0} required />
              <NumberField label={t('exit')} name="exit" unit="σ" value={inputs.exit} onChange={(v) => set('exit', v)} min={0} required />
            </ToolForm>
            {importError ? <ToolError error={importError} /> : null}
            {!stored && imported ? (
              <p className="kit-md-note" data-testid="imported-file">
                {t('importedFile', { name: imported.name, n: imported.data.dates.length, from: imported.data.dates[0], to: imported.data.dates.at(-1) })}
              </p>
            ) : null}
            {stored && aligned && (aligned.droppedX || aligned.droppedY) ? <p className="kit-md-note">{t('dropped', { y: aligned.droppedY, x: aligned.droppedX })}</p> : null}
            {stored && history.loading ? <p className="kit-md-note">{t('loading')}</p> : null}
            {marketError ? <p className="kit-md-note" role="alert">{catalog.error ? t('catalogError') : t('historyError')}: {marketError.message}</p> : null}
          </>
        }
        results={
          <ResultsRegion calc={calc}>
            {eg ? (
              <p role="note" className="kit-md-note" data-testid="verdict" data-cointegrated={String(r.cointegrated)}>
                <strong>{r.cointegrated ? t('cointegrated', { p: pStr }) : t('notCointegrated', { p: pStr })}</strong>
                {eg.halfLife === null ? <> {t('noHalfLife')}</> : null}
              </p>
            ) : null}
            <ResultList
              columns={2}
              items={[
                { name: t('hedgeRatio'), value: eg?.beta, format: fixed(6) },
                { name: t('adf'), value: eg?.statistic, format: fixed(4) },
                { name: t('pValue'), value: eg?.pValue, format: fixed(4) },
                { name: t('halfLife'), value: eg?.halfLife, format: fixed(2), unit: `(${t('periods')})` },
                { name: t('zScore'), value: eg?.zScore, format: fixed(3, true) },
                { name: t('crit5'), value: eg?.criticalValues['5%'], format: fixed(4) },
                { name: t('alpha'), value: eg?.alpha, format: fixed(6, true) },
                { name: t('r2'), value: eg?.r2, format: fixed(4) },
                { name: t('usedLag'), value: eg?.usedLag, format: fixed(0) },
                { name: t('points'), value: r?.n, format: fixed(0) },
                { name: t('spreadStd'), value: eg?.spreadStd, format: fmt.sig(6) },
                { name: t('rollingBeta'), value: r?.rolling.at(-1), format: fixed(6) },
                { name: t('kalmanBeta'), value: r?.kalman.at(-1), format: fixed(6) },
                { name: t('totalPnl'), value: r?.bt.totalPnl, format: fmt.sig(6) },
                { name: t('trades'), value: r?.bt.trades, format: fixed(0) },
                { name: t('hitRatio'), value: r?.bt.hitRatio == null ? null : r.bt.hitRatio * 100, format: fmt.percent(1), unit: '(%)' },
                { name: t('maxDd'), value: r?.bt.maxDrawdown, format: fmt.sig(6) },
                { name: t('openPos'), value: r ? (r.bt.openPosition > 0 ? t('long') : r.bt.openPosition < 0 ? t('short') : t('flat')) : null, format: fmt.text },
                { name: t('period'), value: r ? `${r.data.dates[0]} – ${r.data.dates.at(-1)}` : null, format: fmt.text },
              ]}
            />
            <p className="kit-md-note">{t('rules')}</p>
          </ResultsRegion>
        }
        charts={r && inputs.entry !== null && inputs.exit !== null ? <PairCharts shown={r} entry={inputs.entry} exit={inputs.exit} /> : <Panel title={t('spreadChart')}>{null}</Panel>}
      />
    </div>
  );
}

// /exchangeSpread (not kept alive): onshore USD/CNY against offshore USD/CNH, live: spot and,
// for up to 5 terms (SPEC), swap points, their spread, the implied CNY and CNH yields and the
// yield spread; history of the spreads; saved by name and shared by `?exchangeSpreadShare=`.
import { useAtom } from 'jotai';
import { useMemo, useState } from 'react';
import { ChartConfigBuilder, UPlotChart } from '../../kit/charts';
import { SelectField } from '../../kit/fields';
import { TradeDayNote, useTradeDay } from '../../kit/dates';
import { useOperationGate } from '../../app/operation-gate';
import { useStrings } from '../../kit/i18n';
import { Panel, ToolLayout } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { useFxMarket, useHistory, useLatest } from '../../kit/market-data';
import { commonProvenance, notRealKinds } from '../../kit/market-data/figures';
import { firstMarketFailure } from '../../kit/market-data/failure';
import { fmt, ResultList, ResultsRegion, ResultTable, SourceBadge } from '../../kit/results';
import { SavedItemsPanel, SharedItemNotice, useSharedItem } from '../../kit/share';
import { marketCurves } from '../forexFarSwapCalculator/fx-shared';
import { strings } from './i18n';
import { addTerm, liveCurves, OFFSHORE, ONSHORE, seriesIds, spreadHistory, spreadRows } from './model';
import { inputsAtom, TERMS, type SpreadInputs } from './state';
import './style.css';

type Term = SpreadInputs['terms'][number];

export default function ExchangeSpread() {
  const { t } = useStrings(strings);
  const lang = useLang();
  const [inputs, setInputs] = useAtom(inputsAtom);
  const [pick, setPick] = useState<Term>('6M');
  const [refusal, setRefusal] = useState<'max' | 'duplicate' | null>(null);
  // Terms run from the next USD/CNY value day when today is not one.
  const tradeDay = useTradeDay(['USD', 'CNY']);
  const today = tradeDay.date;
  const shared = useSharedItem<SpreadInputs>('exchangeSpread', { spec: inputsAtom.spec, onItem: (p) => { setInputs(p); setRefusal(null); } });

  const ids = useMemo(() => seriesIds(inputs.terms), [inputs.terms]);
  const latest = useLatest(ids);
  const history = useHistory(ids);
  const on = useFxMarket(ONSHORE);
  const off = useFxMarket(OFFSHORE);
  const onBase = useMemo(() => (on.data ? marketCurves(on.data, today) : null), [on.data, today]);
  const offBase = useMemo(() => (off.data ? marketCurves(off.data, today) : null), [off.data, today]);
  const onC = useMemo(() => liveCurves(onBase, ONSHORE, latest.values), [onBase, latest.values]);
  const offC = useMemo(() => liveCurves(offBase, OFFSHORE, latest.values), [offBase, latest.values]);
  const rows = useMemo(() => spreadRows(inputs.terms, onC, offC, today), [inputs.terms, onC, offC, today]);
  const provenance = commonProvenance(ids.map((id) => latest.values.get(id)));

  const gate = useOperationGate();
  const add = () => {
    const r = addTerm(inputs, pick);
    // Adding data is a counted operation (SPEC operation-count gate); a refused term is not.
    if (!r.refused && !gate.check()) return;
    setRefusal(r.refused);
    if (!r.refused) setInputs({ terms: r.terms });
  };
  const remove = (term: Term) => {
    setRefusal(null);
    setInputs({ terms: inputs.terms.filter((x) => x !== term) });
  };

  const sCny = latest.values.get(`fx.${ONSHORE}`)?.value ?? null;
  const sCnh = latest.values.get(`fx.${OFFSHORE}`)?.value ?? null;
  const config = useMemo(() => {
    // Spot spread (pips, wide swings) on its own right-hand axis so the term spreads stay readable.
    const b = new ChartConfigBuilder('time', lang)
      .addSeries({ label: t('spotSpreadLine'), format: fmt.fixed(1), scale: 'spot', dash: [4, 3] })
      .addAxis({ scale: 'y', side: 'left', label: t('pointsAxis'), format: fmt.fixed(0) })
      .addAxis({ scale: 'spot', side: 'right', label: t('spotSpreadLine'), format: fmt.fixed(0) });
    for (const term of inputs.terms) b.addSeries({ label: t('termLine', { term }), format: fmt.fixed(2) });
    return b.build();
  }, [lang, t, inputs.terms]);
  const data = useMemo(() => (history.data ? spreadHistory(inputs.terms, history.data) : null), [history.data, inputs.terms]);
  const notReal = useMemo(() => notRealKinds(history.data, latest.values.values()), [history.data, latest.values]);
  // Either leg failing is shown, the offshore one too.
  const error = firstMarketFailure(history.error, on.error, off.error);

  return (
    <div data-testid="exchange-spread">
      <ToolLayout
        variant="stacked"
        title={t('title')}
        meta={<SourceBadge provenance={provenance} />}
        inputs={
          <>
            <SharedItemNotice state={shared} />
            <TradeDayNote day={tradeDay} />
            <fieldset className="es-terms">
              <legend>{t('terms')}</legend>
              <ul className="es-terms__list" data-testid="spread-terms">
                {inputs.terms.map((term) => (
                  <li key={term}>
                    <span>{term}</span>
                    <button type="button" aria-label={t('remove', { term })} onClick={() => remove(term)}>×</button>
                  </li>
                ))}
              </ul>
              <SelectField label={t('addTerm')} name="term" value={pick} onChange={(v) => v && setPick(v as Term)} choices={TERMS.map((x) => ({ value: x, label: x }))} />
              <button type="button" className="es-terms__add" onClick={add} data-testid="add-term">{t('add')}</button>
              {refusal ? <p role="alert" className="es-terms__error" data-testid="terms-error">{refusal === 'max' ? t('translation:errors.spreadTermsMax') : t('duplicate')}</p> : null}
            </fieldset>
            <Panel title={t('saved')}>
              <SavedItemsPanel<SpreadInputs> tool="exchangeSpread" spec={inputsAtom.spec} version={inputsAtom.spec.version} current={() => inputs} onLoad={(p) => setInputs(p)} />
            </Panel>
          </>
        }
        results={
          <ResultsRegion busy={latest.loading || on.loading || off.loading} error={error} aside={<SourceBadge provenance={provenance} />}>
            <ResultList
              columns={3}
              items={[
                { name: t('onshoreSpot'), value: sCny, format: fmt.fixed(4), live: true },
                { name: t('offshoreSpot'), value: sCnh, format: fmt.fixed(4), live: true },
                { name: t('spotSpread'), value: sCny !== null && sCnh !== null ? (sCnh - sCny) * 10000 : null, format: fmt.fixed(1, true), unit: '(pips)', live: true },
              ]}
            />
            <ResultTable
              caption={t('table')}
              exportName="cny-cnh-spread"
              rowKey={(r) => r.term}
              rows={rows}
              columns={[
                { key: 'term', header: t('term'), value: (r) => r.term, format: fmt.text, rowHeader: true },
                { key: 'end', header: t('endDate'), value: (r) => r.endDate, format: fmt.date },
                { key: 'on', header: t('onshore'), value: (r) => r.onshore, format: fmt.fixed(2, true) },
                { key: 'off', header: t('offshore'), value: (r) => r.offshore, format: fmt.fixed(2, true) },
                { key: 'spread', header: t('spread'), value: (r) => r.spread, format: fmt.fixed(2, true) },
                { key: 'cny', header: `${t('cny')} (%)`, value: (r) => r.cny, format: fmt.fixed(4) },
                { key: 'cnh', header: `${t('cnh')} (%)`, value: (r) => r.cnh, format: fmt.fixed(4) },
                { key: 'ys', header: `${t('yieldSpread')} (bp)`, value: (r) => r.yieldSpread, format: fmt.fixed(1, true) },
              ]}
            />
            <p className="kit-md-note">{t('note')}</p>
          </ResultsRegion>
        }
        charts={
          <Panel title={t('history')} actions={<SourceBadge provenance={provenance} />}>
            {data && data[0].length ? <UPlotChart config={config} data={data} label={t('history')} height={280} /> : null}
            {notReal.length ? <p className="kit-md-note" data-testid="spread-not-real">{t('notReal', { kinds: notReal.map((k) => t(`kinds.${k}`)).join(lang === 'zh' ? '、' : ' / ') })}</p> : null}
          </Panel>
        }
      />
    </div>
  );
}

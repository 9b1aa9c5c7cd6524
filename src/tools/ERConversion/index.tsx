// /ERConversion (public): convert an amount between any two currencies at the CNY central
// parity, with the rate, its date and the path taken (model.ts says the rule). Live: a new
// central parity (an import) re-converts at once; with a fixing date, that date's parities.
import { useAtom } from 'jotai';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { AmountField, CurrencyField, TenorDateField, type TenorOrDate } from '../../kit/fields';
import { useStrings } from '../../kit/i18n';
import { Panel, ToolActions, ToolForm, ToolLayout } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { useCatalog, useLatest, useMarketRequest, type LatestReply, type Observation } from '../../kit/market-data';
import { bothLanguages, firstMarketFailure } from '../../kit/market-data/failure';
import { deskToday, commonProvenance } from '../../kit/market-data/figures';
import { pairName } from '../../kit/market-data/names';
import { minorUnits } from '../../kit/format/number';
import { fmt, formatFixed, formatValue, LiveValue, ResultList, ResultsRegion, ResultTable, SourceBadge, ToolFailure, type ValueFormat } from '../../kit/results';
import { strings } from './i18n';
import { convert, crossTable, currenciesOf, paritiesOf, paritySeriesOf, type Conversion, type ConversionError, type Leg } from './model';
import { inputsAtom } from './state';
import './style.css';

function errorWords(e: ConversionError) {
  switch (e.code) {
    case 'noAmount': return bothLanguages(strings, 'errors.noAmount');
    case 'noCurrency': return bothLanguages(strings, e.which === 'from' ? 'errors.noCurrencyFrom' : 'errors.noCurrencyTo');
    case 'noParity': return bothLanguages(strings, 'errors.noParity', { ccy: e.ccy });
    case 'noData': return bothLanguages(strings, 'errors.noData');
  }
}

/** Rates to 6 decimals; below 0.01 (JPY crosses) 6 significant digits. Copy gives the full value. */
function rateFormat(v: number | null | undefined): ValueFormat {
  return typeof v === 'number' && Math.abs(v) < 0.01 ? fmt.sig(6) : fmt.fixed(6);
}

export default function ERConversion() {
  const { t } = useStrings(strings);
  const lang = useLang();
  const [inputs, setInputs] = useAtom(inputsAtom);
  const [attempted, setAttempted] = useState(false);
  const today = useMemo(() => deskToday(), []);

  // The central parity series the server has (public), then their figures: live for the
  // latest, or as of the chosen fixing date.
  const catalog = useCatalog({ prefix: 'fxfix.CP.' });
  const series = useMemo(() => paritySeriesOf(catalog.data?.series ?? []), [catalog.data]);
  const ids = useMemo(() => series.map((s) => s.id), [series]);
  const date = inputs.date;
  const futureDate = date !== null && date > today;
  const live = useLatest(date ? [] : ids);
  const dated = useMarketRequest<LatestReply>(date && !futureDate && ids.length ? `cp#${date}#${ids.join('|')}` : null, (c) => c.latest(ids, { asOf: date! }));
  const fixings = useMemo<ReadonlyMap<string, Observation>>(
    () => (date ? new Map((dated.data?.values ?? []).map((o) => [o.id, o])) : live.values),
    [date, dated.data, live.values],
  );
  const parities = useMemo(() => paritiesOf(series, fixings), [series, fixings]);
  const loading = catalog.loading || (date ? dated.loading : ids.length > 0 && live.loading && parities.size === 0);
  const outcome = useMemo(() => convert(inputs, parities), [inputs, parities]);
  const result: Conversion | null = outcome.ok ? outcome.value : null;

  // Errors: market data failures always; missing inputs once the user asked (Enter/Convert);
  // a currency without a parity as soon as it is chosen.
  const failure = useMemo(() => {
    const market = firstMarketFailure(catalog.error, dated.error);
    if (market) return market;
    if (futureDate) return new ToolFailure('badInput', undefined, bothLanguages(strings, 'errors.futureDate'));
    if (outcome.ok || loading) return null;
    if (outcome.error.code === 'noData' && date && dated.data) return new ToolFailure('badInput', undefined, bothLanguages(strings, 'errors.noDataOn', { date }));
    if (outcome.error.code === 'noParity' || outcome.error.code === 'noData' || attempted) return new ToolFailure('badInput', undefined, errorWords(outcome.error));
    return null;
  }, [catalog.error, dated.error, dated.data, date, futureDate, outcome, loading, attempted]);

  const currencies = useMemo(() => currenciesOf(parities), [parities]);
  const provenance = useMemo(() => commonProvenance(result ? result.legs.map((l) => l.fixing) : [...fixings.values()]), [result, fixings]);
  const cross = useMemo(() => (result && inputs.from && inputs.amount !== null ? crossTable(inputs.from, inputs.amount, parities) : []), [result, inputs.from, inputs.amount, parities]);

  const set = (patch: Partial<typeof inputs>) => setInputs((prev) => ({ ...prev, ...patch }));
  const toDecimals = result ? minorUnits(result.to) : 2;
  // Live values flash when the market moves them, not when the user changes the question:
  // a new question remounts them (the key).
  const question = `${inputs.from}|${inputs.to}|${inputs.amount}|${date ?? ''}`;
  const items = [
    { key: `converted|${question}`, name: t('converted'), value: result?.converted ?? null, format: fmt.amount(result?.to, toDecimals), unit: result ? `(${result.to})` : undefined, live: !date },
    { key: `rate|${question}`, name: t('rate'), value: result?.rate ?? null, format: rateFormat(result?.rate), live: !date, note: result ? t('rateNote', { from: result.from, to: result.to, rate: formatValue(result.rate, rateFormat(result.rate), lang) }) : undefined },
    { name: t('asOf'), value: result?.asOf || null, format: fmt.date },
    { name: t('inverse'), value: result?.inverse ?? null, format: rateFormat(result?.inverse) },
  ];

  return (
    <div className="erc" data-testid="er-conversion">
      <ToolLayout
        title={t('title')}
        meta={
<Link className="erc__link" to={lang === 'en' ? '/rateEn' : '/rate'}>{t('toRates')}</Link>
        }
        inputs={
          <ToolForm onSubmit={() => setAttempted(true)} columns={2} actions={<ToolActions priceLabel={t('convert')} />}>
            <CurrencyField label={t('from')} name="from" value={inputs.from} currencies={currencies} required onChange={(v) => set({ from: v })} />
            <div className="erc__to">
              <CurrencyField label={t('to')} name="to" value={inputs.to} currencies={currencies} required onChange={(v) => set({ to: v })} />
              <button type="button" className="btn erc__swap" aria-label={t('swap')} title={t('swap')} onClick={() => set({ from: inputs.to, to: inputs.from })}>⇄</button>
            </div>
            <AmountField label={t('amount')} name="amount" currency={inputs.from ?? undefined} value={inputs.amount} min={0} required onChange={(v) => set({ amount: v })} />
            <TenorDateField
              label={t('date')}
              name="date"
              dateOnly
              today={today}
              hint={t('dateHint')}
              value={date ? ({ kind: 'date', date } as TenorOrDate) : null}
              onChange={(v) => set({ date: v && v.kind === 'date' ? v.date : null })}
            />
          </ToolForm>
        }
        results={
          <ResultsRegion busy={loading} error={failure} aside={<SourceBadge provenance={provenance} />}>
            <ResultList items={items} columns={1} />
            {result && result.legs.length ? <PathView result={result} /> : null}
          </ResultsRegion>
        }
        charts={
          result && cross.length ? (
            <Panel title={t('cross', { amount: formatFixed(result.amount, minorUnits(result.from), lang), from: result.from })}>
              <ResultTable
                caption={t('cross', { amount: formatFixed(result.amount, minorUnits(result.from), lang), from: result.from })}
                hideCaption
                sortable
                exportName={`ERConversion-${result.from}`}
                rows={cross}
                rowKey={(r) => `${question}|${r.ccy}`}
                columns={[
                  { key: 'ccy', header: t('ccy'), value: (r) => r.ccy, rowHeader: true, format: fmt.text },
                  { key: 'rate', header: t('crossRate'), value: (r) => r.rate, format: fmt.fixed(6), render: (r) => <LiveValue value={r.rate} format={rateFormat(r.rate)} bare /> },
                  { key: 'amount', header: t('crossAmount'), value: (r) => r.converted, format: fmt.fixed(2), render: (r) => <LiveValue value={r.converted} format={fmt.fixed(minorUnits(r.ccy))} bare /> },
                  { key: 'inverse', header: t('crossInverse'), value: (r) => r.inverse, format: fmt.fixed(6), render: (r) => formatValue(r.inverse, rateFormat(r.inverse), lang) },
                  { key: 'asOf', header: t('crossAsOf'), value: (r) => r.asOf, format: fmt.date },
                ]}
              />
            </Panel>
          ) : null
        }
      />
    </div>
  );
}

/** The legs of the conversion: which fixing, of which date, multiplied or divided. */
function PathView({ result }: { result: Conversion }) {
  const { t } = useStrings(strings);
  const lang = useLang();
  const leg = (l: Leg) => {
    // Per unit of the currency (a JPY parity is quoted per 100 JPY: 4.6489 -> 0.046489).
    const unitQuote = l.quoted / l.per;
    const shown = l.per === 1 ? formatFixed(unitQuote, 4, lang) : formatValue(unitQuote, fmt.sig(6), lang);
    const fixing = t('legFixing', { pair: pairName(l.series.pair, l.series.per) });
    return (
      <li key={l.series.id} className="erc__leg" data-fixing={l.series.id}>
        <span className="erc__leg-ccy">{l.from} → {l.to}</span>
        <span className="erc__leg-op" data-value={String(unitQuote)}>{t(l.op === 'multiply' ? 'legMultiply' : 'legDivide', { quoted: shown })}</span>
        <span className="erc__leg-src">
          {fixing}
          {l.per !== 1 ? ` ${formatFixed(l.quoted, 4, lang)}` : ''} · {l.fixing.date}
        </span>
      </li>
    );
  };
  return (
    <div className="erc__path" aria-label={t('path')}>
      <h3 className="erc__path-title">{t('path')}</h3>
      <ol className="erc__legs">{result.legs.map(leg)}</ol>
      {result.datesDiffer ? <p className="erc__warn">{t('datesDiffer', { date: result.asOf })}</p> : null}
      <p className="erc__rule">{t('pathRule')}</p>
    </div>
  );
}

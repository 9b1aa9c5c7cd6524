// /bankRate: central bank policy rates (PBOC, Fed, ECB, BoE, BoJ, as the data has them) and the
// LPR: level (live: an imported announcement flashes in), last change date, move, how long it
// has held, the cited source; a step chart of their history; the sources with links; and the
// import drop area to add a new announcement. model.ts: rows and citations.
import { useAtom } from 'jotai';
import { useMemo } from 'react';
import { useStrings } from '../../kit/i18n';
import { Panel } from '../../kit/layout';
import { useLang } from '../../kit/locale';
import { useCatalog, type HistorySeries, type Observation } from '../../kit/market-data';
import { firstMarketFailure } from '../../kit/market-data/failure';
import { deskToday, commonProvenance } from '../../kit/market-data/figures';
import { HistoryChart } from '../../kit/market-data/HistoryChart';
import { ReferenceScreen, useImportRev } from '../../kit/market-data/ReferenceScreen';
import { SourceCell } from '../../kit/market-data/SourceCell';
import { useFigures } from '../../kit/market-data/use-figures';
import { fmt, formatValue, LiveValue, ResultTable, SourceBadge } from '../../kit/results';
import { strings } from './i18n';
import { bankName, citations, lineLabel, policyRows, policySeries, rateName, type PolicyRow } from './model';
import { viewAtom } from './state';
import './style.css';

export default function BankRate() {
  const { t } = useStrings(strings);
  const lang = useLang();
  const [view, setView] = useAtom(viewAtom);
  const { rev, onImported } = useImportRev();
  const today = useMemo(() => deskToday(), []);

  const policy = useCatalog({ prefix: 'policy.' });
  const lpr = useCatalog({ prefix: 'rate.LPR.' });
  const series = useMemo(() => policySeries([...(policy.data?.series ?? []), ...(lpr.data?.series ?? [])]), [policy.data, lpr.data]);
  const ids = useMemo(() => series.map((s) => s.id), [series]);
  // Published series hold one figure per change: the whole history finds the last move.
  const figs = useFigures(ids, { lookbackDays: Infinity, rev });
  const rows = useMemo(() => {
    const latest = new Map<string, Observation>();
    for (const [id, f] of figs.figures) if (f.latest) latest.set(id, f.latest);
    const history = new Map<string, HistorySeries>((figs.history?.series ?? []).map((s) => [s.id, s]));
    return policyRows(series, latest, history, today);
  }, [series, figs.figures, figs.history, today]);
  const cites = useMemo(() => citations(rows), [rows]);
  const provenance = useMemo(() => commonProvenance(rows.map((r) => r.latest)), [rows]);
  const lines = useMemo(() => series.map((s) => ({ id: s.id, label: lineLabel(s, lang) })), [series, lang]);
  const error = firstMarketFailure(policy.error, lpr.error, figs.error);
  const signed = (v: number | null) => (v === null ? t('noMove') : formatValue(v, fmt.fixed(0, true), lang));

  return (
    <ReferenceScreen
      testId="bank-rate"
      title={t('title')}
      onImported={onImported}
      busy={policy.loading || lpr.loading || figs.loading}
      error={error}
      charts={
        <>
          <Panel title={t('history')} className="bankrate__chart">
            {lines.length ? <HistoryChart label={t('chartLabel')} lines={lines} range={view.range} onRange={(r) => setView({ range: r })} format={fmt.fixed(2)} step sources={false} rev={rev} height={320} /> : null}
          </Panel>
          <Panel title={t('sources')} className="bankrate__sources">
            <ul className="bankrate__cites">
              {cites.map((c) => (
                <li key={`${c.source}|${c.url ?? ''}`}>
                  {c.url ? <a href={c.url} target="_blank" rel="noopener noreferrer">{c.source}</a> : <span>{c.source}</span>}
                  <span className="bankrate__cite-ids">{c.ids.map((id) => rateName(series.find((s) => s.id === id)!, lang)).join('、')}</span>
                  {c.lastDate ? <span className="bankrate__cite-date">{t('lastKnown', { date: c.lastDate })}</span> : null}
                </li>
              ))}
            </ul>
            <p className="kit-md-note">{t('caveat')}</p>
          </Panel>
        </>
      }
    >
      <Panel title={t('table')} actions={<SourceBadge provenance={provenance} />}>
        <ResultTable<PolicyRow>
          caption={t('table')}
          hideCaption
          sortable
          exportName="central-bank-rates"
          rows={rows}
          rowKey={(r) => r.id}
          columns={[
            { key: 'bank', header: t('bank'), value: (r) => bankName(r.bank, lang), rowHeader: true, format: fmt.text },
            { key: 'rate', header: t('rate'), value: (r) => rateName(r.info, lang), format: fmt.text },
            { key: 'level', header: t('level'), value: (r) => r.level, format: fmt.fixed(2), render: (r) => <LiveValue value={r.level} format={fmt.fixed(2)} bare /> },
            { key: 'since', header: t('since'), value: (r) => r.since, format: fmt.date },
            { key: 'move', header: t('move'), value: (r) => r.moveBp, format: fmt.fixed(0, true), render: (r) => <span className={r.moveBp === null || r.moveBp === 0 ? undefined : r.moveBp > 0 ? 'kit-md-up' : 'kit-md-down'}>{signed(r.moveBp)}</span> },
            { key: 'previous', header: t('previous'), value: (r) => r.previous, format: fmt.fixed(2) },
            { key: 'held', header: t('held'), value: (r) => r.heldDays, format: fmt.fixed(0) },
            { key: 'source', header: t('source'), value: (r) => r.latest?.source ?? r.info.source, format: fmt.text, render: (r) => <SourceCell provenance={r.latest} url={r.latest?.sourceKind === 'published' ? r.info.sourceUrl : undefined} /> },
          ]}
        />
      </Panel>
    </ReferenceScreen>
  );
}

// The market-data import drop area of the market screens: drop (or choose) a CSV, XLSX or
// JSON file, it goes to MarketDataSvr MD.IMPORT (useMarketImport), and the outcome is said
// in the user's language: the rows stored, or every bad row with its line, column and
// reason (the server stored nothing), or why the upload failed. The server decides the
// format by content (docs/market-data.md); the chooser's `accept` only narrows the dialog.
import { useEffect, useRef } from 'react';
import { useStrings } from '../i18n';
import { FileDrop } from '../layout/FileDrop';
import { useLang } from '../locale';
import { MAX_IMPORT_BYTES, useMarketImport, type ImportState } from './hooks';
import { marketErrorText } from './label';
import { marketDataStrings } from './ui-strings';
import './market-data.css';

export interface MarketImportProps {
  /** Called after a successful import (e.g. to reload history the screen shows). */
  onImported?: (result: Extract<ImportState, { phase: 'done' }>['result']) => void;
  /** Without its own panel frame (inside a panel already). */
  bare?: boolean;
  className?: string;
}

export function MarketImport({ onImported, bare, className }: MarketImportProps) {
  const { t } = useStrings(marketDataStrings);
  const lang = useLang();
  const { state, run } = useMarketImport();
  const reported = useRef<ImportState | null>(null);
  useEffect(() => {
    if (state.phase !== 'done' || reported.current === state) return;
    reported.current = state;
    onImported?.(state.result);
  }, [state, onImported]);

  return (
    <section className={`kit-md-import${bare ? ' kit-md-import--bare' : ''}${className ? ` ${className}` : ''}`} aria-label={t('import.title')} data-import-phase={state.phase}>
      <div className="kit-md-import__head">
        <h2 className="kit-md-import__title">{t('import.title')}</h2>
        <span className="kit-md-import__hint">{t('import.hint')}</span>
      </div>
      <FileDrop compact types={t('import.types')} accept=".csv,.tsv,.txt,.xlsx,.json" maxBytes={MAX_IMPORT_BYTES} label={t('import.choose')} disabled={state.phase === 'uploading'} onFile={(f) => void run(f)}>
        <span className="kit-md-import__shared">{t('import.shared')}</span>
      </FileDrop>
      <ImportOutcome state={state} lang={lang} />
    </section>
  );
}

function ImportOutcome({ state, lang }: { state: ImportState; lang: 'zh' | 'en' }) {
  const { t } = useStrings(marketDataStrings);
  switch (state.phase) {
    case 'idle':
      return null;
    case 'uploading':
      return <p className="kit-md-import__status" role="status">{t('import.uploading', { file: state.fileName })}</p>;
    case 'done':
      return (
        <p className="kit-md-import__status kit-md-import__status--ok" role="status">
          {t('import.done', { file: state.fileName, rows: state.result.rows, unchanged: state.result.unchanged, series: state.result.series.length })}
        </p>
      );
    case 'failed':
      return <p className="kit-md-import__status kit-md-import__status--bad" role="alert">{t('import.failed', { file: state.fileName, message: marketErrorText(state.error as { code?: string; message?: string }, lang) })}</p>;
    case 'rejected':
      return (
        <div className="kit-md-import__rejected" role="alert">
          <p className="kit-md-import__status kit-md-import__status--bad">{t('import.rejected', { file: state.fileName, count: state.errors.length })}</p>
          <div className="kit-md-import__errors">
            <table className="kit-rt">
              <caption className="kit-sr">{t('import.errorsCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('import.line')}</th>
                  <th scope="col">{t('import.column')}</th>
                  <th scope="col">{t('import.reason')}</th>
                  <th scope="col">{t('import.detail')}</th>
                </tr>
              </thead>
              <tbody>
                {state.errors.map((e, i) => (
                  <tr key={`${e.line}-${e.column ?? ''}-${i}`} data-line={e.line} data-code={e.code}>
                    <th scope="row">{e.line > 0 ? t('import.lineN', { line: e.line }) : t('import.whole')}</th>
                    <td>{e.column ?? '—'}</td>
                    <td>{lang === 'en' ? e.en : e.zh}</td>
                    <td className="kit-md-import__detail">{e.detail ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      );
  }
}

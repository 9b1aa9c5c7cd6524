// /downLoad (public): the spreadsheet add-in page. The release figures are SPEC section 9's;
// no installer is published on this server, so the download says it is not available yet
// rather than serving a file. A Python version check helps before installing.
import { useState } from 'react';
import { useStrings } from '../../kit/i18n';
import { Panel, ToolActions, ToolForm, ToolLayout } from '../../kit/layout';
import { ResultsRegion, ToolFailure } from '../../kit/results';
import { describedBy, enterCommits, FieldFrame, useCommit, useFieldIds } from '../../kit/fields/field-core';
import { downloadStrings } from './i18n';
import { ADDIN_RELEASE, checkPython, type PythonCheck } from './model';
import '../../kit/fields/fields.css';
import './download.css';

export default function DownloadPage() {
  const { t } = useStrings(downloadStrings);
  const r = ADDIN_RELEASE;
  const [text, setText] = useState('');
  const [check, setCheck] = useState<PythonCheck | null>(null);
  const run = () => setCheck(checkPython(text));
  const fixed = (key: string, o: Record<string, string> = {}) => ({ zh: t(key, { ...o, lng: 'zh' }), en: t(key, { ...o, lng: 'en' }) });
  const failure = check === null || check.kind === 'ok' ? null
    : check.kind === 'unreadable' ? new ToolFailure('badInput', undefined, fixed('unreadable'))
      : new ToolFailure('badInput', undefined, fixed('mismatch', { version: check.version, required: check.required }));
  const figures: Array<[string, string, string]> = [
    ['version', t('version'), r.version],
    ['kernel', t('kernel'), r.kernel],
    ['released', t('released'), r.released],
    ['python', t('python'), t('pythonValue', { version: r.python })],
  ];
  return (
    <div className="dl" data-testid="download-page">
      <ToolLayout
        title={t('title')}
        variant="stacked"
      >
        <Panel className="dl-main">
          <div className="dl-top">
            <p className="dl-intro">{t('intro')}</p>
            <section aria-label={t('release')}>
              <h2 className="dl-h">{t('release')}</h2>
              <dl className="dl-figures">
                {figures.map(([key, name, value]) => (
                  <div key={key} className="dl-figure" data-testid={`addin-${key}`}>
                    <dt>{name}</dt>
                    <dd data-value={key === 'python' ? r.python : value}>{value}</dd>
                  </div>
                ))}
              </dl>
            </section>
            <div className="dl-download">
              <button type="button" className="btn btn--primary dl-download__btn" disabled aria-describedby="dl-not-available">
                {t('download', { version: r.version })}
              </button>
              <p id="dl-not-available" className="dl-download__note" role="status" data-testid="download-not-available">{t('notAvailable')}</p>
            </div>
          </div>
        </Panel>
        <div className="dl-pair">
          <Panel title={t('steps')}>
            <ol className="dl-steps">
              {[1, 2, 3, 4, 5].map((n) => (
                <li key={n}>{t(`step${n}`, { python: r.python, version: r.version, kernel: r.kernel })}</li>
              ))}
            </ol>
          </Panel>
          <Panel title={t('check')}>
            <ToolForm onSubmit={run} columns={1} actions={<ToolActions priceLabel={t('checkButton')} />}>
              <PythonField label={t('checkLabel')} hint={t('checkHint')} value={text} onChange={setText} />
            </ToolForm>
            <ResultsRegion error={failure}>
              {check?.kind === 'ok' ? (
                <p className="dl-ok" aria-label={t('detected')} data-value={check.version}>{t('ok', { version: check.version })}</p>
              ) : null}
            </ResultsRegion>
          </Panel>
        </div>
      </ToolLayout>
    </div>
  );
}

function PythonField(p: { label: string; hint: string; value: string; onChange: (v: string) => void }) {
  const ids = useFieldIds();
  const commit = useCommit();
  return (
    <FieldFrame {...ids} label={p.label} hint={p.hint} error={null}>
      <input id={ids.inputId} className="kit-input" type="text" autoComplete="off" spellCheck={false} placeholder="Python 3.9.7"
        value={p.value} aria-describedby={describedBy(ids, p.hint, null)}
        onChange={(e) => p.onChange(e.target.value)} onKeyDown={enterCommits(() => undefined, commit)} />
    </FieldFrame>
  );
}

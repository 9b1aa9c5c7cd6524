// The payoff-language editor: a plain textarea with a line-number gutter (error lines
// marked), a text/JSON switch and the diagnostics list; clicking a diagnostic puts the
// cursor on its line and column. The text is the source of truth (package-text.ts).
import { useMemo, useRef, type UIEvent } from 'react';
import { formatDiagnostic, type Diagnostic } from '../../pricing-core/instruments/structured/diagnostics';
import { useStrings } from '../../kit/i18n';
import { useLang } from '../../kit/locale';
import { strings } from './i18n';
import { offsetOf, type SourceForm } from './package-text';

export interface PayoffEditorProps {
  src: string;
  onChange(src: string): void;
  diagnostics: readonly Diagnostic[];
  form: SourceForm;
  /** Switches the view (only when the source parses). */
  onForm?(to: SourceForm): void;
}

const LINE_H = 20;

export function PayoffEditor({ src, onChange, diagnostics, form, onForm }: PayoffEditorProps) {
  const { t } = useStrings(strings);
  const lang = useLang();
  const area = useRef<HTMLTextAreaElement>(null);
  const gutter = useRef<HTMLDivElement>(null);
  const lineCount = useMemo(() => src.split('\n').length, [src]);
  const errorLines = useMemo(() => new Set(diagnostics.filter((d) => d.severity === 'error' && d.line).map((d) => d.line!)), [diagnostics]);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;

  const syncScroll = (e: UIEvent<HTMLTextAreaElement>) => {
    if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
  };

  const goTo = (d: Diagnostic) => {
    const el = area.current;
    if (!el || !d.line) return;
    const off = offsetOf(src, d.line, d.column ?? 1);
    el.focus();
    el.setSelectionRange(off, off);
    // Bring the line into view (the textarea scrolls by itself only while typing).
    const top = (d.line - 1) * LINE_H;
    if (top < el.scrollTop || top > el.scrollTop + el.clientHeight - LINE_H * 2) el.scrollTop = Math.max(0, top - el.clientHeight / 3);
  };

  return (
    <div className="sp-editor">
      <div className="sp-editor__bar">
        <div role="group" aria-label={t('editor.title')} className="sp-seg">
          {(['text', 'json'] as const).map((f) => (
            <button key={f} type="button" className={`btn btn--sm${form === f ? ' is-on' : ''}`} aria-pressed={form === f} disabled={!onForm || form === f} onClick={() => onForm?.(f)}>
              {t(`editor.${f}`)}
            </button>
          ))}
        </div>
        <span className={`sp-editor__count${errors ? ' is-bad' : ''}`} data-testid="diagnostic-count">
          {errors ? t('editor.errorsCount', { n: errors }) : t('editor.noDiagnostics')}
        </span>
      </div>
      <div className="sp-editor__body">
        <div className="sp-editor__gutter" ref={gutter} aria-hidden="true">
          {Array.from({ length: lineCount }, (_, i) => (
            <div key={i} className={errorLines.has(i + 1) ? 'is-bad' : undefined}>{i + 1}</div>
          ))}
        </div>
        <textarea
          ref={area}
          className="sp-editor__text"
          aria-label={t('editor.label')}
          data-testid="package-text"
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          wrap="off"
          value={src}
          rows={Math.min(32, Math.max(14, lineCount + 1))}
          onScroll={syncScroll}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={errors > 0 || undefined}
          aria-describedby="sp-diagnostics"
        />
      </div>
      <div id="sp-diagnostics" className="sp-editor__diags" aria-label={t('editor.diagnostics')}>
        {diagnostics.length ? (
          <ul data-testid="diagnostics">
            {diagnostics.map((d, i) => (
              <li key={i} className={d.severity === 'error' ? 'is-bad' : 'is-warn'}>
                <button type="button" className="sp-diag" onClick={() => goTo(d)} data-line={d.line} data-code={d.code}>
                  <span className="sp-diag__at">{d.line ? t('editor.at', { line: d.line, column: d.column ?? 1 }) : d.path ? t('editor.atPath', { path: d.path }) : ''}</span>
                  {d.severity === 'warning' ? <span className="sp-diag__warn">{t('editor.warning')}</span> : null}
                  <span className="sp-diag__msg">{formatDiagnostic(d, lang)}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <p className="sp-note">{t('editor.commentsNote')}</p>
    </div>
  );
}

// One frame for every tool screen: title and source line, an inputs panel (a form whose
// Enter and Price button run the tool's compute), actions, the Results region, and charts.
// Desktop: inputs beside results, charts below; tablet and narrow: one column.
import { useCallback, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { FormContext, type FormContextValue } from '../fields/field-core';
import { FieldProblems, FieldProblemsContext } from '../fields/problems';
import { useStrings } from '../i18n';
import { kitStrings } from '../strings';
import './layout.css';

export interface ToolLayoutProps {
  title: ReactNode;
  /** Right of the title: the SourceBadge of the market data in use, a live status... */
  meta?: ReactNode;
  /** The inputs panel (usually a ToolForm). */
  inputs?: ReactNode;
  /** The results (usually a ResultsRegion). */
  results?: ReactNode;
  /** Charts and large tables under both. */
  charts?: ReactNode;
  /** `split` (inputs beside results, default) or `stacked` (grids, monitors). */
  variant?: 'split' | 'stacked';
  className?: string;
  children?: ReactNode;
}

export function ToolLayout(p: ToolLayoutProps) {
  const { t } = useStrings(kitStrings);
  const [problems] = useState(() => new FieldProblems());
  return (
    <FieldProblemsContext.Provider value={problems}>
    <div className={`kit-tool kit-tool--${p.variant ?? 'split'}${p.className ? ` ${p.className}` : ''}`}>
      <header className="kit-tool__head">
        <h1 className="kit-tool__title">{p.title}</h1>
        {p.meta ? <div className="kit-tool__meta">{p.meta}</div> : null}
      </header>
      <div className="kit-tool__main">
        {p.inputs ? <section className="kit-tool__inputs kit-panel" aria-label={t('layout.inputs')}>{p.inputs}</section> : null}
        {p.results ? <div className="kit-tool__results kit-panel">{p.results}</div> : null}
      </div>
      {p.charts ? <section className="kit-tool__charts" aria-label={t('layout.charts')}>{p.charts}</section> : null}
      {p.children}
    </div>
    </FieldProblemsContext.Provider>
  );
}

export interface ToolFormProps {
  /** The tool's compute: Enter in any field and the Price button call it. */
  onSubmit: () => void;
  /** Columns of the field grid on wide panels (default auto-fill). */
  columns?: 1 | 2 | 3 | 4;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** The inputs form: fields in a responsive grid; Enter in any kit field commits (UI-CONTRACT section 3). */
export function ToolForm(p: ToolFormProps) {
  const [attempted, setAttempted] = useState(false);
  const { onSubmit } = p;
  const commit = useCallback(() => {
    setAttempted(true);
    onSubmit();
  }, [onSubmit]);
  const ctx = useMemo<FormContextValue>(() => ({ commit, attempted }), [commit, attempted]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    commit();
  };
  return (
    <FormContext.Provider value={ctx}>
      <form className={`kit-form${p.className ? ` ${p.className}` : ''}`} onSubmit={submit} noValidate>
        <div className={`kit-form__grid${p.columns ? ` kit-form__grid--c${p.columns}` : ''}`}>{p.children}</div>
        {p.actions ? <div className="kit-form__actions">{p.actions}</div> : null}
      </form>
    </FormContext.Provider>
  );
}

export interface ToolActionsProps {
  /** Shows the Price button (a submit button of the enclosing ToolForm). */
  price?: boolean;
  priceLabel?: string;
  onSave?: () => void;
  onShare?: () => void;
  busy?: boolean;
  children?: ReactNode;
}

/** Price / Save / Share, in the same place on every tool. */
export function ToolActions(p: ToolActionsProps) {
  const { t } = useStrings(kitStrings);
  return (
    <div className="kit-actions" role="group" aria-label={t('layout.actions')}>
      {p.price !== false ? (
        <button type="submit" className="btn btn--primary kit-actions__price" aria-busy={p.busy || undefined}>
          {p.priceLabel ?? t('layout.price')}
        </button>
      ) : null}
      {p.onSave ? <button type="button" className="btn" onClick={p.onSave}>{t('layout.save')}</button> : null}
      {p.onShare ? <button type="button" className="btn" onClick={p.onShare}>{t('layout.share')}</button> : null}
      {p.children}
    </div>
  );
}

/** A titled block in the charts area (a chart, a table, a heat map). */
export function Panel({ title, actions, children, className }: { title?: ReactNode; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`kit-panel kit-block${className ? ` ${className}` : ''}`} aria-label={typeof title === 'string' ? title : undefined}>
      {title || actions ? (
        <div className="kit-block__head">
          {title ? <h2 className="kit-block__title">{title}</h2> : null}
          {actions ? <div className="kit-block__actions">{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}

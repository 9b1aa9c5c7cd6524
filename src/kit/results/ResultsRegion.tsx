// The Results region of UI-CONTRACT section 3: role="region" named Results / 结果, aria-busy
// while a computation is under way, the failure as role="alert" inside it. Give it the
// tool's `useCalculation()` and both come for free.
import { useCallback, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useFieldProblems } from '../fields/problems';
import { useStrings } from '../i18n';
import { kitStrings } from '../strings';
import type { Calculation } from './calculation';
import { ToolError } from './ToolError';
import './results.css';

export interface ResultsRegionProps {
  calc?: Calculation<unknown>;
  /** Without `calc`: whether a computation is under way. */
  busy?: boolean;
  /** Without `calc`: a failure to show. */
  error?: unknown;
  /** Show the region's name as a heading (default true). */
  heading?: boolean;
  /** Extra header content (e.g. a SourceBadge). */
  aside?: ReactNode;
  className?: string;
  children?: ReactNode;
}

export function ResultsRegion(p: ResultsRegionProps) {
  const { t } = useStrings(kitStrings);
  const el = useRef<HTMLElement | null>(null);
  const busy = p.calc ? p.calc.busy : !!p.busy;
  const error = p.calc ? p.calc.error : p.error;
  const attach = p.calc?.attach;
  const fields = useFieldProblems();
  const ref = useCallback((node: HTMLElement | null) => {
    el.current = node;
    attach?.(node);
  }, [attach]);
  // After every commit: busy is on only while a computation is under way, so the attribute
  // clears in the same commit that puts the new results (or the alert) on screen.
  useLayoutEffect(() => {
    if (!el.current) return;
    if (busy) el.current.setAttribute('aria-busy', 'true');
    else el.current.removeAttribute('aria-busy');
  });
  return (
    <section ref={ref} role="region" aria-label={t('results.region')} className={`kit-results${busy ? ' kit-results--busy' : ''}${p.className ? ` ${p.className}` : ''}`}>
      {p.heading !== false || p.aside ? (
        <div className="kit-results__head">
          {p.heading !== false ? <h2 className="kit-results__title" aria-hidden="true">{t('results.region')}</h2> : null}
          <span className="kit-results__busy" aria-hidden={!busy}>{busy ? t('results.busy') : ''}</span>
          {p.aside ? <div className="kit-results__aside">{p.aside}</div> : null}
        </div>
      ) : null}
      <ToolError error={error} fields={fields} />
      {p.children}
    </section>
  );
}

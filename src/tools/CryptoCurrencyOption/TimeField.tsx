// A time of day (HH:mm, 24 h) as a kit field: same frame, errors and Enter-commits as the
// kit's fields. The kit has no time field; candidate for src/kit/fields.
import { useCallback } from 'react';
import { describedBy, enterCommits, FieldFrame, useCommit, useFieldIds, useTextField, type BaseFieldProps } from '../../kit/fields/field-core';
import type { Parsed } from '../../kit/fields';

export function parseTime(s: string): Parsed<string> {
  const v = s.trim().replace('：', ':');
  if (!v) return { ok: false, error: 'empty' };
  const m = /^(\d{1,2}):?(\d{2})$/.exec(v);
  if (!m) return { ok: false, error: 'invalid' };
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return { ok: false, error: 'range' };
  return { ok: true, value: `${String(h).padStart(2, '0')}:${m[2]}` };
}

export function TimeField(p: BaseFieldProps & { value: string | null; onChange: (v: string | null) => void; invalidText: string }) {
  const ids = useFieldIds(p.id);
  const commit = useCommit(p.onCommit);
  const { invalidText } = p;
  const message = useCallback(() => invalidText, [invalidText]);
  const f = useTextField<string>({ value: p.value, onChange: (v) => p.onChange(v), parse: parseTime, format: (v) => v, message, required: p.required });
  const error = p.error ?? f.error;
  return (
    <FieldFrame {...ids} label={p.label} unit={p.unit} hint={p.hint} required={p.required} name={p.name} className={p.className} error={error}>
      <input id={ids.inputId} className="kit-input" type="text" inputMode="numeric" autoComplete="off" spellCheck={false} value={f.text}
        placeholder="08:00" required={p.required} aria-invalid={error ? true : undefined} aria-describedby={describedBy(ids, p.hint, error)}
        onChange={(e) => f.change(e.target.value)} onFocus={f.focus} onBlur={f.blur} onKeyDown={enterCommits(f.normalise, commit)} />
    </FieldFrame>
  );
}

// A text field of the holiday query (Year, Month) on the kit's field frame and text state:
// label tied to the input, typed text kept while it does not parse, the error shown once
// left or committed, Enter runs the query. `suggestions` become a datalist (month names).
import { useCallback } from 'react';
import { describedBy, enterCommits, FieldFrame, useCommit, useFieldIds, useTextField } from '../../kit/fields/field-core';
import { fail, ok, type Parsed } from '../../kit/fields/parse';
import type { Lang } from '../../kit/locale';

export interface QueryFieldProps<T> {
  label: string;
  name: string;
  value: T | null;
  onChange: (value: T | null) => void;
  parse: (text: string) => T | null;
  format: (value: T, lang: Lang) => string;
  /** Message when the text is not a value. */
  invalid: string;
  hint?: string;
  suggestions?: readonly string[];
  width?: number;
}

export function QueryField<T>(p: QueryFieldProps<T>) {
  const ids = useFieldIds();
  const commit = useCommit();
  const { parse, invalid } = p;
  const toParsed = useCallback((s: string): Parsed<T> => {
    if (!s.trim()) return fail('empty');
    const v = parse(s);
    return v === null ? fail('invalid') : ok(v);
  }, [parse]);
  const message = useCallback(() => invalid, [invalid]);
  const f = useTextField<T>({ value: p.value, onChange: (v) => p.onChange(v), parse: toParsed, format: p.format, message, required: true });
  const listId = p.suggestions ? `${ids.inputId}-list` : undefined;
  return (
    <FieldFrame {...ids} label={p.label} hint={p.hint} required name={p.name} error={f.error}>
      <input
        id={ids.inputId}
        className="kit-input"
        type="text"
        autoComplete="off"
        spellCheck={false}
        list={listId}
        value={f.text}
        required
        aria-invalid={f.error ? true : undefined}
        aria-describedby={describedBy(ids, p.hint, f.error)}
        data-value={f.state.value === null || f.state.value === undefined ? undefined : String(f.state.value)}
        style={p.width ? { maxWidth: p.width } : undefined}
        onChange={(e) => f.change(e.target.value)}
        onFocus={f.focus}
        onBlur={f.blur}
        onKeyDown={enterCommits(f.normalise, commit)}
      />
      {p.suggestions ? (
        <datalist id={listId}>
          {p.suggestions.map((s) => <option key={s} value={s} />)}
        </datalist>
      ) : null}
    </FieldFrame>
  );
}

// A choice among a few (segmented radio group named by its legend) or many (a native
// select, keyboard and screen-reader behaviour for free). Enter commits in both.
import { useId, type KeyboardEvent } from 'react';
import { describedBy, FieldFrame, useCommit, useFieldIds, type BaseFieldProps } from './field-core';
import './fields.css';

export interface Choice<T extends string> {
  value: T;
  /** Text of the choice in the current language (UI-CONTRACT: `Buy`, `Call`, `Pay fixed`...). */
  label: string;
  disabled?: boolean;
}

export interface ChoiceFieldProps<T extends string> extends Omit<BaseFieldProps, 'unit' | 'placeholder'> {
  value: T | null;
  onChange: (value: T) => void;
  choices: readonly Choice<T>[];
}

const enterCommit = (commit: () => void) => (e: KeyboardEvent) => {
  if (e.key === 'Enter') {
    e.preventDefault();
    commit();
  }
};

/** Segmented control: a fieldset whose legend names the group, one radio per choice (arrow keys move). */
export function ChoiceField<T extends string>(p: ChoiceFieldProps<T>) {
  const group = `kit-choice-${useId().replace(/:/g, '')}`;
  const commit = useCommit(p.onCommit);
  const errorId = `${group}-err`;
  const hintId = `${group}-hint`;
  return (
    <fieldset
      className={`kit-field kit-choice${p.error ? ' kit-field--invalid' : ''}${p.className ? ` ${p.className}` : ''}`}
      data-field={p.name}
      aria-describedby={describedBy({ hintId, errorId }, p.hint, p.error)}
      disabled={p.disabled}
    >
      <legend className="kit-field__label">{p.label}</legend>
      <div className="kit-choice__row">
        {p.choices.map((c) => (
          <label key={c.value} className={`kit-choice__opt${p.value === c.value ? ' kit-choice__opt--on' : ''}`}>
            <input
              type="radio"
              name={group}
              value={c.value}
              checked={p.value === c.value}
              disabled={c.disabled}
              onChange={() => p.onChange(c.value)}
              onKeyDown={enterCommit(commit)}
            />
            <span>{c.label}</span>
          </label>
        ))}
      </div>
      {p.hint ? <div className="kit-field__hint" id={hintId}>{p.hint}</div> : null}
      {p.error ? <div className="kit-field__error" id={errorId}>{p.error}</div> : null}
    </fieldset>
  );
}

/** A native select with its label. */
export function SelectField<T extends string>(p: ChoiceFieldProps<T> & { unit?: BaseFieldProps['unit'] }) {
  const ids = useFieldIds(p.id);
  const commit = useCommit(p.onCommit);
  return (
    <FieldFrame {...ids} label={p.label} unit={p.unit} hint={p.hint} required={p.required} name={p.name} className={p.className} error={p.error ?? null}>
      <select
        id={ids.inputId}
        className="kit-input kit-select"
        value={p.value ?? ''}
        disabled={p.disabled}
        required={p.required}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={describedBy(ids, p.hint, p.error)}
        onChange={(e) => p.onChange(e.target.value as T)}
        onKeyDown={enterCommit(commit)}
      >
        {p.value === null ? <option value="" disabled>—</option> : null}
        {p.choices.map((c) => (
          <option key={c.value} value={c.value} disabled={c.disabled}>{c.label}</option>
        ))}
      </select>
    </FieldFrame>
  );
}

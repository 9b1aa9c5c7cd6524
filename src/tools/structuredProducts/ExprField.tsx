// A form field holding an expression of the payoff language (`103%`, `kiRatio * S0`,
// `start + 2Y`). It shows the AST's current value; leaving the field or Enter writes the
// typed text into the package (one statement rewritten); an expression that does not parse
// is shown as the field's error and the package is left as it was.
import { useEffect, useState } from 'react';
import { FieldFrame, describedBy, useFieldIds } from '../../kit/fields/field-core';

export interface ExprFieldProps {
  label: string;
  value: string;
  /** Writes the text into the package; returns an error message, or null when it was taken. */
  onApply(text: string): string | null;
  /** Enter after a successful apply (price). */
  onEnter?(appliedText: string): void;
  hint?: string;
  unit?: string;
  disabled?: boolean;
  name?: string;
  placeholder?: string;
}

export function ExprField(p: ExprFieldProps) {
  const ids = useFieldIds();
  const [text, setText] = useState(p.value);
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!dirty) setText(p.value);
  }, [p.value, dirty]);

  const apply = (): boolean => {
    if (!dirty) return true;
    const e = text.trim() === p.value.trim() ? null : p.onApply(text);
    setError(e);
    if (!e) setDirty(false);
    return !e;
  };

  return (
    <FieldFrame {...ids} label={p.label} hint={p.hint} unit={p.unit} name={p.name} error={error}>
      <input
        id={ids.inputId}
        className="kit-input sp-expr"
        value={text}
        disabled={p.disabled}
        placeholder={p.placeholder}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, p.hint, error)}
        onChange={(e) => {
          setText(e.target.value);
          setDirty(true);
        }}
        onBlur={() => void apply()}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
            e.preventDefault();
            if (apply()) p.onEnter?.(text);
          }
          if (e.key === 'Escape') {
            setText(p.value);
            setDirty(false);
            setError(null);
          }
        }}
      />
    </FieldFrame>
  );
}

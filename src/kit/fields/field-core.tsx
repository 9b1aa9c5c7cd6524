// What every kit field shares: a label tied to the control, the unit beside it, a hint and
// an error tied with aria-describedby, and Enter committing (the tool's compute, UI-CONTRACT
// section 3). Typed text is kept as typed while it does not parse: a field never throws
// away what the user wrote; the tool gets `null` and the field shows why.
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLang, type Lang } from '../locale';
import { useStrings } from '../i18n';
import { kitStrings } from '../strings';
import type { Parsed, ParseError } from './parse';
import { useReportProblem } from './problems';

export interface FormContextValue {
  /** The tool's compute: Enter in any field of the form calls it. */
  commit: () => void;
  /** True once a commit was tried: every field then shows its error, touched or not. */
  attempted: boolean;
}

/** Set by `ToolForm`; a field's own `onCommit` wins over the form's. */
export const FormContext = createContext<FormContextValue | null>(null);

export function useCommit(own?: () => void): () => void {
  const ctx = useContext(FormContext);
  return useCallback(() => (own ?? ctx?.commit)?.(), [own, ctx]);
}

export interface FieldChange<T> {
  value: T | null;
  /** The text as typed. */
  text: string;
  /** Why the text does not give a value (in the user's language), or null. */
  error: string | null;
}

export interface BaseFieldProps {
  /** Accessible name in the current language (UI-CONTRACT section 5 names in en). */
  label: string;
  /** Unit shown beside the control (`USD`, `%`); not part of the name. */
  unit?: ReactNode;
  hint?: ReactNode;
  /** An error the tool decides (e.g. "strike must be positive"); shown over the field's own. */
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
  /** Enter in this field (default: the enclosing ToolForm's compute). */
  onCommit?: () => void;
  id?: string;
  /** Stable hook for tests and persistence (`data-field`). */
  name?: string;
  className?: string;
  placeholder?: string;
}

export function useKitStrings() {
  return useStrings(kitStrings);
}

interface FrameProps extends Pick<BaseFieldProps, 'label' | 'unit' | 'hint' | 'required' | 'name' | 'className'> {
  inputId: string;
  hintId: string;
  errorId: string;
  error: string | null;
  /** Right of the control, before the unit (e.g. the resolved date of a tenor). */
  aside?: ReactNode;
  children: ReactNode;
}

export function FieldFrame(p: FrameProps) {
  useReportProblem(p.inputId, p.label, p.error);
  return (
    <div className={`kit-field${p.error ? ' kit-field--invalid' : ''}${p.className ? ` ${p.className}` : ''}`} data-field={p.name}>
      <label className="kit-field__label" htmlFor={p.inputId}>
        {p.label}
        {p.required ? <span className="kit-field__req" aria-hidden="true"> *</span> : null}
      </label>
      <div className="kit-field__control">
        {p.children}
        {p.aside}
        {p.unit ? <span className="kit-field__unit" aria-hidden="true">{p.unit}</span> : null}
      </div>
      {p.hint ? <div className="kit-field__hint" id={p.hintId}>{p.hint}</div> : null}
      {p.error ? <div className="kit-field__error" id={p.errorId}>{p.error}</div> : null}
    </div>
  );
}

export function useFieldIds(id?: string) {
  const auto = useId();
  const inputId = id ?? `f${auto.replace(/:/g, '')}`;
  return { inputId, hintId: `${inputId}-hint`, errorId: `${inputId}-err`, unitId: `${inputId}-unit` };
}

/** aria-describedby of a control: hint, unit and error that are actually rendered. */
export function describedBy(ids: { hintId: string; errorId: string; unitId?: string }, hint: unknown, error: unknown, extra?: string): string | undefined {
  const parts = [hint ? ids.hintId : null, extra ?? null, error ? ids.errorId : null].filter(Boolean);
  return parts.length ? parts.join(' ') : undefined;
}

export interface TextFieldModel<T> {
  value: T | null;
  onChange?: (value: T | null, change: FieldChange<T>) => void;
  parse: (text: string) => Parsed<T>;
  /** Text a value is shown as when the field is not being typed in. */
  format: (value: T, lang: Lang) => string;
  /**
   * Rounded text to show a value as instead (a calibrated parameter to 6 significant digits).
   * While that text stands the field's value stays the full one it was shown from; once the
   * user types, the typed text is what counts.
   */
  display?: (value: T, lang: Lang) => string;
  /** Extra rules on a parsed value (min/max...), as a message or null. */
  check?: (value: T) => string | null;
  /** Message of a parse failure, in the user's language. */
  message: (error: ParseError) => string;
  equals?: (a: T, b: T) => boolean;
  required?: boolean;
}

/**
 * Text state of a parsed field. The text follows the value when the value changes from
 * outside (a market figure, a shared link, a reset), but never under the user's cursor: while
 * the field has focus its text stays as it is (a select-all then a keystroke must replace what
 * the user saw, not what arrived meanwhile) and the newer value shows when the field is left,
 * unless the user typed since. The error shows once the field was left or committed, then
 * follows every keystroke. Fields wire `focus` and `blur` to their input.
 */
export function useTextField<T>(m: TextFieldModel<T>) {
  const lang = useLang();
  const { t } = useKitStrings();
  const eq = m.equals ?? Object.is;
  /** The value behind a rounded display text (m.display), while that text stands. */
  const shown = useRef<{ text: string; value: T } | null>(null);
  const showText = (v: T): string => {
    if (!m.display) return m.format(v, lang);
    const s = m.display(v, lang);
    shown.current = { text: s, value: v };
    return s;
  };
  const textOf = (v: T | null): string => (v == null ? '' : showText(v));
  const [text, setText] = useState(() => textOf(m.value));
  const [touched, setTouched] = useState(false);
  const attempted = useContext(FormContext)?.attempted ?? false;
  const emitted = useRef<T | null>(m.value);
  const focused = useRef(false);
  /** An outside value arrived while the field had focus: shown when it is left. */
  const pending = useRef(false);
  const latest = useRef(m.value);
  latest.current = m.value;

  useEffect(() => {
    const same = m.value == null ? emitted.current == null : emitted.current != null && eq(m.value, emitted.current);
    if (!same) {
      emitted.current = m.value;
      if (focused.current) pending.current = true;
      else setText(textOf(m.value));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [m.value]);

  const evaluate = useCallback(
    (s: string): FieldChange<T> => {
      const held = shown.current;
      const r = held && held.text === s ? ({ ok: true, value: held.value } as const) : m.parse(s);
      if (!r.ok) {
        if (r.error === 'empty') return { value: null, text: s, error: m.required ? t('field.error.empty') : null };
        return { value: null, text: s, error: m.message(r.error) };
      }
      const bad = m.check?.(r.value) ?? null;
      return { value: bad ? null : r.value, text: s, error: bad };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [m.parse, m.check, m.message, m.required, t],
  );

  const state = evaluate(text);

  const change = (s: string) => {
    pending.current = false;
    shown.current = null;
    setText(s);
    const c = evaluate(s);
    emitted.current = c.value;
    m.onChange?.(c.value, c);
  };

  /** Show the value in its display form (grouped amount, normalised tenor) when it parses. */
  const normalise = () => {
    setTouched(true);
    if (state.value != null && !state.error) {
      const next = showText(state.value);
      if (next !== text) setText(next);
    }
  };

  const focus = () => {
    focused.current = true;
  };

  /** Leaving the field: the value that arrived while it had focus, or the typed text normalised. */
  const blur = () => {
    focused.current = false;
    if (!pending.current) return normalise();
    pending.current = false;
    setTouched(true);
    setText(textOf(latest.current));
  };

  return { text, change, normalise, focus, blur, error: touched || attempted ? state.error : null, state, setTouched };
}

/** Keydown of a text control: Enter normalises and commits. */
export function enterCommits(normalise: () => void, commit: () => void) {
  return (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      normalise();
      commit();
    }
  };
}

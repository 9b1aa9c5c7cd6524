// Number, amount and percent fields: one text input each, parsed by ./parse, shown in full
// precision grouped in the locale once left (the raw value is what the tool gets).
import { useCallback, type ClipboardEvent } from 'react';
import { dataValue, formatFull, formatSignificant } from '../format/number';
import type { Lang } from '../locale';
import { BaseFieldProps, describedBy, enterCommits, FieldChange, FieldFrame, useCommit, useFieldIds, useKitStrings, useTextField } from './field-core';
import { parseAmount, parseNumber, parsePercent, type Parsed, type ParseError } from './parse';
import './fields.css';

export interface NumericFieldProps extends BaseFieldProps {
  value: number | null;
  onChange?: (value: number | null, change: FieldChange<number>) => void;
  min?: number;
  max?: number;
  integer?: boolean;
  /**
   * Show the value to at most this many significant digits (a calibrated parameter: 6). The
   * field keeps the full value (the tool, `data-value` and a copy of the whole text get it).
   */
  significant?: number;
}

type Kind = 'number' | 'amount' | 'percent';

const PARSERS: Record<Kind, (s: string) => Parsed<number>> = { number: parseNumber, amount: parseAmount, percent: parsePercent };

const show = (v: number, lang: Lang) => formatFull(v, lang);

function NumericInput({ kind, ...p }: NumericFieldProps & { kind: Kind }) {
  const { t } = useKitStrings();
  const ids = useFieldIds(p.id);
  const commit = useCommit(p.onCommit);
  const { min, max, integer } = p;
  const check = useCallback(
    (v: number) => {
      if (integer && !Number.isInteger(v)) return t('field.error.integer');
      if (min !== undefined && v < min) return t('field.error.min', { min });
      if (max !== undefined && v > max) return t('field.error.max', { max });
      return null;
    },
    [min, max, integer, t],
  );
  const message = useCallback((e: ParseError) => (e === 'range' ? t('field.error.range') : t(`field.error.${kind}`)), [kind, t]);
  const { significant } = p;
  const display = useCallback((v: number, lang: Lang) => formatSignificant(v, significant!, lang), [significant]);
  const f = useTextField<number>({
    value: p.value, onChange: p.onChange, parse: PARSERS[kind], format: show, display: significant ? display : undefined,
    check, message, required: p.required,
  });
  /** Copying the whole rounded text copies the full value it stands for. */
  const copyFull = (e: ClipboardEvent<HTMLInputElement>) => {
    const el = e.currentTarget;
    const full = dataValue(f.state.value);
    if (!significant || full === undefined || el.selectionStart !== 0 || el.selectionEnd !== el.value.length) return;
    e.preventDefault();
    e.clipboardData.setData('text/plain', full);
  };
  const error = p.error ?? f.error;
  return (
    <FieldFrame {...ids} label={p.label} unit={p.unit} hint={p.hint} required={p.required} name={p.name} className={p.className} error={error}>
      <input
        id={ids.inputId}
        className="kit-input kit-input--num"
        type="text"
        inputMode={kind === 'amount' ? 'text' : 'decimal'}
        autoComplete="off"
        spellCheck={false}
        value={f.text}
        placeholder={p.placeholder}
        disabled={p.disabled}
        required={p.required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, p.hint, error)}
        data-value={f.state.value ?? undefined}
        onChange={(e) => f.change(e.target.value)}
        onFocus={f.focus}
        onBlur={f.blur}
        onKeyDown={enterCommits(f.normalise, commit)}
        onCopy={copyFull}
      />
    </FieldFrame>
  );
}

/** A plain number (spot, strike, count): grouping and `1e-3` accepted, no shorthands. */
export function NumberField(p: NumericFieldProps) {
  return <NumericInput kind="number" {...p} />;
}

/**
 * An amount: `10m`, `1.5mio`, `500k`, `2bn`, `500万`, `3亿`, `1,000,000`, `1 000 000`; shown
 * grouped in the user's locale after blur, full value kept. `currency` is shown as the unit.
 */
export function AmountField({ currency, ...p }: NumericFieldProps & { currency?: string }) {
  return <NumericInput kind="amount" {...p} unit={p.unit ?? currency} />;
}

/** A percent number (UI-CONTRACT section 1): `5.5` is 5.5 %; `25bp` is 0.25. The unit % is shown. */
export function PercentField(p: NumericFieldProps) {
  return <NumericInput kind="percent" {...p} unit={p.unit ?? '%'} />;
}

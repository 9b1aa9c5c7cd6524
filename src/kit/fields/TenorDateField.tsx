// Tenor-or-date field: takes `ON`, `TN`, `SN`, `SPOT`, `1W`, `3M`, `18M`, `1Y` or an ISO date,
// shows the date it resolves to beside it, and opens a month picker whose days are marked
// business or not by the injected predicate (the pair's calendars). Tenor rules are the
// tool's: `resolve` is injected, so this field knows nothing about FX spot lags.
import { useCallback, useEffect, useRef, useState } from 'react';
import { shortWeekday } from '../format/dates';
import { useLang } from '../locale';
import { BaseFieldProps, describedBy, enterCommits, FieldChange, FieldFrame, useCommit, useFieldIds, useKitStrings, useTextField } from './field-core';
import { MonthCalendar, type BusinessDayPredicate } from './MonthCalendar';
import { deskToday } from '../dates/desk-today';
import type { ParseError } from './parse';
import { parseTenorOrDate, resolveTenorOrDate, tenorOrDateText, type Resolution, type TenorOrDate, type TenorResolver } from './tenor-date';
import './fields.css';

export interface TenorDateChange extends FieldChange<TenorOrDate> {
  /** The date the value stands for, or why it has none. */
  resolved: Resolution | null;
}

export interface TenorDateFieldProps extends BaseFieldProps {
  value: TenorOrDate | null;
  onChange?: (value: TenorOrDate | null, change: TenorDateChange) => void;
  /** Tenor -> date (or an error message in the user's language). Without it only dates are taken. */
  resolve?: TenorResolver;
  /** Marks the picker's days (UI-CONTRACT section 4); default: weekends are not business days. */
  isBusinessDay?: BusinessDayPredicate;
  /** Only dates, no tenors (e.g. a settlement date). */
  dateOnly?: boolean;
  weekStart?: number;
  /** Today as ISO (tests, or the trade date of a tool); default the local date. */
  today?: string;
}

const same = (a: TenorOrDate, b: TenorOrDate) => tenorOrDateText(a) === tenorOrDateText(b);
const show = (v: TenorOrDate) => tenorOrDateText(v);

export function TenorDateField(p: TenorDateFieldProps) {
  const lang = useLang();
  const { t } = useKitStrings();
  const ids = useFieldIds(p.id);
  const commit = useCommit(p.onCommit);
  const { resolve, dateOnly, onChange } = p;
  const parse = useCallback(
    (s: string) => {
      const r = parseTenorOrDate(s);
      return r.ok && dateOnly && r.value.kind === 'tenor' ? ({ ok: false, error: 'invalid' } as const) : r;
    },
    [dateOnly],
  );
  const check = useCallback(
    (v: TenorOrDate) => {
      if (v.kind === 'date') return null;
      if (!resolve) return t('field.error.noResolver');
      const r = resolve(v.tenor);
      return 'error' in r ? r.error : null;
    },
    [resolve, t],
  );
  const message = useCallback((e: ParseError) => (e === 'range' ? t('field.error.range') : t('field.error.tenorDate')), [t]);
  const emit = useCallback(
    (v: TenorOrDate | null, c: FieldChange<TenorOrDate>) => onChange?.(v, { ...c, resolved: v ? resolveTenorOrDate(v, resolve) : null }),
    [onChange, resolve],
  );
  const f = useTextField<TenorOrDate>({ value: p.value, onChange: emit, parse, format: show, check, message, equals: same, required: p.required });
  const error = p.error ?? f.error;
  const resolved = f.state.value ? resolveTenorOrDate(f.state.value, resolve) : null;
  const date = resolved && 'date' in resolved ? resolved.date : null;
  const today = p.today ?? deskToday();

  const [open, setOpen] = useState(false);
  const [focusDay, setFocusDay] = useState(date ?? today);
  const wrap = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const outputId = `${ids.inputId}-date`;
  const dialogId = `${ids.inputId}-picker`;

  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [open]);

  const openPicker = () => {
    setFocusDay(date ?? today);
    setOpen(true);
  };
  const closePicker = () => {
    setOpen(false);
    input.current?.focus();
  };
  const pick = (iso: string) => {
    f.change(iso);
    f.setTouched(true);
    closePicker();
  };
  const business = date ? (p.isBusinessDay ? p.isBusinessDay(date) : true) : true;

  return (
    <FieldFrame
      {...ids}
      label={p.label}
      unit={p.unit}
      hint={p.hint}
      required={p.required}
      name={p.name}
      className={p.className}
      error={error}
      aside={
        <output id={outputId} className={`kit-field__resolved${business ? '' : ' kit-field__resolved--off'}`} htmlFor={ids.inputId} data-value={date ?? undefined}>
          {date && f.state.value?.kind === 'tenor' ? `${date} ${shortWeekday(date, lang)}` : date ? shortWeekday(date, lang) : ''}
          {date && !business ? ` · ${t('field.nonBusinessDay')}` : ''}
        </output>
      }
    >
      <div className="kit-datewrap" ref={wrap}>
        <input
          ref={input}
          id={ids.inputId}
          className="kit-input kit-input--date"
          type="text"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          value={f.text}
          placeholder={p.placeholder ?? (dateOnly ? 'YYYY-MM-DD' : '3M / YYYY-MM-DD')}
          disabled={p.disabled}
          required={p.required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, p.hint, error, date ? outputId : undefined)}
          data-value={date ?? undefined}
          onChange={(e) => f.change(e.target.value)}
          onFocus={f.focus}
          onBlur={f.blur}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && e.altKey) {
              e.preventDefault();
              openPicker();
              return;
            }
            enterCommits(f.normalise, commit)(e);
          }}
        />
        <button
          type="button"
          className="kit-datewrap__btn"
          aria-label={t('field.openCalendar')}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? dialogId : undefined}
          disabled={p.disabled}
          onClick={() => (open ? setOpen(false) : openPicker())}
        >
          <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
            <rect x="1.5" y="3" width="13" height="11.5" rx="1.5" fill="none" stroke="currentColor" />
            <path d="M1.5 6.5h13M5 1.5v3M11 1.5v3" stroke="currentColor" />
          </svg>
        </button>
        {open ? (
          <div
            id={dialogId}
            role="dialog"
            aria-label={`${p.label}: ${t('field.chooseDate')}`}
            className="kit-datewrap__pop"
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                closePicker();
              }
            }}
          >
            <MonthCalendar
              focused={focusDay}
              onFocusChange={setFocusDay}
              selected={date}
              onSelect={pick}
              isBusinessDay={p.isBusinessDay}
              weekStart={p.weekStart}
              today={today}
              autoFocus
              onEscape={closePicker}
            />
          </div>
        ) : null}
      </div>
    </FieldFrame>
  );
}

// Currency and pair pickers: an editable combobox (WAI-ARIA 1.2 list autocomplete) with
// type-ahead over codes and names, that also takes what is typed freely (`usd cny`).
// Enter picks the highlighted option and commits, so `usdcny⏎` prices at once.
import { useCallback, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useLang } from '../locale';
import { BaseFieldProps, describedBy, FieldChange, FieldFrame, useCommit, useFieldIds, useKitStrings, useTextField } from './field-core';
import { COMMON_PAIRS, pairLabel, pairOption, parseCurrency, parsePair, rankOptions, type PickerOption } from './currency';
import type { Parsed, ParseError } from './parse';
import { useCurrencyNames } from './use-currencies';
import './fields.css';

export interface PickerFieldProps extends BaseFieldProps {
  value: string | null;
  onChange?: (value: string | null, change: FieldChange<string>) => void;
  /** Only a listed code is accepted (default: any well-formed code). */
  strict?: boolean;
}

interface ComboProps extends PickerFieldProps {
  options: readonly PickerOption[];
  parse: (text: string) => Parsed<string>;
  show: (code: string) => string;
  kind: 'pair' | 'currency';
}

function Combobox(p: ComboProps) {
  const { t } = useKitStrings();
  const ids = useFieldIds(p.id);
  const listId = `${ids.inputId}-list`;
  const optPrefix = `${ids.inputId}-opt-${useId().replace(/:/g, '')}`;
  const commit = useCommit(p.onCommit);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [query, setQuery] = useState<string | null>(null); // null: not typed since opening
  const { options, strict, kind } = p;
  const check = useCallback(
    (code: string) => (strict && !options.some((o) => o.code === code) ? t('field.error.notInList', { value: p.show(code) }) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [strict, options, t, p.show],
  );
  const message = useCallback((e: ParseError) => (e === 'range' ? t('field.error.range') : t(`field.error.${kind}`)), [kind, t]);
  const f = useTextField<string>({ value: p.value, onChange: p.onChange, parse: p.parse, format: p.show, check, message, required: p.required });
  const shown = useMemo(() => (query === null ? [...options] : rankOptions(options, query)), [options, query]);
  const error = p.error ?? f.error;

  const openList = (q: string | null) => {
    setOpen(true);
    setQuery(q);
    const list = q === null ? options : rankOptions(options, q);
    const sel = q === null ? list.findIndex((o) => o.code === f.state.value) : 0;
    setActive(list.length ? Math.max(0, sel) : -1);
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
    setActive(-1);
  };
  const choose = (o: PickerOption) => {
    f.change(o.label);
    f.setTouched(true);
    close();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open) openList(null);
        else setActive((i) => Math.min(shown.length - 1, i + 1));
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (open) setActive((i) => Math.max(0, i - 1));
        break;
      case 'Enter':
        e.preventDefault();
        if (open && active >= 0 && shown[active]) choose(shown[active]);
        else f.normalise();
        close();
        commit();
        break;
      case 'Escape':
        if (open) {
          e.preventDefault();
          close();
        }
        break;
      case 'Tab':
        if (open && query !== null && active >= 0 && shown[active]) choose(shown[active]);
        break;
    }
  };

  return (
    <FieldFrame {...ids} label={p.label} unit={p.unit} hint={p.hint} required={p.required} name={p.name} className={p.className} error={error}>
      <div className="kit-combo">
        <input
          id={ids.inputId}
          className="kit-input kit-input--code"
          type="text"
          role="combobox"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? `${optPrefix}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, p.hint, error)}
          data-value={f.state.value ?? undefined}
          value={f.text}
          placeholder={p.placeholder}
          disabled={p.disabled}
          required={p.required}
          onChange={(e) => {
            f.change(e.target.value);
            openList(e.target.value);
          }}
          onKeyDown={onKeyDown}
          onFocus={f.focus}
          onBlur={() => {
            close();
            f.blur();
          }}
          onClick={() => (open ? close() : openList(null))}
        />
        <ul id={listId} role="listbox" aria-label={p.label} className="kit-combo__list" hidden={!open}>
          {open && shown.length === 0 ? <li className="kit-combo__empty" role="presentation">{t('field.noMatch')}</li> : null}
          {open &&
            shown.map((o, i) => (
              <li
                key={o.code}
                id={`${optPrefix}-${i}`}
                role="option"
                aria-selected={i === active}
                data-code={o.code}
                className={`kit-combo__opt${i === active ? ' kit-combo__opt--active' : ''}${o.code === f.state.value ? ' kit-combo__opt--chosen' : ''}`}
                onMouseDown={(e) => e.preventDefault() /* keep focus in the input */}
                onClick={() => choose(o)}
                onMouseMove={() => setActive(i)}
              >
                <span className="kit-combo__code">{o.label}</span>
                {o.detail ? <span className="kit-combo__detail">{o.detail}</span> : null}
              </li>
            ))}
        </ul>
      </div>
    </FieldFrame>
  );
}

const showCode = (c: string) => c;

/** A currency code (`USD`), with type-ahead over codes and zh/en names. */
export function CurrencyField({ currencies, ...p }: PickerFieldProps & { currencies?: readonly string[] }) {
  const lang = useLang();
  const names = useCurrencyNames();
  const options = useMemo<PickerOption[]>(() => {
    const codes = currencies ?? [...names.keys()];
    return codes.map((code) => {
      const n = names.get(code);
      return { code, label: code, names: n ? [n.en, n.zh] : undefined, detail: n ? n[lang] : undefined };
    });
  }, [currencies, names, lang]);
  return <Combobox {...p} kind="currency" options={options} parse={parseCurrency} show={showCode} />;
}

/**
 * A currency pair, kept as `USDCNY`, shown `USD/CNY`; takes `USDCNY`, `USD/CNY`, `usd cny`.
 * `pairs` defaults to COMMON_PAIRS.
 */
export function PairField({ pairs, ...p }: PickerFieldProps & { pairs?: readonly string[] }) {
  const lang = useLang();
  const names = useCurrencyNames();
  const options = useMemo(
    () =>
      (pairs ?? COMMON_PAIRS).map((code) => {
        const a = names.get(code.slice(0, 3));
        const b = names.get(code.slice(3));
        return pairOption(code, a && b ? [a.en, a.zh, b.en, b.zh, `${a.zh}${b.zh}`] : undefined, a && b ? `${a[lang]} / ${b[lang]}` : undefined);
      }),
    [pairs, names, lang],
  );
  return <Combobox {...p} kind="pair" options={options} parse={parsePair} show={pairLabel} />;
}

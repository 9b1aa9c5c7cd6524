// A labelled list of results: <dl> of <dt> name + <dd> value. The <dd> carries the
// full-precision `data-value` (UI-CONTRACT section 2), shows the value rounded and grouped in
// the locale, copies in full (Ctrl+C on it, or its copy button), and shows a dash with no
// data-value when the value cannot be computed.
import { memo, type ReactNode } from 'react';
import { formatValue, valueAttr, type ResultValue, type ValueFormat } from '../format/value-format';
import { useStrings } from '../i18n';
import { useLang } from '../locale';
import { kitStrings } from '../strings';
import { toast } from '../../ui/toast';
import { copyProps } from './copy';
import { CopyButton } from './CopyButton';
import { LiveValue } from './LiveValue';
import './results.css';

export interface ResultItem {
  /** Binding name (UI-CONTRACT section 5 in en), e.g. `Premium`. */
  name: string;
  value: ResultValue;
  format?: ValueFormat;
  /** Shown after the name, e.g. `(CNY)`; keep it in parentheses to match the contract. */
  unit?: string;
  /** Flash on change (quotes, live marks). */
  live?: boolean;
  /** Shown under the value (e.g. "per 1 vol point"). */
  note?: ReactNode;
  /** React key when names repeat; default the name. */
  key?: string;
}

export interface ResultListProps {
  items: readonly ResultItem[];
  /** Columns of name/value pairs on wide screens (default auto). */
  columns?: 1 | 2 | 3;
  className?: string;
}

const Row = memo(function Row({ item }: { item: ResultItem }) {
  const lang = useLang();
  const { t } = useStrings(kitStrings);
  const full = valueAttr(item.value);
  const text = formatValue(item.value, item.format, lang);
  const copied = { copied: t('results.copied'), failed: t('results.copyFailed') };
  return (
    <div className="kit-rl__row">
      <dt className="kit-rl__name">
        {item.name}
        {item.unit ? <span className="kit-rl__unit"> {item.unit}</span> : null}
      </dt>
      <dd
        className={`kit-rl__value${full === undefined ? ' kit-rl__value--na' : ''}`}
        data-value={full}
        tabIndex={full === undefined ? undefined : 0}
        title={full === undefined ? t('results.notComputable') : undefined}
        {...copyProps(() => full, () => toast(copied.copied, 'success'))}
      >
        {item.live && typeof item.value === 'number' ? <LiveValue value={item.value} format={item.format} bare /> : <span className={`kit-rl__text${typeof item.value === 'number' ? ' kit-rl__text--num' : ''}`}>{text}</span>}
        <CopyButton value={full} name={item.name} className="kit-rl__copy" />
        {item.note ? <div className="kit-rl__note">{item.note}</div> : null}
      </dd>
    </div>
  );
});

export function ResultList({ items, columns, className }: ResultListProps) {
  return (
    <dl className={`kit-rl${columns ? ` kit-rl--c${columns}` : ''}${className ? ` ${className}` : ''}`}>
      {items.map((it) => (
        <Row key={it.key ?? it.name} item={it} />
      ))}
    </dl>
  );
}

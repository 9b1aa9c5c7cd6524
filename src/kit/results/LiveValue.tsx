// A value that flashes when it changes (green up, red down), CSS only. With
// prefers-reduced-motion the flash becomes a still arrow; nothing moves.
import { memo, useRef } from 'react';
import { formatValue, valueAttr, type ValueFormat } from '../format/value-format';
import { useStrings } from '../i18n';
import { useLang } from '../locale';
import { kitStrings } from '../strings';
import './results.css';

export interface LiveValueProps {
  value: number | null | undefined;
  format?: ValueFormat;
  /** Accessible name when it stands alone (e.g. `USD/CNY bid`). */
  name?: string;
  /** Inside an element that already carries data-value (a ResultList <dd>). */
  bare?: boolean;
  className?: string;
}

interface Tick { value: number | null | undefined; dir: 'up' | 'down' | null; n: number }

export const LiveValue = memo(function LiveValue(p: LiveValueProps) {
  const lang = useLang();
  const { t } = useStrings(kitStrings);
  const tick = useRef<Tick>({ value: p.value, dir: null, n: 0 });
  const prev = tick.current;
  // Derived during render (not in an effect) so the flash starts in the same frame as the new text.
  if (!Object.is(prev.value, p.value)) {
    const dir = typeof prev.value === 'number' && typeof p.value === 'number' ? (p.value > prev.value ? 'up' : p.value < prev.value ? 'down' : null) : null;
    tick.current = { value: p.value, dir, n: prev.n + 1 };
  }
  const { dir, n } = tick.current;
  // Two animation names alternate so every change restarts the flash.
  const phase = dir ? `${dir}-${n % 2}` : undefined;
  return (
    <span
      className={`kit-live${p.className ? ` ${p.className}` : ''}`}
      data-flash={phase}
      data-dir={dir ?? undefined}
      data-value={p.bare ? undefined : valueAttr(p.value)}
      aria-label={p.name && !p.bare ? `${p.name} ${formatValue(p.value, p.format, lang)}` : undefined}
    >
      {formatValue(p.value, p.format, lang)}
      {dir ? <span className="kit-live__arrow" aria-hidden="true" title={t(`live.${dir}`)}>{dir === 'up' ? '▲' : '▼'}</span> : null}
    </span>
  );
});

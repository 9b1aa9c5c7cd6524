// One month as a grid of days (WAI-ARIA date grid). Every day carries `data-date` and
// `data-business-day` from the injected `isBusinessDay` (UI-CONTRACT section 4); the
// calendar knows no holiday rules itself. Used inside the date picker and standalone
// (the holiday calendar screen).
import { useEffect, useId, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { longDate, monthTitle, weekdayNames } from '../format/dates';
import { useLang } from '../locale';
import { useKitStrings } from './field-core';
import { monthWeeks, shiftDays, shiftMonths, weekdayOf, weekdayOrder, yearMonth, type GridDay } from './month-grid';
import './fields.css';

export type BusinessDayPredicate = (isoDate: string) => boolean;

export interface MonthCalendarProps {
  /** The day that has keyboard focus (its month is the one shown). */
  focused: string;
  onFocusChange: (iso: string) => void;
  selected?: string | null;
  onSelect?: (iso: string) => void;
  isBusinessDay?: BusinessDayPredicate;
  /** 1 = Monday (default), 0 = Sunday. */
  weekStart?: number;
  /** Move DOM focus to the focused day when it changes (inside an open picker). */
  autoFocus?: boolean;
  /** Escape inside the grid (the picker closes). */
  onEscape?: () => void;
  /** Name of the grid (e.g. "USD/CNY calendar"); default the month title. */
  label?: string;
  today?: string;
  /** Content of a day cell (default: the day number), e.g. the holiday's name under it. */
  renderDay?: (day: GridDay, business: boolean) => ReactNode;
  /** Extra words for a day's accessible name (e.g. "National Day"). */
  describeDay?: (iso: string) => string | undefined;
  /** Leave the days of the neighbouring months blank (a month view, not a picker). */
  hideOutsideDays?: boolean;
  className?: string;
}

export function MonthCalendar(p: MonthCalendarProps) {
  const lang = useLang();
  const { t } = useKitStrings();
  const { y, m } = yearMonth(p.focused);
  const weekStart = p.weekStart ?? 1;
  const weeks = useMemo(() => monthWeeks(y, m, weekStart), [y, m, weekStart]);
  const names = weekdayNames(lang, 'short');
  const longNames = weekdayNames(lang, 'long');
  const grid = useRef<HTMLTableElement>(null);
  const title = monthTitle(y, m, lang);
  const titleId = `kit-cal-${useId().replace(/:/g, '')}`;

  useEffect(() => {
    if (!p.autoFocus) return;
    grid.current?.querySelector<HTMLElement>(`[data-date="${p.focused}"]`)?.focus();
  }, [p.focused, p.autoFocus]);

  const onKeyDown = (e: KeyboardEvent) => {
    const f = p.focused;
    let next: string | null = null;
    const wd = (weekdayOf(f) - weekStart + 7) % 7;
    switch (e.key) {
      case 'ArrowLeft': next = shiftDays(f, -1); break;
      case 'ArrowRight': next = shiftDays(f, 1); break;
      case 'ArrowUp': next = shiftDays(f, -7); break;
      case 'ArrowDown': next = shiftDays(f, 7); break;
      case 'Home': next = shiftDays(f, -wd); break;
      case 'End': next = shiftDays(f, 6 - wd); break;
      case 'PageUp': next = shiftMonths(f, e.shiftKey ? -12 : -1); break;
      case 'PageDown': next = shiftMonths(f, e.shiftKey ? 12 : 1); break;
      case 'Enter':
      case ' ':
        e.preventDefault();
        p.onSelect?.(f);
        return;
      case 'Escape':
        if (p.onEscape) {
          e.preventDefault();
          e.stopPropagation();
          p.onEscape();
        }
        return;
      default:
        return;
    }
    e.preventDefault();
    p.onFocusChange(next);
  };

  return (
    <div className={`kit-cal${p.className ? ` ${p.className}` : ''}`}>
      <div className="kit-cal__head">
        <button type="button" className="kit-cal__nav" aria-label={t('field.prevYear')} onClick={() => p.onFocusChange(shiftMonths(p.focused, -12))}>«</button>
        <button type="button" className="kit-cal__nav" aria-label={t('field.prevMonth')} onClick={() => p.onFocusChange(shiftMonths(p.focused, -1))}>‹</button>
        <div className="kit-cal__title" id={titleId} aria-live="polite">{title}</div>
        <button type="button" className="kit-cal__nav" aria-label={t('field.nextMonth')} onClick={() => p.onFocusChange(shiftMonths(p.focused, 1))}>›</button>
        <button type="button" className="kit-cal__nav" aria-label={t('field.nextYear')} onClick={() => p.onFocusChange(shiftMonths(p.focused, 12))}>»</button>
      </div>
      <table ref={grid} role="grid" className="kit-cal__grid" aria-labelledby={p.label ? undefined : titleId} aria-label={p.label} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {weekdayOrder(weekStart).map((d) => (
              <th key={d} scope="col" abbr={longNames[d]}>{names[d]}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w[0].iso}>
              {w.map((d) => {
                if (p.hideOutsideDays && !d.inMonth) return <td key={d.iso} className="kit-cal__day kit-cal__day--blank" aria-hidden="true" />;
                const business = p.isBusinessDay ? p.isBusinessDay(d.iso) : d.weekday !== 0 && d.weekday !== 6;
                const isSel = d.iso === p.selected;
                const isFocus = d.iso === p.focused;
                return (
                  <td
                    key={d.iso}
                    role="gridcell"
                    data-date={d.iso}
                    data-business-day={business ? 'true' : 'false'}
                    aria-selected={isSel}
                    aria-current={d.iso === p.today ? 'date' : undefined}
                    aria-label={[longDate(d.iso, lang), business ? null : t('field.nonBusinessDay'), p.describeDay?.(d.iso)].filter(Boolean).join(', ')}
                    tabIndex={isFocus ? 0 : -1}
                    className={[
                      'kit-cal__day',
                      d.inMonth ? '' : 'kit-cal__day--out',
                      business ? '' : 'kit-cal__day--off',
                      isSel ? 'kit-cal__day--sel' : '',
                      d.iso === p.today ? 'kit-cal__day--today' : '',
                    ].filter(Boolean).join(' ')}
                    onClick={() => {
                      p.onFocusChange(d.iso);
                      p.onSelect?.(d.iso);
                    }}
                  >
                    {p.renderDay ? p.renderDay(d, business) : d.day}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

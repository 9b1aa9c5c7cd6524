// One virtualised grid row. Memoised: scrolling re-renders only rows that enter the window;
// an edit re-renders only its row (rows keep their object identity).
import { memo } from 'react';
import type { Lang } from '../locale';
import { displayCell, editText, isNumericColumn } from './cells';
import type { RowProblems } from './cells';
import type { Range } from './tsv';
import type { GridColumn, GridRow } from './types';

export interface RowViewProps {
  row: GridRow;
  /** Index in the data (what the row header shows, 1-based). */
  dataIndex: number;
  /** Index among shown rows. */
  shownIndex: number;
  columns: readonly GridColumn[];
  problems: RowProblems | null;
  /** Selected range when it touches this row, else null (keeps memo hits). */
  sel: Range | null;
  /** Column of the active cell when it is on this row, else -1. */
  activeCol: number;
  /** Column being edited on this row, else -1. */
  editCol: number;
  editValue: string;
  onEditValue: (s: string) => void;
  lang: Lang;
  measure: (el: HTMLElement | null) => void;
  rowErrorLabel: (problems: RowProblems) => string;
  listId: (colId: string) => string | undefined;
}

export const GridRowView = memo(function GridRowView(p: RowViewProps) {
  const bad = p.problems;
  return (
    <div
      role="row"
      ref={p.measure}
      data-index={p.shownIndex}
      aria-rowindex={p.shownIndex + 2}
      data-row={p.dataIndex}
      className={`kit-grid__row${bad ? ' kit-grid__row--bad' : ''}${p.shownIndex % 2 ? ' kit-grid__row--odd' : ''}`}
    >
      <div role="rowheader" aria-colindex={1} className="kit-grid__rh" title={bad ? p.rowErrorLabel(bad) : undefined} data-row-error={bad?.row ?? undefined}>
        {bad ? <span className="kit-grid__warn" aria-label={p.rowErrorLabel(bad)}>!</span> : null}
        {p.dataIndex + 1}
      </div>
      {p.columns.map((c, j) => {
        const v = p.row[c.id] ?? null;
        const err = bad?.cells[c.id];
        const selected = p.sel !== null && j >= p.sel.c0 && j <= p.sel.c1;
        const active = j === p.activeCol;
        const numeric = isNumericColumn(c);
        if (j === p.editCol) {
          return (
            <div key={c.id} role="gridcell" aria-colindex={j + 2} className="kit-grid__cell kit-grid__cell--edit" data-col={j}>
              <input
                className={`kit-grid__editor${numeric ? ' kit-grid__editor--num' : ''}`}
                autoFocus
                aria-label={c.header}
                value={p.editValue}
                list={p.listId(c.id)}
                onChange={(e) => p.onEditValue(e.target.value)}
                spellCheck={false}
                autoComplete="off"
              />
            </div>
          );
        }
        return (
          <div
            key={c.id}
            role="gridcell"
            aria-colindex={j + 2}
            aria-selected={selected || undefined}
            aria-invalid={err ? true : undefined}
            aria-readonly={c.editable === false ? true : undefined}
            tabIndex={active ? 0 : -1}
            data-col={j}
            data-value={typeof v === 'number' ? String(v) : c.type === 'date' && v !== null && !err ? v : undefined}
            data-error={err}
            title={err}
            className={`kit-grid__cell${numeric ? ' kit-grid__cell--num' : ''}${selected ? ' kit-grid__cell--sel' : ''}${active ? ' kit-grid__cell--active' : ''}${err ? ' kit-grid__cell--bad' : ''}`}
          >
            {err && v !== null && typeof v === 'string' ? editText(v) : displayCell(c, v, p.lang)}
          </div>
        );
      })}
    </div>
  );
});

// A results table: column headers (<th scope="col">) and an optional row header
// (<th scope="row">) name every cell (UI-CONTRACT section 2); numeric cells carry the
// full-precision `data-value` and copy in full. Optional sorting by header click and export
// to CSV / XLSX (through the grid's exporter, exceljs loaded on demand). For thousands of
// editable rows use the DataGrid instead.
import { useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { formatValue, valueAttr, type ResultValue, type ValueFormat } from '../format/value-format';
import { useStrings } from '../i18n';
import { useLang } from '../locale';
import { kitStrings } from '../strings';
import { toast } from '../../ui/toast';
import type { ColumnType } from '../grid/types';
import { copyProps } from './copy';
import { LiveValue } from './LiveValue';
import './results.css';

export interface ResultColumn<R> {
  key: string;
  /** Header in the current language (binding en names where UI-CONTRACT has them). */
  header: string;
  value: (row: R) => ResultValue;
  format?: ValueFormat;
  /** This column names its row (rendered as <th scope="row">). */
  rowHeader?: boolean;
  /** Flash on change. */
  live?: boolean;
  /** Custom cell content (the data-value stays the value's). */
  render?: (row: R) => ReactNode;
}

export interface ResultTableProps<R> {
  /** Table name (a visible caption). */
  caption: string;
  columns: readonly ResultColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R, i: number) => string;
  sortable?: boolean;
  /** File name of CSV/XLSX export; no export buttons without it. */
  exportName?: string;
  /** Hide the caption visually (still the table's name). */
  hideCaption?: boolean;
  className?: string;
  maxHeight?: number;
}

function exportType(f: ValueFormat | undefined): ColumnType {
  switch (f?.kind) {
    case 'amount': return 'amount';
    case 'percent': return 'percent';
    case 'date': return 'date';
    case 'text': return 'text';
    case undefined: return 'text';
    default: return 'number';
  }
}

type Sort = { key: string; dir: 'asc' | 'desc' } | null;

/** A column of numbers (its header and its cells, dashes included, align right). */
function numericColumn(c: { format?: ValueFormat }): boolean {
  return c.format !== undefined && c.format.kind !== 'text' && c.format.kind !== 'date';
}

function compare(a: ResultValue, b: ResultValue): number {
  const na = a === null || a === undefined || a === '';
  const nb = b === null || b === undefined || b === '';
  if (na || nb) return na && nb ? 0 : na ? 1 : -1; // blanks last either way
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

export function sortRows<R>(rows: readonly R[], col: ResultColumn<R> | undefined, dir: 'asc' | 'desc'): R[] {
  if (!col) return [...rows];
  const sign = dir === 'asc' ? 1 : -1;
  return rows
    .map((r, i) => ({ r, i, v: col.value(r) }))
    .sort((x, y) => {
      const bx = x.v === null || x.v === undefined || x.v === '';
      const by = y.v === null || y.v === undefined || y.v === '';
      if (bx || by) return bx && by ? x.i - y.i : bx ? 1 : -1;
      return sign * compare(x.v, y.v) || x.i - y.i;
    })
    .map((x) => x.r);
}

export function ResultTable<R>(p: ResultTableProps<R>) {
  const lang = useLang();
  const { t } = useStrings(kitStrings);
  const [sort, setSort] = useState<Sort>(null);
  const table = useRef<HTMLTableElement>(null);
  const rows = useMemo(
    () => (sort ? sortRows(p.rows, p.columns.find((c) => c.key === sort.key), sort.dir) : p.rows),
    [p.rows, p.columns, sort],
  );
  const onSort = (key: string) =>
    setSort((s) => (s?.key !== key ? { key, dir: 'asc' } : s.dir === 'asc' ? { key, dir: 'desc' } : null));

  const exportAs = async (format: 'csv' | 'xlsx') => {
    try {
      const { exportFile, download, exportFileName } = await import('../grid/io');
      const columns = p.columns.map((c) => ({ id: c.key, header: c.header, type: exportType(c.format) }));
      const data = rows.map((r) => Object.fromEntries(p.columns.map((c) => [c.key, c.value(r) ?? null])));
      download(await exportFile(format, { columns, rows: data, name: p.exportName!, lang }), exportFileName(p.exportName!, format));
    } catch (e) {
      console.error('export failed', e);
      toast(t('error.exportFailed'), 'error');
    }
  };

  // Arrow keys move between cells; the focused cell copies its full value on Ctrl+C.
  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const cell = (e.target as HTMLElement).closest('td,th') as HTMLTableCellElement | null;
    if (!cell || !table.current) return;
    const tr = cell.parentElement as HTMLTableRowElement;
    const all = [...table.current.rows];
    let r = all.indexOf(tr);
    let c = cell.cellIndex;
    if (e.key === 'ArrowRight') c++;
    else if (e.key === 'ArrowLeft') c--;
    else if (e.key === 'ArrowDown') r++;
    else if (e.key === 'ArrowUp') r--;
    else return;
    const next = all[r]?.cells[c] as HTMLElement | undefined;
    if (next && next.tabIndex >= -1 && next.closest('tbody')) {
      e.preventDefault();
      next.focus();
    }
  };

  return (
    <div className={`kit-rt-box${p.className ? ` ${p.className}` : ''}`}>
      {p.exportName ? (
        <div className="kit-rt-bar">
          <span className="kit-rt-bar__title" aria-hidden="true">{p.hideCaption ? null : p.caption}</span>
          <button type="button" className="btn" onClick={() => void exportAs('csv')}>{t('grid.exportCsv')}</button>
          <button type="button" className="btn" onClick={() => void exportAs('xlsx')}>{t('grid.exportXlsx')}</button>
        </div>
      ) : null}
      <div className="kit-rt-wrap" style={p.maxHeight ? { maxHeight: p.maxHeight } : undefined}>
        <table ref={table} className="kit-rt" onKeyDown={onKeyDown}>
          <caption className={p.hideCaption || p.exportName ? 'kit-sr' : undefined}>{p.caption}</caption>
          <thead>
            <tr>
              {p.columns.map((c) => {
                const numeric = numericColumn(c);
                const dir = sort?.key === c.key ? sort.dir : null;
                return (
                  <th key={c.key} scope="col" className={numeric ? 'kit-rt--num' : undefined} aria-sort={p.sortable ? (dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none') : undefined}>
                    {p.sortable ? (
                      <button type="button" className="kit-rt__sort" onClick={() => onSort(c.key)} title={t('grid.sortBy', { name: c.header })}>
                        {c.header}
                        <span className="kit-rt__arrow" aria-hidden="true">{dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : ''}</span>
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={p.rowKey(r, i)}>
                {p.columns.map((c, j) => {
                  const v = c.value(r);
                  const full = valueAttr(v);
                  // A dash in a number column lines up with the numbers above and below it.
                  const numeric = typeof v === 'number';
                  const right = numeric || ((v === null || v === undefined || v === '') && numericColumn(c));
                  const content = c.render ? c.render(r) : c.live && numeric ? <LiveValue value={v} format={c.format} bare /> : formatValue(v, c.format, lang);
                  const common = {
                    'data-value': full,
                    tabIndex: i === 0 && j === 0 ? 0 : -1,
                    ...copyProps(() => full, () => toast(t('results.copied'), 'success')),
                  };
                  return c.rowHeader ? (
                    <th key={c.key} scope="row" {...common}>{content}</th>
                  ) : (
                    <td key={c.key} className={right ? 'kit-rt--num' : undefined} {...common}>{content}</td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

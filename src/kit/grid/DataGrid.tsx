// The kit's editable data grid: TanStack Table v9 (sorting, filtering) with TanStack
// Virtual rows, an ARIA grid with one roving focus, spreadsheet keys (arrows, Shift+arrows,
// Enter/F2 edit, Escape cancel, Tab, Delete, Ctrl+C/Ctrl+V, Ctrl+Z/Ctrl+Y), per-cell
// validation shown on the cell (aria-invalid) and on its row, paste of Excel blocks
// (adding rows), CSV/XLSX import (by content) and export. Rows are the tool's: every change
// comes back through `onRowsChange`, so persistence and undo across reloads stay the tool's.
import {
  columnFilteringFeature,
  createFilteredRowModel,
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type Row,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type HTMLAttributes, type MutableRefObject, type ReactNode, type RefObject } from 'react';
import { formatFixed } from '../format/number';
import { useStrings } from '../i18n';
import { useFileDrop } from '../layout/FileDrop';
import { useLang } from '../locale';
import { kitStrings } from '../strings';
import { importErrorText } from './import-error';
import { displayCell, editText, headerWidth, isNumericColumn, parseCell, validateRow, type RowProblems } from './cells';
import { compareCells, matchNumeric, matchText, parseNumericFilter } from './filter';
import { GridRowView } from './GridRowView';
import { moveSelection, selectionRange, single, type Selection } from './selection';
import { parseTsv, planPaste, toTsv } from './tsv';
import type { CellValue, GridColumn, GridRow, RowValidator } from './types';
import './grid.css';

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  columnFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
});
type F = typeof features;

export type GridChangeKind = 'edit' | 'paste' | 'clear' | 'import' | 'add' | 'delete' | 'undo' | 'redo';

export interface DataGridProps<R extends GridRow> {
  /** Accessible name of the grid. */
  label: string;
  columns: readonly GridColumn<R>[];
  rows: readonly R[];
  /** Without it the grid is read-only. */
  onRowsChange?: (rows: R[], kind: GridChangeKind) => void;
  /** A new empty row (paste past the end, Add row). Default: every column null. */
  newRow?: () => R;
  rowRule?: RowValidator<R>;
  /** Viewport height of the rows (px or CSS length); default 420. */
  height?: number | string;
  rowHeight?: number;
  /** Enables CSV/XLSX export with this file name. */
  exportName?: string;
  /** Enables import (button and drop on the grid). `replace` (default) or `append`. */
  importMode?: 'replace' | 'append';
  maxRows?: number;
  /** Extra toolbar content (a tool's own actions). */
  toolbar?: ReactNode;
  className?: string;
}

const WIDTH: Record<GridColumn['type'], number> = { number: 120, amount: 140, percent: 96, date: 112, text: 130, select: 100 };
const HEADER_H = 58;
const HISTORY = 30;

interface Edit { r: number; c: number; text: string }
type Status = { kind: 'info' | 'error'; text: string } | null;

export function DataGrid<R extends GridRow>(p: DataGridProps<R>) {
  const lang = useLang();
  const { t } = useStrings(kitStrings);
  const uid = useId().replace(/:/g, '');
  const readOnly = !p.onRowsChange;
  const rowH = p.rowHeight ?? 28;
  const columns = p.columns;
  const nCols = columns.length;

  // --- validation, cached per row object (an edit revalidates only its row)
  const tRef = useRef(t);
  tRef.current = t;
  const cache = useMemo(() => new WeakMap<object, RowProblems | null>(), [columns, p.rowRule, lang]); // eslint-disable-line react-hooks/exhaustive-deps
  const problemsOf = useCallback(
    (row: R): RowProblems | null => {
      let v = cache.get(row);
      if (v === undefined) {
        v = validateRow(columns, row, tRef.current, p.rowRule);
        cache.set(row, v);
      }
      return v;
    },
    [cache, columns, p.rowRule],
  );
  const errorRows = useMemo(() => {
    const out: number[] = [];
    for (let i = 0; i < p.rows.length; i++) if (problemsOf(p.rows[i])) out.push(i);
    return out;
  }, [p.rows, problemsOf]);

  // --- TanStack table: sorting and filtering over the tool's rows
  const defs = useMemo<ColumnDef<F, R>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        accessorFn: (r: R) => r[c.id] ?? null,
        sortFn: (a: Row<F, R>, b: Row<F, R>) => compareCells(a.original[c.id] ?? null, b.original[c.id] ?? null),
        sortUndefined: 'last' as const,
        sortDescFirst: false, // first click sorts ascending, whatever the type
        filterFn: (row: Row<F, R>, _id: string, q: unknown) => {
          const v = (row.original[c.id] ?? null) as CellValue;
          const shown = displayCell(c, v, lang);
          if (isNumericColumn(c)) {
            const f = parseNumericFilter(String(q ?? ''));
            return !f || matchNumeric(v, f, shown);
          }
          return matchText(v, String(q ?? ''), shown);
        },
      })) as ColumnDef<F, R>[],
    [columns, lang],
  );
  const data = p.rows as R[];
  const table = useTable({ features, columns: defs, data, enableMultiSort: true, autoResetAll: false }, (s) => ({ sorting: s.sorting, columnFilters: s.columnFilters }));
  const shown = table.getRowModel().rows;
  const nShown = shown.length;

  // --- selection and editing
  const [sel, setSel] = useState<Selection>(single({ r: 0, c: 0 }));
  const [edit, setEdit] = useState<Edit | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const range = useMemo(() => selectionRange(sel), [sel]);
  const active = sel.focus;
  const scroller = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const focusCell = useRef(false); // move DOM focus to the active cell after the next render

  const bodyApi = useRef<BodyApi | null>(null);

  // keep the selection inside the grid when rows or columns go away
  useEffect(() => {
    if (nShown > 0 && (sel.focus.r >= nShown || sel.focus.c >= nCols)) setSel(single({ r: Math.min(sel.focus.r, nShown - 1), c: Math.min(sel.focus.c, nCols - 1) }));
  }, [nShown, nCols, sel]);

  const go = useCallback(
    (next: Selection) => {
      setSel(next);
      focusCell.current = true;
      bodyApi.current?.scrollToIndex(next.focus.r);
      setStatus(null);
    },
    [],
  );

  // --- history (undo/redo of this session's changes)
  const past = useRef<R[][]>([]);
  const future = useRef<R[][]>([]);
  const commitRows = useCallback(
    (next: R[], kind: GridChangeKind) => {
      if (!p.onRowsChange) return;
      if (kind !== 'undo' && kind !== 'redo') {
        past.current.push(p.rows as R[]);
        if (past.current.length > HISTORY) past.current.shift();
        future.current = [];
      }
      p.onRowsChange(next, kind);
    },
    [p],
  );
  const undo = () => {
    const prev = past.current.pop();
    if (!prev) return;
    future.current.push(p.rows as R[]);
    commitRows(prev, 'undo');
  };
  const redo = () => {
    const next = future.current.pop();
    if (!next) return;
    past.current.push(p.rows as R[]);
    commitRows(next, 'redo');
  };

  const blank = useCallback((): R => p.newRow?.() ?? (Object.fromEntries(columns.map((c) => [c.id, null])) as R), [p.newRow, columns]);

  /** Writes texts into shown cells (r >= nShown appends rows), parsing per column. */
  const writeCells = useCallback(
    (cells: Array<{ r: number; c: number; text: string }>, newRows: number, kind: GridChangeKind) => {
      const next = (p.rows as R[]).slice();
      const firstNew = next.length;
      for (let i = 0; i < newRows; i++) next.push(blank());
      const touched = new Map<number, R>();
      for (const cell of cells) {
        const col = columns[cell.c];
        if (!col || col.editable === false) continue;
        const di = cell.r < nShown ? shown[cell.r].index : firstNew + (cell.r - nShown);
        const row = touched.get(di) ?? ({ ...next[di] } as R);
        (row as GridRow)[col.id] = parseCell(col, cell.text);
        touched.set(di, row);
      }
      for (const [di, row] of touched) next[di] = row;
      if (p.maxRows !== undefined && next.length > p.maxRows) {
        setStatus({ kind: 'error', text: t('grid.tooManyRows', { max: p.maxRows }) });
        return false;
      }
      commitRows(next, kind);
      return true;
    },
    [p.rows, p.maxRows, blank, columns, nShown, shown, commitRows, t],
  );

  const commitEdit = (move: { dr: number; dc: number } | null) => {
    if (!edit) return;
    const e = edit;
    setEdit(null);
    const before = editText((shown[e.r]?.original[columns[e.c].id] ?? null) as CellValue);
    if (e.text !== before) writeCells([{ r: e.r, c: e.c, text: e.text }], 0, 'edit');
    focusCell.current = true;
    if (move) go(moveSelection(single({ r: e.r, c: e.c }), move.dr, move.dc, nShown, nCols, false));
  };

  const startEdit = (text?: string) => {
    const col = columns[active.c];
    if (readOnly || !col || col.editable === false || nShown === 0) return;
    const cur = (shown[active.r]?.original[col.id] ?? null) as CellValue;
    setEdit({ r: active.r, c: active.c, text: text ?? editText(cur) });
  };

  const clearRange = () => {
    if (readOnly) return;
    const cells: Edit[] = [];
    for (let r = range.r0; r <= range.r1; r++) for (let c = range.c0; c <= range.c1; c++) cells.push({ r, c, text: '' });
    writeCells(cells, 0, 'clear');
  };

  const selectionTsv = () => {
    const rows: string[][] = [];
    for (let r = range.r0; r <= range.r1; r++) {
      const line: string[] = [];
      for (let c = range.c0; c <= range.c1; c++) line.push(editText((shown[r]?.original[columns[c].id] ?? null) as CellValue));
      rows.push(line);
    }
    return toTsv(rows);
  };

  const paste = useCallback(
    (text: string) => {
      if (readOnly) return;
      const block = parseTsv(text);
      if (block.length === 0) return;
      const plan = planPaste(block, range, nShown, nCols);
      if (writeCells(plan.cells, plan.newRows, 'paste')) {
        const rows = new Set(plan.cells.map((c) => c.r)).size;
        const cols = new Set(plan.cells.map((c) => c.c)).size;
        setStatus({ kind: 'info', text: t('grid.pasted', { rows, cols }) });
        const last = plan.cells[plan.cells.length - 1];
        if (last) setSel({ anchor: { r: range.r0, c: range.c0 }, focus: { r: last.r, c: last.c } });
      }
    },
    [readOnly, range, nShown, nCols, writeCells, t],
  );

  // Copy and paste arrive at the document when the focused cell is not editable.
  const selTsv = useRef(selectionTsv);
  selTsv.current = selectionTsv;
  const pasteRef = useRef(paste);
  pasteRef.current = paste;
  useEffect(() => {
    const inBody = () => !!body.current && body.current.contains(document.activeElement) && !(document.activeElement instanceof HTMLInputElement);
    const onCopy = (e: ClipboardEvent) => {
      if (!inBody() || !e.clipboardData) return;
      e.clipboardData.setData('text/plain', selTsv.current());
      e.preventDefault();
    };
    const onPaste = (e: ClipboardEvent) => {
      if (!inBody() || !e.clipboardData) return;
      e.preventDefault();
      pasteRef.current(e.clipboardData.getData('text/plain'));
    };
    document.addEventListener('copy', onCopy);
    document.addEventListener('paste', onPaste);
    return () => {
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('paste', onPaste);
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (nShown === 0) return;
    const mod = e.ctrlKey || e.metaKey;
    if (edit) {
      if (e.key === 'Enter') { e.preventDefault(); commitEdit({ dr: e.shiftKey ? -1 : 1, dc: 0 }); }
      else if (e.key === 'Tab') { e.preventDefault(); commitEdit({ dr: 0, dc: e.shiftKey ? -1 : 1 }); }
      else if (e.key === 'Escape') { e.preventDefault(); setEdit(null); focusCell.current = true; }
      return;
    }
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 400) / rowH) - 1);
    const move = (dr: number, dc: number) => { e.preventDefault(); go(moveSelection(sel, dr, dc, nShown, nCols, e.shiftKey)); };
    switch (e.key) {
      case 'ArrowDown': return move(mod ? nShown : 1, 0);
      case 'ArrowUp': return move(mod ? -nShown : -1, 0);
      case 'ArrowRight': return move(0, mod ? nCols : 1);
      case 'ArrowLeft': return move(0, mod ? -nCols : -1);
      case 'PageDown': return move(page, 0);
      case 'PageUp': return move(-page, 0);
      case 'Home': return move(mod ? -nShown : 0, -nCols);
      case 'End': return move(mod ? nShown : 0, nCols);
      case 'Tab':
        if (e.shiftKey ? active.c > 0 : active.c < nCols - 1) move(0, e.shiftKey ? -1 : 1);
        return; // at the edge Tab leaves the grid
      case 'Enter':
      case 'F2':
        e.preventDefault();
        return startEdit();
      case 'Delete':
      case 'Backspace':
        e.preventDefault();
        return clearRange();
      case 'Escape':
        return setSel(single(active));
    }
    if (mod && (e.key === 'z' || e.key === 'Z')) { e.preventDefault(); return e.shiftKey ? redo() : undo(); }
    if (mod && (e.key === 'y' || e.key === 'Y')) { e.preventDefault(); return redo(); }
    if (mod && (e.key === 'a' || e.key === 'A')) { e.preventDefault(); return setSel({ anchor: { r: 0, c: 0 }, focus: { r: nShown - 1, c: nCols - 1 } }); }
    if (!mod && !e.altKey && e.key.length === 1 && !e.nativeEvent.isComposing) {
      e.preventDefault();
      startEdit(e.key); // typing replaces the cell, as in a spreadsheet
    }
  };

  // --- mouse selection
  const dragging = useRef(false);
  const cellAt = (e: MouseEvent): { r: number; c: number } | null => {
    const cell = (e.target as HTMLElement).closest('[data-col]') as HTMLElement | null;
    const row = cell?.closest('[data-index]') as HTMLElement | null;
    if (!cell || !row) return null;
    return { r: Number(row.dataset.index), c: Number(cell.dataset.col) };
  };
  const onMouseDown = (e: MouseEvent) => {
    const at = cellAt(e);
    if (!at || (edit && at.r === edit.r && at.c === edit.c)) return;
    if (edit) commitEdit(null);
    dragging.current = true;
    setSel((s) => (e.shiftKey ? { anchor: s.anchor, focus: at } : single(at)));
    focusCell.current = true;
    setStatus(null);
    const up = () => {
      dragging.current = false;
      document.removeEventListener('mouseup', up);
    };
    document.addEventListener('mouseup', up);
  };
  const onMouseOver = (e: MouseEvent) => {
    if (!dragging.current) return;
    const at = cellAt(e);
    if (at) setSel((s) => (s.focus.r === at.r && s.focus.c === at.c ? s : { anchor: s.anchor, focus: at }));
  };

  // --- import / export
  const fileInput = useRef<HTMLInputElement>(null);
  const importFile = useCallback(
    async (file: File) => {
      if (!p.onRowsChange) return;
      try {
        const { importRows } = await import('./io');
        const res = await importRows(new Uint8Array(await file.arrayBuffer()), columns, { maxRows: p.maxRows ?? 200_000 });
        const next = p.importMode === 'append' ? [...(p.rows as R[]), ...res.rows] : res.rows;
        commitRows(next, 'import');
        const errs = res.rows.filter((r) => validateRow(columns, r, tRef.current, p.rowRule)).length;
        setStatus({ kind: 'info', text: t('grid.imported', { count: res.rows.length, errors: errs }) });
      } catch (err) {
        setStatus({ kind: 'error', text: importErrorText(err, t) });
      }
    },
    [p.onRowsChange, p.importMode, p.rows, p.maxRows, p.rowRule, columns, commitRows, t],
  );
  const drop = useFileDrop((f) => void importFile(f), !readOnly && !!p.importMode);
  const exportAs = async (format: 'csv' | 'xlsx') => {
    try {
      const { exportFile, download, exportFileName } = await import('./io');
      const rows = shown.map((r) => r.original);
      download(await exportFile(format, { columns, rows, name: p.exportName!, lang }), exportFileName(p.exportName!, format));
    } catch (err) {
      console.error('export failed', err);
      setStatus({ kind: 'error', text: t('error.exportFailed') });
    }
  };

  const addRow = () => {
    commitRows([...(p.rows as R[]), blank()], 'add');
    const r = nShown; // appears last unless sorted/filtered away
    setTimeout(() => go(single({ r, c: 0 })), 0);
  };
  const deleteRows = () => {
    const gone = new Set<number>();
    for (let r = range.r0; r <= range.r1; r++) if (shown[r]) gone.add(shown[r].index);
    if (gone.size === 0) return;
    commitRows((p.rows as R[]).filter((_, i) => !gone.has(i)), 'delete');
    setSel(single({ r: range.r0, c: active.c }));
  };
  const nextError = () => {
    if (errorRows.length === 0) return;
    const curData = shown[active.r]?.index ?? -1;
    const pos = new Map(shown.map((r, i) => [r.index, i]));
    const after = errorRows.find((d) => d > curData && pos.has(d)) ?? errorRows.find((d) => pos.has(d));
    if (after === undefined) return;
    const r = pos.get(after)!;
    const prob = problemsOf(p.rows[after]);
    const c = Math.max(0, columns.findIndex((col) => prob?.cells[col.id]));
    go(single({ r, c }));
  };

  // --- layout
  // A header is never cut off: the column is at least as wide as its name in the language shown.
  const widths = columns.map((c) => Math.max(c.width ?? WIDTH[c.type], headerWidth(c.required ? `${c.header} *` : c.header)));
  const template = `56px ${widths.map((w) => `${w}px`).join(' ')}`;
  const totalW = 56 + widths.reduce((a, b) => a + b, 0);
  const sorting = table.state.sorting;
  const filters = table.state.columnFilters;
  const rowErrorLabel = useCallback(
    (pr: RowProblems) => {
      const parts = Object.entries(pr.cells).map(([id, m]) => t('grid.cellError', { name: columns.find((c) => c.id === id)?.header ?? id, message: m }));
      if (pr.row) parts.push(pr.row);
      return parts.join('; ');
    },
    [columns, t],
  );
  const listId = useCallback((colId: string) => (columns.find((c) => c.id === colId)?.type === 'select' ? `${uid}-opts-${colId}` : undefined), [columns, uid]);
  const onEditValue = useCallback((s: string) => setEdit((e) => (e ? { ...e, text: s } : e)), []);

  const activeRow = shown[active.r];
  const activeProblems = activeRow ? problemsOf(activeRow.original) : null;
  const activeCol = columns[active.c];
  const activeMsg = activeProblems && activeCol
    ? activeProblems.cells[activeCol.id]
      ? t('grid.rowError', { row: activeRow.index + 1, message: t('grid.cellError', { name: activeCol.header, message: activeProblems.cells[activeCol.id] }) })
      : t('grid.rowError', { row: activeRow.index + 1, message: rowErrorLabel(activeProblems) })
    : null;

  return (
    <div className={`kit-grid${drop.over ? ' kit-grid--drop' : ''}${p.className ? ` ${p.className}` : ''}`} {...drop.handlers}>
      <div className="kit-grid__bar" role="toolbar" aria-label={p.label}>
        <span className="kit-grid__count" aria-live="polite">
          {nShown === p.rows.length
            ? t('grid.rows', { count: formatFixed(p.rows.length, 0, lang) })
            : t('grid.shown', { shown: formatFixed(nShown, 0, lang), count: formatFixed(p.rows.length, 0, lang) })}
        </span>
        {errorRows.length > 0 ? (
          <button type="button" className="btn kit-grid__errs" onClick={nextError}>{t('grid.errors', { count: errorRows.length })}</button>
        ) : (
          <span className="kit-grid__ok">{t('grid.noErrors')}</span>
        )}
        <span className="kit-grid__spacer" />
        {p.toolbar}
        {!readOnly ? <button type="button" className="btn" onClick={addRow}>{t('grid.addRow')}</button> : null}
        {!readOnly ? <button type="button" className="btn" onClick={deleteRows}>{t('grid.deleteRows')}</button> : null}
        {!readOnly && p.importMode ? (
          <>
            <button type="button" className="btn" onClick={() => fileInput.current?.click()}>{t('grid.import')}</button>
            <input ref={fileInput} type="file" hidden tabIndex={-1} aria-hidden="true" accept=".csv,.tsv,.txt,.xlsx" onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) void importFile(f); }} />
          </>
        ) : null}
        {p.exportName ? <button type="button" className="btn" onClick={() => void exportAs('csv')}>{t('grid.exportCsv')}</button> : null}
        {p.exportName ? <button type="button" className="btn" onClick={() => void exportAs('xlsx')}>{t('grid.exportXlsx')}</button> : null}
      </div>
        <GridBody
          header={
            <div role="rowgroup" className="kit-grid__head" style={{ gridTemplateColumns: template, width: totalW, height: HEADER_H }}>
            <div role="row" aria-rowindex={1} className="kit-grid__hrow" style={{ gridTemplateColumns: template }}>
              <div role="columnheader" aria-colindex={1} className="kit-grid__corner">#</div>
              {table.getHeaderGroups()[0]?.headers.map((h, j) => {
                const c = columns[j];
                const dir = sorting.find((s) => s.id === c.id);
                const fv = (filters.find((f) => f.id === c.id)?.value as string | undefined) ?? '';
                return (
                  <div key={h.id} role="columnheader" aria-colindex={j + 2} aria-sort={dir ? (dir.desc ? 'descending' : 'ascending') : 'none'} className={`kit-grid__th${isNumericColumn(c) ? ' kit-grid__th--num' : ''}`}>
                    <button type="button" className="kit-grid__sort" onClick={(e) => h.column.toggleSorting(undefined, e.shiftKey)} title={t('grid.sortBy', { name: c.header })}>
                      <span className="kit-grid__hname">{c.header}{c.required ? ' *' : ''}</span>
                      <span className="kit-grid__arrow" aria-hidden="true">{dir ? (dir.desc ? '▼' : '▲') : ''}</span>
                    </button>
                    <input
                      className="kit-grid__filter"
                      aria-label={t('grid.filter', { name: c.header })}
                      placeholder={t('grid.filterPlaceholder')}
                      value={fv}
                      onChange={(e) => h.column.setFilterValue(e.target.value || undefined)}
                      onKeyDown={(e) => e.stopPropagation()}
                      spellCheck={false}
                    />
                  </div>
                );
              })}
            </div>
          </div>
          }
          gridProps={{
            className: 'kit-grid__scroll',
            style: { height: p.height ?? 420 },
            role: 'grid',
            'aria-label': p.label,
            'aria-rowcount': nShown + 1,
            'aria-colcount': nCols + 1,
            'aria-multiselectable': true,
            'aria-readonly': readOnly || undefined,
            onKeyDown,
          }}
          shown={shown}
          columns={columns as readonly GridColumn[]}
          range={range}
          active={active}
          edit={edit}
          onEditValue={onEditValue}
          lang={lang}
          problemsOf={problemsOf as (row: GridRow) => RowProblems | null}
          rowErrorLabel={rowErrorLabel}
          listId={listId}
          rowH={rowH}
          template={template}
          width={totalW}
          scroller={scroller}
          bodyRef={body}
          apiRef={bodyApi}
          focusPending={focusCell}
          onMouseDown={onMouseDown}
          onMouseOver={onMouseOver}
          onDoubleClick={startEdit}
        />
      {columns.filter((c) => c.type === 'select').map((c) => (
        <datalist key={c.id} id={`${uid}-opts-${c.id}`}>
          {c.options?.map((o) => <option key={o.value} value={o.label} />)}
        </datalist>
      ))}
      <div className={`kit-grid__status${status?.kind === 'error' || (!status && activeMsg) ? ' kit-grid__status--bad' : ''}`} role="status" aria-live="polite">
        {status ? status.text : activeMsg ?? (readOnly ? '' : t('grid.editHint'))}
      </div>
    </div>
  );
}

interface BodyApi {
  scrollToIndex(i: number): void;
}

/** What the body needs of a TanStack row. */
interface ShownRow { readonly id: string; readonly index: number; readonly original: GridRow }

interface GridBodyProps {
  shown: readonly ShownRow[];
  columns: readonly GridColumn[];
  range: ReturnType<typeof selectionRange>;
  active: { r: number; c: number };
  edit: Edit | null;
  onEditValue: (s: string) => void;
  lang: ReturnType<typeof useLang>;
  problemsOf: (row: GridRow) => RowProblems | null;
  rowErrorLabel: (p: RowProblems) => string;
  listId: (colId: string) => string | undefined;
  rowH: number;
  template: string;
  width: number;
  scroller: RefObject<HTMLDivElement | null>;
  bodyRef: MutableRefObject<HTMLDivElement | null>;
  apiRef: MutableRefObject<BodyApi | null>;
  onMouseDown: (e: MouseEvent) => void;
  onMouseOver: (e: MouseEvent) => void;
  onDoubleClick: () => void;
  /** Set when the active cell should take DOM focus once it is rendered. */
  focusPending: MutableRefObject<boolean>;
  /** The header row group, rendered inside the scroller (sticky). */
  header: ReactNode;
  /** Attributes of the scroll container (the ARIA grid). */
  gridProps: HTMLAttributes<HTMLDivElement> & Record<`aria-${string}`, unknown>;
}

/**
 * The virtualised rows, in a component of their own: a scroll re-renders only this (and
 * only when the window of rows changes), never the header, toolbar or status.
 */
function GridBody(p: GridBodyProps) {
  const { shown, rowH } = p;
  // Stable callbacks: the virtualizer recomputes every row's offset when getItemKey changes
  // (100,000 calls), so it changes only with the shown rows.
  const getItemKey = useCallback((i: number) => shown[i]?.id ?? i, [shown]);
  const estimateSize = useCallback(() => rowH, [rowH]);
  const getScrollElement = useCallback(() => p.scroller.current, [p.scroller]);
  const virtual = useVirtualizer({
    count: shown.length,
    getScrollElement,
    estimateSize,
    // Rows have a fixed height: a measured size that differs by a pixel would otherwise
    // invalidate every row's offset on each newly shown row.
    measureElement: estimateSize,
    overscan: 12,
    scrollMargin: HEADER_H,
    getItemKey,
    directDomUpdates: true,
  });
  p.apiRef.current = { scrollToIndex: (i) => virtual.scrollToIndex(i, { align: 'auto' }) };
  const { range, active, edit } = p;
  // The active cell may render only after the scroll that brings it into view: keep trying
  // on each render until it is there, unless focus has meanwhile gone somewhere else on purpose.
  useLayoutEffect(() => {
    if (!p.focusPending.current || edit) return;
    const now = document.activeElement;
    if (now && now !== document.body && now !== p.scroller.current && !p.bodyRef.current?.contains(now)) {
      p.focusPending.current = false;
      return;
    }
    const el = p.bodyRef.current?.querySelector<HTMLElement>(`[data-index="${active.r}"] [data-col="${active.c}"]`);
    if (!el) return;
    p.focusPending.current = false;
    el.focus({ preventScroll: true });
  });
  // The scroller is rendered here so its ref is set before this component's layout effects,
  // where the virtualizer starts observing it.
  return (
    <div ref={p.scroller as RefObject<HTMLDivElement>} {...p.gridProps}>
      {p.header}
      <div
        ref={(el) => { p.bodyRef.current = el; virtual.containerRef(el); }}
        role="rowgroup"
        className="kit-grid__body"
        style={{ width: p.width, ['--cols' as string]: p.template, ['--row-h' as string]: `${rowH}px` }}
        onMouseDown={p.onMouseDown}
        onMouseOver={p.onMouseOver}
        onDoubleClick={() => p.onDoubleClick()}
      >
        {virtual.getVirtualItems().map((it) => {
          const row = shown[it.index];
          if (!row) return null;
          const inSel = it.index >= range.r0 && it.index <= range.r1;
          return (
            <GridRowView
              key={it.key}
              row={row.original}
              dataIndex={row.index}
              shownIndex={it.index}
              columns={p.columns}
              problems={p.problemsOf(row.original)}
              sel={inSel ? range : null}
              activeCol={it.index === active.r ? active.c : -1}
              editCol={edit && edit.r === it.index ? edit.c : -1}
              editValue={edit && edit.r === it.index ? edit.text : ''}
              onEditValue={p.onEditValue}
              lang={p.lang}
              measure={virtual.measureElement}
              rowErrorLabel={p.rowErrorLabel}
              listId={p.listId}
            />
          );
        })}
      </div>
    </div>
  );
}

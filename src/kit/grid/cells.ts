// Cell text <-> value and per-cell validation: pure, shared by editing, paste and import.
import { parseAmount, parseNumber, parsePercent } from '../fields/parse';
import { parseTenorOrDate } from '../fields/tenor-date';
import { formatValue, type ValueFormat } from '../format/value-format';
import type { Lang } from '../locale';
import type { CellValue, GridColumn, GridRow, RowValidator, Translate } from './types';

const NUMERIC = new Set(['number', 'amount', 'percent']);
export const isNumericColumn = (c: Pick<GridColumn, 'type'>): boolean => NUMERIC.has(c.type);

/** Reads typed or pasted text into a cell value; text that does not parse is kept as is. */
export function parseCell(col: GridColumn, raw: string): CellValue {
  const text = raw.trim();
  if (text === '') return null;
  switch (col.type) {
    case 'number': {
      const r = parseNumber(text);
      return r.ok ? r.value : text;
    }
    case 'amount': {
      const r = parseAmount(text);
      return r.ok ? r.value : text;
    }
    case 'percent': {
      const r = parsePercent(text);
      return r.ok ? r.value : text;
    }
    case 'date': {
      const r = parseTenorOrDate(text);
      return r.ok && r.value.kind === 'date' ? r.value.date : text;
    }
    case 'select': {
      const t = text.toLowerCase();
      const o = col.options?.find((x) => x.value.toLowerCase() === t || x.label.toLowerCase() === t || x.aliases?.some((a) => a.toLowerCase() === t));
      return o ? o.value : text;
    }
    default:
      return text;
  }
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** Why a cell is not acceptable (in the user's language), or null. */
export function validateCell<R extends GridRow>(col: GridColumn<R>, v: CellValue, row: R, t: Translate): string | null {
  if (v === null || v === '') return col.required ? t('field.error.empty') : null;
  if (isNumericColumn(col)) {
    if (typeof v !== 'number') return t(`field.error.${col.type === 'amount' ? 'amount' : col.type === 'percent' ? 'percent' : 'number'}`);
    if (col.integer && !Number.isInteger(v)) return t('field.error.integer');
    if (col.min !== undefined && v < col.min) return t('field.error.min', { min: col.min });
    if (col.max !== undefined && v > col.max) return t('field.error.max', { max: col.max });
  } else if (col.type === 'date') {
    if (typeof v !== 'string' || !ISO.test(v) || !(parseTenorOrDate(v).ok)) return t('field.error.tenorDate');
  } else if (col.type === 'select') {
    if (!col.options?.some((o) => o.value === v)) return t('grid.invalidSelect', { options: col.options?.map((o) => o.label).join(', ') ?? '' });
  }
  return col.validate?.(v, row) ?? null;
}

export interface RowProblems {
  /** Column id -> message. */
  cells: Record<string, string>;
  /** The row rule's message. */
  row: string | null;
}

/** Every problem of one row, or null when the row is fine. */
export function validateRow<R extends GridRow>(columns: readonly GridColumn<R>[], row: R, t: Translate, rowRule?: RowValidator<R>): RowProblems | null {
  let cells: Record<string, string> | null = null;
  for (const c of columns) {
    const m = validateCell(c, row[c.id] ?? null, row, t);
    if (m) (cells ??= {})[c.id] = m;
  }
  const r = cells ? null : rowRule?.(row) ?? null; // a row rule reads parsed cells only
  return cells || r ? { cells: cells ?? {}, row: r } : null;
}

/** Problems of all rows by data index (rows without problems absent). */
export function validateRows<R extends GridRow>(columns: readonly GridColumn<R>[], rows: readonly R[], t: Translate, rowRule?: RowValidator<R>): Map<number, RowProblems> {
  const out = new Map<number, RowProblems>();
  for (let i = 0; i < rows.length; i++) {
    const p = validateRow(columns, rows[i], t, rowRule);
    if (p) out.set(i, p);
  }
  return out;
}

export function defaultFormat(col: GridColumn): ValueFormat | undefined {
  if (col.format) return col.format;
  switch (col.type) {
    case 'amount': return { kind: 'fixed', decimals: 2 };
    case 'percent': return { kind: 'percent', decimals: 2 };
    case 'number': return { kind: 'sig', digits: 10 };
    default: return undefined;
  }
}

/** Text a cell shows: formatted values, select labels, invalid text as typed. */
export function displayCell(col: GridColumn, v: CellValue, lang: Lang): string {
  if (v === null) return '';
  if (typeof v === 'string') {
    if (col.type === 'select') return col.options?.find((o) => o.value === v)?.label ?? v;
    return v;
  }
  return formatValue(v, defaultFormat(col), lang);
}

/** Text put in the editor: numbers in full precision without grouping. */
export function editText(v: CellValue): string {
  return v === null ? '' : String(v);
}

/**
 * Width (px) a column header needs to show whole at the grid's 12 px header font: wide
 * (CJK, full-width) characters about 12 px, others about 7 px, plus padding, the sort arrow
 * and its gap. A column is never narrower, in either language (no cut-off "Direction").
 */
export function headerWidth(header: string): number {
  let w = 0;
  for (const ch of header) w += /[\u2e80-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(ch) ? 12.5 : /[A-Z]/.test(ch) ? 8 : 7;
  return Math.ceil(w + 12 + 8 + 4 + 6);
}

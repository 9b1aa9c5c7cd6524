// Column definitions of a kit grid: what a tool declares; the grid derives editing,
// validation, display, paste, import and export from them.
import type { ValueFormat } from '../format/value-format';

export type ColumnType = 'number' | 'amount' | 'percent' | 'date' | 'text' | 'select';

/** A cell holds its parsed value, or the text as typed when that did not parse (flagged invalid). */
export type CellValue = number | string | null;
export type GridRow = Record<string, CellValue>;

export interface SelectOption {
  value: string;
  /** In the current language (`Buy`, `买入`). */
  label: string;
  /** Other texts read as this option on paste and import (the other language). */
  aliases?: readonly string[];
}

export interface GridColumn<R extends GridRow = GridRow> {
  /** Key of the value in a row. */
  id: string;
  /** Header in the current language. */
  header: string;
  type: ColumnType;
  /** Other header texts recognised on import (the other language, legacy names). */
  aliases?: readonly string[];
  required?: boolean;
  min?: number;
  max?: number;
  integer?: boolean;
  /** For `select`: the allowed values (matched by value or label, any case). */
  options?: readonly SelectOption[];
  /** Display; default by type (amount 2 dp grouped, percent 2 dp, number up to 10 significant). */
  format?: ValueFormat;
  /** A rule beyond the type's: a message in the user's language, or null (method syntax: a column of a row subtype is still a column). */
  validate?(value: CellValue, row: R): string | null;
  editable?: boolean;
  /** Width in px (default by type). */
  width?: number;
}

/** A rule across cells of one row (e.g. "far date after near date"): message or null. */
export type RowValidator<R extends GridRow = GridRow> = (row: R) => string | null;

/** Translator of the kit namespace, injected so validation stays pure. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

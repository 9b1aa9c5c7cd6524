// Import and export of grid rows. Files are recognised by their bytes, never by their name:
// XLSX is a ZIP (PK\x03\x04), legacy XLS an OLE container (refused, said so), CSV/TSV text in
// UTF-8 or, failing that, GB18030 (what Excel on Chinese Windows saves). exceljs is loaded
// only when an XLSX is read or written.
import Papa from 'papaparse';
import type { Lang } from '../locale';
import { parseCell } from './cells';
import type { CellValue, GridColumn, GridRow } from './types';
import type { XlsxSheet } from './xlsx';

export type FileKind = 'xlsx' | 'xls' | 'text' | 'unknown';

export function sniffFile(bytes: Uint8Array): FileKind {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'xlsx';
  if (bytes.length >= 8 && bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) return 'xls';
  const n = Math.min(bytes.length, 65536);
  let ctl = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i];
    if (b === 0) return 'unknown';
    if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b)) ctl++;
  }
  return n > 0 && ctl / n < 0.01 ? 'text' : 'unknown';
}

/** Text of a CSV/TSV file: UTF-8 (BOM dropped) or GB18030. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/** Rows of raw cells; a spreadsheet's own values (numbers, dates) are kept as such. */
export type RawCell = string | number | boolean | Date | null;
export type RawTable = RawCell[][];

export function parseDelimited(text: string): RawTable {
  const r = Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { skipEmptyLines: 'greedy' });
  return r.data;
}

export interface ImportResult<R extends GridRow> {
  rows: R[];
  /** Columns matched to file headers, in the file's order. */
  matched: string[];
  /** File headers that matched no column. */
  ignored: string[];
  /** Line of each row in the file (1 = the first line; the header's line is before them), for messages. */
  lines: number[];
}

export class ImportError extends Error {
  constructor(readonly code: 'unknownFile' | 'legacyXls' | 'noHeader' | 'tooManyRows', readonly params: Record<string, unknown> = {}) {
    super(code);
    this.name = 'ImportError';
  }
}

const norm = (s: unknown) => String(s ?? '').normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');

/** Value of a raw spreadsheet cell for a column (numbers and dates kept exactly). */
export function cellFromRaw(col: GridColumn, raw: RawCell, percentFormatted = false): CellValue {
  if (raw === null || raw === undefined || raw === '') return null;
  if (raw instanceof Date) {
    if (Number.isNaN(raw.getTime())) return null;
    const iso = raw.toISOString().slice(0, 10); // exceljs dates are UTC midnights
    return col.type === 'date' ? iso : parseCell(col, iso);
  }
  if (typeof raw === 'number') {
    if (col.type === 'percent' && percentFormatted) return shiftDecimal(raw, 2);
    if (col.type === 'date') return parseCell(col, String(raw));
    if (col.type === 'number' || col.type === 'amount' || col.type === 'percent') return raw;
    return parseCell(col, String(raw));
  }
  return parseCell(col, String(raw));
}

/** x * 10^pow on the decimal digits (exact: 0.055 -> 5.5, not 5.500000000000001). */
export function shiftDecimal(x: number, pow: number): number {
  const [m, e] = x.toExponential().split('e');
  return Number(`${m}e${Number(e) + pow}`);
}

/**
 * Rows from a table whose first non-empty row is the header. Headers match a column by its
 * header, aliases or id (case and spacing ignored). `percentCols` marks columns whose
 * spreadsheet cells were percent-formatted (0.055 shown as 5.5%).
 */
export function rowsFromTable<R extends GridRow>(table: RawTable, columns: readonly GridColumn<R>[], opts: { maxRows?: number; percentCols?: ReadonlySet<number> } = {}): ImportResult<R> {
  const start = table.findIndex((r) => r.some((c) => norm(c) !== ''));
  if (start < 0) throw new ImportError('noHeader', { names: columns.map((c) => c.header).join(', ') });
  const header = table[start];
  const byName = new Map<string, GridColumn<R>>();
  for (const c of columns) for (const n of [c.header, c.id, ...(c.aliases ?? [])]) byName.set(norm(n), c);
  const map: Array<GridColumn<R> | null> = header.map((h) => byName.get(norm(h)) ?? null);
  const matched = map.filter((c): c is GridColumn<R> => !!c).map((c) => c.id);
  if (matched.length === 0) throw new ImportError('noHeader', { names: columns.map((c) => c.header).join(', ') });
  const lines: number[] = [];
  const body = table.slice(start + 1).filter((r, j) => r.some((c) => norm(c) !== '') && lines.push(start + j + 2) > 0);
  if (opts.maxRows !== undefined && body.length > opts.maxRows) throw new ImportError('tooManyRows', { max: opts.maxRows });
  const rows = body.map((r) => {
    const row: GridRow = {};
    for (const c of columns) row[c.id] = null;
    map.forEach((c, j) => {
      if (c) row[c.id] = cellFromRaw(c, r[j] ?? null, opts.percentCols?.has(j));
    });
    return row as R;
  });
  return { rows, matched, ignored: header.filter((_, j) => !map[j]).map(String).filter((h) => h.trim() !== ''), lines };
}

/** Reads a CSV, TSV or XLSX file's bytes into rows (checked by content). */
export async function importRows<R extends GridRow>(bytes: Uint8Array, columns: readonly GridColumn<R>[], opts: { maxRows?: number } = {}): Promise<ImportResult<R>> {
  const kind = sniffFile(bytes);
  if (kind === 'xls') throw new ImportError('legacyXls');
  if (kind === 'unknown') throw new ImportError('unknownFile');
  if (kind === 'text') return rowsFromTable(parseDelimited(decodeText(bytes)), columns, opts);
  const { readXlsx } = await import('./xlsx');
  const { table, percentCols } = await readXlsx(bytes);
  return rowsFromTable(table, columns, { ...opts, percentCols });
}

function exportCell(col: GridColumn, v: CellValue): string | number {
  if (v === null) return '';
  if (typeof v === 'number') return v;
  if (col.type === 'select') return col.options?.find((o) => o.value === v)?.label ?? v;
  return v;
}

/** CSV text (UTF-8 with BOM so Excel reads Chinese), numbers in full precision, dates ISO. */
export function toCsv<R extends GridRow>(columns: readonly GridColumn<R>[], rows: readonly R[]): string {
  const data = rows.map((r) => columns.map((c) => {
    const v = exportCell(c, r[c.id] ?? null);
    return typeof v === 'number' ? String(v) : v;
  }));
  return `\ufeff${Papa.unparse({ fields: columns.map((c) => c.header), data }, { newline: '\r\n' })}\r\n`;
}

export interface ExportSpec<R extends GridRow> {
  columns: readonly GridColumn<R>[];
  rows: readonly R[];
  /** File name without extension. */
  name: string;
  sheet?: string;
  lang: Lang;
}

/** Builds the file of an export: CSV text or XLSX bytes. */
export async function exportFile<R extends GridRow>(format: 'csv' | 'xlsx', spec: ExportSpec<R>): Promise<Blob> {
  if (format === 'csv') return new Blob([toCsv(spec.columns, spec.rows)], { type: 'text/csv;charset=utf-8' });
  const { writeXlsx } = await import('./xlsx');
  const bytes = await writeXlsx(spec.columns, spec.rows, spec.sheet ?? spec.name);
  return new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** An XLSX workbook of several sheets (results, inputs, the market data used). */
export async function exportWorkbook(sheets: readonly XlsxSheet[]): Promise<Blob> {
  const { writeXlsxSheets } = await import('./xlsx');
  return new Blob([await writeXlsxSheets(sheets)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** Offers a Blob as a download. */
export function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `name-2026-05-07.csv`: a stable, sortable file name. */
export function exportFileName(name: string, format: 'csv' | 'xlsx', now = new Date()): string {
  const d = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return `${name.replace(/[\\/:*?"<>|]+/g, '_')}-${d}.${format}`;
}

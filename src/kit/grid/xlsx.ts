// XLSX through exceljs (loaded on demand by io.ts): numbers stay numbers, dates are real
// Excel dates, percent columns are Excel percentages (5.5 -> 0.055 shown 5.50%).
import type { Workbook } from 'exceljs';
import { shiftDecimal, type RawTable } from './io';
import type { CellValue, GridColumn, GridRow } from './types';

async function newWorkbook(): Promise<Workbook> {
  const mod = await import('exceljs');
  const ExcelJS = ((mod as unknown as { default?: typeof mod }).default ?? mod) as typeof mod;
  return new ExcelJS.Workbook();
}

const NUM_FMT: Record<string, string> = { amount: '#,##0.00', percent: '0.00%', date: 'yyyy-mm-dd' };

function isoToDate(iso: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

function toExcel(col: GridColumn, v: CellValue): string | number | Date | null {
  if (v === null) return null;
  if (typeof v === 'number') return col.type === 'percent' ? shiftDecimal(v, -2) : v;
  if (col.type === 'date') return isoToDate(v) ?? v;
  if (col.type === 'select') return col.options?.find((o) => o.value === v)?.label ?? v;
  return v;
}

/** One sheet of a workbook: its name (Excel's 31-character rule applied) and a grid's columns and rows. */
export interface XlsxSheet<R extends GridRow = GridRow> {
  name: string;
  columns: readonly GridColumn<R>[];
  rows: readonly R[];
}

/** A workbook of one or more sheets (e.g. a book's results beside the market data it used). */
export async function writeXlsxSheets(sheets: readonly XlsxSheet[]): Promise<ArrayBuffer> {
  const wb = await newWorkbook();
  for (const { name, columns, rows } of sheets) {
    const ws = wb.addWorksheet(name.slice(0, 31).replace(/[\\/?*[\]:]/g, '_') || 'Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = columns.map((c) => ({ header: c.header, key: c.id, width: Math.max(10, Math.min(40, c.header.length + 4, (c.width ?? 110) / 7)), style: NUM_FMT[c.type] ? { numFmt: NUM_FMT[c.type] } : {} }));
    ws.getRow(1).font = { bold: true };
    for (const r of rows) ws.addRow(columns.map((c) => toExcel(c, r[c.id] ?? null)));
  }
  return (await wb.xlsx.writeBuffer()) as ArrayBuffer;
}

export function writeXlsx<R extends GridRow>(columns: readonly GridColumn<R>[], rows: readonly R[], sheetName: string): Promise<ArrayBuffer> {
  return writeXlsxSheets([{ name: sheetName, columns: columns as readonly GridColumn[], rows }]);
}

/** The first worksheet as raw cells; `percentCols` lists columns whose first data cells are percent-formatted. */
export async function readXlsx(bytes: Uint8Array): Promise<{ table: RawTable; percentCols: Set<number> }> {
  const wb = await newWorkbook();
  await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const ws = wb.worksheets[0];
  const table: RawTable = [];
  const percentCols = new Set<number>();
  if (!ws) return { table, percentCols };
  ws.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: RawTable[number] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      let v = cell.value as unknown;
      if (v && typeof v === 'object' && !(v instanceof Date)) {
        const o = v as { result?: unknown; text?: unknown; richText?: Array<{ text: string }> };
        v = o.result ?? o.text ?? (o.richText ? o.richText.map((x) => x.text).join('') : null);
      }
      cells[col - 1] = v === undefined ? null : (v as RawTable[number][number]);
      if (typeof v === 'number' && cell.numFmt?.includes('%')) percentCols.add(col - 1);
    });
    table[n - 1] = cells;
  });
  for (let i = 0; i < table.length; i++) table[i] ??= [];
  return { table, percentCols };
}

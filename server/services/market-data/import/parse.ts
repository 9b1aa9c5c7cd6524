// Reads an import file into raw cells with their line numbers: CSV (papaparse), XLSX
// (exceljs) or JSON, decided by the content (XLSX is a ZIP: "PK\x03\x04"; JSON starts with
// `{` or `[`; CSV is any other UTF-8 text), never by the file name alone. Two table layouts
// (CSV and XLSX): long (`series,date,value[,known_at]`) or wide (`date,<id>,<id>...`), plus
// the known layouts of licensed history files (layouts.ts: SHIBOR, CGB, CSI 300, 1-min bars).
// Formats and examples: docs/market-data.md.
import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import { ImportFailure, type ImportErrorCode } from './errors';
import { knownLayout, layoutRows } from './layouts';

export type FileFormat = 'csv' | 'xlsx' | 'json';

/** One observation as written in the file, not yet checked. */
export interface RawRow {
  /** 1-based line in the file (CSV, JSON) or row in the sheet (XLSX). */
  line: number;
  /** Column (wide tables) or field the values came from, for error messages. */
  column?: string;
  series: unknown;
  date: unknown;
  value: unknown;
  knownAt?: unknown;
  /** From a known layout's optional column: skipped (not an error) when the catalogue lacks the series. */
  optional?: boolean;
}

export interface ParsedFile {
  format: FileFormat;
  rows: RawRow[];
  /** File-level problems that are still per line (a malformed header cell...). */
  errors: Array<{ line: number; column?: string; code: ImportErrorCode; detail?: string }>;
  /** JSON only: a file-level source description. */
  source?: string;
}

export const MAX_IMPORT_BYTES = 32 * 1024 * 1024;

export function sniffFormat(bytes: Uint8Array): FileFormat {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'xlsx';
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0; // UTF-8 BOM
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  if (bytes[i] === 0x7b || bytes[i] === 0x5b) return 'json';
  return 'csv';
}

function decodeText(bytes: Uint8Array): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    throw new ImportFailure('notText');
  }
}

export async function parseImportFile(bytes: Uint8Array): Promise<ParsedFile> {
  if (bytes.length === 0) throw new ImportFailure('empty');
  if (bytes.length > MAX_IMPORT_BYTES) throw new ImportFailure('tooLarge');
  const format = sniffFormat(bytes);
  if (format === 'xlsx') return { format, ...(await tableRows(await readXlsx(bytes))) };
  const text = decodeText(bytes);
  if (text.includes('\u0000')) throw new ImportFailure('notText');
  if (format === 'json') return parseJson(text);
  return { format, ...tableRows(readCsv(text)) };
}

// Tables (CSV, XLSX) ----------------------------------------------------------------------

interface TableRow {
  line: number;
  cells: unknown[];
}

function readCsv(text: string): TableRow[] {
  // Line of each record's first character: quoted fields may hold newlines.
  const newlines: number[] = [];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) newlines.push(i);
  const lineAt = (offset: number) => {
    let lo = 0;
    let hi = newlines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (newlines[mid] < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
  const delimiter = /^[^\n]*;/.test(text) && !/^[^\n]*,/.test(text) ? ';' : text.split('\n', 1)[0].includes('\t') ? '\t' : ',';
  const out: TableRow[] = [];
  let start = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    step: (r) => {
      const line = lineAt(start);
      start = r.meta.cursor;
      // Skip the empty tail and blank lines; a record with only empty cells is blank too.
      if (r.data.every((c) => String(c).trim() === '')) return;
      if (r.errors.length) out.push({ line, cells: [{ __csvError: r.errors[0].message }] });
      else out.push({ line, cells: r.data });
    },
  });
  return out;
}

async function readXlsx(bytes: Uint8Array): Promise<TableRow[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new ImportFailure('badXlsx');
  }
  const sheet = wb.worksheets[0];
  if (!sheet) throw new ImportFailure('empty');
  const out: TableRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: unknown[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      const v = cellValue(cell.value);
      // A cell formatted as a percentage shows 1.48% for 0.0148: take what the user sees,
      // since percent series are quoted in percent (rounded to undo the binary x100 noise).
      cells[col - 1] = typeof v === 'number' && typeof cell.numFmt === 'string' && cell.numFmt.includes('%') ? Number((v * 100).toPrecision(15)) : v;
    });
    if (cells.every((c) => c === undefined || c === null || String(c).trim() === '')) return;
    out.push({ line: rowNumber, cells });
  });
  return out;
}

function cellValue(v: ExcelJS.CellValue): unknown {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v; // date cells: exceljs gives UTC midnight of the date
  if (typeof v === 'object') {
    if ('result' in v) return cellValue((v as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ('richText' in v) return (v as ExcelJS.CellRichTextValue).richText.map((t) => t.text).join('');
    if ('text' in v) return (v as ExcelJS.CellHyperlinkValue).text;
    if ('error' in v) return { __cellError: (v as ExcelJS.CellErrorValue).error };
    return '';
  }
  return v;
}

const norm = (h: unknown) => String(h ?? '').trim().toLowerCase().replace(/[\s-]+/g, '_');

function tableRows(table: TableRow[]): Pick<ParsedFile, 'rows' | 'errors'> {
  if (table.length === 0) throw new ImportFailure('empty');
  const [header, ...body] = table;
  const names = header.cells.map(norm);
  const rows: RawRow[] = [];
  const errors: ParsedFile['errors'] = [];
  const col = (n: string) => names.indexOf(n);
  const iSeries = col('series');
  const iDate = col('date');
  const iValue = col('value');
  const iKnown = col('known_at');
  const layout = knownLayout(names);
  if (layout) {
    const ok = body.filter((r) => !csvError(r, errors));
    return { rows: layoutRows(layout, names, ok), errors };
  }
  if (iSeries >= 0 && iDate >= 0 && iValue >= 0) {
    for (const r of body) {
      if (csvError(r, errors)) continue;
      rows.push({ line: r.line, series: r.cells[iSeries], date: r.cells[iDate], value: r.cells[iValue], knownAt: iKnown >= 0 ? r.cells[iKnown] : undefined });
    }
    return { rows, errors };
  }
  if (iDate === 0 && names.length > 1) {
    // Wide: the header names the series; an empty cell means "no figure that day".
    const ids = header.cells.map((c) => String(c ?? '').trim());
    for (let c = 1; c < ids.length; c++) if (!ids[c]) errors.push({ line: header.line, column: `#${c + 1}`, code: 'badHeader' });
    for (const r of body) {
      if (csvError(r, errors)) continue;
      for (let c = 1; c < ids.length; c++) {
        const v = r.cells[c];
        if (!ids[c] || v === undefined || v === null || String(v).trim() === '') continue;
        rows.push({ line: r.line, column: ids[c], series: ids[c], date: r.cells[0], value: v });
      }
    }
    return { rows, errors };
  }
  throw new ImportFailure('badHeader');
}

function csvError(r: TableRow, errors: ParsedFile['errors']): boolean {
  const first = r.cells[0] as { __csvError?: string } | undefined;
  if (first && typeof first === 'object' && '__csvError' in first) {
    errors.push({ line: r.line, code: 'malformedRow', detail: first.__csvError });
    return true;
  }
  return false;
}

// JSON ------------------------------------------------------------------------------------

/**
 * `[ {series, date, value, knownAt?}, ... ]` or `{ source?, observations: [ ... ] }`.
 * JSON.parse checks the syntax; a small scanner then finds the line each element starts on.
 */
function parseJson(text: string): ParsedFile {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new ImportFailure('badJson', (e as Error).message);
  }
  let items: unknown[];
  let source: string | undefined;
  if (Array.isArray(doc)) items = doc;
  else if (doc && typeof doc === 'object' && Array.isArray((doc as { observations?: unknown }).observations)) {
    items = (doc as { observations: unknown[] }).observations;
    const s = (doc as { source?: unknown }).source;
    if (typeof s === 'string' && s.trim()) source = s.trim().slice(0, 200);
  } else throw new ImportFailure('badJson', 'expected an array or an object with "observations"');
  if (items.length === 0) throw new ImportFailure('empty');
  const lines = elementLines(text, !Array.isArray(doc));
  const rows: RawRow[] = [];
  const errors: ParsedFile['errors'] = [];
  items.forEach((it, i) => {
    const line = lines[i] ?? 1;
    if (!it || typeof it !== 'object' || Array.isArray(it)) {
      errors.push({ line, code: 'malformedRow', detail: 'each observation must be an object' });
      return;
    }
    const o = it as Record<string, unknown>;
    rows.push({ line, series: o.series ?? o.id, date: o.date, value: o.value, knownAt: o.knownAt ?? o.known_at });
  });
  return { format: 'json', rows, errors, source };
}

/** Line numbers of the elements of the root array, or of the root object's "observations". */
export function elementLines(text: string, inObject: boolean): number[] {
  const out: number[] = [];
  let line = 1;
  let depth = 0;
  let targetDepth = inObject ? -1 : 1; // depth inside the array we list
  let lastKeyAtRoot: string | null = null;
  let expectingValue = inObject ? false : true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') {
      line++;
      continue;
    }
    if (ch === '"') {
      let j = i + 1;
      let s = '';
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\') j++;
        else s += text[j];
        j++;
      }
      if (depth === targetDepth && expectingValue) out.push(line);
      if (inObject && depth === 1) lastKeyAtRoot = s;
      i = j;
      expectingValue = false;
      continue;
    }
    if (ch === '{' || ch === '[') {
      if (depth === targetDepth && expectingValue) out.push(line);
      depth++;
      if (inObject && depth === 2 && ch === '[' && lastKeyAtRoot === 'observations' && targetDepth === -1) targetDepth = 2;
      expectingValue = depth === targetDepth;
      continue;
    }
    if (ch === '}' || ch === ']') {
      depth--;
      expectingValue = false;
      continue;
    }
    if (ch === ',') {
      expectingValue = depth === targetDepth;
      continue;
    }
    if (ch === ':' && inObject && depth === 1) {
      continue;
    }
    if (depth === targetDepth && expectingValue && !/\s/.test(ch)) {
      out.push(line); // a bare number, true, null...: reported as malformed by the caller
      expectingValue = false;
    }
  }
  return out;
}

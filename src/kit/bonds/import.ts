// Bond importer: CSV (header row of field names) or JSON (an array, or { bonds: [...] }) into
// validated records, with every bad line reported (line number, field, message). All or
// nothing: callers store the records only when `errors` is empty. Browser-safe (papaparse, zod),
// so a screen can check a file before sending it.
import Papa from 'papaparse';
import { type BondRecord, bondRecordSchema } from './contract';

export interface ImportError {
  /** 1-based: the CSV line (header = 1) or the JSON array index + 1. */
  line: number;
  field: string | null;
  message: string;
}

export interface ImportResult {
  records: BondRecord[];
  errors: ImportError[];
}

export const MAX_IMPORT_ROWS = 5000;

const NUMBER_FIELDS = new Set(['coupon', 'frequency', 'issuePrice', 'face']);

/** CSV options cell: `put@2027-07-12@100@0.0235;call@2028-02-26@100` (type@date@price[@resetCoupon]). */
export function parseOptionsCell(cell: string): unknown[] {
  const s = cell.trim();
  if (s === '') return [];
  if (s.startsWith('[')) return JSON.parse(s) as unknown[];
  return s.split(';').map((part) => {
    const [type, date, price, resetCoupon] = part.trim().split('@');
    return { type, date, price: price === undefined || price === '' ? 100 : Number(price), ...(resetCoupon ? { resetCoupon: Number(resetCoupon) } : {}) };
  });
}

function fromCsvRow(row: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k0, v0] of Object.entries(row)) {
    const k = k0.trim();
    const v = (v0 ?? '').trim();
    if (k === '' || v === '') continue;
    if (NUMBER_FIELDS.has(k)) out[k] = Number(v);
    else if (k === 'sample') out[k] = /^(true|1|yes|y)$/i.test(v) ? true : /^(false|0|no|n)$/i.test(v) ? false : v;
    else if (k === 'options') {
      try { out[k] = parseOptionsCell(v); } catch { out[k] = v; }
    } else out[k] = v;
  }
  return out;
}

function validate(rows: { line: number; value: unknown }[]): ImportResult {
  const records: BondRecord[] = [];
  const errors: ImportError[] = [];
  const seen = new Map<string, number>();
  if (rows.length === 0) errors.push({ line: 0, field: null, message: 'no bonds in the file' });
  if (rows.length > MAX_IMPORT_ROWS) return { records: [], errors: [{ line: 0, field: null, message: `at most ${MAX_IMPORT_ROWS} bonds per import` }] };
  for (const { line, value } of rows) {
    const r = bondRecordSchema.safeParse(value);
    if (!r.success) {
      for (const issue of r.error.issues) errors.push({ line, field: issue.path.length ? issue.path.join('.') : null, message: issue.message });
      continue;
    }
    const prev = seen.get(r.data.code);
    if (prev !== undefined) { errors.push({ line, field: 'code', message: `code ${r.data.code} already on line ${prev}` }); continue; }
    seen.set(r.data.code, line);
    records.push(r.data);
  }
  return errors.length ? { records: [], errors } : { records, errors };
}

export function parseBondCsv(text: string): ImportResult {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy' });
  const errors: ImportError[] = parsed.errors.map((e) => ({ line: (e.row ?? 0) + 2, field: null, message: `CSV: ${e.message}` }));
  if (errors.length) return { records: [], errors };
  return validate(parsed.data.map((row, i) => ({ line: i + 2, value: fromCsvRow(row) })));
}

export function parseBondJson(text: string): ImportResult {
  let v: unknown;
  try { v = JSON.parse(text); } catch (e) { return { records: [], errors: [{ line: 0, field: null, message: `JSON: ${(e as Error).message}` }] }; }
  const list = Array.isArray(v) ? v : (v && typeof v === 'object' && Array.isArray((v as { bonds?: unknown }).bonds) ? (v as { bonds: unknown[] }).bonds : null);
  if (!list) return { records: [], errors: [{ line: 0, field: null, message: 'JSON must be an array of bonds or { "bonds": [...] }' }] };
  return validate(list.map((value, i) => ({ line: i + 1, value })));
}

export function parseBondFile(text: string, format: 'csv' | 'json'): ImportResult {
  return format === 'csv' ? parseBondCsv(text) : parseBondJson(text);
}

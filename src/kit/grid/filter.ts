// Column filters as a desk types them. Numeric columns: `>5`, `<=1e6`, `>=10m`, `=7.1`,
// `1m..5m` (inclusive range), `!=0`; anything else (and every text column) is a
// case-insensitive "contains" on the shown text. Pure.
import { parseAmount } from '../fields/parse';
import type { CellValue } from './types';

export type NumericFilter =
  | { op: '>' | '>=' | '<' | '<=' | '=' | '!='; x: number }
  | { op: 'range'; lo: number; hi: number }
  | { op: 'contains'; text: string };

export function parseNumericFilter(text: string): NumericFilter | null {
  const s = text.trim();
  if (s === '') return null;
  const range = /^(.+?)\s*(?:\.\.|~|～)\s*(.+)$/.exec(s);
  if (range) {
    const a = parseAmount(range[1]);
    const b = parseAmount(range[2]);
    if (a.ok && b.ok) return { op: 'range', lo: Math.min(a.value, b.value), hi: Math.max(a.value, b.value) };
  }
  const cmp = /^(>=|<=|!=|<>|>|<|=)\s*(.+)$/.exec(s);
  if (cmp) {
    const x = parseAmount(cmp[2]);
    if (x.ok) return { op: (cmp[1] === '<>' ? '!=' : cmp[1]) as '>' | '>=' | '<' | '<=' | '=' | '!=', x: x.value };
  }
  return { op: 'contains', text: s.toLowerCase() };
}

export function matchNumeric(v: CellValue, f: NumericFilter, shown: string): boolean {
  if (f.op === 'contains') return shown.toLowerCase().includes(f.text) || (v !== null && String(v).toLowerCase().includes(f.text));
  if (typeof v !== 'number') return false;
  switch (f.op) {
    case '>': return v > f.x;
    case '>=': return v >= f.x;
    case '<': return v < f.x;
    case '<=': return v <= f.x;
    case '=': return v === f.x;
    case '!=': return v !== f.x;
    case 'range': return v >= f.lo && v <= f.hi;
  }
}

export function matchText(v: CellValue, text: string, shown: string): boolean {
  const q = text.trim().toLowerCase();
  if (q === '') return true;
  return shown.toLowerCase().includes(q) || (v !== null && String(v).toLowerCase().includes(q));
}

/** Sort order of cells: numbers, then text (bad input), then blanks, whatever the direction of numbers. */
export function compareCells(a: CellValue, b: CellValue): number {
  const rank = (v: CellValue) => (typeof v === 'number' ? 0 : v === null || v === '' ? 2 : 1);
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 0) return (a as number) - (b as number);
  if (ra === 1) return String(a).localeCompare(String(b), undefined, { numeric: true });
  return 0;
}

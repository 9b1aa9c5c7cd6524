// The grid's active cell and selected range (spreadsheet-style: an anchor and a focus
// corner, in shown-row and column indices). Pure moves, clamped to the grid.
import type { CellRef, Range } from './tsv';
import { rangeOf } from './tsv';

export interface Selection {
  anchor: CellRef;
  focus: CellRef;
}

export const single = (c: CellRef): Selection => ({ anchor: c, focus: c });
export const selectionRange = (s: Selection): Range => rangeOf(s.anchor, s.focus);

export function clampCell(c: CellRef, rows: number, cols: number): CellRef {
  return { r: Math.max(0, Math.min(rows - 1, c.r)), c: Math.max(0, Math.min(cols - 1, c.c)) };
}

/** Moves the focus corner by (dr, dc); `extend` keeps the anchor (Shift+arrow). */
export function moveSelection(s: Selection, dr: number, dc: number, rows: number, cols: number, extend: boolean): Selection {
  const focus = clampCell({ r: s.focus.r + dr, c: s.focus.c + dc }, rows, cols);
  return extend ? { anchor: s.anchor, focus } : single(focus);
}

export const inRange = (g: Range, r: number, c: number): boolean => r >= g.r0 && r <= g.r1 && c >= g.c0 && c <= g.c1;

// Clipboard blocks as spreadsheets write them: tab-separated cells, CRLF rows, quotes
// around cells holding tabs, newlines or quotes. Parsed and written with papaparse.
import Papa from 'papaparse';

/** A pasted block as rows of cell texts (a trailing line break does not add an empty row). */
export function parseTsv(text: string): string[][] {
  const body = text.replace(/\r?\n$/, '');
  if (body === '') return [];
  const r = Papa.parse<string[]>(body, { delimiter: '\t', newline: body.includes('\r\n') ? '\r\n' : '\n', quoteChar: '"' });
  return r.data;
}

/** Rows of cell texts as a block a spreadsheet pastes back cell for cell (CRLF after each row, as Excel writes). */
export function toTsv(rows: readonly (readonly string[])[]): string {
  return `${Papa.unparse(rows as string[][], { delimiter: '\t', newline: '\r\n', quotes: false })}\r\n`;
}

export interface CellRef {
  /** Index among the rows as shown (sorted and filtered). */
  r: number;
  /** Index among the columns. */
  c: number;
}

export interface Range {
  r0: number;
  c0: number;
  r1: number;
  c1: number;
}

export const rangeOf = (a: CellRef, b: CellRef): Range => ({ r0: Math.min(a.r, b.r), c0: Math.min(a.c, b.c), r1: Math.max(a.r, b.r), c1: Math.max(a.c, b.c) });

export interface PastePlan {
  /** Cells to write: shown-row index (>= shownRows means a new row), column index, text. */
  cells: Array<{ r: number; c: number; text: string }>;
  /** Rows to append after the last shown row. */
  newRows: number;
  /** Columns of the block that fell beyond the last column (dropped). */
  droppedCols: number;
}

/**
 * Where a pasted block goes, as a spreadsheet does it: from the selection's top-left cell;
 * a single value fills the whole selection; rows past the end become new rows; columns
 * past the last column are dropped.
 */
export function planPaste(block: readonly (readonly string[])[], sel: Range, shownRows: number, columns: number): PastePlan {
  const cells: PastePlan['cells'] = [];
  if (block.length === 0) return { cells, newRows: 0, droppedCols: 0 };
  const width = Math.max(...block.map((r) => r.length));
  const single = block.length === 1 && width === 1;
  if (single) {
    for (let r = sel.r0; r <= sel.r1; r++) for (let c = sel.c0; c <= sel.c1 && c < columns; c++) cells.push({ r, c, text: block[0][0] });
  } else {
    block.forEach((row, i) => row.forEach((text, j) => {
      if (sel.c0 + j < columns) cells.push({ r: sel.r0 + i, c: sel.c0 + j, text });
    }));
  }
  const lastRow = single ? sel.r1 : sel.r0 + block.length - 1;
  return { cells, newRows: Math.max(0, lastRow + 1 - shownRows), droppedCols: single ? 0 : Math.max(0, sel.c0 + width - columns) };
}

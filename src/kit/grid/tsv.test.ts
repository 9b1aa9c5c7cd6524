import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTsv, planPaste, toTsv } from './tsv';

describe('TSV from and to spreadsheets', () => {
  it('reads an Excel block: CRLF rows, trailing newline, quoted cells with tabs, newlines and quotes', () => {
    const excel = 'USDCNY\t1,000,000\t5.5%\r\n"multi\nline"\t"a\tb"\t"say ""hi"""\r\n';
    expect(parseTsv(excel)).toEqual([['USDCNY', '1,000,000', '5.5%'], ['multi\nline', 'a\tb', 'say "hi"']]);
    expect(parseTsv('7.1\n7.2\n')).toEqual([['7.1'], ['7.2']]);
    expect(parseTsv('')).toEqual([]);
    expect(parseTsv('a\t\tc')).toEqual([['a', '', 'c']]);
  });
  it('round-trips any block of cell texts', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'b', '1', ',', '\t', '\n', '"', ' ', '中') , maxLength: 6 });
    fc.assert(fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 5 }), fc.array(cell, { minLength: 20, maxLength: 20 }), (w, h, pool) => {
      const block = Array.from({ length: h }, (_, i) => Array.from({ length: w }, (_, j) => pool[(i * w + j) % pool.length]));
      // a block whose only cell is empty is no block at all
      if (block.every((r) => r.every((c) => c === ''))) return true;
      expect(parseTsv(toTsv(block))).toEqual(block);
      return true;
    }));
  });
});

describe('planPaste', () => {
  it('places a block from the top-left of the selection and appends rows past the end', () => {
    const plan = planPaste([['1', '2'], ['3', '4'], ['5', '6']], { r0: 8, c0: 1, r1: 8, c1: 1 }, 10, 3);
    expect(plan.newRows).toBe(1);
    expect(plan.cells).toContainEqual({ r: 10, c: 2, text: '6' });
    expect(plan.cells).toHaveLength(6);
  });
  it('fills a selection with a single value; drops columns beyond the last', () => {
    expect(planPaste([['x']], { r0: 0, c0: 0, r1: 1, c1: 1 }, 5, 3).cells).toHaveLength(4);
    const p = planPaste([['a', 'b', 'c']], { r0: 0, c0: 1, r1: 0, c1: 1 }, 5, 3);
    expect(p.cells.map((c) => c.c)).toEqual([1, 2]);
    expect(p.droppedCols).toBe(1);
  });
});

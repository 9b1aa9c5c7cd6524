import { describe, expect, it } from 'vitest';
import { compareCells, matchNumeric, matchText, parseNumericFilter } from './filter';
import { moveSelection, selectionRange, single } from './selection';

describe('numeric filters', () => {
  const f = (s: string, v: number | string | null, shown = String(v)) => matchNumeric(v, parseNumericFilter(s)!, shown);
  it('comparisons and ranges take amount shorthands', () => {
    expect(f('>10m', 2e7)).toBe(true);
    expect(f('>10m', 1e7)).toBe(false);
    expect(f('>=10m', 1e7)).toBe(true);
    expect(f('<= 5', 5)).toBe(true);
    expect(f('!=0', 0)).toBe(false);
    expect(f('1m..5m', 3e6)).toBe(true);
    expect(f('5m..1m', 6e6)).toBe(false);
    expect(f('>5', 'abc')).toBe(false);
  });
  it('anything else is contains on the shown text', () => {
    expect(f('234', 1234.5, '1,234.50')).toBe(true);
    expect(f('1,23', 1234.5, '1,234.50')).toBe(true);
    expect(parseNumericFilter('  ')).toBeNull();
    expect(matchText('USDCNY', 'cny', 'USDCNY')).toBe(true);
    expect(matchText('sell', 'Sell', 'Sell')).toBe(true);
  });
  it('sorts numbers, then bad text, then blanks', () => {
    expect([null, 'x', 3, 1, ''].sort(compareCells)).toEqual([1, 3, 'x', null, '']);
  });
});

describe('selection', () => {
  it('moves, extends and clamps', () => {
    const s = moveSelection(single({ r: 0, c: 0 }), 2, 1, 10, 3, true);
    expect(selectionRange(s)).toEqual({ r0: 0, c0: 0, r1: 2, c1: 1 });
    expect(moveSelection(s, 50, 50, 10, 3, false)).toEqual(single({ r: 9, c: 2 }));
    expect(moveSelection(single({ r: 0, c: 0 }), -1, -1, 10, 3, false)).toEqual(single({ r: 0, c: 0 }));
  });
});

import { describe, expect, it } from 'vitest';
import { monthWeeks, shiftMonths, weekdayOrder } from './month-grid';

describe('monthWeeks', () => {
  it('March 2027 from Monday: starts Mon 1 Mar, whole weeks, every day once', () => {
    const weeks = monthWeeks(2027, 3, 1);
    expect(weeks[0][0]).toMatchObject({ iso: '2027-03-01', weekday: 1, inMonth: true });
    const inMonth = weeks.flat().filter((d) => d.inMonth).map((d) => d.day);
    expect(inMonth).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    expect(weeks.every((w) => w.length === 7 && w[0].weekday === 1)).toBe(true);
  });
  it('February 2026 from Sunday has leading January days', () => {
    const weeks = monthWeeks(2026, 2, 0);
    expect(weeks[0][0]).toMatchObject({ iso: '2026-02-01', weekday: 0 });
    const m = monthWeeks(2026, 1, 1);
    expect(m[0][0]).toMatchObject({ iso: '2025-12-29', inMonth: false });
  });
  it('helpers', () => {
    expect(shiftMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(weekdayOrder(1)).toEqual([1, 2, 3, 4, 5, 6, 0]);
  });
});

import { describe, expect, it } from 'vitest';
import { addDays, dayOf, startOfDay } from './dates';

describe('dates (UTC+8)', () => {
  it('days turn over at 16:00 UTC', () => {
    expect(dayOf(Date.parse('2026-03-02T15:59:59Z'))).toBe('2026-03-02');
    expect(dayOf(Date.parse('2026-03-02T16:00:00Z'))).toBe('2026-03-03');
    expect(startOfDay('2026-03-03')).toBe(Date.parse('2026-03-02T16:00:00Z'));
  });
  it('adds days across month and year ends', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

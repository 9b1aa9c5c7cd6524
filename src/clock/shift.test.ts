import { afterEach, describe, expect, it } from 'vitest';
import { deskClockOffset } from './desk-clock';
import { clockOffset, shiftClock } from './shift';

describe('desk clock', () => {
  afterEach(() => shiftClock(0));

  it('moves new Date() and Date.now() and nothing else', () => {
    const real = Date.now();
    shiftClock(deskClockOffset('2026-11-24T02:30:00Z', real));
    const now = Date.now();
    expect(Math.abs(now - Date.parse('2026-11-24T02:30:00Z'))).toBeLessThan(1_000);
    expect(Math.abs(new Date().getTime() - now)).toBeLessThan(1_000);
    expect(new Date(0).getTime()).toBe(0);
    expect(new Date('2026-01-02T00:00:00Z').toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(new Date(2026, 0, 2).getDate()).toBe(2);
    expect(new Date() instanceof Date).toBe(true);
    expect(Date.UTC(2026, 0, 1)).toBe(Date.parse('2026-01-01T00:00:00Z'));
    expect(clockOffset()).not.toBe(0);
  });

  it('time keeps flowing after the shift', async () => {
    shiftClock(deskClockOffset('2026-11-28T02:00:00Z', Date.now()));
    const a = Date.now();
    await new Promise((r) => setTimeout(r, 30));
    expect(Date.now() - a).toBeGreaterThanOrEqual(25);
  });

  it('a second shift replaces the first rather than adding to it; 0 restores the real clock', () => {
    const real = Date.now();
    shiftClock(-10 * 86_400_000);
    shiftClock(-20 * 86_400_000);
    expect(Math.round((real - Date.now()) / 86_400_000)).toBe(20);
    shiftClock(0);
    expect(Math.abs(Date.now() - real)).toBeLessThan(1_000);
    expect(clockOffset()).toBe(0);
  });

  it('refuses a setting without a zone and treats an empty one as no shift', () => {
    expect(() => deskClockOffset('2026-11-24', 0)).toThrow(/ISO instant with a zone/);
    expect(() => deskClockOffset('2026-11-24T10:00', 0)).toThrow(/ISO instant/);
    expect(deskClockOffset('', 123)).toBe(0);
    expect(deskClockOffset(undefined, 123)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { beijingStamp, formatAsOf } from './dates';

describe('as-of stamps', () => {
  it('a business date stays as is; an instant reads on the desk clock (Beijing) whatever the browser zone', () => {
    expect(formatAsOf('2026-11-20', 'en')).toBe('2026-11-20');
    expect(formatAsOf('2026-11-24T03:31:31Z', 'zh')).toBe('2026-11-24 11:31:31');
    expect(formatAsOf('2026-11-24T20:00:00.000Z', 'en')).toBe('2026-11-25 04:00:00');
    expect(formatAsOf('not a date', 'en')).toBe('not a date');
    expect(beijingStamp(Date.UTC(2026, 10, 24, 3, 31, 30))).toBe('2026-11-24 11:31:30');
  });
});

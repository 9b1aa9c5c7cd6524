import { describe, expect, it } from 'vitest';
import { keyPaths } from '../../kit/i18n';
import { calendarStrings } from './i18n';

describe('holiday query strings', () => {
  it('zh and en have the same keys', () => {
    expect(keyPaths(calendarStrings.zh)).toEqual(keyPaths(calendarStrings.en));
  });
  it('binding English field names (UI-CONTRACT section 5)', () => {
    expect(calendarStrings.en.currency).toBe('Currency');
    expect(calendarStrings.en.year).toBe('Year');
    expect(calendarStrings.en.month).toBe('Month');
  });
});

import { describe, expect, it } from 'vitest';
import { licenseOf, trialEndDate } from './license';

const now = Date.parse('2026-03-02T04:00:00Z'); // 12:00 on 2026-03-02 in UTC+8

describe('license', () => {
  it('free users are inf5 0 with basic permissions', () => {
    expect(licenseOf({ forbidden: false, edition: 'free', license_end: null }, now)).toEqual({
      inf5: '0',
      edition: 'free',
      endDate: null,
      permissions: ['calculator.basic'],
    });
  });

  it('a trial is inf5 1 through its end date, then free again', () => {
    const trial = { forbidden: false, edition: 'trial' as const, license_end: '2026-03-02' };
    expect(licenseOf(trial, now)).toMatchObject({ inf5: '1', edition: 'trial', endDate: '2026-03-02' });
    expect(licenseOf(trial, now + 86_400_000)).toMatchObject({ inf5: '0', edition: 'free', endDate: null });
  });

  it('licensed is inf5 2, open-ended when no end date; forbidden is 3 with no permissions', () => {
    expect(licenseOf({ forbidden: false, edition: 'licensed', license_end: null }, now)).toMatchObject({ inf5: '2', endDate: null });
    expect(licenseOf({ forbidden: true, edition: 'licensed', license_end: null }, now)).toMatchObject({ inf5: '3', permissions: [] });
  });

  it('trials end 15 days after the day they start, counted in UTC+8', () => {
    expect(trialEndDate(now)).toBe('2026-03-17');
    expect(trialEndDate(Date.parse('2026-03-02T17:00:00Z'))).toBe('2026-03-18'); // already 01:00 on the 3rd in Beijing
  });
});

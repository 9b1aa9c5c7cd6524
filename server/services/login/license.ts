// Editions and the inf5 status code. The stored edition and end date are the facts; the
// effective status is derived at read time, so an ended trial falls back to free by itself.
import { addDays, dayOf } from './dates';
import type { UserRow } from './users';

export const TRIAL_DAYS = 15;
export type Edition = UserRow['edition'];

/** What each edition unlocks; the front end hides or prompts for what is missing. */
export const PERMISSIONS: Record<Edition, string[]> = {
  free: ['calculator.basic'],
  trial: ['calculator.basic', 'calculator.advanced', 'structured', 'valuation', 'export', 'share'],
  licensed: ['calculator.basic', 'calculator.advanced', 'structured', 'valuation', 'export', 'share', 'marketData'],
};

export interface LicenseView {
  /** '0' free (counted operations), '1' trial, '2' licensed, '3' forbidden. */
  inf5: '0' | '1' | '2' | '3';
  edition: Edition;
  /** Last valid day (YYYY-MM-DD, UTC+8), or null for free and open-ended licences. */
  endDate: string | null;
  permissions: string[];
}

export function licenseOf(u: Pick<UserRow, 'forbidden' | 'edition' | 'license_end'>, now: number): LicenseView {
  const today = dayOf(now);
  const active = u.edition !== 'free' && (u.license_end === null || u.license_end >= today);
  const edition: Edition = active ? u.edition : 'free';
  const endDate = active ? u.license_end : null;
  if (u.forbidden) return { inf5: '3', edition, endDate, permissions: [] };
  return { inf5: edition === 'licensed' ? '2' : edition === 'trial' ? '1' : '0', edition, endDate, permissions: PERMISSIONS[edition] };
}

export function trialEndDate(now: number): string {
  return addDays(dayOf(now), TRIAL_DAYS);
}

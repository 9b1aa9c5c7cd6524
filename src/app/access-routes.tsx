// The access pages of engineer H4b (src/pages/index.ts, lazy components). /login and
// /registe render them in the public layout; the user-menu panels render them in a tab.
import type { ComponentType } from 'react';
import { accessPages, type AccessPageName } from '../pages';

export type { AccessPageName };

export function accessPage(name: AccessPageName): ComponentType {
  return accessPages[name] as ComponentType;
}

/** Home-child routes rendered by an access page inside a shell tab. */
export const ACCESS_TOOLS: Readonly<Record<string, AccessPageName>> = {
  userSettings: 'userSettings',
  license: 'license',
  trial: 'trial',
  referral: 'referral',
};

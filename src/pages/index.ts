// The access pages (login, registration, profile, settings, license, trial, referral), each
// loaded on demand. /login and /registe are routes; the others are opened from the shell's
// user menu and take `{ asDialog?, onClose? }` (completeProfile is a dialog by default).
import { lazy } from 'react';

export const accessPages = {
  login: lazy(() => import('./login')),
  register: lazy(() => import('./register')),
  completeProfile: lazy(() => import('./complete-profile')),
  userSettings: lazy(() => import('./user-settings')),
  license: lazy(() => import('./license')),
  trial: lazy(() => import('./trial')),
  referral: lazy(() => import('./referral')),
};

export type AccessPageName = keyof typeof accessPages;

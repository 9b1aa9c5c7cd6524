// Screens of the public routes of SPEC section 2 (no session): the public layout renders the
// lazy module listed here, or the honest "not available" panel when a route has none.
// Login and registration are access pages (src/app/access-routes.tsx), not listed here.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PublicRoute } from '../app/routes';

type Loader = () => Promise<{ default: ComponentType }>;

export const PUBLIC_SCREENS: Partial<Record<PublicRoute, Loader>> = {
  rate: () => import('./rate'),
  rateEn: () => import('./rateEn'),
  ERConversion: () => import('./ERConversion'),
  bankExchange: () => import('./bankExchange'),
  bankExchangeEn: () => import('./bankExchangeEn'),
  calendar: () => import('./calendar'),
  downLoad: () => import('./downLoad'),
};

const made = new Map<PublicRoute, LazyExoticComponent<ComponentType>>();

/** The lazy screen of a public route, or null when the route has none yet. */
export function publicScreen(route: PublicRoute): LazyExoticComponent<ComponentType> | null {
  const load = PUBLIC_SCREENS[route];
  if (!load) return null;
  let c = made.get(route);
  if (!c) {
    c = lazy(load);
    made.set(route, c);
  }
  return c;
}

// The access pages of engineer H4b (src/pages/index.ts exports `accessPages`). Reached
// through import.meta.glob so the shell builds whether or not that module exists yet;
// a missing page shows the not-available panel.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type AccessPageName = 'login' | 'register' | 'completeProfile' | 'userSettings' | 'license' | 'trial' | 'referral';
type AccessPages = Partial<Record<AccessPageName, ComponentType>>;

const pagesModule = import.meta.glob<{ accessPages?: AccessPages }>('../pages/index.ts');
const loadPages = Object.values(pagesModule)[0];

export const hasAccessPages = loadPages !== undefined;

const cache = new Map<AccessPageName, LazyExoticComponent<ComponentType>>();

/** Lazy component of one access page, or null when H4b's module is absent. */
export function accessPage(name: AccessPageName): LazyExoticComponent<ComponentType> | null {
  if (!loadPages) return null;
  let page = cache.get(name);
  if (!page) {
    page = lazy(async () => {
      const m = await loadPages();
      const found = m.accessPages?.[name];
      if (!found) throw new Error(`src/pages/index.ts exports no access page "${name}"`);
      // accessPages entries are React.lazy components already; render them inside ours.
      const Inner = found;
      return { default: () => <Inner /> };
    });
    cache.set(name, page);
  }
  return page;
}

/** Home-child routes rendered by an access page inside a shell tab. */
export const ACCESS_TOOLS: Readonly<Record<string, AccessPageName>> = {
  userSettings: 'userSettings',
  license: 'license',
  trial: 'trial',
  referral: 'referral',
};

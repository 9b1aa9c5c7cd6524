// The route guard of SPEC section 4 as a pure function: given the target path, its query,
// a snapshot of localStorage, the clock and the runtime config, it returns what to do and
// which storage writes / window events go with it. RouteGuard.tsx applies the result.
import { DEFAULT_TOOL, isHomeChild, toolLabel } from '../tools/registry';
import { isLoginRoute, isPublicRoute, routeName } from './routes';
import { StorageKey as K } from '../session/storage-keys';
import { addTab, parseTabs, serializeTabs } from './tabs';

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const AUTO_LOGIN_DELAY_MS = 1000;

export interface GuardInput {
  path: string;
  query: Readonly<Record<string, string | undefined>>;
  storage: Readonly<Record<string, string | null | undefined>>;
  now: number;
  /** Allowed embedded-login `type` values (config.json VITE_APP_LINK_TYPES). */
  linkTypes: readonly string[];
}

export type StorageWrite = { key: string; value: string | null }; // null removes the key

export type GuardDecision =
  | { kind: 'pass' }
  | { kind: 'redirect'; to: string }
  /** Embedded third-party login: wait delayMs, log in, then run the guard again. */
  | { kind: 'autoLogin'; username: string; password: string; delayMs: number };

export interface GuardResult {
  decision: GuardDecision;
  writes: StorageWrite[];
  /** Window events to dispatch after the writes ('tabsAdded'). */
  events: string[];
}

// Share parameter -> (storage key of the shared item, tool it opens, whether a tab is added)
const SHARE_PARAMS: ReadonlyArray<{ param: string; key: string; tool: string; addsTab: boolean }> = [
  { param: 'id', key: K.ShareQueryID, tool: 'optionCalculator', addsTab: true },
  { param: 'ffsc', key: K.ShareFfscID, tool: 'forexFarSwapCalculator', addsTab: true },
  { param: 'structureId', key: K.ShareStructureID, tool: 'structuredProducts', addsTab: true },
  { param: 'exchangeSpreadShare', key: K.exchangeSpreadShareName, tool: 'exchangeSpread', addsTab: false },
];

export function guardRoute(input: GuardInput): GuardResult {
  const writes: StorageWrite[] = [];
  const events: string[] = [];
  // Reads see this call's own writes first.
  const overlay = new Map<string, string | null>();
  const get = (key: string): string | null => (overlay.has(key) ? overlay.get(key)! : input.storage[key] ?? null);
  const set = (key: string, value: string | null) => { overlay.set(key, value); writes.push({ key, value }); };
  const done = (decision: GuardDecision): GuardResult => ({ decision, writes, events });

  // 1. Share parameters.
  for (const share of SHARE_PARAMS) {
    const value = input.query[share.param];
    if (value === undefined || value === '') continue;
    set(share.key, value);
    set(K.lastPath, share.tool);
    const stored = get(K.tabs);
    if (share.addsTab && stored !== null) {
      const tabs = parseTabs(stored);
      const next = addTab(tabs, { name: share.tool, label: toolLabel(share.tool, 'zh') });
      if (next !== tabs) {
        set(K.tabs, serializeTabs(next));
        events.push('tabsAdded');
      }
    }
  }

  const name = routeName(input.path);
  const publicRoute = isPublicRoute(name);
  const sid = get(K.sid);

  // 2. With a session id.
  if (sid) {
    const loginTime = Number(get(K.loginTime));
    const expired = !Number.isFinite(loginTime) || input.now - loginTime > SESSION_LIFETIME_MS;
    if (expired) {
      if (publicRoute) return done({ kind: 'pass' });
      set(K.sid, null);
      return done({ kind: 'redirect', to: '/login' });
    }
    if (publicRoute || isLoginRoute(name)) return done({ kind: 'pass' });
    if (name === '') {
      const last = get(K.lastPath);
      if (last === null || last === '') return done({ kind: 'pass' });
      const target = last === '/' ? DEFAULT_TOOL : last.replace(/^\/+/, '');
      if (!isHomeChild(target)) return done({ kind: 'redirect', to: `/${DEFAULT_TOOL}` });
      return done({ kind: 'redirect', to: `/${target}` });
    }
    if (isHomeChild(name)) {
      set(K.lastPath, name);
      return done({ kind: 'pass' });
    }
    set(K.lastPath, '/');
    return done({ kind: 'redirect', to: '/' });
  }

  // 3. Without a session id.
  const type = input.query.type;
  if (type !== undefined && input.linkTypes.includes(type)) {
    set(K.sourceType, type);
    set(K.Lang, input.query.lang === 'en' ? 'en' : 'zh');
    return done({
      kind: 'autoLogin',
      username: input.query.username ?? '',
      password: input.query.password ?? '',
      delayMs: AUTO_LOGIN_DELAY_MS,
    });
  }
  const sourceType = get(K.sourceType);
  if (sourceType !== null && input.linkTypes.includes(sourceType)) return done({ kind: 'pass' });
  if (publicRoute) return done({ kind: 'pass' });
  if (isHomeChild(name)) set(K.lastPath, name);
  return done({ kind: 'redirect', to: '/login' });
}

// The one place the shell touches H3's session/socket modules. Storage key names follow
// SPEC section 3 exactly.
import { atom, type Atom, type WritableAtom } from 'jotai';

export const K = {
  sid: 'sid',
  loginTime: 'loginTime',
  username: 'username',
  takerId: 'takerId',
  tabs: 'tabs',
  lastPath: 'lastPath',
  opNum: 'opNum',
  sourceType: 'sourceType',
  Lang: 'Lang',
  ShareQueryID: 'ShareQueryID',
  ShareFfscID: 'ShareFfscID',
  ShareStructureID: 'ShareStructureID',
  exchangeSpreadShareName: 'exchangeSpreadShareName',
  Role: 'Role',
  userInfo: 'userInfo',
} as const;

// ---------------------------------------------------------------------------------------
// H3's modules (src/socket-client, src/session, src/state) are picked up through
// import.meta.glob so the shell builds and runs before they land; once present they are
// used as is. The fallbacks below are deliberately minimal: no socket, no session check.

export type ConnectionStatus = 'created' | 'connecting' | 'open' | 'loggedIn' | 'closed' | 'failed';

export interface CurrentUser {
  userName?: string;
  username?: string;
  inf5?: string;
  role?: string;
  institution_shortname?: string;
  [field: string]: unknown;
}

interface SocketClientLike {
  request<T = unknown>(serverName: string, method: string, content: unknown, opts?: { timeoutMs?: number }): Promise<T>;
  setSession(sid: string | null): Promise<void>;
}

type AnyModule = Record<string, unknown>;
const stateModules = import.meta.glob<AnyModule>(['../state/*.ts', '!../state/*.test.ts'], { eager: true });
const sessionModules = import.meta.glob<AnyModule>(['../session/*.ts', '../session/*.tsx', '!../session/*.test.ts', '!../session/*.test.tsx'], { eager: true });
const socketModules = import.meta.glob<AnyModule>('../socket-client/index.ts');

function exported<T>(modules: Record<string, AnyModule>, name: string): T | undefined {
  for (const m of Object.values(modules)) if (m[name] !== undefined) return m[name] as T;
  return undefined;
}

export const connectionStatusAtom: Atom<ConnectionStatus> =
  exported(stateModules, 'connectionStatusAtom') ?? atom<ConnectionStatus>('created');
export const currentUserAtom: Atom<CurrentUser | null> =
  exported(stateModules, 'currentUserAtom') ?? (atom<CurrentUser | null>(null) as WritableAtom<CurrentUser | null, [CurrentUser | null], void>);
export const mcpVersionAtom: Atom<string | null> = exported(stateModules, 'mcpVersionAtom') ?? atom<string | null>(null);

/** True when H3's session module is present (the e2e tests and README report it). */
export const hasSessionModule = exported(sessionModules, 'useSessionLifecycle') !== undefined;

export const useSessionLifecycle: () => void = exported(sessionModules, 'useSessionLifecycle') ?? (() => {});

function setItem(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* storage unavailable */
  }
}

export function saveLogin(reply: { sid: string; username: string; institution_shortname?: string }): void {
  const real = exported<(r: typeof reply) => void>(sessionModules, 'saveLogin');
  if (real) return real(reply);
  if (localStorage.getItem(K.username) !== reply.username) {
    for (const key of [K.lastPath, K.tabs, K.opNum]) setItem(key, null);
  }
  setItem(K.sid, reply.sid);
  setItem(K.username, reply.username);
  setItem(K.takerId, reply.institution_shortname ?? '');
  setItem(K.loginTime, String(Date.now()));
}

/** Log out (server and every tab) and clear the session and workspace. */
export async function logout(): Promise<void> {
  const real = exported<() => Promise<void> | void>(sessionModules, 'logoutEverywhere');
  if (real) return void (await real());
  for (const key of [K.sid, K.takerId, 'ip', K.userInfo, K.lastPath, K.tabs, K.opNum]) setItem(key, null);
}

export async function getSocketClient(): Promise<SocketClientLike | null> {
  const load = Object.values(socketModules)[0];
  if (!load) return null;
  const m = await load();
  return typeof m.getSocketClient === 'function' ? (m.getSocketClient as () => SocketClientLike)() : null;
}

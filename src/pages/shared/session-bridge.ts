// Where the access pages meet the browser session (src/session) and the socket client:
// storing a fresh login, reading the current sid/user name, and ending the session.
import { getSocketClient } from '../../socket-client';
import type { LoginReply } from './login-api';

// src/session (engineer H3) is looked up through import.meta.glob so these pages build and
// run before it lands; the fallbacks follow the session contract (SPEC section 3 keys).
type SessionModule = {
  saveLogin?: (r: { sid: string; username: string; institution_shortname: string }) => void;
  clearSession?: () => void;
  clearWorkspace?: () => void;
};
const sessionModules = import.meta.glob<SessionModule>('../../session/index.ts', { eager: true });
const session: SessionModule = Object.values(sessionModules)[0] ?? {};

function remove(keys: string[]) {
  try {
    for (const k of keys) localStorage.removeItem(k);
  } catch {
    /* storage unavailable */
  }
}

function saveLogin(r: { sid: string; username: string; institution_shortname: string }): void {
  if (session.saveLogin) return session.saveLogin(r);
  if (read(USERNAME_KEY) !== r.username) remove(['lastPath', 'tabs', 'opNum']);
  localStorage.setItem(SID_KEY, r.sid);
  localStorage.setItem(USERNAME_KEY, r.username);
  localStorage.setItem('takerId', r.institution_shortname ?? '');
  localStorage.setItem('loginTime', String(Date.now()));
}

function clearSession(): void {
  if (session.clearSession) return session.clearSession();
  remove([SID_KEY, 'takerId', 'ip', 'userInfo']);
}

function clearWorkspace(): void {
  if (session.clearWorkspace) return session.clearWorkspace();
  remove(['lastPath', 'tabs', 'opNum']);
}

const SID_KEY = 'sid'; // SPEC section 3 storage keys
const USERNAME_KEY = 'username';
const ROLE_KEY = 'Role';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function currentSid(): string | null {
  return read(SID_KEY);
}

export function currentUserName(): string | null {
  return read(USERNAME_KEY);
}

/** Login zone chosen on the login page (bank or enterprise client), remembered across visits. */
export function rememberedZone(): 'bank' | 'client' {
  return read(ROLE_KEY) === 'bank' ? 'bank' : 'client';
}

export function rememberZone(zone: 'bank' | 'client'): void {
  try {
    localStorage.setItem(ROLE_KEY, zone);
  } catch {
    /* not remembered; the page still works */
  }
}

/** Resolves after `ms` at the latest so a slow re-CONNECT never blocks navigation forever. */
function atMost<T>(p: Promise<T>, ms: number): Promise<T | void> {
  return Promise.race([p, new Promise<void>((resolve) => setTimeout(resolve, ms))]);
}

export async function completeLogin(reply: LoginReply): Promise<void> {
  saveLogin({ sid: reply.sid, username: reply.username, institution_shortname: reply.institution_shortname });
  await atMost(getSocketClient().setSession(reply.sid), 5000);
}

/**
 * Local end of a session. After a password change the server has already revoked it and the
 * workspace (tabs, lastPath) is kept for the next login; a logout also clears the workspace.
 */
export async function endLocalSession(opts: { clearWorkspace: boolean }): Promise<void> {
  clearSession();
  if (opts.clearWorkspace) clearWorkspace();
  await atMost(getSocketClient().setSession(null), 5000);
}

/** A one-shot notice for the next login page (kept in sessionStorage across a reload). */
const NOTICE_KEY = 'access.notice';

export function leaveNotice(notice: 'passwordChanged'): void {
  try {
    sessionStorage.setItem(NOTICE_KEY, notice);
  } catch {
    /* no notice then */
  }
}

export function takeNotice(): 'passwordChanged' | null {
  try {
    const v = sessionStorage.getItem(NOTICE_KEY);
    sessionStorage.removeItem(NOTICE_KEY);
    return v === 'passwordChanged' ? v : null;
  } catch {
    return null;
  }
}

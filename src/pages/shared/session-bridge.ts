// Where the access pages meet the browser session (src/session) and the socket client:
// storing a fresh login, reading the current sid/user name, and ending the session.
import { getSocketClient } from '../../socket-client';
import { clearSession, logoutEverywhere, readStored, saveLogin, storedSid, StorageKey } from '../../session';
export { claimProfilePrompt } from '../../session';
import type { LoginReply } from './login-api';

export function currentSid(): string | null {
  return storedSid();
}

export function currentUserName(): string | null {
  return readStored(StorageKey.username);
}

/** Login zone chosen on the login page (bank or enterprise client), remembered across visits. */
export function rememberedZone(): 'bank' | 'client' {
  return readStored(StorageKey.Role) === 'bank' ? 'bank' : 'client';
}

export function rememberZone(zone: 'bank' | 'client'): void {
  try {
    localStorage.setItem(StorageKey.Role, zone);
  } catch {
    /* not remembered; the page still works */
  }
}

/** Resolves after `ms` at the latest so a slow re-CONNECT never blocks navigation forever. */
function atMost<T>(p: Promise<T>, ms: number): Promise<T | void> {
  return Promise.race([p, new Promise<void>((resolve) => setTimeout(resolve, ms))]);
}

export async function completeLogin(reply: LoginReply): Promise<void> {
  clearNotice();
  saveLogin({ sid: reply.sid, username: reply.username, institution_shortname: reply.institution_shortname });
  await atMost(getSocketClient().setSession(reply.sid), 5000);
}

/**
 * Local end of a session the server has already revoked (after a password change): the
 * workspace (tabs, lastPath) is kept for the next login.
 */
export async function endRevokedSession(): Promise<void> {
  clearSession();
  // Short wait: the caller reloads the page next, which starts anonymous anyway.
  await atMost(getSocketClient().setSession(null), 500);
}

/** Logout: the server ends the session (every tab gets the push) and both clearings run. */
export async function logout(): Promise<void> {
  await logoutEverywhere();
}

/**
 * A notice for the login page ("password changed, please log in again"), kept in
 * sessionStorage across the reload. It is read without being consumed (the page may be
 * rendered twice around that reload) and expires after a minute or at the next login.
 */
const NOTICE_KEY = 'access.notice';
const NOTICE_TTL_MS = 60_000;
type Notice = 'passwordChanged';

export function leaveNotice(notice: Notice): void {
  try {
    sessionStorage.setItem(NOTICE_KEY, JSON.stringify({ notice, at: Date.now() }));
  } catch {
    /* no notice then */
  }
}

export function pendingNotice(now = Date.now()): Notice | null {
  try {
    const raw = sessionStorage.getItem(NOTICE_KEY);
    if (!raw) return null;
    const { notice, at } = JSON.parse(raw) as { notice?: string; at?: number };
    return notice === 'passwordChanged' && typeof at === 'number' && now - at < NOTICE_TTL_MS ? notice : null;
  } catch {
    return null;
  }
}

function clearNotice(): void {
  try {
    sessionStorage.removeItem(NOTICE_KEY);
  } catch {
    /* nothing to clear */
  }
}

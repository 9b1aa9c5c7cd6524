// Storing and clearing the browser session (SPEC sections 3 and 4). Pure storage work,
// except logoutEverywhere, which also tells the server (whose logout push reaches every
// tab) and the socket owner.
import { getSocketClient } from '../socket-client';
import type { SocketClient } from '../socket-client/client';
import { SESSION_KEYS, StorageKey, WORKSPACE_KEYS, WORKSPACE_PREFIXES } from './storage-keys';

export interface LoginReplyFields {
  sid: string;
  username: string;
  institution_shortname?: string;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readStored(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function remove(keys: readonly string[]): void {
  const s = storage();
  if (!s) return;
  for (const k of keys) s.removeItem(k);
}

/** The stored session id, or null. */
export function storedSid(): string | null {
  return readStored(StorageKey.sid) || null;
}

/**
 * Stores a successful login: sid, username, takerId (institution short name) and login
 * time. A different user than the one stored before starts from an empty workspace.
 */
export function saveLogin(reply: LoginReplyFields, now: number = Date.now()): void {
  const s = storage();
  if (!s) return;
  const previous = s.getItem(StorageKey.username);
  if (previous !== null && previous !== reply.username) remove([StorageKey.lastPath, StorageKey.tabs, StorageKey.opNum]);
  s.setItem(StorageKey.sid, reply.sid);
  s.setItem(StorageKey.username, reply.username);
  s.setItem(StorageKey.takerId, reply.institution_shortname ?? '');
  s.setItem(StorageKey.loginTime, String(now));
}

/** Logout clearing 1: sid, takerId, ip, userInfo. */
export function clearSession(): void {
  remove(SESSION_KEYS);
}

/** Logout clearing 2: lastPath, tabs, opNum, every tool cache (`cache.*`) and chart selections. */
export function clearWorkspace(): void {
  const s = storage();
  if (!s) return;
  remove(WORKSPACE_KEYS);
  const prefixed: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k !== null && WORKSPACE_PREFIXES.some((p) => k.startsWith(p))) prefixed.push(k);
  }
  remove(prefixed);
}

function atMost<T>(p: Promise<T>, ms: number): Promise<T | void> {
  return Promise.race([p, new Promise<void>((resolve) => setTimeout(resolve, ms))]);
}

/**
 * Ends the session everywhere: the server revokes it and pushes `logout` on the session's
 * channel (every tab's lifecycle hook reacts), the local storage is cleared (other tabs
 * also see the `storage` event) and the socket owner drops back to an anonymous CONNECT.
 * Clears locally even when the server cannot be reached.
 */
export async function logoutEverywhere(socket: SocketClient = getSocketClient()): Promise<void> {
  const sid = storedSid();
  if (sid) {
    try {
      await socket.request('LoginSvr', 'SYS.ATS.LOGIN', { method: 'logout', sid }, { timeoutMs: 5000 });
    } catch (e) {
      console.warn('[session] logout request failed; clearing the local session anyway', e);
    }
  }
  clearSession();
  clearWorkspace();
  await atMost(socket.setSession(null), 5000);
}

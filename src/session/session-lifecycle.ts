// What the page does with its session once the socket is up (SPEC section 4 "After the
// socket opens"), kept free of React so it is testable with a fake client and fake timers:
//   start: the stored core version (if any); socket up -> 500 ms -> version (stored); with a stored sid: userInfo ->
//     "0001": realTimeUserInfo -> current user, subscribe SYS.ATS.LOGIN.{sid}
//     else:   toast "please log in again", clear the session, /login, reload after 1 s
//   logout push for our sid, or another tab removing the sid -> clear, /login, reload.
import type { ConnectionStatus, ControlMessage, SocketClient } from '../socket-client/client';
import type { CurrentUser } from '../state/atoms';
import { clearSession, readStored } from './session';
import { StorageKey } from './storage-keys';
import { isUnavailableReply } from '../kit/service-unavailable';

export const SESSION_CHECK_DELAY_MS = 500;
export const RELOAD_DELAY_MS = 1000;
/** After a 9503 reply to the session check (server's database briefly down): check again. */
export const UNAVAILABLE_RECHECK_MS = 5_000;
export const LOGIN_SERVER = 'LoginSvr';
export const LOGIN_METHOD = 'SYS.ATS.LOGIN';
export const loginChannel = (sid: string) => `SYS.ATS.LOGIN.${sid}`;

export interface LifecycleDeps {
  client: SocketClient & {
    onControl?(cb: (m: ControlMessage) => void): () => void;
    onSession?(cb: (sid: string | null) => void): () => void;
  };
  setStatus(s: ConnectionStatus): void;
  setUser(u: CurrentUser | null): void;
  setVersion(v: string | null): void;
  /** Shows the localized "please log in again" warning. */
  warnLoginAgain(): void;
  /** Current path, to avoid leaving a login page for itself. */
  pathname(): string;
  /** Client-side navigation to /login (the router follows). */
  goToLogin(): void;
  reload(): void;
  /** Subscribes to cross-tab storage changes; returns the unsubscribe. */
  onStorage(cb: (key: string | null, newValue: string | null, oldValue: string | null) => void): () => void;
}

function isUp(s: ConnectionStatus): boolean {
  return s === 'open' || s === 'loggedIn';
}

export function isLoginPath(path: string): boolean {
  return path === '/login' || path.startsWith('/login/');
}

/** Builds the SPEC section 3 current-user record from a realTimeUserInfo reply. */
export function toCurrentUser(r: Record<string, unknown>, sid: string): CurrentUser {
  const s = (k: string) => (r[k] === undefined || r[k] === null ? '' : String(r[k]));
  return {
    userName: s('username') || s('userName'),
    sid: s('sid') || sid,
    phone: s('phone'),
    inf1: s('inf1'),
    unitName: s('inf2'),
    department: s('department'),
    email: s('email'),
    cardPath: s('cardPath'),
    headSculpture: s('headSculpture'),
    inf5: s('inf5'),
    institution_shortname: s('institution_shortname'),
    role: s('role'),
    profileComplete: r.profileComplete !== false,
    reviewStatus: s('reviewStatus'),
  };
}

export function startSessionLifecycle(d: LifecycleDeps): () => void {
  let stopped = false;
  let leaving = false;
  let checkTimer: ReturnType<typeof setTimeout> | null = null;
  let loginSub: { sid: string; off: () => void } | null = null;
  const offs: Array<() => void> = [];

  const dropLoginChannel = () => {
    loginSub?.off();
    loginSub = null;
  };

  /** Ends this tab's session view and goes to /login, reloading 1 s later. */
  const leave = (opts: { warn: boolean; onlyOffLogin: boolean }) => {
    if (leaving || stopped) return;
    dropLoginChannel();
    clearSession();
    d.setUser(null);
    void d.client.setSession(null).catch(() => {});
    if (opts.warn) d.warnLoginAgain();
    if (opts.onlyOffLogin && isLoginPath(d.pathname())) return;
    leaving = true;
    d.goToLogin();
    setTimeout(() => d.reload(), RELOAD_DELAY_MS);
  };

  const subscribeLoginChannel = (sid: string) => {
    if (loginSub?.sid === sid) return;
    dropLoginChannel();
    const off = d.client.subscribe(loginChannel(sid), (event: { method?: string; sid?: string }) => {
      // SPEC 4.5: a logout push for this sid clears the session; off a login page, go there.
      if (event?.method === 'logout' && event.sid === sid) leave({ warn: false, onlyOffLogin: true });
    });
    loginSub = { sid, off };
  };

  const loadVersion = async () => {
    try {
      const r = await d.client.request<{ McpVersion?: string }>('OptPricingSvr', 'ATS.OPTPRICINGSVR.VERSION', '');
      if (!stopped && typeof r?.McpVersion === 'string') {
        d.setVersion(r.McpVersion);
        try {
          localStorage.setItem(StorageKey.version, r.McpVersion);
        } catch {
          /* storage unavailable: the atom still has it */
        }
      }
    } catch (e) {
      console.warn('[session] version request failed', e);
    }
  };

  const check = async () => {
    checkTimer = null;
    void loadVersion();
    const sid = readStored(StorageKey.sid);
    if (!sid) {
      dropLoginChannel();
      d.setUser(null);
      return;
    }
    let valid: { Code?: string };
    try {
      valid = await d.client.request(LOGIN_SERVER, LOGIN_METHOD, { method: 'userInfo', parameter: sid });
    } catch (e) {
      // A lost reply is not an invalid session: the next reconnect checks again.
      console.warn('[session] session check failed', e);
      return;
    }
    if (stopped || readStored(StorageKey.sid) !== sid) return; // superseded meanwhile
    if (isUnavailableReply(valid)) {
      // 9503: the server could not check (database briefly down), the session is not invalid.
      if (!checkTimer) checkTimer = setTimeout(() => void check(), UNAVAILABLE_RECHECK_MS);
      return;
    }
    if (valid?.Code !== '0001') {
      leave({ warn: true, onlyOffLogin: false });
      return;
    }
    subscribeLoginChannel(sid);
    try {
      const info = await d.client.request<Record<string, unknown>>(LOGIN_SERVER, LOGIN_METHOD, {
        method: 'realTimeUserInfo',
        userName: readStored(StorageKey.username) ?? '',
        sid,
      });
      if (stopped || readStored(StorageKey.sid) !== sid) return;
      if (info?.Code === '0001') {
        const user = toCurrentUser(info, sid);
        d.setUser(user);
        try {
          localStorage.setItem(StorageKey.userInfo, JSON.stringify(user));
        } catch {
          /* storage unavailable: the atom still has it */
        }
      }
    } catch (e) {
      console.warn('[session] realTimeUserInfo failed', e);
    }
  };

  const scheduleCheck = () => {
    if (checkTimer) clearTimeout(checkTimer);
    checkTimer = setTimeout(() => void check(), SESSION_CHECK_DELAY_MS);
  };

  // The last core version the server gave (SPEC section 3 `version`): shown until the server
  // answers, so a page reloaded with the server down names the core it priced with.
  const cachedVersion = readStored(StorageKey.version);
  if (cachedVersion) d.setVersion(cachedVersion);

  let last: ConnectionStatus = d.client.status();
  d.setStatus(last);
  if (isUp(last)) scheduleCheck();
  offs.push(
    d.client.onStatus((s) => {
      d.setStatus(s);
      if (isUp(s) && !isUp(last)) scheduleCheck();
      last = s;
    }),
  );
  if (d.client.onControl) {
    offs.push(
      d.client.onControl((m) => {
        // CONNECT answered 1009: the stored session is dead, same as a failed check.
        if (m.kind === 'sessionInvalid' && readStored(StorageKey.sid)) leave({ warn: true, onlyOffLogin: false });
      }),
    );
  }
  if (d.client.onSession) {
    offs.push(
      d.client.onSession((sid) => {
        // This tab logged in (check the new session now) or out (forget the user).
        if (sid) scheduleCheck();
        else {
          dropLoginChannel();
          d.setUser(null);
        }
      }),
    );
  }
  offs.push(
    d.onStorage((key, newValue, oldValue) => {
      if (key !== null && key !== StorageKey.sid) return;
      if (!newValue) {
        // Another tab ended the session (logout, or storage cleared while logged in).
        if (oldValue || loginSub) leave({ warn: false, onlyOffLogin: true });
        return;
      }
      if (newValue === oldValue) return;
      // Another tab logged in: adopt its session.
      void d.client.setSession(newValue).then(scheduleCheck, () => {});
    }),
  );

  return () => {
    stopped = true;
    if (checkTimer) clearTimeout(checkTimer);
    dropLoginChannel();
    for (const off of offs) off();
  };
}

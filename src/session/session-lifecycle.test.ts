import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionStatus, ControlMessage } from '../socket-client/client';
import type { CurrentUser } from '../state/atoms';
import { startSessionLifecycle } from './session-lifecycle';
import { installMemoryStorage, type MemoryStorage } from './testing/memory-storage';

type Handler = (content: any) => unknown;

/** A scripted SocketClient: replies come from per-method handlers. */
class FakeClient {
  current: ConnectionStatus = 'connecting';
  statusCbs = new Set<(s: ConnectionStatus) => void>();
  controlCbs = new Set<(m: ControlMessage) => void>();
  subs = new Map<string, Set<(e: any) => void>>();
  requests: Array<{ method: string; content: any }> = [];
  sessions: Array<string | null> = [];
  sessionCbs = new Set<(sid: string | null) => void>();
  onSession(cb: (sid: string | null) => void) {
    this.sessionCbs.add(cb);
    return () => this.sessionCbs.delete(cb);
  }
  /** What the real client does after the page itself calls setSession. */
  async pageSetSession(sid: string | null) {
    await this.setSession(sid);
    for (const cb of this.sessionCbs) cb(sid);
  }
  handlers: Record<string, Handler> = {
    'ATS.OPTPRICINGSVR.VERSION': () => ({ Code: 0, McpVersion: '2.0.1' }),
  };
  async request(_server: string, method: string, content: any): Promise<any> {
    const key = typeof content === 'object' && content?.method ? content.method : method;
    this.requests.push({ method: key, content });
    const h = this.handlers[key];
    if (!h) throw Object.assign(new Error('timeout'), { code: 'timeout' });
    return h(content);
  }
  subscribe(pattern: string, cb: (e: any) => void) {
    if (!this.subs.has(pattern)) this.subs.set(pattern, new Set());
    this.subs.get(pattern)!.add(cb);
    return () => this.subs.get(pattern)?.delete(cb);
  }
  async setSession(sid: string | null) {
    this.sessions.push(sid);
  }
  status() {
    return this.current;
  }
  onStatus(cb: (s: ConnectionStatus) => void) {
    this.statusCbs.add(cb);
    return () => this.statusCbs.delete(cb);
  }
  onControl(cb: (m: ControlMessage) => void) {
    this.controlCbs.add(cb);
    return () => this.controlCbs.delete(cb);
  }
  emitStatus(s: ConnectionStatus) {
    this.current = s;
    for (const cb of this.statusCbs) cb(s);
  }
  push(pattern: string, event: unknown) {
    for (const cb of this.subs.get(pattern) ?? []) cb(event);
  }
  subscribed(pattern: string) {
    return (this.subs.get(pattern)?.size ?? 0) > 0;
  }
}

let store: MemoryStorage;
let client: FakeClient;
let path: string;
let storageCb: ((key: string | null, newValue: string | null, oldValue: string | null) => void) | null;
const seen = { user: undefined as CurrentUser | null | undefined, version: null as string | null, status: [] as ConnectionStatus[], warned: 0, toLogin: 0, reloads: 0 };

function start() {
  return startSessionLifecycle({
    client,
    setStatus: (s) => seen.status.push(s),
    setUser: (u) => (seen.user = u),
    setVersion: (v) => (seen.version = v),
    warnLoginAgain: () => seen.warned++,
    pathname: () => path,
    goToLogin: () => {
      seen.toLogin++;
      path = '/login';
    },
    reload: () => seen.reloads++,
    onStorage: (cb) => {
      storageCb = cb;
      return () => (storageCb = null);
    },
  });
}

async function settle() {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

beforeEach(() => {
  vi.useFakeTimers();
  store = installMemoryStorage();
  client = new FakeClient();
  path = '/optionCalculator';
  storageCb = null;
  Object.assign(seen, { user: undefined, version: null, status: [], warned: 0, toLogin: 0, reloads: 0 });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('session lifecycle', () => {
  it('500 ms after the socket opens checks the sid, loads the user and the version, and subscribes the login channel', async () => {
    store.setItem('sid', 's1');
    store.setItem('username', 'alice');
    client.handlers.userInfo = (c) => ({ Code: c.parameter === 's1' ? '0001' : '1009' });
    client.handlers.realTimeUserInfo = (c) => ({ Code: '0001', username: c.userName, sid: c.sid, inf2: 'Unit', inf5: '1', phone: '138' });
    start();
    client.emitStatus('open');
    await vi.advanceTimersByTimeAsync(499);
    expect(client.requests).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(client.requests.map((r) => r.method)).toEqual(['ATS.OPTPRICINGSVR.VERSION', 'userInfo', 'realTimeUserInfo']);
    expect(seen.version).toBe('2.0.1');
    expect(seen.user).toMatchObject({ userName: 'alice', sid: 's1', unitName: 'Unit', inf5: '1', phone: '138' });
    expect(JSON.parse(store.getItem('userInfo')!)).toMatchObject({ userName: 'alice' });
    expect(client.subscribed('SYS.ATS.LOGIN.s1')).toBe(true);
    expect(seen.status).toEqual(['connecting', 'open']);
  });

  it('shows the stored core version before the server answers (reload with the server down), and stores a new one', async () => {
    store.setItem('version', '1.9.0');
    start();
    expect(seen.version).toBe('1.9.0'); // socket still connecting: no request made
    expect(client.requests).toEqual([]);
    client.emitStatus('open');
    await vi.advanceTimersByTimeAsync(500);
    await settle();
    expect(seen.version).toBe('2.0.1');
    expect(store.getItem('version')).toBe('2.0.1');
  });

  it('without a stored version the header has none until the server answers', () => {
    start();
    expect(seen.version).toBeNull();
  });

  it('without a sid only loads the version', async () => {
    start();
    client.emitStatus('loggedIn');
    await vi.advanceTimersByTimeAsync(500);
    await settle();
    expect(client.requests.map((r) => r.method)).toEqual(['ATS.OPTPRICINGSVR.VERSION']);
    expect(seen.user).toBeNull();
  });

  it('an invalid sid warns, clears the session, goes to /login and reloads after 1 s', async () => {
    store.setItem('sid', 'dead');
    store.setItem('takerId', 'X');
    client.handlers.userInfo = () => ({ Code: '1009' });
    start();
    client.emitStatus('open');
    await vi.advanceTimersByTimeAsync(500);
    await settle();
    expect(seen.warned).toBe(1);
    expect(store.getItem('sid')).toBeNull();
    expect(store.getItem('takerId')).toBeNull();
    expect(seen.toLogin).toBe(1);
    expect(client.sessions).toEqual([null]);
    expect(seen.reloads).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen.reloads).toBe(1);
  });

  it('a check answered 9503 (server database briefly down) keeps the session and checks again', async () => {
    store.setItem('sid', 's1');
    let answer = '9503';
    client.handlers.userInfo = () => ({ Code: answer });
    client.handlers.realTimeUserInfo = () => ({ Code: '0001', username: 'alice' });
    start();
    client.emitStatus('open');
    await vi.advanceTimersByTimeAsync(500);
    await settle();
    expect(store.getItem('sid')).toBe('s1');
    expect(seen.toLogin).toBe(0);
    answer = '0001';
    await vi.advanceTimersByTimeAsync(5_000);
    await settle();
    expect(client.requests.filter((r) => r.method === 'userInfo')).toHaveLength(2);
    expect(client.requests.map((r) => r.method)).toContain('realTimeUserInfo');
    expect(seen.toLogin).toBe(0);
  });

  it('a failed check (no reply) does not log the user out', async () => {
    store.setItem('sid', 's1');
    start();
    client.emitStatus('open');
    await vi.advanceTimersByTimeAsync(500);
    await settle();
    expect(store.getItem('sid')).toBe('s1');
    expect(seen.toLogin).toBe(0);
  });

  it('a logout push for this sid clears the session and leaves for /login; pushes for other sids are ignored', async () => {
    store.setItem('sid', 's1');
    client.handlers.userInfo = () => ({ Code: '0001' });
    client.handlers.realTimeUserInfo = () => ({ Code: '0001' });
    start();
    client.emitStatus('open');
    await vi.advanceTimersByTimeAsync(500);
    await settle();
    client.push('SYS.ATS.LOGIN.s1', { topic: 'SYS.ATS.LOGIN.s1', method: 'logout', sid: 'other' });
    expect(store.getItem('sid')).toBe('s1');
    client.push('SYS.ATS.LOGIN.s1', { topic: 'SYS.ATS.LOGIN.s1', method: 'logout', sid: 's1' });
    expect(store.getItem('sid')).toBeNull();
    expect(seen.user).toBeNull();
    expect(seen.toLogin).toBe(1);
    expect(client.subscribed('SYS.ATS.LOGIN.s1')).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen.reloads).toBe(1);
  });

  it('another tab removing the sid sends this tab to /login; a new sid is adopted and checked', async () => {
    start();
    client.emitStatus('open');
    await vi.advanceTimersByTimeAsync(500);
    store.setItem('sid', 's2');
    client.handlers.userInfo = () => ({ Code: '0001' });
    client.handlers.realTimeUserInfo = () => ({ Code: '0001', username: 'bob' });
    storageCb!('sid', 's2', null);
    await settle();
    expect(client.sessions).toEqual(['s2']);
    await vi.advanceTimersByTimeAsync(500);
    await settle();
    expect(seen.user).toMatchObject({ userName: 'bob' });
    store.removeItem('sid');
    storageCb!('sid', null, 's2');
    expect(seen.toLogin).toBe(1);
    expect(seen.warned).toBe(0);
  });

  it('a login in this very tab (setSession with a new sid) checks the session and loads the user', async () => {
    start();
    client.emitStatus('loggedIn');
    await vi.advanceTimersByTimeAsync(500);
    await settle();
    expect(seen.user).toBeNull();
    store.setItem('sid', 's7');
    store.setItem('username', 'carol');
    client.handlers.userInfo = () => ({ Code: '0001' });
    client.handlers.realTimeUserInfo = (c) => ({ Code: '0001', username: c.userName });
    await client.pageSetSession('s7');
    await vi.advanceTimersByTimeAsync(500);
    await settle();
    expect(seen.user).toMatchObject({ userName: 'carol', sid: 's7' });
    expect(client.subscribed('SYS.ATS.LOGIN.s7')).toBe(true);
    store.removeItem('sid');
    await client.pageSetSession(null);
    expect(seen.user).toBeNull();
    expect(client.subscribed('SYS.ATS.LOGIN.s7')).toBe(false);
  });

  it('a CONNECT rejected with 1009 is handled like an invalid session', async () => {
    store.setItem('sid', 'dead');
    start();
    for (const cb of client.controlCbs) cb({ kind: 'sessionInvalid' });
    expect(seen.warned).toBe(1);
    expect(store.getItem('sid')).toBeNull();
    expect(seen.toLogin).toBe(1);
  });

  it('re-checks after every reconnect but subscribes the login channel once', async () => {
    store.setItem('sid', 's1');
    client.handlers.userInfo = () => ({ Code: '0001' });
    client.handlers.realTimeUserInfo = () => ({ Code: '0001' });
    start();
    client.emitStatus('open');
    await vi.advanceTimersByTimeAsync(500);
    await settle();
    client.emitStatus('closed');
    client.emitStatus('connecting');
    client.emitStatus('open');
    await vi.advanceTimersByTimeAsync(500);
    await settle();
    expect(client.requests.filter((r) => r.method === 'userInfo')).toHaveLength(2);
    expect(client.subs.get('SYS.ATS.LOGIN.s1')!.size).toBe(1);
  });
});

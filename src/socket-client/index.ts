// getSocketClient(): this page's handle on the origin's one WebSocket (contract in
// prompts/login-contract.md; flow in workers/README.md). Picks the transport once:
//   1. SharedWorker (module, named desk-socket): one socket for every tab;
//   2. no SharedWorker: tabs elect a leader with Web Locks; it runs the engine in-page and
//      relays over BroadcastChannel (leader-election.ts);
//   3. neither Web Locks nor BroadcastChannel: an engine per tab, same API.
// Tests and power users reach it as `window.deskSocket`. Runtime settings (reconnect delay
// and count, request timeout, data type) come from localStorage `deskSocketConfig` (JSON)
// at start, or from `deskSocket.configure({...})`; they are independent of config.json.
import * as Comlink from 'comlink';
import type { AttachInit, EngineConfig, HubApi, TabSink } from '../../workers/socket/hub-api';
import { holdTabLock } from '../../workers/socket/tab-liveness';
import { TabSocketClient, type DeskSocketClient } from './client';

export type { ConnectionStatus, ControlMessage, DeskSocketClient, EngineConfig, HubStats, SocketClient } from './client';
export { SocketRequestError } from './client';

/** localStorage key holding a JSON Partial<EngineConfig> read when the page starts. */
export const SOCKET_CONFIG_KEY = 'deskSocketConfig';
const SID_KEY = 'sid'; // SPEC section 3 (src/session/storage-keys.ts names it too)

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function storedConfig(): Partial<EngineConfig> {
  try {
    const raw = readStorage(SOCKET_CONFIG_KEY);
    return raw ? (JSON.parse(raw) as Partial<EngineConfig>) : {};
  } catch {
    return {};
  }
}

function currentInit(): AttachInit {
  return { sid: readStorage(SID_KEY) || null, config: storedConfig() };
}

function newTabId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function sharedWorkerLink(): HubApi {
  const worker = new SharedWorker(new URL('../../workers/socket/shared-worker.ts', import.meta.url), { type: 'module', name: 'desk-socket' });
  const remote = Comlink.wrap<HubApi>(worker.port);
  return {
    attach: (tabId, sink, init) => remote.attach(tabId, Comlink.proxy(sink) as unknown as TabSink, init),
    detach: (tabId) => remote.detach(tabId),
    request: (tabId, serverName, method, content, timeoutMs) => remote.request(tabId, serverName, method, content, timeoutMs),
    subscribe: (tabId, pattern) => remote.subscribe(tabId, pattern),
    unsubscribe: (tabId, pattern) => remote.unsubscribe(tabId, pattern),
    setSession: (sid) => remote.setSession(sid),
    configure: (config) => remote.configure(config),
    stats: () => remote.stats(),
  };
}

/**
 * A HubApi whose calls wait for a lazily loaded one. Calls are chained on one promise, so
 * they reach the real hub in the order they were made.
 */
function lazyHub(load: () => Promise<HubApi>): HubApi {
  const hub = load();
  return {
    attach: (tabId, sink, init) => hub.then((h) => h.attach(tabId, sink, init)),
    detach: (tabId) => hub.then((h) => h.detach(tabId)),
    request: (tabId, serverName, method, content, timeoutMs) => hub.then((h) => h.request(tabId, serverName, method, content, timeoutMs)),
    subscribe: (tabId, pattern) => hub.then((h) => h.subscribe(tabId, pattern)),
    unsubscribe: (tabId, pattern) => hub.then((h) => h.unsubscribe(tabId, pattern)),
    setSession: (sid) => hub.then((h) => h.setSession(sid)),
    configure: (config) => hub.then((h) => h.configure(config)),
    stats: () => hub.then((h) => h.stats()),
  };
}

function chooseTransport(tabId: string): { link: HubApi; mode: string } {
  if (typeof SharedWorker === 'function') {
    try {
      return { link: sharedWorkerLink(), mode: 'shared-worker' };
    } catch (e) {
      console.warn('[desk-socket] SharedWorker unavailable, electing a leader tab instead', e);
    }
  }
  if (typeof navigator !== 'undefined' && navigator.locks && typeof BroadcastChannel === 'function') {
    return { link: lazyHub(() => import('./fallback-transports').then((m) => m.electedLink(tabId, currentInit))), mode: 'elected' };
  }
  return { link: lazyHub(() => import('./fallback-transports').then((m) => m.pageEngine('per-tab'))), mode: 'per-tab' };
}

function logLine(m: { level: 'debug' | 'warn' | 'error'; message: string }): void {
  const line = `[desk-socket] ${m.message}`;
  if (m.level === 'error') console.error(line);
  else if (m.level === 'warn') console.warn(line);
  else console.debug(line);
}

let client: TabSocketClient | null = null;

export function getSocketClient(): DeskSocketClient {
  if (client) return client;
  const tabId = newTabId();
  const { link, mode } = chooseTransport(tabId);
  const c = new TabSocketClient(link, {
    tabId,
    mode,
    ready: holdTabLock(tabId),
    init: currentInit,
    reload: () => location.reload(),
    dispatchWindowEvent: (status) => window.dispatchEvent(new CustomEvent('socketStatus', { detail: { status } })),
    log: logLine,
  });
  client = c;
  // A page leaving for good says goodbye at once; a bfcache restore attaches again.
  addEventListener('pagehide', (e) => {
    if (!(e as PageTransitionEvent).persisted) c.detach();
  });
  (window as unknown as { deskSocket: DeskSocketClient }).deskSocket = c;
  return c;
}

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
import { defaultSocketUrl, SocketEngine, type WebSocketLike } from '../../workers/socket/engine';
import type { AttachInit, EngineConfig, HubApi, TabSink } from '../../workers/socket/hub-api';
import { holdTabLock, watchTabLocks } from '../../workers/socket/tab-liveness';
import { TabSocketClient, type DeskSocketClient } from './client';
import { CHANNEL_NAME, ElectedLink, LEADER_LOCK, serveHub } from './leader-election';
import { workerTicker } from './worker-ticker';

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

function pageEngine(mode: string): SocketEngine {
  const engine = new SocketEngine({
    createSocket: (url) => new WebSocket(url) as unknown as WebSocketLike,
    config: { url: defaultSocketUrl(location) },
    ticker: workerTicker(),
  });
  engine.mode = mode;
  return engine;
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

function electedLink(tabId: string): HubApi {
  const channel = new BroadcastChannel(CHANNEL_NAME);
  const link = new ElectedLink(channel, tabId, currentInit);
  let host: ReturnType<typeof serveHub> | null = null;
  channel.onmessage = (ev) => {
    if (host) host.onMessage(ev.data);
    else link.onFollowerMessage(ev.data);
  };
  void navigator.locks.request(LEADER_LOCK, () => {
    const hub = watchTabLocks(pageEngine('leader'));
    host = serveHub(hub, channel, tabId);
    link.becomeLeader(hub);
    host.announce();
    return new Promise<never>(() => {}); // leader until this page goes away
  });
  return link;
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
    return { link: electedLink(tabId), mode: 'elected' };
  }
  return { link: pageEngine('per-tab'), mode: 'per-tab' };
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

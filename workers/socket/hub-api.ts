// The tab-facing API of the socket owner. The SharedWorker exposes it through Comlink; in
// the fallback the leader tab serves it to the other tabs over a BroadcastChannel. Every
// call names the calling tab so the owner can fan out, ref-count and clean up per tab.
import type { RequestOutcome } from './requests';

export type { RequestOutcome };

/** The contract's status (the engine's internal `subscribed` state reports as `loggedIn`). */
export type ConnectionStatus = 'created' | 'connecting' | 'open' | 'loggedIn' | 'closed' | 'failed';

export type DataTypeSetting = '1' | '2' | '3';

export interface EngineConfig {
  /** Full ws(s) URL without the dataType query; default from the page/worker location. */
  url: string;
  /** PROTOCOL 1; the product uses gzip ('3'). */
  dataType: DataTypeSetting;
  reconnectDelayMs: number;
  /** -1 unlimited. */
  reconnectCount: number;
  heartbeatMs: number;
  requestTimeoutMs: number;
  /** In gzip mode, bodies smaller than this go plain (PROTOCOL 1 allows either). */
  gzipMinBytes: number;
}

export type ControlMessage =
  /** Server closed with 1000 (new release): reload the page. */
  | { kind: 'reload' }
  /** CONNECT was answered with Code 1009. */
  | { kind: 'sessionInvalid' }
  /** Reconnect attempts exhausted. */
  | { kind: 'reconnectFailed' }
  /** A diagnostic line from the owner (SharedWorker console does not reach the page). */
  | { kind: 'log'; level: 'debug' | 'warn' | 'error'; message: string };

/** What the owner calls back on a tab. */
export interface TabSink {
  notify(event: unknown): void;
  status(status: ConnectionStatus): void;
  control(message: ControlMessage): void;
}

export interface AttachInit {
  /** The tab's stored sid; the owner CONNECTs with it (S) or anonymously (A). */
  sid: string | null;
  config?: Partial<EngineConfig>;
}

export interface HubStats {
  state: string;
  status: ConnectionStatus;
  tabs: number;
  /** Pattern -> number of tabs holding it. */
  patterns: Record<string, number>;
  pendingRequests: number;
  socketsOpened: number;
  sid: string | null;
  /** 'shared-worker' | 'leader' | 'per-tab' */
  mode?: string;
}

export interface HubApi {
  attach(tabId: string, sink: TabSink, init: AttachInit): ConnectionStatus | Promise<ConnectionStatus>;
  detach(tabId: string): void | Promise<void>;
  /** `requestId`: the tab's request key (PROTOCOL.md section 3), kept when it replays the call to a new owner; the owner mints one when absent. */
  request(tabId: string, serverName: string, method: string, content: unknown, timeoutMs?: number, requestId?: string): Promise<RequestOutcome>;
  subscribe(tabId: string, pattern: string): void | Promise<void>;
  unsubscribe(tabId: string, pattern: string): void | Promise<void>;
  setSession(sid: string | null): Promise<void>;
  configure(config: Partial<EngineConfig>): void | Promise<void>;
  stats(): HubStats | Promise<HubStats>;
}

/** The Web Lock each tab holds for its lifetime; the owner waits on it to learn the tab died. */
export function tabLockName(tabId: string): string {
  return `desk-socket-tab:${tabId}`;
}

// The page side of the shared socket: one TabSocketClient per page. It talks to the socket
// owner (SharedWorker, leader tab or its own engine) through a HubApi link, keeps this
// tab's listeners per pattern (the owner only hears each pattern once per tab), turns reply
// outcomes into resolved bodies or Errors with a `code`, and reports status changes both to
// `onStatus` callbacks and as the window event `socketStatus`.
import { matchTopic } from '../wire/topic'; // not the index: the page must not bundle pako
import { newRequestId } from '../wire/request-id';
import type { AttachInit, ConnectionStatus, ControlMessage, EngineConfig, HubApi, HubStats, TabSink } from '../../workers/socket/hub-api';

export type { ConnectionStatus, EngineConfig, HubStats, ControlMessage };

export interface SocketClient {
  request<T = any>(serverName: string, method: string, content: unknown, opts?: { timeoutMs?: number }): Promise<T>;
  subscribe(pattern: string, onEvent: (event: any) => void): () => void;
  setSession(sid: string | null): Promise<void>;
  status(): ConnectionStatus;
  onStatus(cb: (s: ConnectionStatus) => void): () => void;
}

/** Extras beyond the contract: control messages, runtime config, diagnostics. */
export interface DeskSocketClient extends SocketClient {
  onControl(cb: (m: ControlMessage) => void): () => void;
  /** Called after this page's setSession(sid) took effect (login or logout in this tab). */
  onSession(cb: (sid: string | null) => void): () => void;
  configure(config: Partial<EngineConfig>): Promise<void>;
  stats(): Promise<HubStats>;
  readonly mode: string;
  readonly tabId: string;
}

export class SocketRequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SocketRequestError';
  }
}

/** Extra wait beyond the owner's own timeout before the tab gives up on its own. */
const BACKSTOP_MS = 2000;
const DEFAULT_TIMEOUT_MS = 30_000;

export interface ClientOptions {
  tabId: string;
  mode: string;
  /** Resolves once the tab holds its liveness lock (the owner detects dead tabs by it). */
  ready?: Promise<void>;
  init: () => AttachInit;
  /** Reload on a server close 1000; injectable for tests. */
  reload?: () => void;
  dispatchWindowEvent?: (status: 'open' | 'closed') => void;
  log?: (m: Extract<ControlMessage, { kind: 'log' }>) => void;
}

function isUp(s: ConnectionStatus): boolean {
  return s === 'open' || s === 'loggedIn';
}

export class TabSocketClient implements DeskSocketClient {
  readonly tabId: string;
  readonly mode: string;
  private current: ConnectionStatus = 'created';
  private announced: 'open' | 'closed' | null = null;
  private readonly listeners = new Map<string, Set<(event: any) => void>>();
  private readonly statusListeners = new Set<(s: ConnectionStatus) => void>();
  private readonly controlListeners = new Set<(m: ControlMessage) => void>();
  private readonly sessionListeners = new Set<(sid: string | null) => void>();
  private readonly attached: Promise<void>;

  constructor(
    private readonly link: HubApi,
    private readonly opts: ClientOptions,
  ) {
    this.tabId = opts.tabId;
    this.mode = opts.mode;
    const sink: TabSink = {
      notify: (event) => this.deliver(event),
      status: (s) => this.setStatus(s),
      control: (m) => this.control(m),
    };
    this.attached = (opts.ready ?? Promise.resolve()).then(async () => {
      const s = await link.attach(this.tabId, sink, opts.init());
      this.setStatus(s);
    });
    this.attached.catch((e) => console.error('[desk-socket] attach failed', e));
  }

  async request<T = any>(serverName: string, method: string, content: unknown, opts: { timeoutMs?: number } = {}): Promise<T> {
    const timeoutMs = opts.timeoutMs ?? this.opts.init().config?.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    let backstop: ReturnType<typeof setTimeout> | undefined;
    // Also covers an owner that never answers at all (worker failed to start, leader gone).
    const timedOut = new Promise<never>((_, reject) => {
      backstop = setTimeout(() => reject(new SocketRequestError('timeout', `${serverName} ${method}: no reply within ${timeoutMs} ms`)), timeoutMs + BACKSTOP_MS);
    });
    try {
      // The key is minted here, not in the owner, so a call replayed to a new leader keeps it.
      const requestId = newRequestId();
      const sent = this.attached.then(() => this.link.request(this.tabId, serverName, method, content, timeoutMs, requestId));
      const outcome = await Promise.race([sent, timedOut]);
      if (outcome.ok) return outcome.body as T;
      throw new SocketRequestError(outcome.code, outcome.message);
    } finally {
      clearTimeout(backstop);
    }
  }

  subscribe(pattern: string, onEvent: (event: any) => void): () => void {
    let set = this.listeners.get(pattern);
    const first = !set;
    if (!set) this.listeners.set(pattern, (set = new Set()));
    set.add(onEvent);
    if (first) void this.attached.then(() => this.link.subscribe(this.tabId, pattern));
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      const s = this.listeners.get(pattern);
      if (!s) return;
      s.delete(onEvent);
      if (s.size === 0) {
        this.listeners.delete(pattern);
        void this.attached.then(() => this.link.unsubscribe(this.tabId, pattern));
      }
    };
  }

  async setSession(sid: string | null): Promise<void> {
    await this.attached;
    await this.link.setSession(sid);
    for (const cb of this.sessionListeners) cb(sid || null);
  }

  onSession(cb: (sid: string | null) => void): () => void {
    this.sessionListeners.add(cb);
    return () => this.sessionListeners.delete(cb);
  }

  status(): ConnectionStatus {
    return this.current;
  }

  onStatus(cb: (s: ConnectionStatus) => void): () => void {
    this.statusListeners.add(cb);
    return () => this.statusListeners.delete(cb);
  }

  onControl(cb: (m: ControlMessage) => void): () => void {
    this.controlListeners.add(cb);
    return () => this.controlListeners.delete(cb);
  }

  async configure(config: Partial<EngineConfig>): Promise<void> {
    await this.attached;
    await this.link.configure(config);
  }

  async stats(): Promise<HubStats> {
    await this.attached;
    return { ...(await this.link.stats()), mode: this.mode };
  }

  /** Detaches from the owner (page hide); the owner also notices a dead tab by its lock. */
  detach(): void {
    void this.link.detach(this.tabId);
  }

  private deliver(event: any): void {
    const topic = event?.topic;
    if (typeof topic !== 'string') return;
    for (const [pattern, set] of this.listeners) {
      if (!matchTopic(pattern, topic)) continue;
      for (const cb of set) {
        try {
          cb(event);
        } catch (e) {
          console.error('[desk-socket] subscription listener failed', e); // SPEC 8: only logged
        }
      }
    }
  }

  private setStatus(s: ConnectionStatus): void {
    if (s === this.current) return;
    this.current = s;
    // The window event reports up/down changes only, not every failed reconnect attempt.
    const announce = isUp(s) ? 'open' : s === 'closed' || s === 'failed' ? 'closed' : null;
    if (announce && announce !== this.announced) {
      this.announced = announce;
      this.opts.dispatchWindowEvent?.(announce);
    }
    for (const cb of this.statusListeners) cb(s);
  }

  private control(m: ControlMessage): void {
    if (m.kind === 'log') {
      this.opts.log?.(m);
      return;
    }
    for (const cb of this.controlListeners) cb(m);
    if (m.kind === 'reload') this.opts.reload?.();
  }
}

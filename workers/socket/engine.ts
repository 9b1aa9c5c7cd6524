// The socket engine: one WebSocket shared by every attached tab. It carries out the
// effects of the pure lifecycle machine (lifecycle.ts), frames messages with src/wire,
// matches replies by sequence number (requests.ts) and fans notifications out to tabs by
// their own patterns (tab-subscriptions.ts). It runs inside the SharedWorker, or in the
// leader tab when SharedWorker is missing; the WebSocket constructor is injected for tests.
import { Command, DataType, decodeMessage, isValidRequestId, DEFAULT_GZIP_LEVEL, encodeBody, encodeFrame, encodeMessage, Format, getGzipCodec, PING_TEXT, type OutgoingMessage, type WireMessage } from '../../src/wire';
import type { AttachInit, ConnectionStatus, ControlMessage, EngineConfig, HubApi, HubStats, TabSink } from './hub-api';
import { createMachine, isAccepted, isSocketUp, transition, type Effect, type LifecycleEvent, type Machine, type SocketState } from './lifecycle';
import { RequestTable, SequenceCounter, type RequestOutcome } from './requests';
import { TabSubscriptions } from './tab-subscriptions';

/** The subset of the browser WebSocket the engine uses. */
export interface WebSocketLike {
  binaryType: string;
  readonly readyState: number;
  send(data: string | Uint8Array): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export type SocketFactory = (url: string) => WebSocketLike;
/** Starts a repeating tick; returns its stop function (a worker-driven ticker in background tabs). */
export type Ticker = (onTick: () => void, everyMs: number) => () => void;

const intervalTicker: Ticker = (onTick, everyMs) => {
  const id = setInterval(onTick, everyMs);
  return () => clearInterval(id);
};

export const GATEWAY = 'gateway';

export const DEFAULT_ENGINE_CONFIG: Omit<EngineConfig, 'url'> = {
  dataType: DataType.gzip,
  reconnectDelayMs: 30_000,
  reconnectCount: -1,
  heartbeatMs: 20_000,
  requestTimeoutMs: 30_000,
  gzipMinBytes: 1024,
};

/** ws(s)://host/gw/ws for a page or worker location (SPEC section 7 address rules). */
export function defaultSocketUrl(loc: { protocol: string; host: string }): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/gw/ws`;
}

export function toStatus(state: SocketState): ConnectionStatus {
  return state === 'subscribed' ? 'loggedIn' : state;
}

/** Request content goes on the wire as a string: objects as JSON text, strings as is. */
export function toContentString(content: unknown): string {
  if (typeof content === 'string') return content;
  if (content === undefined || content === null) return '';
  return JSON.stringify(content);
}

function callSink(fn: () => unknown): void {
  // A sink may be a Comlink proxy to a tab that just died: never let it break the engine.
  try {
    const r = fn() as Promise<unknown> | undefined;
    if (r && typeof r.then === 'function') r.then(undefined, () => {});
  } catch {
    /* the tab is gone; its lock release will detach it */
  }
}

export interface EngineOptions {
  createSocket: SocketFactory;
  config: Partial<EngineConfig> & { url: string };
  ticker?: Ticker;
}

export class SocketEngine implements HubApi {
  private machine: Machine;
  private config: EngineConfig;
  private readonly createSocket: SocketFactory;
  private readonly ticker: Ticker;
  private readonly seqs = new SequenceCounter();
  private readonly requests = new RequestTable(this.seqs);
  private readonly subs = new TabSubscriptions();
  private readonly tabs = new Map<string, TabSink>();
  private socket: WebSocketLike | null = null;
  private stopHeartbeat: (() => void) | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  private sid: string | null = null;
  private connectSeq = 0;
  private sessionWaiters: Array<() => void> = [];
  /** Patterns the current socket has been told about (reset per socket). */
  private readonly serverPatterns = new Set<string>();
  private socketsOpened = 0;
  mode = 'engine';

  constructor(opts: EngineOptions) {
    this.createSocket = opts.createSocket;
    this.ticker = opts.ticker ?? intervalTicker;
    this.config = { ...DEFAULT_ENGINE_CONFIG, ...opts.config };
    this.machine = createMachine({ reconnectDelayMs: this.config.reconnectDelayMs, reconnectCount: this.config.reconnectCount });
  }

  // ---- HubApi -----------------------------------------------------------------------

  attach(tabId: string, sink: TabSink, init: AttachInit): ConnectionStatus {
    this.tabs.set(tabId, sink);
    if (init.config) this.configure(init.config);
    // Tabs share storage, so a tab's sid is the origin's sid; a null one is not a logout
    // (the logging-out tab calls setSession(null) itself).
    if (init.sid !== this.sid) {
      if (this.machine.state === 'created') this.sid = init.sid;
      else if (init.sid) void this.setSession(init.sid);
    }
    this.dispatch({ type: 'start' });
    return this.status();
  }

  detach(tabId: string): void {
    if (!this.tabs.delete(tabId)) return;
    this.requests.abortOwner(tabId);
    for (const pattern of this.subs.removeTab(tabId)) this.sendSubscription('unsubscribe', pattern);
  }

  request(tabId: string, serverName: string, method: string, content: unknown, timeoutMs?: number, requestId?: string): Promise<RequestOutcome> {
    const text = toContentString(content);
    const key = isValidRequestId(requestId) ? requestId : undefined; // a bad one from a tab: mint our own
    const { seq, outcome } = this.requests.create(tabId, serverName, method, text, timeoutMs ?? this.config.requestTimeoutMs, key);
    if (isAccepted(this.machine.state)) this.sendRequest(seq);
    return outcome;
  }

  subscribe(tabId: string, pattern: string): void {
    if (this.subs.add(tabId, pattern)) this.sendSubscription('subscribe', pattern);
  }

  unsubscribe(tabId: string, pattern: string): void {
    if (this.subs.remove(tabId, pattern)) this.sendSubscription('unsubscribe', pattern);
  }

  /** Re-CONNECTs with the new session; resolves once the server answered (or no socket is up). */
  setSession(sid: string | null): Promise<void> {
    const next = sid || null;
    const changed = next !== this.sid;
    this.sid = next;
    const { state, retryDisabled } = this.machine;
    const reconnects = isSocketUp(state) ? changed || state === 'open' : state === 'closed' && retryDisabled;
    if (!reconnects) return Promise.resolve(); // accepted already, or the next CONNECT uses it
    const done = new Promise<void>((resolve) => this.sessionWaiters.push(resolve));
    this.dispatch({ type: 'sessionChanged' });
    return done;
  }

  configure(config: Partial<EngineConfig>): void {
    this.config = { ...this.config, ...config };
    const policy: { reconnectDelayMs?: number; reconnectCount?: number } = {};
    if (config.reconnectDelayMs !== undefined) policy.reconnectDelayMs = config.reconnectDelayMs;
    if (config.reconnectCount !== undefined) policy.reconnectCount = config.reconnectCount;
    this.dispatch({ type: 'policyChanged', policy });
  }

  status(): ConnectionStatus {
    return toStatus(this.machine.state);
  }

  stats(): HubStats {
    const patterns: Record<string, number> = {};
    for (const p of this.subs.patterns()) patterns[p] = this.subs.holderCount(p);
    return {
      state: this.machine.state,
      status: this.status(),
      tabs: this.tabs.size,
      patterns,
      pendingRequests: this.requests.size,
      socketsOpened: this.socketsOpened,
      sid: this.sid,
      mode: this.mode,
    };
  }

  // ---- lifecycle ----------------------------------------------------------------------

  private dispatch(ev: LifecycleEvent): void {
    const before = this.machine.state;
    const { machine, effects } = transition(this.machine, ev);
    this.machine = machine;
    if (toStatus(machine.state) !== toStatus(before)) this.broadcastStatus();
    for (const effect of effects) this.run(effect);
  }

  private run(effect: Effect): void {
    switch (effect.type) {
      case 'openSocket':
        return this.openSocket();
      case 'sendConnect':
        return this.sendConnect();
      case 'startHeartbeat':
        this.stopHeartbeat?.();
        this.stopHeartbeat = this.ticker(() => this.sendHeartbeat(), this.config.heartbeatMs);
        return;
      case 'stopHeartbeat':
        this.stopHeartbeat?.();
        this.stopHeartbeat = null;
        return;
      case 'resubscribe':
        for (const pattern of this.subs.patterns()) this.sendSubscription('subscribe', pattern, true);
        return this.dispatch({ type: 'resubscribed' });
      case 'flushPending':
        for (const r of this.requests.unsent()) this.sendRequest(r.seq);
        return;
      case 'scheduleRetry':
        this.log('warn', `socket closed; reconnecting in ${effect.delayMs} ms`);
        if (this.retryTimer) clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => {
          this.retryTimer = null;
          this.dispatch({ type: 'retryDue' });
        }, effect.delayMs);
        return;
      case 'scheduleConnect':
        this.log('warn', `CONNECT answered 9503 (server briefly unavailable); connecting again in ${effect.delayMs} ms`);
        if (this.connectTimer) clearTimeout(this.connectTimer);
        this.connectTimer = setTimeout(() => {
          this.connectTimer = null;
          this.dispatch({ type: 'connectRetryDue' });
        }, effect.delayMs);
        return;
      case 'reloadTabs':
        return this.broadcastControl({ kind: 'reload' });
      case 'sessionInvalid':
        this.log('warn', 'CONNECT answered 1009: session invalid; heartbeat stopped, no retry');
        return this.broadcastControl({ kind: 'sessionInvalid' });
      case 'reportFailed':
        this.log('error', 'reconnect attempts exhausted');
        return this.broadcastControl({ kind: 'reconnectFailed' });
    }
  }

  // ---- socket -------------------------------------------------------------------------

  private openSocket(): void {
    this.detachSocket();
    const url = `${this.config.url}${this.config.url.includes('?') ? '&' : '?'}dataType=${this.config.dataType}`;
    let ws: WebSocketLike;
    try {
      ws = this.createSocket(url);
    } catch (e) {
      this.log('error', `cannot open ${url}: ${(e as Error).message}`);
      queueMicrotask(() => this.dispatch({ type: 'socketClosed', code: 1006 }));
      return;
    }
    this.socket = ws;
    this.socketsOpened++;
    ws.binaryType = 'arraybuffer';
    ws.onopen = () => {
      if (this.socket === ws) this.dispatch({ type: 'socketOpened' });
    };
    ws.onmessage = (ev) => {
      if (this.socket === ws) this.receive(ev.data);
    };
    ws.onerror = () => {};
    ws.onclose = (ev) => {
      if (this.socket !== ws) return;
      this.socket = null;
      this.serverPatterns.clear();
      this.requests.markAllUnsent();
      this.releaseSessionWaiters();
      this.dispatch({ type: 'socketClosed', code: ev.code });
    };
  }

  private detachSocket(): void {
    const old = this.socket;
    if (!old) return;
    this.socket = null;
    old.onopen = old.onmessage = old.onclose = old.onerror = null;
    try {
      old.close();
    } catch {
      /* already closed */
    }
  }

  private send(m: OutgoingMessage): boolean {
    const ws = this.socket;
    if (!ws || ws.readyState !== 1) return false;
    try {
      ws.send(this.encode(m));
      return true;
    } catch (e) {
      this.log('error', `send failed: ${(e as Error).message}`);
      return false;
    }
  }

  /**
   * In gzip mode only bodies of at least `gzipMinBytes` are compressed: PROTOCOL 1 lets a
   * peer send either form, and gzip makes small bodies larger and costs CPU (see the bench).
   */
  private encode(m: OutgoingMessage): string | Uint8Array {
    const { dataType, gzipMinBytes } = this.config;
    if (dataType === DataType.json) return encodeMessage(m, dataType);
    let body = encodeBody(m.body);
    if (dataType === DataType.gzip && body.length > 0 && body.length >= gzipMinBytes) body = getGzipCodec().gzip(body, DEFAULT_GZIP_LEVEL);
    return encodeFrame({ command: m.command, format: m.format, seq: m.seq, sid: m.sid, body });
  }

  private sendHeartbeat(): void {
    // PROTOCOL 7: in plain-JSON mode a heartbeat without a session is the bare text `ping`.
    if (this.config.dataType === DataType.json && !this.sid) {
      if (this.socket?.readyState === 1) this.socket.send(PING_TEXT);
      return;
    }
    this.send({ command: Command.HEARTBEAT, format: Format.REQUEST, seq: 0, sid: this.sid });
  }

  private sendConnect(): void {
    this.connectSeq = this.seqs.next();
    const connType = this.sid ? 'S' : 'A';
    this.send({ command: Command.CONNECT, format: Format.REQUEST, seq: this.connectSeq, sid: this.sid, body: { userName: '', pwd: '', connType } });
  }

  /** Sends (or re-sends after a reconnect, with a new seq's socket but the same requestId) a pending request. */
  private sendRequest(seq: number): void {
    const r = this.requests.get(seq);
    if (!r) return;
    const body = { serverName: r.serverName, method: r.method, content: r.content, requestId: r.requestId };
    if (this.send({ command: Command.SEND, format: Format.REQUEST, seq, sid: this.sid, body })) this.requests.markSent(seq);
  }

  private sendSubscription(method: 'subscribe' | 'unsubscribe', pattern: string, force = false): void {
    if (!isAccepted(this.machine.state) && !force) return; // sent by `resubscribe` once accepted
    if (method === 'subscribe' && this.serverPatterns.has(pattern) && !force) return;
    if (method === 'unsubscribe' && !this.serverPatterns.has(pattern)) return;
    const sent = this.send({ command: Command.SEND, format: Format.SEND, seq: 0, sid: this.sid, body: { serverName: GATEWAY, method, content: pattern } });
    if (!sent) return;
    if (method === 'subscribe') this.serverPatterns.add(pattern);
    else this.serverPatterns.delete(pattern);
  }

  private receive(data: unknown): void {
    const raw = typeof data === 'string' ? data : data instanceof ArrayBuffer ? data : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : null;
    if (raw === null) return this.log('warn', 'dropped a message of unknown type');
    const decoded = decodeMessage(raw);
    if (!decoded.ok) return this.log(decoded.error === 'oversize' ? 'error' : 'warn', `dropped ${decoded.error} frame: ${decoded.reason}`);
    this.handle(decoded.message);
  }

  private handle(m: WireMessage): void {
    const body = (m.body ?? {}) as Record<string, unknown>;
    if (m.command === Command.CONNECT && m.format === Format.REPLY) {
      if (m.seq !== this.connectSeq) return; // an answer to a CONNECT superseded by a newer one
      const code = String(body.Code ?? '');
      const connType = String(body.connType ?? '');
      this.releaseSessionWaiters();
      this.dispatch({ type: 'connectReplied', code, connType });
      return;
    }
    if (m.command !== Command.SEND) return;
    if (m.format === Format.REPLY) {
      if (!this.requests.resolve(m.seq, m.body)) this.log('debug', `reply for unknown or expired seq ${m.seq}`);
      return;
    }
    if (m.format === Format.NOTIFY) {
      const topic = body.topic;
      if (typeof topic !== 'string') return this.log('warn', 'notification without topic dropped');
      for (const tabId of this.subs.tabsFor(topic)) {
        const sink = this.tabs.get(tabId);
        if (sink) callSink(() => sink.notify(m.body));
      }
    }
  }

  private releaseSessionWaiters(): void {
    const waiters = this.sessionWaiters;
    this.sessionWaiters = [];
    for (const w of waiters) w();
  }

  // ---- tabs ---------------------------------------------------------------------------

  private broadcastStatus(): void {
    const s = this.status();
    for (const sink of this.tabs.values()) callSink(() => sink.status(s));
  }

  private broadcastControl(message: ControlMessage): void {
    for (const sink of this.tabs.values()) callSink(() => sink.control(message));
  }

  private log(level: 'debug' | 'warn' | 'error', message: string): void {
    this.broadcastControl({ kind: 'log', level, message });
  }
}

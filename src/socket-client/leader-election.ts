// Fallback where SharedWorker is missing (Chrome on Android): the tabs elect a leader with
// the Web Lock `desk-socket-leader`. The leader runs the socket engine in-page and serves
// the other tabs over a BroadcastChannel with the same HubApi; followers reach it through
// a relay. When the leader closes, its lock passes to a waiting tab, which starts its own
// engine and announces itself; every tab then replays its attach, its patterns and its
// unanswered requests to the new owner, so callers of the SocketClient never notice.
import type { AttachInit, ConnectionStatus, ControlMessage, EngineConfig, HubApi, HubStats, RequestOutcome, TabSink } from '../../workers/socket/hub-api';

export const LEADER_LOCK = 'desk-socket-leader';
export const CHANNEL_NAME = 'desk-socket';

type Op = 'attach' | 'detach' | 'request' | 'subscribe' | 'unsubscribe' | 'setSession' | 'configure' | 'stats';

type Message =
  | { k: 'call'; from: string; id: number; op: Op; args: unknown[] }
  | { k: 'result'; to: string; id: number; value: unknown }
  | { k: 'sink'; to: string; fn: keyof TabSink; arg: unknown }
  | { k: 'hello'; leader: string };

/** The posting half of a BroadcastChannel (messages come in through the owner's handler). */
export interface ChannelLike {
  postMessage(m: unknown): void;
}

/** Serves a hub (the leader's engine) to follower tabs over the channel. */
export function serveHub(hub: HubApi, channel: ChannelLike, leaderTabId: string): { onMessage(m: unknown): void; announce(): void } {
  const relaySink = (to: string): TabSink => ({
    notify: (arg) => channel.postMessage({ k: 'sink', to, fn: 'notify', arg } satisfies Message),
    status: (arg) => channel.postMessage({ k: 'sink', to, fn: 'status', arg } satisfies Message),
    control: (arg) => channel.postMessage({ k: 'sink', to, fn: 'control', arg } satisfies Message),
  });
  return {
    onMessage(raw) {
      const m = raw as Message;
      if (m?.k !== 'call') return;
      const a = m.args;
      let result: unknown;
      switch (m.op) {
        case 'attach':
          result = hub.attach(m.from, relaySink(m.from), a[1] as AttachInit);
          break;
        case 'detach':
          result = hub.detach(m.from);
          break;
        case 'request':
          result = hub.request(m.from, a[1] as string, a[2] as string, a[3], a[4] as number | undefined, a[5] as string | undefined);
          break;
        case 'subscribe':
          result = hub.subscribe(m.from, a[1] as string);
          break;
        case 'unsubscribe':
          result = hub.unsubscribe(m.from, a[1] as string);
          break;
        case 'setSession':
          result = hub.setSession(a[0] as string | null);
          break;
        case 'configure':
          result = hub.configure(a[0] as Partial<EngineConfig>);
          break;
        case 'stats':
          result = hub.stats();
          break;
      }
      void Promise.resolve(result).then((value) => channel.postMessage({ k: 'result', to: m.from, id: m.id, value } satisfies Message));
    },
    announce() {
      channel.postMessage({ k: 'hello', leader: leaderTabId } satisfies Message);
    },
  };
}

/** A follower's view of the leader: each call is a message, answered by id. */
class RelayHub implements HubApi {
  private nextId = 1;
  private readonly waiting = new Map<number, (value: unknown) => void>();
  sink: TabSink | null = null;

  constructor(
    private readonly channel: ChannelLike,
    private readonly tabId: string,
  ) {}

  onMessage(m: Message): void {
    if (m.k === 'result' && m.to === this.tabId) {
      const done = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      done?.(m.value);
    } else if (m.k === 'sink' && m.to === this.tabId && this.sink) {
      (this.sink[m.fn] as (arg: unknown) => void)(m.arg);
    }
  }

  /** The leader died: its answers will never come; callers replay through the new one. */
  forgetWaiting(): void {
    this.waiting.clear();
  }

  private call<T>(op: Op, args: unknown[]): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve) => {
      this.waiting.set(id, resolve as (v: unknown) => void);
      this.channel.postMessage({ k: 'call', from: this.tabId, id, op, args } satisfies Message);
    });
  }

  attach(tabId: string, sink: TabSink, init: AttachInit) {
    this.sink = sink;
    return this.call<ConnectionStatus>('attach', [tabId, init]);
  }
  detach(tabId: string) {
    return this.call<void>('detach', [tabId]);
  }
  request(tabId: string, serverName: string, method: string, content: unknown, timeoutMs?: number, requestId?: string) {
    return this.call<RequestOutcome>('request', [tabId, serverName, method, content, timeoutMs, requestId]);
  }
  subscribe(tabId: string, pattern: string) {
    return this.call<void>('subscribe', [tabId, pattern]);
  }
  unsubscribe(tabId: string, pattern: string) {
    return this.call<void>('unsubscribe', [tabId, pattern]);
  }
  setSession(sid: string | null) {
    return this.call<void>('setSession', [sid]);
  }
  configure(config: Partial<EngineConfig>) {
    return this.call<void>('configure', [config]);
  }
  stats() {
    return this.call<HubStats>('stats', []);
  }
}

interface Outstanding {
  op: Op;
  run: (target: HubApi) => unknown;
  resolve: (value: any) => void;
}

/**
 * The HubApi a tab uses in the fallback: forwards to the current owner (relay or its own
 * engine) and remembers what it must replay when the owner changes: the attachment, the
 * patterns, and every call not answered yet (a dead leader never answers).
 */
export class ElectedLink implements HubApi {
  private target: HubApi;
  private readonly relay: RelayHub;
  private generation = 0;
  private attachment: { tabId: string; sink: TabSink } | null = null;
  private readonly patterns = new Set<string>();
  private readonly outstanding = new Map<number, Outstanding>();
  private nextId = 1;
  private leader = false;

  constructor(
    channel: ChannelLike,
    private readonly tabId: string,
    /** Fresh attach data (the stored sid may have changed since the first attach). */
    private readonly currentInit: () => AttachInit,
  ) {
    this.relay = new RelayHub(channel, tabId);
    this.target = this.relay;
  }

  get isLeader(): boolean {
    return this.leader;
  }

  /** Routes a channel message: to the relay (answers, callbacks) or a leader change. */
  onFollowerMessage(raw: unknown): void {
    const m = raw as Message;
    if (this.leader) return;
    if (m?.k === 'hello') {
      if (m.leader !== this.tabId) this.switchTo(this.relay);
      return;
    }
    if (m?.k === 'result' || m?.k === 'sink') this.relay.onMessage(m);
  }

  /** This tab won the election: from now on it talks to its own engine. */
  becomeLeader(localHub: HubApi): void {
    this.leader = true;
    this.switchTo(localHub);
  }

  private switchTo(target: HubApi): void {
    this.generation++;
    this.relay.forgetWaiting();
    this.target = target;
    if (this.attachment) {
      const { tabId, sink } = this.attachment;
      const attaching = [...this.outstanding].filter(([, o]) => o.op === 'attach');
      for (const [id] of attaching) this.outstanding.delete(id);
      void Promise.resolve(target.attach(tabId, sink, this.currentInit())).then((s) => {
        sink.status(s);
        for (const [, o] of attaching) o.resolve(s);
      });
      for (const p of this.patterns) void target.subscribe(tabId, p);
    }
    for (const [id, o] of this.outstanding) this.send(id, o);
  }

  private send(id: number, o: Outstanding): void {
    const generation = this.generation;
    void Promise.resolve(o.run(this.target)).then((value) => {
      if (generation !== this.generation || !this.outstanding.has(id)) return; // replayed elsewhere
      this.outstanding.delete(id);
      o.resolve(value);
    });
  }

  private invoke<T>(op: Op, run: (target: HubApi) => T | Promise<T>): Promise<T> {
    return new Promise<T>((resolve) => {
      const id = this.nextId++;
      const o: Outstanding = { op, run, resolve };
      this.outstanding.set(id, o);
      this.send(id, o);
    });
  }

  attach(tabId: string, sink: TabSink, init: AttachInit) {
    this.attachment = { tabId, sink };
    return this.invoke('attach', (t) => t.attach(tabId, sink, init));
  }
  detach(tabId: string) {
    this.attachment = null;
    return this.target.detach(tabId);
  }
  request(tabId: string, serverName: string, method: string, content: unknown, timeoutMs?: number, requestId?: string): Promise<RequestOutcome> {
    // Replayed to a new owner with the same requestId: the server does the change once.
    return this.invoke('request', (t) => t.request(tabId, serverName, method, content, timeoutMs, requestId));
  }
  subscribe(tabId: string, pattern: string) {
    this.patterns.add(pattern);
    return this.target.subscribe(tabId, pattern);
  }
  unsubscribe(tabId: string, pattern: string) {
    this.patterns.delete(pattern);
    return this.target.unsubscribe(tabId, pattern);
  }
  setSession(sid: string | null) {
    return this.invoke('setSession', (t) => t.setSession(sid));
  }
  configure(config: Partial<EngineConfig>) {
    return this.invoke('configure', (t) => t.configure(config));
  }
  stats() {
    return this.invoke('stats', (t) => t.stats());
  }
}

export type { ControlMessage };

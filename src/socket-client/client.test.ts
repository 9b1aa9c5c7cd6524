import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttachInit, ConnectionStatus, HubApi, RequestOutcome, TabSink } from '../../workers/socket/hub-api';
import { SocketRequestError, TabSocketClient } from './client';

/** A hub that records calls and lets the test answer them. */
class FakeHub implements HubApi {
  sink: TabSink | null = null;
  subs: string[] = [];
  unsubs: string[] = [];
  outcomes: RequestOutcome[] = [];
  lastRequest: unknown[] = [];
  attach(_tab: string, sink: TabSink, _init: AttachInit): ConnectionStatus {
    this.sink = sink;
    return 'connecting';
  }
  detach() {}
  async request(...args: unknown[]) {
    this.lastRequest = args;
    return this.outcomes.shift() ?? new Promise<RequestOutcome>(() => {});
  }
  subscribe(_t: string, p: string) {
    this.subs.push(p);
  }
  unsubscribe(_t: string, p: string) {
    this.unsubs.push(p);
  }
  async setSession() {}
  configure() {}
  stats() {
    return { state: 'x', status: 'open' as const, tabs: 1, patterns: {}, pendingRequests: 0, socketsOpened: 1, sid: null };
  }
}

let hub: FakeHub;
let events: string[];
let reloads: number;
function make() {
  hub = new FakeHub();
  events = [];
  reloads = 0;
  return new TabSocketClient(hub, {
    tabId: 't',
    mode: 'test',
    init: () => ({ sid: null }),
    dispatchWindowEvent: (s) => events.push(s),
    reload: () => reloads++,
  });
}
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('TabSocketClient', () => {
  it('resolves the reply body and rejects failures with an Error carrying the code', async () => {
    const c = make();
    hub.outcomes.push({ ok: true, body: { Code: '0001' } }, { ok: false, code: 'timeout', message: 'no reply' });
    expect(await c.request('LoginSvr', 'SYS.ATS.LOGIN', { method: 'userInfo' })).toEqual({ Code: '0001' });
    expect(hub.lastRequest).toEqual(['t', 'LoginSvr', 'SYS.ATS.LOGIN', { method: 'userInfo' }, 30_000, expect.stringMatching(/^[A-Za-z0-9_-]{22}$/)]);
    const err = await c.request('S', 'M', '').catch((e) => e);
    expect(err).toBeInstanceOf(SocketRequestError);
    expect(err.code).toBe('timeout');
  });

  it('gives up on its own when the owner never answers (backstop timeout)', async () => {
    const c = make();
    const p = c.request('S', 'M', '', { timeoutMs: 100 }).catch((e) => e);
    await vi.advanceTimersByTimeAsync(2100);
    expect((await p).code).toBe('timeout');
  });

  it('times out even when the owner never finishes attaching', async () => {
    const stuck = new FakeHub();
    stuck.attach = () => new Promise<ConnectionStatus>(() => {}) as unknown as ConnectionStatus;
    const c = new TabSocketClient(stuck, { tabId: 't', mode: 'test', init: () => ({ sid: null }) });
    const p = c.request('S', 'M', '', { timeoutMs: 100 }).catch((e) => e);
    await vi.advanceTimersByTimeAsync(2100);
    expect((await p).code).toBe('timeout');
  });

  it('tells the owner about a pattern once and dispatches events to every matching listener', async () => {
    const c = make();
    const got: string[] = [];
    const off1 = c.subscribe('md.fx.*', (e) => got.push(`1:${e.topic}`));
    const off2 = c.subscribe('md.fx.*', (e) => got.push(`2:${e.topic}`));
    c.subscribe('md.**', () => {
      throw new Error('listener bug');
    });
    await flush();
    expect(hub.subs).toEqual(['md.fx.*', 'md.**']);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    hub.sink!.notify({ topic: 'md.fx.USDCNY' });
    error.mockRestore();
    expect(got).toEqual(['1:md.fx.USDCNY', '2:md.fx.USDCNY']);
    off1();
    off1();
    await flush();
    expect(hub.unsubs).toEqual([]);
    off2();
    await flush();
    expect(hub.unsubs).toEqual(['md.fx.*']);
  });

  it('fires socketStatus open/closed on transitions and reloads on a reload control', async () => {
    const c = make();
    await flush();
    const seen: ConnectionStatus[] = [];
    c.onStatus((s) => seen.push(s));
    hub.sink!.status('open');
    hub.sink!.status('loggedIn');
    hub.sink!.status('closed');
    hub.sink!.status('connecting');
    hub.sink!.status('closed'); // another failed attempt: no second 'closed' event
    hub.sink!.status('connecting');
    hub.sink!.status('loggedIn');
    expect(seen).toEqual(['open', 'loggedIn', 'closed', 'connecting', 'closed', 'connecting', 'loggedIn']);
    expect(events).toEqual(['open', 'closed', 'open']);
    hub.sink!.control({ kind: 'reload' });
    expect(reloads).toBe(1);
  });
});

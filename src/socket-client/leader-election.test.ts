import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Command, Format } from '../wire';
import { SocketEngine } from '../../workers/socket/engine';
import { FakeSocket } from '../../workers/socket/testing/fakes';
import { TabSocketClient } from './client';
import { ElectedLink, serveHub, type ChannelLike } from './leader-election';

/** BroadcastChannel semantics in memory: async delivery to every other live member. */
class Bus {
  members = new Set<Member>();
}
class Member implements ChannelLike {
  onmessage: ((data: unknown) => void) | null = null;
  constructor(private readonly bus: Bus) {
    bus.members.add(this);
  }
  postMessage(m: unknown): void {
    const copy = structuredClone(m);
    for (const other of this.bus.members) if (other !== this) queueMicrotask(() => other.onmessage?.(copy));
  }
  close(): void {
    this.bus.members.delete(this);
  }
}

let sockets: FakeSocket[];

/** One tab of the fallback: its link, client, and (once elected) its engine. */
function tab(bus: Bus, id: string) {
  const member = new Member(bus);
  const link = new ElectedLink(member, id, () => ({ sid: null }));
  let host: ReturnType<typeof serveHub> | null = null;
  let engine: SocketEngine | null = null;
  member.onmessage = (data) => (host ? host.onMessage(data) : link.onFollowerMessage(data));
  const client = new TabSocketClient(link, { tabId: id, mode: 'elected', init: () => ({ sid: null }) });
  return {
    client,
    member,
    elect() {
      engine = new SocketEngine({
        createSocket: (url) => {
          const s = new FakeSocket(url);
          sockets.push(s);
          return s;
        },
        config: { url: 'ws://x/gw/ws', reconnectDelayMs: 100 },
      });
      host = serveHub(engine, member, id);
      link.becomeLeader(engine);
      host.announce();
      return engine;
    },
  };
}

async function flush() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}
function serverUp(s: FakeSocket) {
  s.open();
  s.acceptConnect('0000', '');
}

beforeEach(() => {
  sockets = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('leader election fallback', () => {
  it('followers share the leader socket: requests, subscriptions and notifications relay over the channel', async () => {
    const bus = new Bus();
    const a = tab(bus, 'a');
    const b = tab(bus, 'b');
    const c = tab(bus, 'c');
    a.elect();
    await flush();
    expect(sockets).toHaveLength(1);
    serverUp(sockets[0]);
    await flush();
    expect(b.client.status()).toBe('loggedIn');

    const got: unknown[] = [];
    b.client.subscribe('md.fx.*', (e) => got.push(['b', e]));
    c.client.subscribe('md.fx.USDCNY', (e) => got.push(['c', e]));
    await flush();
    expect(sockets[0].sends('subscribe').map((s) => s.body.content)).toEqual(['md.fx.*', 'md.fx.USDCNY']);
    sockets[0].deliver({ command: Command.SEND, format: Format.NOTIFY, seq: 0, body: { topic: 'md.fx.USDCNY', mid: 7 } });
    await flush();
    expect(got).toHaveLength(2); // each tab once, in any order
    expect(got).toEqual(expect.arrayContaining([['b', { topic: 'md.fx.USDCNY', mid: 7 }], ['c', { topic: 'md.fx.USDCNY', mid: 7 }]]));

    const reply = c.client.request('OptPricingSvr', 'ATS.OPTPRICINGSVR.VERSION', '');
    await flush();
    const [req] = sockets[0].sends('ATS.OPTPRICINGSVR.VERSION');
    sockets[0].deliver({ command: Command.SEND, format: Format.REPLY, seq: req.seq, body: { Code: 0, McpVersion: '1' } });
    expect(await reply).toEqual({ Code: 0, McpVersion: '1' });
    expect(sockets).toHaveLength(1);
  });

  it('when the leader dies another tab takes over: it re-subscribes and answers requests left unanswered, with their request keys', async () => {
    const bus = new Bus();
    const a = tab(bus, 'a');
    const b = tab(bus, 'b');
    const c = tab(bus, 'c');
    a.elect();
    await flush();
    serverUp(sockets[0]);
    await flush();
    const got: unknown[] = [];
    c.client.subscribe('md.fx.USDCNY', (e) => got.push(e));
    await flush();
    const pending = c.client.request('S', 'slow', '', { timeoutMs: 60_000 });
    await flush();
    expect(sockets[0].sends('slow')).toHaveLength(1);

    // The leader tab closes: its channel goes silent and its socket with it.
    a.member.close();
    sockets[0].drop(1006);
    b.elect();
    await flush();
    expect(sockets).toHaveLength(2);
    serverUp(sockets[1]);
    await flush();
    expect(sockets[1].sends('subscribe').map((s) => s.body.content)).toEqual(['md.fx.USDCNY']);
    const [again] = sockets[1].sends('slow');
    expect(again).toBeDefined();
    // The new leader's engine re-sends the tab's request key: the server does the change once.
    expect(again.body.requestId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(again.body.requestId).toBe(sockets[0].sends('slow')[0].body.requestId);
    sockets[1].deliver({ command: Command.SEND, format: Format.REPLY, seq: again.seq, body: { done: true } });
    expect(await pending).toEqual({ done: true });
    sockets[1].deliver({ command: Command.SEND, format: Format.NOTIFY, seq: 0, body: { topic: 'md.fx.USDCNY', mid: 8 } });
    await flush();
    expect(got).toEqual([{ topic: 'md.fx.USDCNY', mid: 8 }]);
  });

  it('a tab that is elected before any leader answered its attach still completes its calls', async () => {
    const bus = new Bus();
    const a = tab(bus, 'a');
    const r = a.client.request('S', 'M', '');
    await flush();
    a.elect();
    await flush();
    serverUp(sockets[0]);
    await flush();
    const [req] = sockets[0].sends('M');
    sockets[0].deliver({ command: Command.SEND, format: Format.REPLY, seq: req.seq, body: { ok: 1 } });
    expect(await r).toEqual({ ok: 1 });
  });
});

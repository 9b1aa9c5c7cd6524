import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Command, Format } from '../../src/wire';
import { SocketEngine } from './engine';
import { FakeSocket, RecordingSink } from './testing/fakes';

let sockets: FakeSocket[];
const latest = () => sockets.at(-1)!;
function makeEngine(config: Record<string, unknown> = {}) {
  return new SocketEngine({
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    config: { url: 'ws://example.test/gw/ws', reconnectDelayMs: 1000, ...config },
  });
}
/** Engine with one tab attached and an accepted connection. */
function connected(sid: string | null = null) {
  const engine = makeEngine();
  const tab = new RecordingSink();
  engine.attach('t1', tab, { sid });
  latest().open();
  latest().acceptConnect(sid ? '0000' : '0000', sid ?? '');
  return { engine, tab };
}

beforeEach(() => {
  sockets = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SocketEngine', () => {
  it('connects with gzip by default and CONNECTs anonymously without a sid, with S and the sid otherwise', () => {
    const anon = makeEngine();
    anon.attach('t1', new RecordingSink(), { sid: null });
    expect(latest().url).toBe('ws://example.test/gw/ws?dataType=3');
    latest().open();
    expect(latest().lastConnect()).toMatchObject({ sid: '', body: { connType: 'A' } });

    const withSid = makeEngine({ dataType: '2' });
    withSid.attach('t1', new RecordingSink(), { sid: 'abc' });
    expect(latest().url).toBe('ws://example.test/gw/ws?dataType=2');
    latest().open();
    expect(latest().lastConnect()).toMatchObject({ sid: 'abc', body: { connType: 'S' } });
  });

  it('in gzip mode compresses request bodies from gzipMinBytes on and sends smaller ones plain', () => {
    const { engine } = connected();
    engine.request('t1', 'S', 'small', { a: 1 });
    engine.request('t1', 'S', 'large', { text: 'x'.repeat(2000) });
    const frames = latest().raw.slice(-2) as Uint8Array[];
    const bodyStart = (f: Uint8Array) => f.subarray(20 + new DataView(f.buffer, f.byteOffset).getUint32(16));
    expect([...bodyStart(frames[0]).subarray(0, 1)]).toEqual([0x7b]); // '{'
    expect([...bodyStart(frames[1]).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect(latest().sends('large')[0].body.content).toBe(JSON.stringify({ text: 'x'.repeat(2000) }));
  });

  it('reports status changes to tabs, mapping subscribed to loggedIn', () => {
    const { engine, tab } = connected();
    expect(tab.statuses).toEqual(['connecting', 'open', 'loggedIn']);
    expect(engine.stats().state).toBe('subscribed');
  });

  it('matches replies by sequence number in any order and forgets the listener after the reply', async () => {
    const { engine } = connected('s1');
    const a = engine.request('t1', 'OptPricingSvr', 'A', { x: 1 });
    const b = engine.request('t1', 'OptPricingSvr', 'B', '');
    const [sa, sb] = latest().sends();
    expect(sa.body).toEqual({ serverName: 'OptPricingSvr', method: 'A', content: '{"x":1}', requestId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    expect(sb.body.content).toBe('');
    expect(sa.sid).toBe('s1');
    expect(sa.seq).not.toBe(sb.seq);
    latest().deliver({ command: Command.SEND, format: Format.REPLY, seq: sb.seq, body: { which: 'B' } });
    latest().deliver({ command: Command.SEND, format: Format.REPLY, seq: sa.seq, body: { which: 'A' } });
    expect(await a).toEqual({ ok: true, body: { which: 'A' } });
    expect(await b).toEqual({ ok: true, body: { which: 'B' } });
    expect(engine.stats().pendingRequests).toBe(0);
    // A duplicate reply finds no listener and changes nothing.
    latest().deliver({ command: Command.SEND, format: Format.REPLY, seq: sa.seq, body: { which: 'again' } });
    expect(engine.stats().pendingRequests).toBe(0);
  });

  it('times a request out with code timeout and forgets it', async () => {
    const { engine } = connected();
    const r = engine.request('t1', 'S', 'M', '', 500);
    vi.advanceTimersByTime(501);
    expect(await r).toMatchObject({ ok: false, code: 'timeout' });
    expect(engine.stats().pendingRequests).toBe(0);
  });

  it('queues requests while down and resends unanswered ones after the reconnect', async () => {
    const { engine } = connected();
    const inFlight = engine.request('t1', 'S', 'inFlight', '');
    latest().drop(4000);
    const whileDown = engine.request('t1', 'S', 'whileDown', '');
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
    latest().open();
    expect(latest().sends()).toHaveLength(0); // nothing before the CONNECT reply
    latest().acceptConnect();
    const resent = latest().sends();
    expect(resent.map((s) => s.body.method)).toEqual(['inFlight', 'whileDown']);
    for (const s of resent) latest().deliver({ command: Command.SEND, format: Format.REPLY, seq: s.seq, body: { m: s.body.method } });
    expect(await inFlight).toEqual({ ok: true, body: { m: 'inFlight' } });
    expect(await whileDown).toEqual({ ok: true, body: { m: 'whileDown' } });
  });

  it('gives every request its own request key and keeps it on the re-send after a reconnect (with a new seq)', async () => {
    const { engine } = connected();
    const first = engine.request('t1', 'ShareSvr', 'save', { name: 'a' });
    const second = engine.request('t1', 'ShareSvr', 'save', { name: 'a' });
    const before = latest().sends('save');
    const keys = before.map((s) => s.body.requestId);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(keys[1]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(keys[0]).not.toBe(keys[1]); // the same content twice is two requests
    latest().drop(1001);
    vi.advanceTimersByTime(1000);
    latest().open();
    latest().acceptConnect();
    const after = latest().sends('save');
    expect(after.map((s) => s.body.requestId)).toEqual(keys);
    for (const s of after) latest().deliver({ command: Command.SEND, format: Format.REPLY, seq: s.seq, body: { id: s.body.requestId } });
    expect(await first).toEqual({ ok: true, body: { id: keys[0] } });
    expect(await second).toEqual({ ok: true, body: { id: keys[1] } });
  });

  it("uses the tab's request key when it gives one (a call replayed to a new leader) and mints one for a malformed key", () => {
    const { engine } = connected();
    void engine.request('t1', 'S', 'given', '', undefined, 'tab-key_0123456789');
    void engine.request('t1', 'S', 'bad', '', undefined, 'short');
    expect(latest().sends('given')[0].body.requestId).toBe('tab-key_0123456789');
    expect(latest().sends('bad')[0].body.requestId).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('ref-counts server subscriptions across tabs and fans NOTIFY frames out by each tab pattern', () => {
    const { engine, tab } = connected();
    const tab2 = new RecordingSink();
    engine.attach('t2', tab2, { sid: null });
    engine.subscribe('t1', 'md.fx.*');
    engine.subscribe('t2', 'md.fx.*');
    engine.subscribe('t2', 'md.fx.USDCNY');
    engine.subscribe('t1', 'md.fx.*'); // repeated by the same tab: no effect
    expect(latest().sends('subscribe').map((s) => s.body.content)).toEqual(['md.fx.*', 'md.fx.USDCNY']);
    expect(latest().sends('subscribe').every((s) => s.format === Format.SEND && s.body.serverName === 'gateway')).toBe(true);

    latest().deliver({ command: Command.SEND, format: Format.NOTIFY, seq: 0, body: { topic: 'md.fx.USDCNY', mid: 7.1 } });
    latest().deliver({ command: Command.SEND, format: Format.NOTIFY, seq: 0, body: { topic: 'md.fx.EURUSD', mid: 1.1 } });
    latest().deliver({ command: Command.SEND, format: Format.NOTIFY, seq: 0, body: { topic: 'md.rates.SHIBOR', mid: 2 } });
    // A REPLY is never delivered to subscriptions.
    latest().deliver({ command: Command.SEND, format: Format.REPLY, seq: 0, body: { topic: 'md.fx.USDCNY' } });
    expect(tab.events).toEqual([{ topic: 'md.fx.USDCNY', mid: 7.1 }, { topic: 'md.fx.EURUSD', mid: 1.1 }]);
    expect(tab2.events).toEqual([{ topic: 'md.fx.USDCNY', mid: 7.1 }, { topic: 'md.fx.EURUSD', mid: 1.1 }]); // once per tab

    engine.unsubscribe('t1', 'md.fx.*');
    expect(latest().sends('unsubscribe')).toHaveLength(0); // t2 still holds it
    engine.detach('t2'); // the last holder leaves
    expect(latest().sends('unsubscribe').map((s) => s.body.content).sort()).toEqual(['md.fx.*', 'md.fx.USDCNY']);
    expect(engine.stats().patterns).toEqual({});
  });

  it('re-subscribes every held pattern after a reconnect, and not those released meanwhile', () => {
    const { engine } = connected();
    engine.subscribe('t1', 'md.fx.USDCNY');
    engine.subscribe('t1', 'SYS.ATS.LOGIN.s1');
    latest().drop(1006);
    engine.unsubscribe('t1', 'SYS.ATS.LOGIN.s1');
    vi.advanceTimersByTime(1000);
    latest().open();
    latest().acceptConnect();
    expect(latest().sends('subscribe').map((s) => s.body.content)).toEqual(['md.fx.USDCNY']);
    expect(engine.stats().state).toBe('subscribed');
  });

  it('sends a heartbeat with the sid every 20 s while open, and stops it on close', () => {
    connected('s9');
    const beats = () => latest().sent.filter((m) => m.command === Command.HEARTBEAT);
    vi.advanceTimersByTime(60_000);
    expect(beats()).toHaveLength(3);
    expect(beats()[0].sid).toBe('s9');
    const first = latest();
    first.drop(4000);
    vi.advanceTimersByTime(60_000);
    expect(first.sent.filter((m) => m.command === Command.HEARTBEAT)).toHaveLength(3);
  });

  it('in plain-JSON mode speaks text frames and, without a session, heartbeats with the bare text ping', async () => {
    const engine = makeEngine({ dataType: '1' });
    engine.attach('t1', new RecordingSink(), { sid: null });
    expect(latest().url).toBe('ws://example.test/gw/ws?dataType=1');
    latest().open();
    latest().acceptConnect('0000', '');
    vi.advanceTimersByTime(20_000);
    expect(latest().raw.filter((d) => typeof d === 'string' && d !== 'ping').length).toBeGreaterThan(0);
    expect(latest().raw.at(-1)).toBe('ping');
    const r = engine.request('t1', 'S', 'M', { a: 1 });
    const [s] = latest().sends('M');
    latest().onmessage?.({ data: JSON.stringify({ command: Command.SEND, format: Format.REPLY, seq: s.seq, sid: '', body: { ok: true } }) });
    expect(await r).toEqual({ ok: true, body: { ok: true } });
  });

  it('connect reply 1009 stops heartbeat and retries and tells every tab the session is invalid', () => {
    const engine = makeEngine();
    const tab = new RecordingSink();
    engine.attach('t1', tab, { sid: 'stale' });
    latest().open();
    latest().acceptConnect('1009');
    expect(tab.controls).toEqual([{ kind: 'sessionInvalid' }]);
    vi.advanceTimersByTime(60_000);
    expect(latest().sent.filter((m) => m.command === Command.HEARTBEAT)).toHaveLength(0);
    latest().drop(4000);
    vi.advanceTimersByTime(120_000);
    expect(sockets).toHaveLength(1);
    expect(engine.status()).toBe('closed');
  });

  it('after 1009 a new (null) session re-CONNECTs anonymously on the same socket', async () => {
    const engine = makeEngine();
    engine.attach('t1', new RecordingSink(), { sid: 'stale' });
    latest().open();
    latest().acceptConnect('1009');
    const pending = engine.request('t1', 'OptPricingSvr', 'ATS.OPTPRICINGSVR.VERSION', '');
    expect(latest().sends()).toHaveLength(0);
    const done = engine.setSession(null);
    expect(latest().lastConnect()).toMatchObject({ sid: '', body: { connType: 'A' } });
    latest().acceptConnect('0000', '');
    await done;
    const [req] = latest().sends();
    latest().deliver({ command: Command.SEND, format: Format.REPLY, seq: req.seq, body: { Code: 0 } });
    expect(await pending).toEqual({ ok: true, body: { Code: 0 } });
  });

  it('close 1000 tells every tab to reload and does not reconnect', () => {
    const { engine, tab } = connected();
    const tab2 = new RecordingSink();
    engine.attach('t2', tab2, { sid: null });
    latest().drop(1000);
    expect(tab.controls).toEqual([{ kind: 'reload' }]);
    expect(tab2.controls).toEqual([{ kind: 'reload' }]);
    vi.advanceTimersByTime(120_000);
    expect(sockets).toHaveLength(1);
  });

  it('counts reconnect attempts and reports failure when they run out', () => {
    const engine = makeEngine({ reconnectCount: 2, reconnectDelayMs: 100 });
    const tab = new RecordingSink();
    engine.attach('t1', tab, { sid: null });
    latest().drop(1006); // never opened
    vi.advanceTimersByTime(100);
    latest().drop(1006);
    vi.advanceTimersByTime(100);
    latest().drop(1006);
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(3);
    expect(tab.controls).toEqual([{ kind: 'reconnectFailed' }]);
    expect(engine.status()).toBe('failed');
  });

  it('setSession re-CONNECTs with S and the new sid and resolves on the reply', async () => {
    const { engine } = connected();
    let resolved = false;
    const p = engine.setSession('new-sid').then(() => (resolved = true));
    expect(latest().lastConnect()).toMatchObject({ sid: 'new-sid', body: { connType: 'S' } });
    await Promise.resolve();
    expect(resolved).toBe(false);
    latest().acceptConnect('0000', 'new-sid');
    await p;
    expect(resolved).toBe(true);
    engine.request('t1', 'S', 'M', '');
    expect(latest().sends('M')[0].sid).toBe('new-sid');
  });

  it('drops malformed frames without breaking the connection', async () => {
    const { engine } = connected();
    latest().onmessage?.({ data: new Uint8Array([1, 2, 3]).buffer });
    const r = engine.request('t1', 'S', 'M', '');
    const [s] = latest().sends('M');
    latest().deliver({ command: Command.SEND, format: Format.REPLY, seq: s.seq, body: { ok: 1 } });
    expect(await r).toEqual({ ok: true, body: { ok: 1 } });
  });

  it('a leaving tab abandons its requests', async () => {
    const { engine } = connected();
    const r = engine.request('t1', 'S', 'M', '');
    engine.detach('t1');
    expect(await r).toMatchObject({ ok: false, code: 'aborted' });
  });
});

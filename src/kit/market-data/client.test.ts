import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { MarketDataCache } from './cache';
import { MarketDataClient, MarketDataError, observationOfEvent, stableJson, type MarketSocket } from './client';
import type { Observation } from './series';
import { asOfText, badgeText, marketErrorText, sourceName, sourceText } from './label';
import { SAMPLE_SURFACE_SOURCE } from '../../pricing-core/market/rates-vol/sample-surfaces';

class FakeSocket implements MarketSocket {
  state = 'open';
  requests: Array<{ method: string; content: any }> = [];
  subs = new Map<string, Set<(e: any) => void>>();
  subscribeCalls: string[] = [];
  unsubscribeCalls: string[] = [];
  fail: Error | null = null;
  private statusCbs = new Set<(s: string) => void>();
  constructor(private readonly handler: (method: string, content: any) => Record<string, unknown>) {}
  async request<T>(_server: string, method: string, content: unknown): Promise<T> {
    const c = JSON.parse(String(content));
    this.requests.push({ method, content: c });
    if (this.fail) throw this.fail;
    return this.handler(method, c) as T;
  }
  subscribe(pattern: string, cb: (e: any) => void) {
    this.subscribeCalls.push(pattern);
    const set = this.subs.get(pattern) ?? new Set();
    set.add(cb);
    this.subs.set(pattern, set);
    return () => {
      this.unsubscribeCalls.push(pattern);
      set.delete(cb);
    };
  }
  push(topic: string, e: Record<string, unknown>) {
    for (const cb of this.subs.get(topic) ?? []) cb({ topic, ...e });
  }
  status() {
    return this.state;
  }
  onStatus(cb: (s: string) => void) {
    this.statusCbs.add(cb);
    return () => this.statusCbs.delete(cb);
  }
  setStatus(s: string) {
    this.state = s;
    for (const cb of this.statusCbs) cb(s);
  }
}

const obs = (id: string, value: number, over: Partial<Observation> = {}): Observation => ({
  id, value, date: '2026-11-20', asOf: '2026-11-20', knownAt: '2026-11-20T08:30:00.000Z', source: 'sample snapshot', sourceKind: 'sample', ...over,
});
const server = (method: string, c: any): Record<string, unknown> => {
  if (method === 'MD.LATEST') return { Code: 0, asOf: '2026-11-20', values: c.ids.map((id: string, i: number) => obs(id, i + 1)), missing: [] };
  if (method === 'MD.CURVE') return { Code: 0, id: c.id, asOf: '2026-11-20', points: [{ tenor: '1Y', ...obs(`${c.id}.1Y`, 1.5) }] };
  if (method === 'MD.HISTORY') {
    expect(c.encoding).toBe('base64');
    const dates = Buffer.from(new Int32Array([20000, 20001]).buffer).toString('base64');
    const values = Buffer.from(new Float64Array([1, 2.5]).buffer).toString('base64');
    return { Code: 0, from: 'a', to: 'b', series: [{ id: c.ids[0], n: 2, dates, values, runs: [[0, 7]] }], batches: { 7: { source: 's', sourceKind: 'sample' } }, missing: [] };
  }
  if (method === 'MD.SURFACE') return { Code: '4003', msg: 'sign in to read vol.USDCNY.1M.ATM' };
  if (method === 'MD.IMPORT') return { Code: '2003', msg: '1 bad row(s)', ok: false, errors: [{ line: 3, code: 'badValue', en: 'Value is not a number', zh: '数值不是数字' }] };
  throw new Error(method);
};
const setup = () => {
  const socket = new FakeSocket(server);
  const cache = new MarketDataCache(`test-${Math.random()}`);
  return { socket, cache, client: new MarketDataClient({ socket, cache }) };
};
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('MarketDataClient requests', () => {
  it('returns replies with offline: false, columnar history as typed arrays, server refusals as MarketDataError', async () => {
    const { client } = setup();
    const c = await client.curve('irs.FR007');
    expect(c.offline).toBe(false);
    expect(c.points[0]).toMatchObject({ tenor: '1Y', value: 1.5, sourceKind: 'sample' });
    const h = await client.history(['rate.FR007'], { from: '2024-10-01' });
    expect(h.series[0].dates).toBeInstanceOf(Int32Array);
    expect(Array.from(h.series[0].values)).toEqual([1, 2.5]);
    expect(Array.from(h.series[0].dates)).toEqual([20000, 20001]);
    const refused = await client.surface('vol.USDCNY').catch((e) => e);
    expect(refused).toMatchObject({ name: 'MarketDataError', code: '4003' });
    expect(marketErrorText(refused, 'zh')).toBe('请登录后查看该行情数据');
    expect(marketErrorText(refused, 'en')).toBe('Sign in to see this market data');
    expect(marketErrorText({ code: 'x', message: 'boom' }, 'en')).toBe('Market data error: boom');
    expect(sourceText({ source: 'PBOC', sourceKind: 'published' }, 'zh')).toBe('来源：PBOC（公开发布）');
    expect(sourceName('simulated feed; sample snapshot (generated, not market data)', 'zh')).toBe('模拟行情源；样例快照（生成数据，非真实行情）');
    expect(sourceName('simulated feed; CFETS', 'en')).toBe('simulated feed; CFETS');
    expect(sourceName(SAMPLE_SURFACE_SOURCE, 'zh')).not.toBe(SAMPLE_SURFACE_SOURCE);
    const imp = await client.importFile(new TextEncoder().encode('x'), 'a.csv');
    expect(imp).toEqual({ ok: false, errors: [expect.objectContaining({ line: 3, code: 'badValue' })] });
  });

  it('answers from IndexedDB, marked offline with its saved time, when the socket is down or a request fails', async () => {
    const { socket, cache, client } = setup();
    await client.curve('irs.FR007', { asOf: '2026-11-20' });
    await tick();
    socket.setStatus('closed');
    const sent = socket.requests.length;
    const off = await client.curve('irs.FR007', { asOf: '2026-11-20' });
    expect(socket.requests.length).toBe(sent); // not even tried
    expect(off.offline).toBe(true);
    expect(off.savedAt).toMatch(/^\d{4}-/);
    expect(off.points[0].offline).toBe(true);
    expect(asOfText(off.points[0], 'en')).toBe('as of 2026-11-20 (offline)');
    expect(asOfText(off.points[0], 'zh')).toBe('截至 2026-11-20（离线）');
    socket.setStatus('open');
    socket.fail = new Error('timeout');
    expect((await client.curve('irs.FR007', { asOf: '2026-11-20' })).offline).toBe(true);
    await expect(client.curve('irs.SOFR')).rejects.toThrow('timeout'); // nothing cached for it
    // A fresh client (a reopened tab) reads the same cache.
    const again = new MarketDataClient({ socket, cache });
    expect((await again.curve('irs.FR007', { asOf: '2026-11-20' })).points[0].value).toBe(1.5);
    expect(MarketDataError).toBeDefined();
  });

  it('cache keys do not depend on key order', () => {
    expect(stableJson({ b: 1, a: [1, { d: 2, c: undefined }] })).toBe(stableJson({ a: [1, { d: 2 }], b: 1 }));
  });
});

describe('MarketDataClient live values', () => {
  it('one subscription per series however many watchers, one batched first fetch, pushes to every watcher, unsubscribe on the last', async () => {
    const { socket, client } = setup();
    const seenA: Array<Map<string, Observation>> = [];
    const seenB: Array<Map<string, Observation>> = [];
    const offA = client.watch(['fx.USDCNY', 'vol.USDCNY.1M.ATM'], (v) => seenA.push(new Map(v)));
    const offB = client.watch(['fx.USDCNY'], (v) => seenB.push(new Map(v)));
    expect(socket.subscribeCalls).toEqual(['md.fx.USDCNY', 'md.vol.USDCNY.1M.ATM']);
    await tick();
    expect(socket.requests.filter((r) => r.method === 'MD.LATEST')).toEqual([{ method: 'MD.LATEST', content: { ids: ['fx.USDCNY', 'vol.USDCNY.1M.ATM'] } }]);
    expect(seenA.at(-1)!.get('vol.USDCNY.1M.ATM')!.value).toBe(2);
    socket.push('md.fx.USDCNY', { id: 'fx.USDCNY', value: 7.1201, bid: 7.12, ask: 7.1202, date: '2026-11-24', ts: Date.parse('2026-11-24T02:00:00Z'), source: 'simulated feed', sourceKind: 'simulated', pair: 'USDCNY', mid: 7.1201 });
    expect(seenA.at(-1)!.get('fx.USDCNY')).toMatchObject({ value: 7.1201, bid: 7.12, sourceKind: 'simulated', asOf: '2026-11-24T02:00:00.000Z' });
    expect(seenB.at(-1)!.get('fx.USDCNY')!.value).toBe(7.1201);
    expect(badgeText(seenB.at(-1)!.get('fx.USDCNY')!, 'en')).toBe('SIMULATED');
    offA();
    expect(socket.unsubscribeCalls).toEqual(['md.vol.USDCNY.1M.ATM']);
    offB();
    expect(socket.unsubscribeCalls).toEqual(['md.vol.USDCNY.1M.ATM', 'md.fx.USDCNY']);
    expect(client.subscriptions).toBe(0);
  });

  it('marks shown values offline when the socket drops, refreshes on reconnect, and seeds from IndexedDB when opened offline', async () => {
    const { socket, cache, client } = setup();
    let last = new Map<string, Observation>();
    const off = client.watch(['rate.FR007'], (v) => (last = new Map(v)));
    await tick();
    await tick();
    expect(last.get('rate.FR007')!.offline).toBeUndefined();
    socket.setStatus('closed');
    expect(last.get('rate.FR007')!.offline).toBe(true);
    socket.setStatus('open');
    await tick();
    await tick();
    expect(last.get('rate.FR007')!.offline).toBeUndefined();
    off();
    await tick();
    // A new page, offline from the start, gets the figure the last one showed.
    const socket2 = new FakeSocket(server);
    socket2.state = 'closed';
    const client2 = new MarketDataClient({ socket: socket2, cache });
    let got = new Map<string, Observation>();
    client2.watch(['rate.FR007'], (v) => (got = new Map(v)));
    for (let i = 0; i < 5 && !got.size; i++) await tick();
    expect(got.get('rate.FR007')).toMatchObject({ value: 1, offline: true, asOf: '2026-11-20' });
    expect(socket2.requests).toEqual([]);
  });

  it('reads push events into observations with provenance', () => {
    expect(observationOfEvent({ id: 'rate.FR007', value: 1.5, date: '2026-11-20', ts: 1, source: 'file x (imported by a)', sourceKind: 'imported', knownAt: '2026-11-20T09:00:00Z' })).toEqual({
      id: 'rate.FR007', value: 1.5, date: '2026-11-20', asOf: '2026-11-20', knownAt: '2026-11-20T09:00:00Z', source: 'file x (imported by a)', sourceKind: 'imported',
    });
    expect(observationOfEvent({ topic: 'md.fx.USDCNY', pair: 'USDCNY', mid: 7 })).toBeNull();
  });
});

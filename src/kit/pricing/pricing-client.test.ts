import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceHandler } from '../../../server/contracts';
import { registerPricingService } from '../../../server/services/pricing/index';
import { closePricingPool } from '../../../server/pricing/pricing-pool';
import { allocateVanillaOutputs, priceVanillaBatch } from '../../pricing-core/batch/vanilla-batch';
import { randomVanillaBatch } from '../../pricing-core/batch/random-inputs';
import type { ConnectionStatus } from '../../socket-client/client';
import { createPricingClient, PricingFailure } from './client';
import { PricingController, type GateVerdict, type PricingCall } from './controller';
import { answerLocally, offlineMethods, PRICE_METHOD } from './offline-core';
import type { WorkerReply, WorkerRequest } from './protocol';
import { PricingWorkerPool, type PricingWorkerEndpoint } from './worker-pool';

afterAll(() => closePricingPool());
afterEach(() => vi.useRealTimers());

// ---------------------------------------------------------------------------------------
describe('answerLocally: what the server would answer', () => {
  const handlers = new Map<string, ServiceHandler>();
  registerPricingService({ register: (_s, m, h) => void handlers.set(m, h) });
  /** The server's reply as it reaches the browser (JSON on the wire), errors as the gateway maps them. */
  async function server(method: string, content: unknown): Promise<unknown> {
    try {
      return JSON.parse(JSON.stringify(await handlers.get(method)!(JSON.stringify(content), { sid: null, user: null, connId: 1, remoteAddress: '' })));
    } catch (e) {
      return { Code: (e as { code: string }).code, msg: (e as Error).message };
    }
  }

  const cases: [string, unknown][] = [
    ['ATS.OPTPRICINGSVR.FXVANILLA', { type: 'call', spot: 7.1, t: 0.25, rd: 0.018, rf: 0.045, vol: 0.045, strike: 7.15, notional: 1e6 }],
    ['ATS.OPTPRICINGSVR.FXVANILLA', { type: 'put', spot: 1.1, t: 0.5, rd: 0.045, rf: 0.03, vol: 0.08, delta: -0.25, deltaConvention: 'forwardPremiumAdjusted' }],
    ['ATS.OPTPRICINGSVR.SOLVE', { type: 'call', solveFor: 'vol', spot: 7.1, t: 0.5, rd: 0.02, rf: 0.04, strike: 7.2, premium: 0.05 }],
    ['ATS.OPTPRICINGSVR.FORWARD', { spot: 7.1, t: 1, rd: 0.018, rf: 0.045, farT: 1.5, notional: 1e6 }],
    ['ATS.OPTPRICINGSVR.STRUCTUREDFORWARD', { product: 'range', side: 'buy', spot: 7.1, t: 0.5, rd: 0.018, rf: 0.045, vol: 0.05, notional: 1e6, protectStrike: 7.0, giveUpStrike: 7.4 }],
    ['ATS.OPTPRICINGSVR.LEDGER', { trades: [{ id: 'a', type: 'call', spot: 7.1, strike: 7.2, t: 0.3, rd: 0.02, rf: 0.04, vol: 0.05, notional: 1e6 }] }],
    [PRICE_METHOD, { requests: [{ model: 'vanilla', type: 'call', spot: 100, strike: 105, t: 1, rd: 0.03, rf: 0.01, vol: 0.2 }, { model: 'nope' }, { model: 'forward', spot: 7.1, t: 1, rd: 0.02, rf: 0.04 }] }],
    // failures: the same codes and messages
    ['ATS.OPTPRICINGSVR.FXVANILLA', { type: 'call', spot: 'x', t: 1, rd: 0, rf: 0, vol: 0.1, strike: 1 }],
    ['ATS.OPTPRICINGSVR.SOLVE', { type: 'call', solveFor: 'vol', spot: 7.1, t: 0.5, rd: 0.02, rf: 0.04, strike: 7.2, premium: 99 }],
    [PRICE_METHOD, { requests: 'all' }],
  ];

  it.each(cases)('%s gives the same reply as OptPricingSvr (%#)', async (method, content) => {
    expect(answerLocally(method, content)).toEqual(await server(method, content));
  });

  it('covers every method the server registers; an unknown method is refused like the gateway does', () => {
    expect(offlineMethods().sort()).toEqual([...handlers.keys()].sort());
    expect(answerLocally('ATS.OPTPRICINGSVR.NOPE', {})).toEqual({ Code: '4004', msg: 'unknown server or method: OptPricingSvr ATS.OPTPRICINGSVR.NOPE' });
  });
});

// ---------------------------------------------------------------------------------------
function fakeSocket(initial: ConnectionStatus) {
  let status = initial;
  const listeners = new Set<(s: ConnectionStatus) => void>();
  const request = vi.fn<(s: string, m: string, c: unknown, o?: { timeoutMs?: number }) => Promise<unknown>>();
  return {
    socket: { status: () => status, onStatus: (cb: (s: ConnectionStatus) => void) => (listeners.add(cb), () => void listeners.delete(cb)), request: request as never },
    request,
    setStatus(s: ConnectionStatus) {
      status = s;
      for (const l of [...listeners]) l(s);
    },
  };
}

describe('createPricingClient: server when online, the browser worker when not', () => {
  const local = { call: vi.fn(async (method: string, content: unknown) => answerLocally(method, content)), warm: () => {} };
  const FWD = { spot: 7.1, t: 1, rd: 0.018, rf: 0.045 };
  afterEach(() => local.call.mockClear());

  it('online: asks OptPricingSvr over the socket; the reply is not marked offline', async () => {
    const s = fakeSocket('loggedIn');
    s.request.mockResolvedValue({ Code: 0, forward: 1 });
    const c = createPricingClient({ socket: () => s.socket, pool: () => local });
    expect(await c.call('ATS.OPTPRICINGSVR.FORWARD', FWD)).toEqual({ body: { Code: 0, forward: 1 }, offline: false });
    expect(s.request).toHaveBeenCalledWith('OptPricingSvr', 'ATS.OPTPRICINGSVR.FORWARD', FWD, { timeoutMs: 15_000 });
    expect(local.call).not.toHaveBeenCalled();
  });

  it('socket down: prices locally at once (nothing queued for the server), marked offline, same numbers', async () => {
    const s = fakeSocket('closed');
    const c = createPricingClient({ socket: () => s.socket, pool: () => local });
    const r = await c.call('ATS.OPTPRICINGSVR.FORWARD', FWD);
    expect(r.offline).toBe(true);
    expect(r.body).toEqual(answerLocally('ATS.OPTPRICINGSVR.FORWARD', FWD));
    expect(s.request).not.toHaveBeenCalled();
  });

  it('page start: waits for the socket to come up within the grace, else prices locally', async () => {
    vi.useFakeTimers();
    const s = fakeSocket('connecting');
    s.request.mockResolvedValue({ Code: 0, x: 1 });
    const c = createPricingClient({ socket: () => s.socket, pool: () => local, connectGraceMs: 2000 });
    const p = c.call('M', {});
    await vi.advanceTimersByTimeAsync(500);
    s.setStatus('loggedIn');
    expect((await p).offline).toBe(false);

    const s2 = fakeSocket('connecting');
    const c2 = createPricingClient({ socket: () => s2.socket, pool: () => local, connectGraceMs: 2000 });
    const p2 = c2.call(PRICE_METHOD, { requests: [] });
    await vi.advanceTimersByTimeAsync(2000);
    expect((await p2).offline).toBe(true);
    // once it has been down, "connecting" (a reconnect attempt) means down: no more waiting
    s2.setStatus('connecting');
    const p3 = c2.call(PRICE_METHOD, { requests: [] });
    expect((await p3).offline).toBe(true);
  });

  it('the socket dropping while a request waits: local answer now, not after the timeout', async () => {
    const s = fakeSocket('loggedIn');
    s.request.mockReturnValue(new Promise(() => {}));
    const c = createPricingClient({ socket: () => s.socket, pool: () => local });
    const p = c.call('ATS.OPTPRICINGSVR.FORWARD', FWD);
    await Promise.resolve();
    s.setStatus('closed');
    expect((await p).offline).toBe(true);
  });

  it('no reply in time (timeout) or the tab\'s request aborted: local answer', async () => {
    const s = fakeSocket('open');
    s.request.mockRejectedValueOnce(Object.assign(new Error('no reply'), { code: 'timeout' }));
    const c = createPricingClient({ socket: () => s.socket, pool: () => local });
    expect((await c.call('ATS.OPTPRICINGSVR.FORWARD', FWD)).offline).toBe(true);
  });

  it('a refusal from the server (bad input) is a PricingFailure, not a reason to price locally', async () => {
    const s = fakeSocket('open');
    s.request.mockResolvedValue({ Code: '2001', msg: 'field spot must be a finite number' });
    const c = createPricingClient({ socket: () => s.socket, pool: () => local });
    await expect(c.call('ATS.OPTPRICINGSVR.FORWARD', { spot: 'x' })).rejects.toEqual(new PricingFailure('2001', 'field spot must be a finite number', false));
    expect(local.call).not.toHaveBeenCalled();
    const off = createPricingClient({ socket: () => fakeSocket('closed').socket, pool: () => local });
    await expect(off.call('ATS.OPTPRICINGSVR.FORWARD', { spot: 'x' })).rejects.toMatchObject({ code: '2001', offline: true, message: 'field spot must be a finite number' });
  });
});

// ---------------------------------------------------------------------------------------
describe('PricingController: as you type, newest wins, one count per computation', () => {
  type Reply = { resolve: (v: { body: Record<string, unknown> & { Code: unknown }; offline: boolean }) => void; call: PricingCall };
  function setup(opts: { gate?: () => GateVerdict } = {}) {
    const replies: Reply[] = [];
    const gate = vi.fn(opts.gate ?? (() => ({ allowed: true }) as GateVerdict));
    const c = new PricingController<{ spot: string }, number>({
      prepare: (i) => (Number.isFinite(Number(i.spot)) && i.spot !== '' ? { call: { method: 'M', content: { spot: Number(i.spot) } } } : { invalid: { key: 'k.spot' } }),
      read: (b) => b.value as number,
      run: (call) => new Promise((resolve) => replies.push({ resolve, call })),
      gate,
      debounceMs: 250,
    });
    return { c, replies, gate };
  }
  const answer = (r: Reply, value = (r.call.content as { spot: number }).spot * 10, offline = false) => r.resolve({ body: { Code: 0, value }, offline });

  it('busy turns true in the same call as the input, pricing waits for the pause', async () => {
    vi.useFakeTimers();
    const { c, replies } = setup();
    c.input({ spot: '7' });
    expect(c.getState().busy).toBe(true);
    vi.advanceTimersByTime(200);
    c.input({ spot: '7.1' });
    vi.advanceTimersByTime(249);
    expect(replies).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(replies.map((r) => r.call.content)).toEqual([{ spot: 7.1 }]);
    answer(replies[0]);
    await vi.runAllTimersAsync();
    expect(c.getState()).toMatchObject({ busy: false, result: 71, error: null, counted: 1 });
  });

  it('a late reply for older inputs never overwrites a newer one, in either arrival order', async () => {
    vi.useFakeTimers();
    const { c, replies } = setup();
    c.input({ spot: '1' });
    vi.advanceTimersByTime(250);
    c.input({ spot: '2' });
    vi.advanceTimersByTime(250);
    expect(replies).toHaveLength(2);
    answer(replies[1]); // newest first
    await vi.runAllTimersAsync();
    expect(c.getState()).toMatchObject({ busy: false, result: 20 });
    answer(replies[0]); // the old one arrives late
    await vi.runAllTimersAsync();
    expect(c.getState().result).toBe(20);

    c.input({ spot: '3' });
    vi.advanceTimersByTime(250);
    c.input({ spot: '4' });
    vi.advanceTimersByTime(250);
    answer(replies[2]); // the older arrives first: dropped, still busy
    await vi.runAllTimersAsync();
    expect(c.getState()).toMatchObject({ busy: true, result: 20 });
    answer(replies[3]);
    await vi.runAllTimersAsync();
    expect(c.getState()).toMatchObject({ busy: false, result: 40 });
  });

  it('an input while a reply is awaited keeps busy until the newest reply lands', async () => {
    vi.useFakeTimers();
    const { c, replies } = setup();
    void c.commit({ spot: '1' }); // its reply is still pending
    expect(replies).toHaveLength(1);
    c.input({ spot: '5' });
    answer(replies[0]);
    await vi.advanceTimersByTimeAsync(0);
    expect(c.getState().busy).toBe(true);
    await vi.advanceTimersByTimeAsync(250);
    answer(replies[1]);
    await vi.advanceTimersByTimeAsync(0);
    expect(c.getState()).toMatchObject({ busy: false, result: 50 });
  });

  it('counts one per computation sent: not per keystroke, not for the same request again, not for the opening one', async () => {
    vi.useFakeTimers();
    const { c, replies, gate } = setup();
    void c.commit({ spot: '1' }, { count: false });
    answer(replies[0]);
    await vi.runAllTimersAsync();
    expect(gate).not.toHaveBeenCalled();
    for (const s of ['1.', '1.2', '1.25']) { c.input({ spot: s }); vi.advanceTimersByTime(100); }
    await vi.advanceTimersByTimeAsync(250);
    answer(replies[1]);
    await vi.runAllTimersAsync();
    expect(gate).toHaveBeenCalledTimes(1);
    void c.commit(); // Enter on the same inputs: the result is on screen already
    await vi.runAllTimersAsync();
    expect(replies).toHaveLength(2);
    c.input({ spot: '1.250' }); // same request after parsing
    await vi.runAllTimersAsync();
    expect(replies).toHaveLength(2);
    expect(gate).toHaveBeenCalledTimes(1);
    void c.commit({ spot: '2' }); // Enter twice quickly on a new input: one request, one count
    void c.commit();
    expect(replies).toHaveLength(3);
    expect(gate).toHaveBeenCalledTimes(2);
    expect(c.getState().counted).toBe(2);
  });

  it('a blocked gate prices nothing and says why; invalid inputs say why without pricing or counting', async () => {
    vi.useFakeTimers();
    const blocked = setup({ gate: () => ({ allowed: false, message: { key: 'translation:errors.opNumExceed', values: { limit: 20 } } }) });
    void blocked.c.commit({ spot: '1' });
    expect(blocked.replies).toHaveLength(0);
    expect(blocked.c.getState()).toMatchObject({ busy: false, error: { kind: 'blocked', message: { key: 'translation:errors.opNumExceed' } } });
    const { c, replies, gate } = setup();
    c.input({ spot: 'abc' });
    await vi.runAllTimersAsync();
    expect(c.getState()).toMatchObject({ busy: false, result: null, error: { kind: 'invalid', message: { key: 'k.spot' } } });
    expect(replies).toHaveLength(0);
    expect(gate).not.toHaveBeenCalled();
  });

  it('a failed computation clears the stale result and shows "calculation failure" with the reason', async () => {
    vi.useFakeTimers();
    const c = new PricingController<number, number>({
      prepare: (i) => ({ call: { method: 'M', content: i } }),
      read: (b) => b.v as number,
      run: async (call) => {
        if (call.content === 2) throw new PricingFailure('2001', 'no solution', false);
        return { body: { Code: 0, v: 1 }, offline: true };
      },
      gate: () => ({ allowed: true }),
    });
    await c.commit(1);
    expect(c.getState()).toMatchObject({ result: 1, offline: true });
    await c.commit(2);
    expect(c.getState()).toMatchObject({ busy: false, result: null, error: { kind: 'failed', message: { key: 'translation:errors.calculationFailed' }, detail: 'no solution' } });
  });
});

// ---------------------------------------------------------------------------------------
describe('PricingWorkerPool (in-process endpoints running the worker code)', () => {
  async function inProcessEndpoint(): Promise<PricingWorkerEndpoint> {
    const { allocateVanillaOutputs: alloc, priceVanillaBatch: price } = await import('../../pricing-core/batch/vanilla-batch');
    let onMsg: (r: WorkerReply) => void = () => {};
    return {
      post: (m: WorkerRequest, transfer) => {
        // a structured clone, with the transfer list honoured (detaches the sender's buffers)
        const copy = structuredClone(m, { transfer });
        queueMicrotask(() => {
          if (copy.kind === 'call') return onMsg({ id: copy.id, kind: 'call', body: answerLocally(copy.method, copy.content) });
          const out = alloc(copy.inputs.spot.length);
          price(copy.inputs, out);
          onMsg({ id: copy.id, kind: 'vanilla', out });
        });
      },
      onMessage: (h) => void (onMsg = h),
      onError: () => {},
      terminate: () => {},
    };
  }

  it('splits a large book over the workers and gives exactly the main-thread numbers', async () => {
    const ep = [await inProcessEndpoint(), await inProcessEndpoint(), await inProcessEndpoint()];
    let i = 0;
    const pool = new PricingWorkerPool(() => ep[i++], 3);
    const book = randomVanillaBatch(10_001, 7);
    const want = allocateVanillaOutputs(10_001);
    priceVanillaBatch(book, want);
    const got = await pool.vanillaBatch(book, { minRowsPerWorker: 3000 });
    expect(i).toBe(3);
    for (const k of Object.keys(want) as (keyof typeof want)[]) expect(got[k]).toEqual(want[k]);
    expect(book.spot.length).toBe(10_001); // copied, the caller's arrays are intact
    const one = await pool.vanillaBatch(book, { transfer: true });
    expect(one.npv).toEqual(want.npv);
    expect(book.spot.length).toBe(0); // transferred: detached
  });

  it('refuses ragged inputs; a failing worker rejects its own requests and is replaced', async () => {
    const book = randomVanillaBatch(10, 1);
    const bad = { ...book, vol: book.vol.subarray(0, 9) };
    let spawned = 0;
    let fail: (e: Error) => void = () => {};
    const pool = new PricingWorkerPool(() => {
      spawned++;
      return { post: () => {}, onMessage: () => {}, onError: (h) => void (fail = h), terminate: () => {} };
    }, 1);
    await expect(pool.vanillaBatch(bad)).rejects.toThrow(/vol has 9 rows/);
    const p = pool.call(PRICE_METHOD, { requests: [] });
    fail(new Error('worker crashed'));
    await expect(p).rejects.toThrow('worker crashed');
    void pool.call(PRICE_METHOD, { requests: [] }).catch(() => {});
    expect(spawned).toBe(2);
  });
});

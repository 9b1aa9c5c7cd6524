import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import { z } from 'zod';
import { installMemoryStorage, type MemoryStorage } from '../../session/testing/memory-storage';
import { clearWorkspace } from '../../session/session';
import { PricingCacheKey, toolCacheKey } from '../../session/storage-keys';
import { decodeState, encodeState, type StateSpec } from './codec';
import { persistedAtom, RESET } from './persisted-atom';
import { DebouncedWriter } from './writer';

const Inputs = z.object({
  pair: z.string().regex(/^[A-Z]{6}$/),
  spot: z.number().positive(),
  notional: z.number().positive(),
});
type Inputs = z.infer<typeof Inputs>;
const DEFAULTS: Inputs = { pair: 'USDCNY', spot: 7.1, notional: 1_000_000 };
const spec: StateSpec<Inputs> = { key: PricingCacheKey.option, version: 2, schema: Inputs, defaults: DEFAULTS };

let store: MemoryStorage;
beforeEach(() => {
  store = installMemoryStorage();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('decodeState', () => {
  it('reads back what encodeState wrote', () => {
    const v = { pair: 'EURUSD', spot: 1.08, notional: 5e6 };
    expect(decodeState(spec, encodeState(spec, v))).toEqual({ kind: 'ok', value: v });
  });

  it('absent, not JSON, unversioned, newer version: defaults, never a throw', () => {
    expect(decodeState(spec, null)).toEqual({ kind: 'absent', value: DEFAULTS });
    for (const raw of ['{oops', '"text"', '[1,2]', JSON.stringify({ pair: 'EURUSD' }), JSON.stringify({ v: 3, data: DEFAULTS })]) {
      const out = decodeState(spec, raw);
      expect(out.kind).toBe('reset');
      expect(out.value).toEqual(DEFAULTS);
    }
  });

  it('an older version goes through migrate and is then validated', () => {
    const migrate = (data: unknown, from: number) => {
      expect(from).toBe(1);
      const d = data as { ccyPair: string; spot: number; amount: number };
      return { pair: d.ccyPair, spot: d.spot, notional: d.amount };
    };
    const raw = JSON.stringify({ v: 1, data: { ccyPair: 'GBPUSD', spot: 1.27, amount: 2e6 } });
    expect(decodeState({ ...spec, migrate }, raw)).toEqual({ kind: 'ok', value: { pair: 'GBPUSD', spot: 1.27, notional: 2e6 } });
    // without a migration an old value cannot be read
    expect(decodeState(spec, raw).kind).toBe('reset');
    // a migration that throws is a reset, not a crash
    expect(decodeState({ ...spec, migrate: () => { throw new Error('x'); } }, raw).kind).toBe('reset');
  });

  it('keeps the fields that still validate and resets the others (nothing typed is lost needlessly)', () => {
    const raw = JSON.stringify({ v: 2, data: { pair: 'EURUSD', spot: -3, notional: 'lots', extra: 1 } });
    expect(decodeState(spec, raw)).toEqual({ kind: 'salvaged', value: { pair: 'EURUSD', spot: 7.1, notional: 1_000_000 }, dropped: ['spot', 'notional'] });
  });

  it('a cross-field rule failing on the salvaged value resets to the defaults', () => {
    const Range = z.object({ low: z.number(), high: z.number() }).refine((r) => r.low < r.high);
    const s: StateSpec<{ low: number; high: number }> = { key: 'cache.x', version: 1, schema: Range, defaults: { low: 1, high: 2 } };
    expect(decodeState(s, JSON.stringify({ v: 1, data: { low: 5, high: 3 } })).kind).toBe('reset');
  });
});

describe('DebouncedWriter', () => {
  it('writes once per pause, the last value wins', () => {
    vi.useFakeTimers();
    const w = new DebouncedWriter(300);
    w.schedule('cache.a', '1');
    vi.advanceTimersByTime(200);
    w.schedule('cache.a', '2');
    vi.advanceTimersByTime(299);
    expect(store.getItem('cache.a')).toBeNull();
    expect(w.peek('cache.a')).toEqual({ value: '2' });
    vi.advanceTimersByTime(1);
    expect(store.getItem('cache.a')).toBe('2');
    expect(w.hasPending()).toBe(false);
  });

  it('drops a queued write when the session changed before the flush (a logout cleared the caches)', () => {
    vi.useFakeTimers();
    store.setItem('sid', 's1');
    const w = new DebouncedWriter(300);
    w.schedule(PricingCacheKey.option, 'typed');
    store.removeItem('sid');
    clearWorkspace();
    vi.advanceTimersByTime(300);
    expect(store.getItem(PricingCacheKey.option)).toBeNull();
  });

  it('survives a storage that throws (quota): the value is only not kept', () => {
    const w = new DebouncedWriter(10, () => ({ getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } }) as unknown as Storage);
    w.schedule('cache.a', 'x');
    expect(() => w.flush()).not.toThrow();
  });
});

describe('persistedAtom', () => {
  const make = (writer = new DebouncedWriter(300)) => ({ writer, a: persistedAtom({ ...spec, writer }) });

  it('a fresh store reads the stored, validated value; a corrupt one gives defaults and leaves other keys alone', () => {
    store.setItem(PricingCacheKey.option, encodeState(spec, { pair: 'EURUSD', spot: 1.1, notional: 1 }));
    expect(createStore().get(make().a)).toEqual({ pair: 'EURUSD', spot: 1.1, notional: 1 });
    store.setItem(PricingCacheKey.option, '{corrupt');
    store.setItem(PricingCacheKey.ffs, 'other tool');
    expect(createStore().get(make().a)).toEqual(DEFAULTS);
    expect(store.getItem(PricingCacheKey.ffs)).toBe('other tool');
    expect(store.getItem(PricingCacheKey.option)).toBe('{corrupt'); // replaced by the next write only
  });

  it('set updates the atom at once and localStorage after the debounce; functional updates see the latest value', () => {
    vi.useFakeTimers();
    const { a } = make();
    const s = createStore();
    s.set(a, (p) => ({ ...p, spot: 7.2 }));
    s.set(a, (p) => ({ ...p, notional: 2e6 }));
    expect(s.get(a)).toEqual({ pair: 'USDCNY', spot: 7.2, notional: 2e6 });
    expect(store.getItem(PricingCacheKey.option)).toBeNull();
    vi.advanceTimersByTime(300);
    expect(JSON.parse(store.getItem(PricingCacheKey.option)!)).toEqual({ v: 2, data: { pair: 'USDCNY', spot: 7.2, notional: 2e6 } });
  });

  it('a store created before the debounce fired (a remounted tool) sees the queued value, not the older disk one', () => {
    vi.useFakeTimers();
    const { a } = make();
    createStore().set(a, { pair: 'AUDUSD', spot: 0.66, notional: 3 });
    expect(createStore().get(a)).toEqual({ pair: 'AUDUSD', spot: 0.66, notional: 3 });
  });

  it('RESET goes back to the defaults and removes the key', () => {
    vi.useFakeTimers();
    store.setItem(PricingCacheKey.option, encodeState(spec, { pair: 'EURUSD', spot: 1.1, notional: 1 }));
    const { a, writer } = make();
    const s = createStore();
    s.set(a, RESET);
    expect(s.get(a)).toEqual(DEFAULTS);
    writer.flush();
    expect(store.getItem(PricingCacheKey.option)).toBeNull();
  });

  it('two windows: each keeps its own value while open, the last write is what a reload reads', () => {
    vi.useFakeTimers();
    const key = toolCacheKey('irsCal');
    const S = z.object({ tenor: z.string() });
    const w1 = new DebouncedWriter(300);
    const w2 = new DebouncedWriter(300);
    const win1 = persistedAtom({ key, version: 1, schema: S, defaults: { tenor: '5Y' }, writer: w1 });
    const win2 = persistedAtom({ key, version: 1, schema: S, defaults: { tenor: '5Y' }, writer: w2 });
    const s1 = createStore();
    const s2 = createStore();
    s1.set(win1, { tenor: '2Y' });
    vi.advanceTimersByTime(300);
    s2.set(win2, { tenor: '10Y' });
    vi.advanceTimersByTime(300);
    expect(s1.get(win1)).toEqual({ tenor: '2Y' });
    expect(createStore().get(persistedAtom({ key, version: 1, schema: S, defaults: { tenor: '5Y' } }))).toEqual({ tenor: '10Y' });
  });
});

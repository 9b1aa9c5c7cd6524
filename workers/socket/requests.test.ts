import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestTable, SequenceCounter } from './requests';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('SequenceCounter', () => {
  it('counts from 1 and wraps past 2^32-1 without ever giving 0', () => {
    const c = new SequenceCounter();
    expect(c.next()).toBe(1);
    (c as unknown as { last: number }).last = 0xffff_fffe;
    expect(c.next()).toBe(0xffff_ffff);
    expect(c.next()).toBe(1);
  });
});

describe('RequestTable', () => {
  it('resolves by sequence number once and then forgets', async () => {
    const t = new RequestTable(new SequenceCounter());
    const a = t.create('tab', 'S', 'A', '', 1000);
    const b = t.create('tab', 'S', 'B', '', 1000);
    expect(t.resolve(b.seq, 'b')).toBe(true);
    expect(t.resolve(b.seq, 'again')).toBe(false);
    expect(await b.outcome).toEqual({ ok: true, body: 'b' });
    expect(t.size).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(await a.outcome).toMatchObject({ ok: false, code: 'timeout' });
    expect(t.resolve(a.seq, 'late')).toBe(false);
    expect(t.size).toBe(0);
  });

  it('puts sent requests back in the unsent queue when the connection dies, each with the key it was first sent with', () => {
    const t = new RequestTable(new SequenceCounter());
    const a = t.create('tab', 'S', 'A', '', 1000);
    const b = t.create('tab', 'S', 'B', '', 1000, 'given-key-1234');
    const keyA = t.get(a.seq)!.requestId;
    expect(keyA).toMatch(/^[A-Za-z0-9_-]{22}$/);
    t.markSent(a.seq);
    expect(t.unsent().map((r) => r.method)).toEqual(['B']);
    t.markAllUnsent();
    expect(t.unsent().map((r) => [r.method, r.requestId])).toEqual([['A', keyA], ['B', 'given-key-1234']]);
    expect(t.get(b.seq)!.requestId).toBe('given-key-1234');
  });

  it('mints distinct keys: 1,000 requests, 1,000 keys', () => {
    const t = new RequestTable(new SequenceCounter());
    const keys = new Set(Array.from({ length: 1000 }, () => t.get(t.create('tab', 'S', 'A', '', 1000).seq)!.requestId));
    expect(keys.size).toBe(1000);
  });
});

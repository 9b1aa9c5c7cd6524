import { describe, expect, it } from 'vitest';
import { FairScheduler, Fifo, FrameQueue, QUEUED_FRAME_OVERHEAD } from './request-queue';

describe('Fifo', () => {
  it('keeps order across growth and wrap-around', () => {
    const q = new Fifo<number>();
    const out: number[] = [];
    let next = 0;
    for (let round = 0; round < 50; round++) {
      for (let i = 0; i < 7; i++) q.push(next++);
      for (let i = 0; i < 5; i++) out.push(q.shift()!);
    }
    while (q.length) out.push(q.shift()!);
    expect(out).toEqual(Array.from({ length: next }, (_, i) => i));
    expect(q.shift()).toBeUndefined();
  });
});

describe('FrameQueue', () => {
  it('charges raw bytes plus a fixed overhead per frame and gives the charge back', () => {
    const q = new FrameQueue();
    expect(q.push(Buffer.alloc(100), true)).toBe(100 + QUEUED_FRAME_OVERHEAD);
    q.push(Buffer.from('ping'), false);
    expect(q.bytes).toBe(104 + 2 * QUEUED_FRAME_OVERHEAD);
    const first = q.shift()!;
    expect(first).toMatchObject({ charge: 100 + QUEUED_FRAME_OVERHEAD, frame: { isBinary: true } });
    expect(q.bytes).toBe(4 + QUEUED_FRAME_OVERHEAD);
    expect(q.clear()).toBe(4 + QUEUED_FRAME_OVERHEAD);
    expect([q.length, q.bytes]).toEqual([0, 0]);
  });

  it('copies a frame that is a view into a larger buffer, so the chunk is not kept alive', () => {
    const chunk = Buffer.alloc(65_536, 7);
    const q = new FrameQueue();
    q.push(chunk.subarray(10, 20), true);
    const { frame } = q.shift()!;
    expect(frame.data.buffer.byteLength).toBe(10);
    expect([...frame.data]).toEqual(new Array(10).fill(7));
  });
});

describe('FairScheduler', () => {
  it('serves parties round-robin: a single item is not kept behind a long queue', async () => {
    const work = new Map<string, number>([['A', 1_000], ['B', 1]]);
    const order: string[] = [];
    const s = new FairScheduler<string>((p) => {
      order.push(p);
      const left = work.get(p)! - 1;
      work.set(p, left);
      return left > 0;
    }, 16);
    s.wake('A');
    s.wake('B');
    s.wake('A'); // already waiting: no second place in the ring
    await new Promise((r) => setTimeout(r, 50));
    expect(order.length).toBe(1_001);
    expect(order.indexOf('B')).toBe(1);
  });

  it('runs at most perTurn steps, then yields to the event loop', async () => {
    let steps = 0;
    const s = new FairScheduler<string>(() => ++steps < 100, 10);
    s.wake('A');
    const seen: number[] = [];
    await new Promise<void>((resolve) => {
      const probe = () => {
        seen.push(steps);
        if (steps >= 100) resolve();
        else setImmediate(probe);
      };
      setImmediate(probe);
    });
    expect(seen.slice(0, 3)).toEqual([10, 20, 30]);
  });
});

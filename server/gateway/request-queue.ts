// Frames a connection sent while its handler slots were all busy wait here, raw (not yet
// decoded, so what is held is exactly what is counted), in arrival order. The
// FairScheduler takes them back out round-robin across connections, a bounded number per
// event-loop turn, so one connection's thousand queued requests never keep another
// connection's single request (or the sockets' I/O) waiting.

/** What a queued frame is charged besides its bytes: the Buffer object and queue slot. */
export const QUEUED_FRAME_OVERHEAD = 256;

export interface QueuedFrame {
  data: Buffer;
  isBinary: boolean;
}

/** FIFO on a growable ring buffer (shift is O(1), unlike Array#shift on large arrays). */
export class Fifo<T> {
  private items: Array<T | undefined> = new Array(16);
  private head = 0;
  private count = 0;

  get length(): number {
    return this.count;
  }

  push(item: T): void {
    if (this.count === this.items.length) {
      const bigger = new Array<T | undefined>(this.items.length * 2);
      for (let i = 0; i < this.count; i++) bigger[i] = this.items[(this.head + i) % this.items.length];
      this.items = bigger;
      this.head = 0;
    }
    this.items[(this.head + this.count) % this.items.length] = item;
    this.count++;
  }

  shift(): T | undefined {
    if (this.count === 0) return undefined;
    const item = this.items[this.head];
    this.items[this.head] = undefined;
    this.head = (this.head + 1) % this.items.length;
    this.count--;
    return item;
  }

  clear(): void {
    this.items = new Array(16);
    this.head = 0;
    this.count = 0;
  }
}

/** One connection's waiting frames and the bytes they are charged. */
export class FrameQueue {
  private readonly frames = new Fifo<QueuedFrame>();
  private charged = 0;

  get length(): number {
    return this.frames.length;
  }

  /** Bytes charged for the frames waiting (raw size + QUEUED_FRAME_OVERHEAD each). */
  get bytes(): number {
    return this.charged;
  }

  /**
   * Queues a frame, copying it when it is a view into a larger buffer (ws hands out slices
   * of the TCP chunk; keeping the slice would keep the whole chunk). Returns its charge.
   */
  push(data: Buffer, isBinary: boolean): number {
    const own = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? data : copyOut(data);
    const charge = own.byteLength + QUEUED_FRAME_OVERHEAD;
    this.frames.push({ data: own, isBinary });
    this.charged += charge;
    return charge;
  }

  /** Takes the oldest frame and its charge (to be released by the caller). */
  shift(): { frame: QueuedFrame; charge: number } | undefined {
    const frame = this.frames.shift();
    if (!frame) return undefined;
    const charge = frame.data.byteLength + QUEUED_FRAME_OVERHEAD;
    this.charged -= charge;
    return { frame, charge };
  }

  /** Drops every waiting frame; returns the bytes they were charged. */
  clear(): number {
    const freed = this.charged;
    this.frames.clear();
    this.charged = 0;
    return freed;
  }
}

/** A copy with its own exact-size memory (not from Node's shared 8 KiB pool). */
function copyOut(data: Buffer): Buffer {
  const out = Buffer.allocUnsafeSlow(data.byteLength);
  data.copy(out);
  return out;
}

/**
 * Round-robin over the parties that have work. `step(party)` does one unit of that party's
 * work and says whether it has more it can do now. Each turn runs at most `perTurn` steps
 * and then yields to the event loop (setImmediate), so socket I/O and timers interleave.
 */
export class FairScheduler<T> {
  private readonly ready = new Fifo<T>();
  private readonly waiting = new Set<T>();
  private armed = false;

  constructor(
    private readonly step: (party: T) => boolean,
    private readonly perTurn = 64,
  ) {}

  /** `party` may have work now: it gets a step in a coming turn. */
  wake(party: T): void {
    if (this.waiting.has(party)) return;
    this.waiting.add(party);
    this.ready.push(party);
    this.arm();
  }

  private arm(): void {
    if (this.armed) return;
    this.armed = true;
    setImmediate(() => this.turn());
  }

  private turn(): void {
    this.armed = false;
    for (let budget = this.perTurn; budget > 0 && this.ready.length > 0; budget--) {
      const party = this.ready.shift()!;
      this.waiting.delete(party);
      if (this.step(party)) {
        this.waiting.add(party);
        this.ready.push(party);
      }
    }
    if (this.ready.length > 0) this.arm();
  }
}

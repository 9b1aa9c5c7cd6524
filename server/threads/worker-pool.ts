// A pool of worker threads for CPU-heavy work that must not stall the gateway's event loop
// (pricing batches, password hashing). Threads start on demand up to `size`; a task goes to
// the least busy thread; an idle pool never keeps the process alive; a thread that dies
// fails only its own tasks and the next task gets a fresh one. The thread side is
// `serveWorkerPool` in ./pool-thread.ts.
import type { Worker } from 'node:worker_threads';
import { startTsWorkerThread } from '../../workers/pricing/ts-worker-thread';

export interface PoolTask<Req> {
  id: number;
  payload: Req;
}
export type PoolAnswer<Res> = { id: number; result: Res } | { id: number; error: string };

interface Pending<Res> {
  resolve: (r: Res) => void;
  reject: (e: Error) => void;
}

interface Slot<Res> {
  worker: Worker;
  /** Tasks sent and not yet answered, by id. */
  pending: Map<number, Pending<Res>>;
}

export class WorkerPool<Req, Res> {
  private readonly slots: Slot<Res>[] = [];
  private nextId = 1;
  private closed = false;
  private done = 0;

  /** `entry`: a module that calls serveWorkerPool; `what` names the pool in errors. */
  constructor(
    private readonly entry: URL,
    readonly size: number,
    private readonly what: string,
  ) {}

  run(payload: Req): Promise<Res> {
    if (this.closed) return Promise.reject(new Error(`${this.what} pool is closed`));
    const slot = this.leastBusy();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.ref();
      slot.worker.postMessage({ id, payload } satisfies PoolTask<Req>);
    });
  }

  /** Tasks sent to threads and not yet answered. */
  get pending(): number {
    let n = 0;
    for (const s of this.slots) n += s.pending.size;
    return n;
  }

  /** Threads started and alive. */
  get threads(): number {
    return this.slots.length;
  }

  /** Tasks answered by a thread since the pool started. */
  get completed(): number {
    return this.done;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }

  private leastBusy(): Slot<Res> {
    let best: Slot<Res> | undefined;
    for (const s of this.slots) if (!best || s.pending.size < best.pending.size) best = s;
    if (best && (best.pending.size === 0 || this.slots.length >= this.size)) return best;
    return this.spawn();
  }

  private spawn(): Slot<Res> {
    const worker = startTsWorkerThread(this.entry);
    worker.unref(); // an idle pool never keeps the process alive
    const slot: Slot<Res> = { worker, pending: new Map() };
    worker.on('message', (r: PoolAnswer<Res>) => {
      const p = slot.pending.get(r.id);
      if (!p) return;
      slot.pending.delete(r.id);
      this.done++;
      if (slot.pending.size === 0) worker.unref();
      if ('error' in r) p.reject(new Error(r.error));
      else p.resolve(r.result);
    });
    const fail = (e: Error) => {
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      for (const p of slot.pending.values()) p.reject(e);
      slot.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`${this.what} worker exited with code ${code}`)));
    this.slots.push(slot);
    return slot;
  }
}

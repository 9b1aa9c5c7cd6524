// Pricing off the event loop. A PRICING-CLI batch can hold slow models (a Monte Carlo Asian
// with millions of paths, the numerical American): priced on the gateway's thread it would
// stall every socket. The server sends batches to a few worker threads instead; each
// worker prices its batches one after another, and a batch goes to the least busy worker.
import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startTsWorkerThread } from '../../workers/pricing/ts-worker-thread';
import type { PriceResult } from '../../src/pricing-core/api/price-request';

export interface PoolRequest {
  id: number;
  requests: unknown[];
}
export type PoolReply = { id: number; results: PriceResult[] } | { id: number; error: string };

interface Pending {
  resolve: (r: PriceResult[]) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  /** Batches sent and not yet answered, by id. */
  pending: Map<number, Pending>;
}

export class PricingPool {
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly size = Math.max(1, os.availableParallelism() - 1)) {}

  priceBatch(requests: unknown[]): Promise<PriceResult[]> {
    if (this.closed) return Promise.reject(new Error('pricing pool is closed'));
    const slot = this.leastBusy();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.ref();
      slot.worker.postMessage({ id, requests } satisfies PoolRequest);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }

  private leastBusy(): Slot {
    let best: Slot | undefined;
    for (const s of this.slots) if (!best || s.pending.size < best.pending.size) best = s;
    if (best && (best.pending.size === 0 || this.slots.length >= this.size)) return best;
    return this.spawn();
  }

  private spawn(): Slot {
    const worker = startTsWorkerThread(new URL('./pricing-worker.ts', import.meta.url));
    worker.unref(); // an idle pool never keeps the process alive
    const slot: Slot = { worker, pending: new Map() };
    worker.on('message', (r: PoolReply) => {
      const p = slot.pending.get(r.id);
      if (!p) return;
      slot.pending.delete(r.id);
      if (slot.pending.size === 0) worker.unref();
      if ('error' in r) p.reject(new Error(r.error));
      else p.resolve(r.results);
    });
    const fail = (e: Error) => {
      // A dead worker fails only its own batches; the next batch gets a fresh worker.
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      for (const p of slot.pending.values()) p.reject(e);
      slot.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`pricing worker exited with code ${code}`)));
    this.slots.push(slot);
    return slot;
  }
}

let shared: PricingPool | null = null;

/** The process's pricing pool, started on first use. */
export function pricingPool(): PricingPool {
  shared ??= new PricingPool();
  return shared;
}

export async function closePricingPool(): Promise<void> {
  const p = shared;
  shared = null;
  await p?.close();
}

// Pricing off the event loop. A PRICING-CLI batch can hold slow models (a Monte Carlo Asian
// with millions of paths, the numerical American): priced on the gateway's thread it would
// stall every socket. The server sends batches to a few worker threads instead; each
// worker prices its batches one after another, and a batch goes to the least busy worker.
import os from 'node:os';
import type { PriceResult } from '../../src/pricing-core/api/price-request';
import { WorkerPool } from '../threads/worker-pool';

export class PricingPool {
  private readonly pool: WorkerPool<unknown[], PriceResult[]>;

  constructor(size = Math.max(1, os.availableParallelism() - 1)) {
    this.pool = new WorkerPool(new URL('./pricing-worker.ts', import.meta.url), size, 'pricing');
  }

  priceBatch(requests: unknown[]): Promise<PriceResult[]> {
    return this.pool.run(requests);
  }

  /** Batches sent to threads and not yet answered (metrics). */
  get pending(): number {
    return this.pool.pending;
  }

  close(): Promise<void> {
    return this.pool.close();
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

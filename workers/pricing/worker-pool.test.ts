import { afterAll, describe, expect, it } from 'vitest';
import { createNodeMcPool } from './node-pool';
import { McWorkerPool, type WorkerEndpoint } from './worker-pool';
import { handleBlockRequest, type BlockReply } from './block-protocol';
import { runMonteCarlo } from '../../src/pricing-core/mc/engine';
import type { McJob } from '../../src/pricing-core/mc/job';

const job = (generator: 'sobol' | 'pseudo'): McJob => ({
  model: { spot: 100, rd: 0.05, rf: 0.01, vol: 0.3 },
  fixings: Array.from({ length: 12 }, (_, i) => (i + 1) / 12),
  expiry: 1,
  payoff: { kind: 'arithmeticAverageRate', type: 'call', strike: 100 },
  paths: 40_000,
  seed: 9,
  generator,
  antithetic: generator === 'pseudo',
  controlVariate: true,
});

/** An in-thread endpoint: exercises the pool's scheduling without spawning threads. */
function inlineEndpoint(): WorkerEndpoint {
  let handler: ((r: BlockReply) => void) | undefined;
  return {
    post: (msg) => queueMicrotask(() => handler?.(handleBlockRequest(msg))),
    onReply: (h) => { handler = h; },
    onFailure: () => {},
    terminate: () => {},
  };
}

describe('McWorkerPool', () => {
  const pools = [createNodeMcPool(1), createNodeMcPool(2)];
  afterAll(() => pools.forEach((p) => p.terminate()));

  it('gives bit-identical results with 1 and 2 worker threads, equal to the single-thread engine', async () => {
    for (const g of ['sobol', 'pseudo'] as const) {
      const single = runMonteCarlo(job(g));
      const [one, two] = await Promise.all(pools.map((p) => p.run(job(g))));
      expect(one).toEqual(single);
      expect(two).toEqual(single);
    }
  });

  it('schedules over any number of endpoints with the same answer', async () => {
    const pool = new McWorkerPool([inlineEndpoint(), inlineEndpoint(), inlineEndpoint()]);
    expect(await pool.run(job('pseudo'))).toEqual(runMonteCarlo(job('pseudo')));
    pool.terminate();
    await expect(pool.run(job('pseudo'))).rejects.toThrow(/closed/);
  });

  it('reports a worker-side error as a rejected job', async () => {
    const broken: WorkerEndpoint = { ...inlineEndpoint() };
    let h: ((r: BlockReply) => void) | undefined;
    broken.onReply = (fn) => { h = fn; };
    broken.post = (msg) => queueMicrotask(() => h?.({ id: msg.id, error: 'boom' }));
    const pool = new McWorkerPool([broken]);
    await expect(pool.run(job('pseudo'))).rejects.toThrow('boom');
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { createNodeMcPool } from './node-pool';
import { createStructuredRunner } from './structured-runner';
import { templatePackage } from '../../src/pricing-core/instruments/structured/templates';
import { resolvePackage } from '../../src/pricing-core/instruments/structured/resolve';
import { lowerProduct, runStructuredJob } from '../../src/pricing-core/mc/structured';

const job = (generator: 'sobol' | 'pseudo') =>
  lowerProduct(resolvePackage(templatePackage('snowball', { timeline: 'years', maturity: 1 })), { spot: 7.1, rd: 0.02, rf: 0.04, vol: 0.06 }, { paths: 24_000, seed: 5, generator });

describe('structured jobs on the CPU worker pool', () => {
  const pools = [createNodeMcPool(1), createNodeMcPool(2)];
  afterAll(() => pools.forEach((p) => p.terminate()));

  it('1 and 2 worker threads give the single-thread answer bit for bit', async () => {
    for (const g of ['sobol', 'pseudo'] as const) {
      const single = runStructuredJob(job(g));
      const [one, two] = await Promise.all(pools.map((p) => p.runStructured(job(g))));
      expect(one).toEqual(single);
      expect(two).toEqual(single);
    }
  });

  it('the runner uses the pool when there is no GPU, and both kinds of job share one pool', async () => {
    const runner = await createStructuredRunner({ pool: pools[1] });
    expect(runner.preferred).toBe('cpu-workers');
    const r = await runner.run(job('sobol'));
    expect(r.engine).toBe('cpu');
    expect(r).toEqual(runStructuredJob(job('sobol')));
    runner.dispose();
  });
});

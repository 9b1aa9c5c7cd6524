// The browser side in a real browser (Debian's Chromium, headless): the Web Worker pool must
// give the same bits for any worker count and the Node engine's answer to rounding, and the WebGPU kernel must agree within
// statistical error where Chromium exposes an adapter (SwiftShader with
// --enable-unsafe-webgpu). The page and worker are bundled with esbuild and served from a
// loopback HTTP server on a random port.
import { describe, expect, it } from 'vitest';
import { runMonteCarlo, type McResult } from '../../src/pricing-core/mc/engine';
import type { McJob } from '../../src/pricing-core/mc/job';
import { mcWorkerPage } from './testing/browser-page';

const PAGE_ENTRY = `
import { createBrowserMcPool } from './browser-pool';
import { WebGpuAsianKernel } from '../../src/pricing-core/mc/webgpu-asian';
const w = window as any;
w.runPool = async (job: any, n: number) => {
  const pool = createBrowserMcPool(n);
  try { return await pool.run(job); } finally { pool.terminate(); }
};
w.runGpu = async (job: any) => {
  if (!('gpu' in navigator)) return { skip: 'navigator.gpu is missing' };
  const kernel = await WebGpuAsianKernel.create((navigator as any).gpu);
  if (!kernel) return { skip: 'no WebGPU adapter in this browser' };
  try { return await kernel.run(job); } finally { kernel.destroy(); }
};
w.ready = true;
`;

const job = (generator: 'sobol' | 'pseudo'): McJob => ({
  model: { spot: 100, rd: 0.03, rf: 0.01, vol: 0.2 },
  fixings: [0, 0.25, 0.5, 0.75, 1],
  expiry: 1,
  payoff: { kind: 'arithmeticAverageRate', type: 'call', strike: 100 },
  paths: 30_000,
  seed: 17,
  generator,
  antithetic: false,
  controlVariate: true,
});

describe('MC in the browser: Web Worker pool and WebGPU', () => {
  const page = mcWorkerPage(PAGE_ENTRY);

  it('the Web Worker pool gives the same bits with 1 and 3 workers, and the Node answer to 1e-12', async () => {
    for (const g of ['pseudo', 'sobol'] as const) {
      const node = runMonteCarlo(job(g));
      const run = (n: number) =>
        page().evaluate(([j, k]) => (window as unknown as { runPool: (j: unknown, k: number) => Promise<McResult> }).runPool(j, k), [job(g), n] as const);
      const one = await run(1);
      expect(await run(3)).toEqual(one);
      // Across JavaScript engines (Chromium's V8 against Node's) Math.exp/log may differ in
      // the last bit, so the cross-engine check is to rounding, not bit for bit.
      expect(Math.abs(one.npv - node.npv)).toBeLessThan(1e-12 * node.npv);
      expect(Math.abs(one.stderr - node.stderr)).toBeLessThan(1e-9 * node.stderr);
      expect(one.paths).toBe(node.paths);
    }
  }, 60_000);

  it('the WebGPU kernel agrees with the CPU engine within 3 standard errors', async (ctx) => {
    const gpuJob = { ...job('pseudo'), paths: 65_536 };
    const got = (await page().evaluate((j) => (window as unknown as { runGpu: (j: unknown) => Promise<unknown> }).runGpu(j), gpuJob)) as McResult & { skip?: string };
    if (got.skip) {
      console.warn(`browser WebGPU test skipped: ${got.skip}`);
      ctx.skip(got.skip);
      return;
    }
    const cpu = runMonteCarlo({ ...gpuJob, generator: 'sobol' });
    expect(got.stderr).toBeGreaterThan(0);
    expect(Math.abs(got.npv - cpu.npv)).toBeLessThan(3 * Math.hypot(got.stderr, cpu.stderr));
  }, 60_000);
});

// Structured products in a real browser (Debian's Chromium, headless): the Web Worker pool
// gives the same bits for 1 and 2 workers and Node's answer to rounding; the generated WebGPU
// kernel (SwiftShader with --enable-unsafe-webgpu) agrees with the CPU engine; the runner
// keeps a software adapter for explicit use only.
import { describe, expect, it } from 'vitest';
import { templatePackage } from '../../src/pricing-core/instruments/structured/templates';
import { resolvePackage } from '../../src/pricing-core/instruments/structured/resolve';
import { lowerProduct, runStructuredJob, type StructuredMcResult } from '../../src/pricing-core/mc/structured';
import { mcWorkerPage } from './testing/browser-page';

const PAGE_ENTRY = `
import { createBrowserMcPool } from './browser-pool';
import { createStructuredRunner } from './structured-runner';
const w = window as any;
w.runPool = async (job: any, n: number) => {
  const pool = createBrowserMcPool(n);
  try { return await pool.runStructured(job); } finally { pool.terminate(); }
};
w.runGpu = async (job: any, gpuPolicy: 'auto' | 'always') => {
  if (!('gpu' in navigator)) return { skip: 'navigator.gpu is missing' };
  const pool = createBrowserMcPool(1);
  const runner = await createStructuredRunner({ gpu: (navigator as any).gpu, pool, gpuPolicy });
  try {
    const r = await runner.run(job);
    return { ...r, preferred: runner.preferred, adapter: runner.gpuAdapter ?? null };
  } finally { runner.dispose(); pool.terminate(); }
};
w.ready = true;
`;

const job = () => lowerProduct(resolvePackage(templatePackage('snowball', { timeline: 'years', maturity: 1 })), { spot: 7.1, rd: 0.02, rf: 0.04, vol: 0.07 }, { paths: 8192, seed: 21 });

type Out = StructuredMcResult & { skip?: string; preferred?: string; adapter?: string | null };

describe('structured products in Chromium: worker pool and WebGPU', () => {
  const page = mcWorkerPage(PAGE_ENTRY);

  it('the Web Worker pool: same bits with 1 and 2 workers, Node\'s answer to 1e-12', async () => {
    const node = runStructuredJob(job());
    const run = (n: number) => page().evaluate(([j, k]) => (window as unknown as { runPool: (j: unknown, k: number) => Promise<Out> }).runPool(j, k), [job(), n] as const);
    const one = await run(1);
    expect(await run(2)).toEqual(one);
    expect(Math.abs(one.npv - node.npv)).toBeLessThan(1e-12 * node.npv);
    expect(Math.abs(one.stderr - node.stderr)).toBeLessThan(1e-9 * node.stderr);
  }, 60_000);

  it('the generated kernel on the browser\'s WebGPU agrees with the CPU; a software adapter is used only when asked', async (ctx) => {
    const gpu = (await page().evaluate(([j]) => (window as unknown as { runGpu: (j: unknown, p: string) => Promise<Out> }).runGpu(j, 'always'), [job()] as const));
    if (gpu.skip || gpu.engine !== 'gpu') {
      const why = gpu.skip ?? 'no WebGPU adapter in this browser';
      console.warn(`browser WebGPU test skipped: ${why}`);
      ctx.skip(why);
      return;
    }
    const cpu = runStructuredJob(job());
    expect(Math.abs(gpu.npv - cpu.npv)).toBeLessThan(3 * Math.hypot(gpu.stderr, cpu.stderr));
    const auto = await page().evaluate(([j]) => (window as unknown as { runGpu: (j: unknown, p: string) => Promise<Out> }).runGpu(j, 'auto'), [job()] as const);
    // SwiftShader is a CPU emulation: in auto mode the runner prefers the CPU workers.
    expect(auto.preferred).toBe('cpu-workers');
    expect(auto.engine).toBe('cpu');
  }, 120_000);
});

// Where the structured screens' Monte Carlo runs in the browser: the WebGPU kernel on a real
// GPU, else a pool of CPU Web Workers, else this thread (workers/pricing/structured-runner).
// The editor shares one runner per page; a bulk run gets its own pool so that Cancel can
// stop it at once (terminating its workers) without touching the editor's.
import type { StructuredRunner } from '../../pricing-core/engines/structured';
import type { StructuredJob } from '../../pricing-core/mc/structured/program';
import type { StructuredMcResult } from '../../pricing-core/mc/structured/combine';
import { runStructuredJob } from '../../pricing-core/mc/structured';
import { createBrowserMcPool } from '../../../workers/pricing/browser-pool';
import { createStructuredRunner, type StructuredRunnerHandle } from '../../../workers/pricing/structured-runner';

export type Where = 'gpu' | 'cpu-workers' | 'cpu';

const poolSize = () => Math.max(1, Math.min(typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 2 : 2, 4));

function gpuOf(): GPU | undefined {
  return typeof navigator !== 'undefined' ? (navigator as Navigator & { gpu?: GPU }).gpu : undefined;
}

let shared: Promise<StructuredRunnerHandle> | null = null;

/** The page's runner (created on first use). */
export function editorRunner(): Promise<StructuredRunnerHandle> {
  shared ??= createStructuredRunner({ gpu: gpuOf(), pool: typeof Worker !== 'undefined' ? createBrowserMcPool(poolSize()) : undefined }).catch(() =>
    createStructuredRunner({}),
  );
  return shared;
}

/** Which engine ran a job: the GPU kernel says so in its result; otherwise the handle's CPU choice. */
export function whereRan(handle: Pick<StructuredRunnerHandle, 'preferred'>, mc: { engine?: 'cpu' | 'gpu' } | undefined): Where {
  if (mc?.engine === 'gpu') return 'gpu';
  return handle.preferred === 'gpu' ? 'cpu-workers' : handle.preferred;
}

export class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'AbortError';
  }
}

export interface BatchRunner {
  run: StructuredRunner;
  readonly where: Where;
  /** Stops every job at once (workers terminated); pending runs reject with Cancelled. */
  cancel(): void;
  dispose(): void;
}

/** A runner of its own for one bulk run (own workers, so Cancel really stops the work). */
export async function batchRunner(): Promise<BatchRunner> {
  const pool = typeof Worker !== 'undefined' ? createBrowserMcPool(poolSize()) : undefined;
  const handle = await createStructuredRunner({ gpu: gpuOf(), pool });
  let cancelled = false;
  const waiting = new Set<(e: Error) => void>();
  const run = (job: StructuredJob): Promise<StructuredMcResult> => {
    if (cancelled) return Promise.reject(new Cancelled());
    return new Promise<StructuredMcResult>((resolve, reject) => {
      waiting.add(reject);
      const done = () => waiting.delete(reject);
      (pool || handle.preferred === 'gpu' ? handle.run(job) : Promise.resolve().then(() => runStructuredJob(job))).then(
        (r) => { done(); resolve(r); },
        (e: unknown) => { done(); reject(e instanceof Error ? e : new Error(String(e))); },
      );
    });
  };
  return {
    run,
    where: handle.preferred === 'gpu' ? 'gpu' : pool ? 'cpu-workers' : 'cpu',
    cancel() {
      cancelled = true;
      for (const r of waiting) r(new Cancelled());
      waiting.clear();
      pool?.terminate();
      handle.dispose();
    },
    dispose() {
      pool?.terminate();
      handle.dispose();
    },
  };
}

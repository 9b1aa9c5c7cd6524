// Where a structured-product simulation runs: the WebGPU kernel when the platform has a real
// GPU (a software adapter such as SwiftShader is slower than the CPU, so it is used only when
// asked for), otherwise the CPU worker pool, otherwise this thread. Every choice gives the
// same estimator over the same Sobol points (the GPU in f32), so results agree within
// statistical error; `engine` in the result says which ran.
import type { StructuredJob } from '../../src/pricing-core/mc/structured/program';
import type { StructuredMcResult } from '../../src/pricing-core/mc/structured/combine';
import { runStructuredJob } from '../../src/pricing-core/mc/structured';
import { WebGpuStructuredEngine } from '../../src/pricing-core/mc/structured/webgpu';
import type { McWorkerPool } from './worker-pool';

export type GpuPolicy = 'auto' | 'always' | 'never';

export interface StructuredRunnerOptions {
  /** navigator.gpu in a browser, the `webgpu` package's GPU in Node. */
  gpu?: GPU;
  pool?: McWorkerPool;
  /** auto (default): a real GPU only; always: any adapter, software included; never: CPU only. */
  gpuPolicy?: GpuPolicy;
}

export interface StructuredRunnerHandle {
  run(job: StructuredJob): Promise<StructuredMcResult>;
  /** What will be used for a job the GPU kernel supports. */
  readonly preferred: 'gpu' | 'cpu-workers' | 'cpu';
  readonly gpuAdapter?: string;
  dispose(): void;
}

export async function createStructuredRunner(o: StructuredRunnerOptions = {}): Promise<StructuredRunnerHandle> {
  const policy = o.gpuPolicy ?? 'auto';
  let engine: WebGpuStructuredEngine | undefined;
  if (o.gpu && policy !== 'never') {
    try {
      engine = await WebGpuStructuredEngine.create(o.gpu);
    } catch {
      engine = undefined;
    }
    if (engine && engine.fallback && policy === 'auto') {
      engine.destroy();
      engine = undefined;
    }
  }
  const cpu = (job: StructuredJob): Promise<StructuredMcResult> => (o.pool ? o.pool.runStructured(job) : Promise.resolve(runStructuredJob(job)));
  return {
    preferred: engine ? 'gpu' : o.pool ? 'cpu-workers' : 'cpu',
    gpuAdapter: engine?.adapterName,
    async run(job) {
      if (engine && !engine.unsupported(job)) return engine.run(job);
      return cpu(job);
    },
    dispose() {
      engine?.destroy();
    },
  };
}

// The structured-product Monte Carlo engine: lower a resolved product (lower.ts), run its
// fixed blocks on this thread, in workers (workers/pricing) or on the GPU (webgpu.ts), and
// combine the sums (combine.ts). Everything here is deterministic per seed and path count.
import { combineStructured, planStructuredBlocks, type StructuredMcResult } from './combine';
import { runStructuredBlock } from './cpu';
import type { StructuredJob } from './program';

/** Runs a job on the calling thread, block by block. */
export function runStructuredJob(job: StructuredJob): StructuredMcResult {
  validateStructuredJob(job);
  return combineStructured(job, planStructuredBlocks(job).map((t) => runStructuredBlock(job, t)));
}

export function validateStructuredJob(job: StructuredJob): void {
  if (job.kind !== 'structured') throw new RangeError('not a structured job');
  if (!(job.paths >= 2) || !Number.isFinite(job.paths)) throw new RangeError('paths must be a number >= 2');
  if (!Number.isInteger(job.seed)) throw new RangeError('seed must be an integer');
}

export { combineStructured, planStructuredBlocks, runStructuredBlock };
export { lowerProduct, type LowerOptions } from './lower';
export type { StructuredMcResult } from './combine';
export type { StructuredJob, StructuredProgram } from './program';

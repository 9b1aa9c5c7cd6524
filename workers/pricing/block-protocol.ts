// Messages between a Monte Carlo worker pool and its workers (Node worker_threads or Web
// Workers: the same plain objects, structured-cloned).
import type { BlockSums, BlockTask, McJob } from '../../src/pricing-core/mc/job';
import { runBlock } from '../../src/pricing-core/mc/engine';
import type { StructuredBlockSums, StructuredJob } from '../../src/pricing-core/mc/structured/program';
import { runStructuredBlock } from '../../src/pricing-core/mc/structured/cpu';

/** A job of either engine: path payoffs by name (McJob) or a lowered structured product. */
export type AnyMcJob = McJob | StructuredJob;
export type AnyBlockSums = BlockSums | StructuredBlockSums;

export const isStructured = (job: AnyMcJob): job is StructuredJob => 'kind' in job && job.kind === 'structured';

export interface BlockRequest {
  id: number;
  job: AnyMcJob;
  tasks: BlockTask[];
}

export type BlockReply = { id: number; sums: AnyBlockSums[] } | { id: number; error: string };

/** What a worker does with a request (shared by the Node and the browser entry points). */
export function handleBlockRequest(req: BlockRequest): BlockReply {
  try {
    const job = req.job;
    if (isStructured(job)) return { id: req.id, sums: req.tasks.map((t) => runStructuredBlock(job, t)) };
    return { id: req.id, sums: req.tasks.map((t) => runBlock(job, t)) };
  } catch (e) {
    return { id: req.id, error: e instanceof Error ? e.message : String(e) };
  }
}

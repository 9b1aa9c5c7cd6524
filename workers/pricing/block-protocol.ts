// Messages between a Monte Carlo worker pool and its workers (Node worker_threads or Web
// Workers: the same plain objects, structured-cloned).
import type { BlockSums, BlockTask, McJob } from '../../src/pricing-core/mc/job';
import { runBlock } from '../../src/pricing-core/mc/engine';

export interface BlockRequest {
  id: number;
  job: McJob;
  tasks: BlockTask[];
}

export type BlockReply = { id: number; sums: BlockSums[] } | { id: number; error: string };

/** What a worker does with a request (shared by the Node and the browser entry points). */
export function handleBlockRequest(req: BlockRequest): BlockReply {
  try {
    return { id: req.id, sums: req.tasks.map((t) => runBlock(req.job, t)) };
  } catch (e) {
    return { id: req.id, error: e instanceof Error ? e.message : String(e) };
  }
}

// A pool of Monte Carlo workers behind one interface: Node worker_threads on the server,
// Web Workers in browsers. A job is cut into the engine's fixed blocks; idle workers pull
// the next chunk of blocks from a queue; the sums are combined in block order, so the
// result is bit-identical for any number of workers (and to the single-thread engine).
//
// Pool lifecycle: open -> closed (terminate). A job on a closed pool is refused.
import type { BlockSums, BlockTask, McJob } from '../../src/pricing-core/mc/job';
import { planBlocks } from '../../src/pricing-core/mc/job';
import { combineBlocks, type McResult, validateJob } from '../../src/pricing-core/mc/engine';
import type { StructuredBlockSums, StructuredJob } from '../../src/pricing-core/mc/structured/program';
import { combineStructured, type StructuredMcResult } from '../../src/pricing-core/mc/structured/combine';
import { validateStructuredJob } from '../../src/pricing-core/mc/structured';
import type { AnyBlockSums, AnyMcJob, BlockReply, BlockRequest } from './block-protocol';

/** The little a pool needs from a worker, whichever platform provides it. */
export interface WorkerEndpoint {
  post(msg: BlockRequest): void;
  onReply(handler: (reply: BlockReply) => void): void;
  onFailure(handler: (error: Error) => void): void;
  terminate(): void;
}

type PoolState = 'open' | 'closed';

/** Blocks handed to a worker at a time (small enough to balance, big enough to amortise messages). */
const CHUNK_BLOCKS = 4;

export class McWorkerPool {
  private state: PoolState = 'open';
  private nextId = 1;
  private readonly workers: WorkerEndpoint[];
  /** One job at a time per pool: jobs queue behind each other. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(workers: WorkerEndpoint[]) {
    if (workers.length === 0) throw new RangeError('a worker pool needs at least one worker');
    this.workers = workers;
  }

  get size(): number {
    return this.workers.length;
  }

  run(job: McJob): Promise<McResult> {
    if (this.state === 'closed') return Promise.reject(new Error('worker pool is closed'));
    validateJob(job);
    return this.enqueue(job, (sums) => combineBlocks(job, sums as BlockSums[]));
  }

  /** A structured-product job (mc/structured): same blocks, same bits for any worker count. */
  runStructured(job: StructuredJob): Promise<StructuredMcResult> {
    if (this.state === 'closed') return Promise.reject(new Error('worker pool is closed'));
    validateStructuredJob(job);
    return this.enqueue(job, (sums) => combineStructured(job, sums as StructuredBlockSums[]));
  }

  private enqueue<R>(job: AnyMcJob, combine: (sums: AnyBlockSums[]) => R): Promise<R> {
    const result = this.queue.then(() => this.execute(job, combine));
    this.queue = result.catch(() => undefined);
    return result;
  }

  private execute<R>(job: AnyMcJob, combine: (sums: AnyBlockSums[]) => R): Promise<R> {
    const tasks = planBlocks(job);
    const chunks: BlockTask[][] = [];
    for (let i = 0; i < tasks.length; i += CHUNK_BLOCKS) chunks.push(tasks.slice(i, i + CHUNK_BLOCKS));
    const sums: AnyBlockSums[] = [];
    return new Promise<R>((resolve, reject) => {
      let next = 0;
      let outstanding = 0;
      let failed = false;
      const pending = new Map<number, WorkerEndpoint>();
      const fail = (e: Error) => {
        if (failed) return;
        failed = true;
        reject(e);
      };
      const feed = (w: WorkerEndpoint) => {
        if (failed || this.state === 'closed') return;
        if (next >= chunks.length) {
          if (outstanding === 0) {
            try {
              resolve(combine(sums));
            } catch (e) {
              reject(e instanceof Error ? e : new Error(String(e)));
            }
          }
          return;
        }
        const id = this.nextId++;
        pending.set(id, w);
        outstanding++;
        w.post({ id, job, tasks: chunks[next++] });
      };
      for (const w of this.workers) {
        w.onReply((reply) => {
          if (!pending.has(reply.id)) return;
          pending.delete(reply.id);
          outstanding--;
          if ('error' in reply) return fail(new Error(reply.error));
          sums.push(...reply.sums);
          feed(w);
        });
        w.onFailure(fail);
      }
      for (const w of this.workers) feed(w);
    });
  }

  terminate(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    for (const w of this.workers) w.terminate();
  }
}

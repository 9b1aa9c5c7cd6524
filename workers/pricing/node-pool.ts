// Server side: a pool of node:worker_threads running ./node-mc-worker.ts. The sources are
// TypeScript run through tsx (as the server is), so each worker first registers tsx's
// loader in its own thread, then imports the entry (execArgv `--import tsx` does not reach
// worker threads).
import { Worker } from 'node:worker_threads';
import os from 'node:os';
import { McWorkerPool, type WorkerEndpoint } from './worker-pool';
import type { BlockReply } from './block-protocol';

function nodeEndpoint(): WorkerEndpoint {
  const entry = new URL('./node-mc-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
  const worker = new Worker(boot, { eval: true });
  // An idle pool must not keep the process alive.
  worker.unref();
  let replyHandler: ((r: BlockReply) => void) | undefined;
  worker.on('message', (r: BlockReply) => replyHandler?.(r));
  return {
    post: (msg) => {
      worker.ref();
      worker.postMessage(msg);
    },
    onReply: (h) => {
      replyHandler = (r) => {
        worker.unref();
        h(r);
      };
    },
    onFailure: (h) => {
      worker.removeAllListeners('error');
      worker.on('error', h);
    },
    terminate: () => void worker.terminate(),
  };
}

/** A pool with `size` workers (default: all cores). */
export function createNodeMcPool(size = os.availableParallelism()): McWorkerPool {
  return new McWorkerPool(Array.from({ length: Math.max(1, size) }, nodeEndpoint));
}

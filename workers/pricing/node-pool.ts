// Server side: a pool of node:worker_threads running ./node-mc-worker.ts (TypeScript, booted
// through tsx by startTsWorkerThread).
import os from 'node:os';
import { startTsWorkerThread } from './ts-worker-thread';
import { McWorkerPool, type WorkerEndpoint } from './worker-pool';
import type { BlockReply } from './block-protocol';

function nodeEndpoint(): WorkerEndpoint {
  const worker = startTsWorkerThread(new URL('./node-mc-worker.ts', import.meta.url));
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

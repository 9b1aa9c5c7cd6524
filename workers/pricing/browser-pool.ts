// Browser side: a pool of module Web Workers running ./browser-mc-worker.ts (bundled by Vite
// through the `new URL(..., import.meta.url)` pattern).
import { McWorkerPool, type WorkerEndpoint } from './worker-pool';
import type { BlockReply } from './block-protocol';

function browserEndpoint(): WorkerEndpoint {
  const worker = new Worker(new URL('./browser-mc-worker.ts', import.meta.url), { type: 'module' });
  let replyHandler: ((r: BlockReply) => void) | undefined;
  worker.onmessage = (ev: MessageEvent<BlockReply>) => replyHandler?.(ev.data);
  return {
    post: (msg) => worker.postMessage(msg),
    onReply: (h) => {
      replyHandler = h;
    },
    onFailure: (h) => {
      worker.onerror = (ev) => h(new Error(ev.message || 'worker error'));
    },
    terminate: () => worker.terminate(),
  };
}

/** A pool with `size` workers (default: the browser's hardwareConcurrency). */
export function createBrowserMcPool(size = navigator.hardwareConcurrency || 2): McWorkerPool {
  return new McWorkerPool(Array.from({ length: Math.max(1, size) }, browserEndpoint));
}

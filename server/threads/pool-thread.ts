// The thread side of a WorkerPool: answers each task with `handle`'s result or its error
// message, one task after another.
import { parentPort } from 'node:worker_threads';
import type { PoolAnswer, PoolTask } from './worker-pool';

export function serveWorkerPool<Req, Res>(handle: (payload: Req) => Res | Promise<Res>, transfer?: (r: Res) => ArrayBuffer[]): void {
  const port = parentPort;
  if (!port) throw new Error('serveWorkerPool runs in a worker thread');
  port.on('message', async (m: PoolTask<Req>) => {
    let answer: PoolAnswer<Res>;
    try {
      answer = { id: m.id, result: await handle(m.payload) };
    } catch (e) {
      answer = { id: m.id, error: e instanceof Error ? e.message : String(e) };
    }
    port.postMessage(answer, 'result' in answer && transfer ? transfer(answer.result) : []);
  });
}

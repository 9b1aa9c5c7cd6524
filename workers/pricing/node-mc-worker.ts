// Node worker_threads entry: runs Monte Carlo blocks for the pool.
import { parentPort } from 'node:worker_threads';
import { type BlockRequest, handleBlockRequest } from './block-protocol';

parentPort!.on('message', (req: BlockRequest) => parentPort!.postMessage(handleBlockRequest(req)));

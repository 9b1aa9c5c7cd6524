// Web Worker entry (module worker): runs Monte Carlo blocks for the pool.
/// <reference lib="webworker" />
import { type BlockRequest, handleBlockRequest } from './block-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (ev: MessageEvent<BlockRequest>) => scope.postMessage(handleBlockRequest(ev.data));

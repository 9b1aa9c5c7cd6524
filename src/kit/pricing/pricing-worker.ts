// Module Web Worker entry of the browser pricing pool (bundled by Vite from
// `new URL('./pricing-worker.ts', import.meta.url)`): OptPricingSvr calls answered locally,
// and vanilla batches priced into fresh arrays that are transferred back (no copy).
/// <reference lib="webworker" />
import { allocateVanillaOutputs, priceVanillaBatch } from '../../pricing-core/batch/vanilla-batch';
import { answerLocally } from './offline-core';
import { VANILLA_OUTPUT_KEYS, type WorkerReply, type WorkerRequest } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (ev: MessageEvent<WorkerRequest>) => {
  const m = ev.data;
  try {
    if (m.kind === 'call') {
      scope.postMessage({ id: m.id, kind: 'call', body: answerLocally(m.method, m.content) } satisfies WorkerReply);
      return;
    }
    const out = allocateVanillaOutputs(m.inputs.spot.length);
    priceVanillaBatch(m.inputs, out);
    scope.postMessage({ id: m.id, kind: 'vanilla', out } satisfies WorkerReply, VANILLA_OUTPUT_KEYS.map((k) => out[k].buffer));
  } catch (e) {
    scope.postMessage({ id: m.id, kind: 'error', message: e instanceof Error ? e.message : String(e) } satisfies WorkerReply);
  }
};

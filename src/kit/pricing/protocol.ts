// Messages between the page and the browser pricing workers.
import type { VanillaBatchInputs, VanillaBatchOutputs } from '../../pricing-core/batch/vanilla-batch';
import type { ReplyBody } from './offline-core';

export type WorkerRequest =
  | { id: number; kind: 'call'; method: string; content: unknown }
  /** Prices rows [0, n) of `inputs` (each array of length n); outputs come back transferred. */
  | { id: number; kind: 'vanilla'; inputs: VanillaBatchInputs };

export type WorkerReply =
  | { id: number; kind: 'call'; body: ReplyBody }
  | { id: number; kind: 'vanilla'; out: VanillaBatchOutputs }
  | { id: number; kind: 'error'; message: string };

export const VANILLA_INPUT_KEYS = ['omega', 'spot', 'strike', 't', 'rd', 'rf', 'vol'] as const;
export const VANILLA_OUTPUT_KEYS = ['npv', 'delta', 'gamma', 'vega', 'theta', 'rhoDomestic', 'rhoForeign'] as const;

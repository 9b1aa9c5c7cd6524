// The one way tools compute (see README.md).
export { createPricingClient, pricingClient, PricingFailure, type PricingClient, type PricingClientDeps, type PricingReply } from './client';
export { PricingController, DEFAULT_DEBOUNCE_MS, type PricingCall, type Prepared, type PricingError, type PricingState, type GateVerdict, type Message } from './controller';
export { usePricing, operationGateVerdict, type PricingHandle, type UsePricingOptions } from './use-pricing';
export { answerLocally, offlineMethods, PRICE_METHOD, PRICING_SERVER, type ReplyBody } from './offline-core';
export { browserPricingPool, PricingWorkerPool, type VanillaBatchOptions } from './worker-pool';
export { OfflinePricingNote } from './OfflinePricingNote';
export { pricingStrings } from './i18n';

import type { VanillaBatchInputs, VanillaBatchOutputs } from '../../pricing-core/batch/vanilla-batch';
import { browserPricingPool, type VanillaBatchOptions } from './worker-pool';

/**
 * Bulk: price and all greeks of a typed-array book off the main thread (the browser's
 * pricing workers; arrays travel as transferables). Same numbers as priceVanillaBatch.
 */
export function priceVanillaBatchInWorkers(inputs: VanillaBatchInputs, opts?: VanillaBatchOptions): Promise<VanillaBatchOutputs> {
  return browserPricingPool().vanillaBatch(inputs, opts);
}

// The low-level pricing interface (../shared/PRICING-CLI.md): one explicit request in, one
// result out. Shared by `npm run price`, `POST /api/price` and anything else that wants it.
import { modelHandlers } from './handlers/index';

export type PriceRequest = Record<string, unknown> & { model?: unknown };
export type PriceResult = Record<string, unknown>;
export type ModelHandler = (req: PriceRequest) => PriceResult;

/** Thrown by handlers for a request that cannot be priced; becomes `{ error }`. */
export class PricingInputError extends Error {}

export function priceOne(req: unknown): PriceResult {
  try {
    if (req === null || typeof req !== 'object' || Array.isArray(req)) {
      return { error: 'request must be a JSON object' };
    }
    const model = (req as PriceRequest).model;
    if (typeof model !== 'string') return { error: 'missing field: model' };
    const handler = Object.hasOwn(modelHandlers, model) ? modelHandlers[model] : undefined;
    if (!handler) return { error: `unknown model: ${model}` };
    return handler(req as PriceRequest);
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

export function priceBatch(reqs: unknown[]): PriceResult[] {
  return reqs.map(priceOne);
}

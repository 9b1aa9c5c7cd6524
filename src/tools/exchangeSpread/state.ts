// /exchangeSpread terms kept across reloads (SPEC cached data of the ES screen) and what a
// saved or shared monitor holds: the terms (at most 5, SPEC section 5).
import { z } from 'zod';
import { persistedAtom, PricingCacheKey } from '../../kit/tool-state';

export const MAX_TERMS = 5;
export const TERMS = ['1W', '2W', '3W', '1M', '2M', '3M', '6M', '9M', '1Y', '18M', '2Y'] as const;

export const SpreadInputs = z.object({
  terms: z.array(z.enum(TERMS)).max(MAX_TERMS),
});
export type SpreadInputs = z.infer<typeof SpreadInputs>;

export const DEFAULT_INPUTS: SpreadInputs = { terms: ['1M', '3M', '1Y'] };
export const inputsAtom = persistedAtom({ key: PricingCacheKey.es, version: 1, schema: SpreadInputs, defaults: DEFAULT_INPUTS });

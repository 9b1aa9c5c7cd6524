// /CSIOptionCalculator inputs kept across reloads under SPEC's CSI option cache key (cleared
// at logout). Numbers as the user last gave them (null: empty or not a number); the
// valuation date is not kept (it is today when the screen opens).
import { z } from 'zod';
import { persistedAtom, PricingCacheKey } from '../../kit/tool-state';

const num = z.number().finite().nullable();

export const Inputs = z.object({
  contract: z.string().max(16),
  month: z.string().regex(/^\d{4}-\d{2}$/).nullable(),
  expiry: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
  type: z.enum(['call', 'put']),
  direction: z.enum(['buy', 'sell']),
  exercise: z.enum(['european', 'american']),
  method: z.enum(['qdfp', 'baw', 'bjerksund_stensland_2002', 'numerical']),
  underlyingPrice: num,
  strike: num,
  /** percent */
  vol: num,
  /** percent */
  r: num,
  /** percent (index and ETF options) */
  q: num,
  quantity: num,
  /** Market premium per unit, for the implied vol. */
  marketPrice: num,
});
export type Inputs = z.infer<typeof Inputs>;

export const DEFAULTS: Inputs = {
  contract: 'IO', month: null, expiry: null, type: 'call', direction: 'buy', exercise: 'european', method: 'qdfp',
  underlyingPrice: null, strike: null, vol: null, r: null, q: null, quantity: 1, marketPrice: null,
};

export const inputsAtom = persistedAtom({ key: PricingCacheKey.csiOption, version: 1, schema: Inputs, defaults: DEFAULTS });

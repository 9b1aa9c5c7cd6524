// /CryptoCurrencyOption inputs kept across reloads under SPEC's digital currency (DC) cache
// key (cleared at logout). The valuation time is not kept: it is now when the screen opens.
import { z } from 'zod';
import { persistedAtom, PricingCacheKey } from '../../kit/tool-state';

const num = z.number().finite().nullable();

export const Inputs = z.object({
  coin: z.enum(['BTC', 'ETH']),
  settlement: z.enum(['inverse', 'linear']),
  type: z.enum(['call', 'put']),
  direction: z.enum(['buy', 'sell']),
  strike: num,
  expiryDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
  /** HH:mm UTC (venues expire at 08:00 UTC). */
  expiryTime: z.string().regex(/^\d{2}:\d{2}$/),
  index: num,
  /** null: the forward is the index (no basis). */
  forward: num,
  /** percent */
  vol: num,
  /** percent */
  r: num,
  contracts: num,
  contractSize: num,
  /** Market price per contract unit: coin (inverse) or USD (linear), for the implied vol. */
  marketPrice: num,
});
export type Inputs = z.infer<typeof Inputs>;

export const DEFAULTS: Inputs = {
  coin: 'BTC', settlement: 'inverse', type: 'call', direction: 'buy', strike: null, expiryDate: null, expiryTime: '08:00',
  index: null, forward: null, vol: null, r: 0, contracts: 1, contractSize: 1, marketPrice: null,
};

export const inputsAtom = persistedAtom({ key: PricingCacheKey.dc, version: 1, schema: Inputs, defaults: DEFAULTS });

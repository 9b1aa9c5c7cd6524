// /forexFarSwapCalculator inputs kept across reloads (SPEC cached data of the FFS screen) and
// what a saved or shared item holds (the same inputs). Market figures are null until typed:
// null means "the market's figure" (spot, rates), so a shared item reprices on today's market
// unless its owner typed a figure.
import { z } from 'zod';
import { persistedAtom, PricingCacheKey } from '../../kit/tool-state';

const Leg = z.union([
  z.object({ kind: z.literal('tenor'), tenor: z.string().regex(/^(ON|TN|SN|SPOT|[1-9]\d{0,2}[DWMY])$/) }),
  z.object({ kind: z.literal('date'), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
]);

export const FfscInputs = z.object({
  pair: z.string().regex(/^[A-Z]{6}$/),
  spot: z.number().positive().nullable(),
  near: Leg,
  far: Leg,
  source: z.enum(['points', 'rates']),
  /** Percent numbers as typed (1.6 = 1.6 %); null = the market's deposit rate. */
  rd: z.number().nullable(),
  rf: z.number().nullable(),
  notional: z.number().positive(),
  direction: z.enum(['buySell', 'sellBuy']),
});
export type FfscInputs = z.infer<typeof FfscInputs>;

export const DEFAULT_INPUTS: FfscInputs = {
  pair: 'USDCNY', spot: null, near: { kind: 'tenor', tenor: 'SPOT' }, far: { kind: 'tenor', tenor: '3M' },
  source: 'points', rd: null, rf: null, notional: 1_000_000, direction: 'buySell',
};

export const inputsAtom = persistedAtom({ key: PricingCacheKey.ffs, version: 1, schema: FfscInputs, defaults: DEFAULT_INPUTS });

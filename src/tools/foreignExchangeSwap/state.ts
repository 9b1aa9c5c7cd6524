// /foreignExchangeSwap inputs kept across reloads (SPEC cached data of the FES screen). The
// unknown is the one of forward (or swap points), domestic rate, foreign rate left empty.
import { z } from 'zod';
import { persistedAtom, PricingCacheKey } from '../../kit/tool-state';

export const FesInputs = z.object({
  pair: z.string().regex(/^[A-Z]{6}$/),
  spot: z.number().positive().nullable(),
  tenor: z.union([
    z.object({ kind: z.literal('tenor'), tenor: z.string().regex(/^(ON|TN|SN|SPOT|[1-9]\d{0,2}[DWMY])$/) }),
    z.object({ kind: z.literal('date'), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  ]),
  /** 'points': the forward is given as swap points (pips); 'parity': as the outright. */
  mode: z.enum(['points', 'parity']),
  swapPips: z.number().nullable(),
  forward: z.number().positive().nullable(),
  /** Percent numbers (1.6 = 1.6 %). */
  rd: z.number().nullable(),
  rf: z.number().nullable(),
});
export type FesInputs = z.infer<typeof FesInputs>;

export const DEFAULT_INPUTS: FesInputs = {
  pair: 'USDCNY', spot: 7.1, tenor: { kind: 'tenor', tenor: '3M' }, mode: 'points', swapPips: -350, forward: null, rd: null, rf: 3.55,
};

export const inputsAtom = persistedAtom({ key: PricingCacheKey.fes, version: 1, schema: FesInputs, defaults: DEFAULT_INPUTS });

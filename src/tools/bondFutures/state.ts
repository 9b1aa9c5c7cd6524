// /bondFutures inputs kept across reloads.
import { z } from 'zod';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';

const iso = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const FutState = z.object({
  contract: z.enum(['TS', 'TF', 'T', 'TL']),
  /** YYMM; null: the nearest listed month. */
  month: z.string().regex(/^\d{4}$/).nullable(),
  settlement: iso.nullable(),
  deliveryDate: iso.nullable(),
  futuresPrice: z.number().nullable(),
  repoPct: z.number().nullable(),
  curveShiftBp: z.number().nullable(),
  /** Yields typed per bond code, percent. */
  yields: z.record(z.string(), z.number().nullable()).default({}),
});
export type FutState = z.infer<typeof FutState>;

export const DEFAULT_FUT: FutState = { contract: 'T', month: null, settlement: null, deliveryDate: null, futuresPrice: null, repoPct: null, curveShiftBp: 0, yields: {} };

export const futAtom = persistedAtom({ key: toolCacheKey('bondFutures'), version: 1, schema: FutState, defaults: DEFAULT_FUT });

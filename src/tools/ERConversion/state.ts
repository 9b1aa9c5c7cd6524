// /ERConversion inputs kept across reloads (toolCacheKey: SPEC has no key for this screen;
// cleared on logout with the other cache keys).
import { z } from 'zod';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';

export const Inputs = z.object({
  from: z.string().regex(/^[A-Z]{3}$/).nullable(),
  to: z.string().regex(/^[A-Z]{3}$/).nullable(),
  amount: z.number().finite().nullable(),
  /** ISO fixing date, or null for the latest. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
});
export type Inputs = z.infer<typeof Inputs>;

export const DEFAULTS: Inputs = { from: 'USD', to: 'CNY', amount: 1_000_000, date: null };

export const inputsAtom = persistedAtom({ key: toolCacheKey('ERConversion'), version: 1, schema: Inputs, defaults: DEFAULTS });

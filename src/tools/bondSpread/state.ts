// /bondSpread choices kept across reloads.
import { z } from 'zod';
import { HISTORY_RANGES } from '../../kit/market-data/figures';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';
import { SWAP_INDEXES } from './model';

export const View = z.object({
  swap: z.enum(SWAP_INDEXES),
  curveDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
  bond: z.string().max(32).nullable(),
  range: z.enum(HISTORY_RANGES),
});
export type View = z.infer<typeof View>;
export const viewAtom = persistedAtom({ key: toolCacheKey('bondSpread'), version: 1, schema: View, defaults: { swap: 'FR007', curveDate: null, bond: null, range: '1Y' } as View });

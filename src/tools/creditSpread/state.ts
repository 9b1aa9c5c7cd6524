// /creditSpread choices kept across reloads.
import { z } from 'zod';
import { HISTORY_RANGES } from '../../kit/market-data/figures';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';
import { BASES } from './model';

export const View = z.object({ base: z.enum(BASES), range: z.enum(HISTORY_RANGES), curve: z.string().max(32), tenor: z.string().max(8) });
export type View = z.infer<typeof View>;
export const viewAtom = persistedAtom({ key: toolCacheKey('creditSpread'), version: 1, schema: View, defaults: { base: 'bond.CGB', range: '1Y', curve: 'credit.MTN.AAA', tenor: '5Y' } as View });

// /swapBondSpreadAnalysis choices kept across reloads.
import { z } from 'zod';
import { HISTORY_RANGES } from '../../kit/market-data/figures';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';
import { BOND_CURVES, SWAPS } from './model';

export const View = z.object({ swap: z.enum(SWAPS), bond: z.enum(BOND_CURVES), range: z.enum(HISTORY_RANGES), tenor: z.string().max(8).nullable() });
export type View = z.infer<typeof View>;
export const viewAtom = persistedAtom({ key: toolCacheKey('swapBondSpreadAnalysis'), version: 1, schema: View, defaults: { swap: 'FR007', bond: 'CGB', range: '1Y', tenor: null } as View });

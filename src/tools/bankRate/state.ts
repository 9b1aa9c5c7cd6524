// /bankRate: the history chart's window kept across reloads.
import { z } from 'zod';
import { HISTORY_RANGES } from '../../kit/market-data/figures';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';

export const View = z.object({ range: z.enum(HISTORY_RANGES) });
export type View = z.infer<typeof View>;

export const viewAtom = persistedAtom({ key: toolCacheKey('bankRate'), version: 1, schema: View, defaults: { range: '3Y' } as View });

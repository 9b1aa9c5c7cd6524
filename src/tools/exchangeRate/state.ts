// /exchangeRate choices kept across reloads: the chart's pair and window.
import { z } from 'zod';
import { HISTORY_RANGES } from '../../kit/market-data/figures';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';

export const View = z.object({
  pair: z.string().regex(/^[A-Z]{3,6}$/),
  range: z.enum(HISTORY_RANGES),
});
export type View = z.infer<typeof View>;

export const viewAtom = persistedAtom({ key: toolCacheKey('exchangeRate'), version: 1, schema: View, defaults: { pair: 'USDCNY', range: '1Y' } as View });

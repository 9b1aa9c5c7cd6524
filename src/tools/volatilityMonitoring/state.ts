// What the monitor shows, kept across reloads (kit/tool-state; cleared at logout).
import { z } from 'zod';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';

export type HeatView = 'vol' | 'd1' | 'd7' | 'strike';

export const viewAtom = persistedAtom({
  key: toolCacheKey('volatilityMonitoring'),
  version: 1,
  schema: z.object({ pair: z.string().max(12), tenor: z.string().max(6), heat: z.enum(['vol', 'd1', 'd7', 'strike']) }),
  defaults: { pair: 'USDCNY', tenor: '3M', heat: 'vol' as HeatView },
});

// /couponComparison inputs kept across reloads.
import { z } from 'zod';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';

export const CmpState = z.object({
  codes: z.array(z.string().max(32).nullable()).length(4),
  yields: z.array(z.number().nullable()).length(4),
  settlement: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
  horizonDays: z.number().nullable(),
  repoPct: z.number().nullable(),
});
export type CmpState = z.infer<typeof CmpState>;

export const DEFAULT_CMP: CmpState = {
  codes: ['SAMPLE-CGB-10Y-2505', 'SAMPLE-CDB-10Y', 'SAMPLE-LGB-10Y', null],
  yields: [null, null, null, null],
  settlement: null, horizonDays: 90, repoPct: null,
};

export const cmpAtom = persistedAtom({ key: toolCacheKey('couponComparison'), version: 1, schema: CmpState, defaults: DEFAULT_CMP });

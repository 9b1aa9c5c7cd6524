// The batch kept across reloads (kit/tool-state; cleared at logout).
import { z } from 'zod';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';
import { MAX_ROWS, type PriceRow } from './model';

const cell = z.union([z.string().max(2000), z.number(), z.null()]);

export const BatchState = z.object({
  rows: z.array(z.record(z.string(), cell)).max(MAX_ROWS),
  /** Percent of principal. */
  target: z.number().nullable(),
  solveFor: z.string().max(40),
  paths: z.number().int().min(1024).max(262_144),
});

export const batchAtom = persistedAtom({
  key: toolCacheKey('structuredVolumePrice'),
  version: 1,
  schema: BatchState as unknown as z.ZodType<{ rows: PriceRow[]; target: number | null; solveFor: string; paths: number }>,
  defaults: { rows: [] as PriceRow[], target: 100, solveFor: 'coupon', paths: 8192 },
});

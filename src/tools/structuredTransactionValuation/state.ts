// The book kept across reloads (kit/tool-state; cleared at logout).
import { z } from 'zod';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';
import { MAX_PIECES, SAMPLE_PRINCIPAL, type BookRow } from './model';

const cell = z.union([z.string().max(2000), z.number(), z.null()]);
const Row = z.record(z.string(), cell);

export const BookState = z.object({
  rows: z.array(Row).max(MAX_PIECES),
  /** ISO date; '' = the last date with stored fixings. */
  valuationDate: z.string().max(10),
  principal: z.number().positive().nullable(),
  paths: z.number().int().min(1024).max(262_144),
  /** The rows are the generated sample book (badged SAMPLE). */
  sample: z.boolean(),
});

export const bookAtom = persistedAtom({
  key: toolCacheKey('structuredTransactionValuation'),
  version: 1,
  schema: BookState as unknown as z.ZodType<{ rows: BookRow[]; valuationDate: string; principal: number | null; paths: number; sample: boolean }>,
  defaults: { rows: [] as BookRow[], valuationDate: '', principal: SAMPLE_PRINCIPAL, paths: 8192, sample: false },
});

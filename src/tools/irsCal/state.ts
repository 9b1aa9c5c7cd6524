// /irsCal inputs kept across reloads (the curve choice is not: a saved curve is fetched again).
import { z } from 'zod';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';
import { RATE_INDICES } from '../curveConstruction/market-curve';
import { DEFAULT_INPUTS, type IrsInputs } from './model';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const schema: z.ZodType<IrsInputs> = z.object({
  index: z.enum(RATE_INDICES),
  tenor: z.union([z.object({ kind: z.literal('tenor'), tenor: z.string().max(8) }), z.object({ kind: z.literal('date'), date: isoDate })]).nullable(),
  notional: z.number().finite().nullable(),
  fixedRate: z.number().finite().nullable(),
  direction: z.enum(['pay', 'receive']),
  startDate: isoDate.nullable(),
  amortisation: z.enum(['bullet', 'linear']),
});

export const inputsAtom = persistedAtom({ key: toolCacheKey('irsCal'), version: 1, schema, defaults: DEFAULT_INPUTS });

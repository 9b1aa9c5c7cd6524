// /ridingStrategy inputs kept across reloads (the horizon as typed: a tenor or a date).
import { z } from 'zod';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';
import { CURVES, SCENARIOS } from './model';

export const Inputs = z.object({
  curve: z.string().refine((c) => CURVES.includes(c)),
  horizon: z.union([z.object({ kind: z.literal('tenor'), tenor: z.string().max(8) }), z.object({ kind: z.literal('date'), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) })]).nullable(),
  scenario: z.enum(SCENARIOS),
  shiftBp: z.number().finite().nullable(),
  reinvest: z.number().finite().nullable(),
});
export type Inputs = z.infer<typeof Inputs>;
export const inputsAtom = persistedAtom({ key: toolCacheKey('ridingStrategy'), version: 1, schema: Inputs, defaults: { curve: 'bond.CGB', horizon: { kind: 'tenor', tenor: '1Y' }, scenario: 'unchanged', shiftBp: 25, reinvest: null } as Inputs });

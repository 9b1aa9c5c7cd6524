// /relativeValue choices kept across reloads (typed yields live in the sheet for the session).
import { z } from 'zod';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';
import { MODELS, UNIVERSES } from './model';

export const View = z.object({
  universe: z.enum(UNIVERSES),
  model: z.enum(MODELS as ['nss', 'ns']),
  curveDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
});
export type View = z.infer<typeof View>;
export const viewAtom = persistedAtom({ key: toolCacheKey('relativeValue'), version: 1, schema: View, defaults: { universe: 'CGB', model: 'nss', curveDate: null } as View });

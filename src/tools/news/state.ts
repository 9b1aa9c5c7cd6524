// The news screen's choices kept across reloads (cleared at logout with the other tool
// caches): the view, the filters and the article open.
import { z } from 'zod';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';

const Inputs = z.object({
  view: z.enum(['all', 'collection']),
  q: z.string().max(300),
  tag: z.string().max(40),
  source: z.string().max(200),
  lang: z.string().max(10),
  openId: z.number().int().positive().nullable(),
});
export type NewsInputs = z.infer<typeof Inputs>;

export const newsInputsAtom = persistedAtom({
  key: toolCacheKey('news'),
  version: 1,
  schema: Inputs,
  defaults: { view: 'all', q: '', tag: '', source: '', lang: '', openId: null } as NewsInputs,
});

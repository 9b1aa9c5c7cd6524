// /pairTrading inputs kept across reloads (cleared at logout with every tool cache). An
// imported file is not kept: it is the user's, re-imported when needed.
import { z } from 'zod';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';
import { DEFAULT_PARAMS } from './model';

export const PairInputs = z.object({
  source: z.enum(['stored', 'imported']),
  /** Catalogue series ids; null = the catalogue's first two. */
  yId: z.string().nullable(),
  xId: z.string().nullable(),
  zWindow: z.number().nullable(),
  entry: z.number().nullable(),
  exit: z.number().nullable(),
  rollingWindow: z.number().nullable(),
});
export type PairInputs = z.infer<typeof PairInputs>;

export const DEFAULT_INPUTS: PairInputs = { source: 'stored', yId: null, xId: null, ...DEFAULT_PARAMS };

export const inputsAtom = persistedAtom({ key: toolCacheKey('pairTrading'), version: 1, schema: PairInputs, defaults: DEFAULT_INPUTS });

// /fullMarket thresholds, kept per user across reloads (kit/tool-state; cleared at logout).
// Only valid thresholds are written: a bad entry stays in its field and loses nothing saved.
import { z } from 'zod';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';
import { DEFAULT_THRESHOLDS } from './model';

export const thresholdsAtom = persistedAtom({
  key: toolCacheKey('fullMarket'),
  version: 1,
  schema: z.object({ z: z.number().positive(), low: z.number().min(0).max(100), high: z.number().min(0).max(100), k: z.number().positive() }),
  defaults: DEFAULT_THRESHOLDS,
});

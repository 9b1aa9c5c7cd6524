// /interestRate choices kept across reloads: the curve and its comparison, the history's
// curve, tenors and window.
import { z } from 'zod';
import { HISTORY_RANGES } from '../../kit/market-data/figures';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';
import { COMPARE_PRESETS } from './model';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const View = z.object({
  curve: z.string().max(64),
  /** Curve A's date; null = latest. */
  dateA: isoDate.nullable(),
  compare: z.enum(COMPARE_PRESETS),
  dateB: isoDate.nullable(),
  histCurve: z.string().max(64),
  histTenor: z.string().max(8),
  histTenor2: z.string().max(8).nullable(),
  range: z.enum(HISTORY_RANGES),
});
export type View = z.infer<typeof View>;

export const DEFAULT_VIEW: View = { curve: 'irs.FR007', dateA: null, compare: '1M', dateB: null, histCurve: 'rate.SHIBOR', histTenor: '3M', histTenor2: null, range: '1Y' };

export const viewAtom = persistedAtom({ key: toolCacheKey('interestRate'), version: 1, schema: View, defaults: DEFAULT_VIEW });

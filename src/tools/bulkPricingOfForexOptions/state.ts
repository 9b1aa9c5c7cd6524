// The valuation date is kept across reloads (kit/tool-state; cleared at logout). The book
// itself stays in memory while the tab lives (the tool is kept alive when switched away):
// 100,000 rows do not fit the browser's local storage.
import { atom } from 'jotai';
import { z } from 'zod';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';
import type { TradeRow } from './model';

export const settingsAtom = persistedAtom({
  key: toolCacheKey('bulkPricingOfForexOptions'),
  version: 1,
  schema: z.object({ valuationDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable() }),
  defaults: { valuationDate: null as string | null },
});

export const rowsAtom = atom<TradeRow[]>([]);

// The ledger and the settings kept across reloads (kit/tool-state; cleared at logout). A
// storage that is full keeps the ledger in memory only (the kit's writer says nothing).
import { z } from 'zod';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';
import { MAX_TRADES, type LedgerGridRow } from './model';

const cell = z.union([z.string().max(200), z.number(), z.null()]);

export const LedgerState = z.object({
  rows: z.array(z.record(z.string(), cell)).max(MAX_TRADES),
  /** ISO date; '' = today. */
  valuationDate: z.string().max(10),
  reportingCurrency: z.string().regex(/^[A-Z]{3}$/),
});

export const ledgerAtom = persistedAtom({
  key: toolCacheKey('transactionValuation'),
  version: 1,
  schema: LedgerState as unknown as z.ZodType<{ rows: LedgerGridRow[]; valuationDate: string; reportingCurrency: string }>,
  defaults: { rows: [] as LedgerGridRow[], valuationDate: '', reportingCurrency: 'CNY' },
});

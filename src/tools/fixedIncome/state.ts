// /fixedIncome inputs kept across reloads (SPEC section 3: the tool's cache key).
import { z } from 'zod';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';
import { bondTermsSchema } from './shared/terms';
import type { FiInputs } from './model';

const iso = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const num = z.number().nullable();

export const FiState = z.object({
  terms: bondTermsSchema,
  settlement: iso.nullable(),
  yieldPct: num,
  cleanPrice: num,
  convention: z.enum(['cn', 'isma']),
  sellDate: iso.nullable(),
  sellYieldPct: num,
  reinvestPct: num,
  repoPct: num,
  financedPct: num,
  notional: num,
});

export const DEFAULT_FI: FiInputs = {
  terms: { code: null, kind: 'fixed', coupon: 1.67, frequency: 1, issue: '2024-06-15', maturity: '2034-06-15', accrual: 'cfets', options: [] },
  settlement: null,
  yieldPct: 1.8,
  cleanPrice: null,
  convention: 'cn',
  sellDate: null,
  sellYieldPct: null,
  reinvestPct: 1.5,
  repoPct: 1.5,
  financedPct: 0,
  notional: 10_000_000,
};

export const fiAtom = persistedAtom({ key: toolCacheKey('fixedIncome'), version: 1, schema: FiState, defaults: DEFAULT_FI });

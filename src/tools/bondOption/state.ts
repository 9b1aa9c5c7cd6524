// /bondOption inputs kept across reloads.
import { z } from 'zod';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';
import { bondTermsSchema } from '../fixedIncome/shared/terms';
import type { OptInputs } from './model';

const iso = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const OptState = z.object({
  terms: bondTermsSchema,
  settlement: iso.nullable(),
  cleanPrice: z.number().nullable(),
  meanReversion: z.number().nullable(),
  sigmaPct: z.number().nullable(),
  steps: z.number().nullable(),
  optionType: z.enum(['call', 'put']),
  optionExpiry: iso.nullable(),
  optionStrike: z.number().nullable(),
  priceVolPct: z.number().nullable(),
});

/** The shipped sample callable (SAMPLE-CORP-CALL5: calls 2028-02-26 and 2029-02-26 at 100). */
export const DEFAULT_OPT: OptInputs = {
  terms: { code: 'SAMPLE-CORP-CALL5', kind: 'fixed', coupon: 2.98, frequency: 1, issue: '2025-02-26', maturity: '2030-02-26', accrual: 'cfets',
    options: [{ type: 'call', date: '2028-02-26', price: 100 }, { type: 'call', date: '2029-02-26', price: 100 }] },
  settlement: null, cleanPrice: 100.6, meanReversion: 0.03, sigmaPct: 0.8, steps: 400,
  optionType: 'call', optionExpiry: '2027-11-24', optionStrike: 101, priceVolPct: 2,
};

export const optAtom = persistedAtom({ key: toolCacheKey('bondOption'), version: 1, schema: OptState, defaults: DEFAULT_OPT });

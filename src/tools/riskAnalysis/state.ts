// /riskAnalysis inputs kept across reloads.
import { z } from 'zod';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';
import { bondTermsSchema } from '../fixedIncome/shared/terms';
import type { RiskInputs } from './model';

export const RiskState = z.object({
  terms: bondTermsSchema,
  settlement: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
  yieldPct: z.number().nullable(),
  cleanPrice: z.number().nullable(),
  notional: z.number().nullable(),
});

export const DEFAULT_RISK: RiskInputs = {
  terms: { code: null, kind: 'fixed', coupon: 1.82, frequency: 2, issue: '2026-11-15', maturity: '2036-11-15', accrual: 'cfets', options: [] },
  settlement: null, yieldPct: 1.8, cleanPrice: null, notional: 100_000_000,
};

export const riskAtom = persistedAtom({ key: toolCacheKey('riskAnalysis'), version: 1, schema: RiskState, defaults: DEFAULT_RISK });

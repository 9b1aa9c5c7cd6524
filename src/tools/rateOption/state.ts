// Inputs of the rate option screens kept across reloads (tool cache keys; SPEC names no key
// for them). /rateOption and /rateOptionMain keep their own copies of the calculator's inputs.
import { z } from 'zod';
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';
import { DEFAULT_CALC, OPTION_INDICES, type CalcInputs } from './model';

const n = z.number().finite().nullable();
export const CalcInputsSchema: z.ZodType<CalcInputs> = z.object({
  product: z.enum(['swaption', 'cap', 'floor']),
  index: z.enum(OPTION_INDICES),
  payer: z.boolean(),
  expiry: z.string().max(16).nullable(),
  tenor: z.string().max(4),
  atm: z.boolean(),
  strike: n, notional: n,
  volModel: z.enum(['black', 'normal', 'sabr']),
  vol: n, shift: n,
  sabrQuote: z.enum(['normal', 'black']),
  alpha: n, beta: n, rho: n, nu: n, premium: n,
});

export const calcAtom = (route: 'rateOption' | 'rateOptionMain') =>
  persistedAtom({ key: toolCacheKey(route), version: 1, schema: CalcInputsSchema, defaults: DEFAULT_CALC });

export const rateOptionAtom = calcAtom('rateOption');

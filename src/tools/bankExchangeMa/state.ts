// Inputs of the bank quote screens, kept across reloads per route (cleared at logout with the
// other tool caches): the comparison, the table filter and the chart's choices.
import { z } from 'zod';
import { persistedAtom, toolCacheKey, type PersistedAtom } from '../../kit/tool-state';
import { BANK_QUOTE_SIDES, HISTORY_RANGES } from './model';

const Ccy = z.string().regex(/^[A-Z]{3}$/);
const Inputs = z.object({
  ccy: Ccy,
  amount: z.number().positive().nullable(),
  direction: z.enum(['buyFx', 'sellFx']),
  kind: z.enum(['spot', 'cash']),
  filter: z.union([Ccy, z.literal('all')]),
  chartCcy: Ccy,
  chartSide: z.enum(BANK_QUOTE_SIDES as unknown as [string, ...string[]]),
  range: z.enum(HISTORY_RANGES as unknown as [string, ...string[]]),
});
export type BankInputs = z.infer<typeof Inputs>;

const DEFAULTS: BankInputs = { ccy: 'USD', amount: 10_000, direction: 'buyFx', kind: 'spot', filter: 'all', chartCcy: 'USD', chartSide: 'spotSell', range: '6M' };

export type BankRoute = 'bankExchangeMa' | 'bankExchange' | 'bankExchangeEn';
const atoms = new Map<BankRoute, PersistedAtom<BankInputs>>();

export function bankInputsAtom(route: BankRoute): PersistedAtom<BankInputs> {
  let a = atoms.get(route);
  if (!a) {
    a = persistedAtom({ key: toolCacheKey(route), version: 1, schema: Inputs, defaults: DEFAULTS });
    atoms.set(route, a);
  }
  return a;
}

// The trade ledger of /transactionValuation as one zod schema, shared by the screen (file
// import, grid rows) and OptPricingSvr FXLEDGER (which checks every trade it is sent again).
// An issue's message is a code (see LEDGER_ISSUES); the screen words it in the user's language.
import { z } from 'zod';
import { fromISO } from '../../dates/date';

export const TRADE_TYPES = ['spot', 'forward', 'swap', 'option'] as const;
export type TradeType = (typeof TRADE_TYPES)[number];

/** Issue codes a trade can raise (the screen has zh/en words for each). */
export const LEDGER_ISSUES = ['required', 'number', 'positive', 'date', 'pair', 'currency', 'choice', 'swapFar', 'farAfterNear', 'option', 'expiryAfterDelivery', 'premiumCurrency'] as const;
export type LedgerIssue = (typeof LEDGER_ISSUES)[number];

const isoDate = z.string({ error: (i) => (i.input == null ? 'required' : 'date') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date')
  .refine((s) => { try { fromISO(s); return true; } catch { return false; } }, 'date');
const positive = z.number({ error: (i) => (i.input == null ? 'required' : 'number') }).finite('number').positive('positive');
const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: (i) => (i.input == null ? 'required' : 'choice') });
const opt = <T extends z.ZodType>(s: T) => s.nullish().transform((v) => v ?? undefined);

/**
 * One trade. `direction` is buy or sell of the base currency (swaps: of the near leg, the
 * far leg is the reverse; options: bought or sold). `rate` is the dealt rate (spot, forward,
 * swap near leg) or the strike; `valueDate` the value or maturity date (swap: near date;
 * option: delivery date). Notional in the pair's base currency.
 */
export const LedgerTrade = z.object({
  id: z.string({ error: 'required' }).trim().min(1, 'required').max(64, 'required'),
  type: choice(TRADE_TYPES),
  pair: z.string({ error: 'required' }).transform((s) => s.replace(/[\s/]/g, '').toUpperCase()).pipe(z.string().regex(/^[A-Z]{6}$/, 'pair')),
  direction: choice(['buy', 'sell'] as const),
  notional: positive,
  rate: positive,
  tradeDate: opt(isoDate),
  valueDate: isoDate,
  farRate: opt(positive),
  farDate: opt(isoDate),
  /** Far-leg base notional (uneven swaps); the near notional when absent. */
  farNotional: opt(positive),
  optionType: opt(choice(['call', 'put'] as const)),
  expiry: opt(isoDate),
  /** Premium amount (positive; paid when bought, received when sold). */
  premium: opt(z.number({ error: 'number' }).finite('number').nonnegative('positive')),
  premiumCurrency: opt(z.string({ error: 'currency' }).transform((s) => s.trim().toUpperCase()).pipe(z.string().regex(/^[A-Z]{3}$/, 'currency'))),
}).superRefine((t, ctx) => {
  const issue = (path: string, message: LedgerIssue) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (t.type === 'swap') {
    if (t.farRate === undefined) issue('farRate', 'swapFar');
    if (t.farDate === undefined) issue('farDate', 'swapFar');
    else if (t.farDate <= t.valueDate) issue('farDate', 'farAfterNear');
  }
  if (t.type === 'option') {
    if (t.optionType === undefined) issue('optionType', 'option');
    if (t.expiry === undefined) issue('expiry', 'option');
    else if (t.expiry > t.valueDate) issue('expiry', 'expiryAfterDelivery');
    if (t.premium !== undefined && t.premium > 0 && t.premiumCurrency !== undefined && !t.pair.includes(t.premiumCurrency)) issue('premiumCurrency', 'premiumCurrency');
  }
});

export type LedgerTrade = z.output<typeof LedgerTrade>;
export type LedgerTradeInput = z.input<typeof LedgerTrade>;

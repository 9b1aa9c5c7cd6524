// The calculator's inputs, kept across reloads under SPEC's key for the option screen
// (`cache.optionCalculator`, cleared at logout), and the desk's conventions under their own
// key so a loaded or shared item never changes how this user quotes. Market figures are not
// stored: `null` means "the market's figure"; a number is what the user typed (an override).
import { z } from 'zod';
import { persistedAtom, PricingCacheKey, toolCacheKey } from '../../kit/tool-state';
import { PRESET_VALUES } from '../../pricing-core/engines/fx-option-calculator/presets';
import { STRATEGY_NAMES } from '../../pricing-core/engines/fx-option-calculator/strategies';

const TenorOrDate = z.union([
  z.object({ kind: z.literal('tenor'), tenor: z.string().max(12) }),
  z.object({ kind: z.literal('date'), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
]);

export const CustomLeg = z.object({
  direction: z.enum(['buy', 'sell']),
  type: z.enum(['call', 'put']),
  instrument: z.enum(['VA', 'AR', 'AS']),
  /** null: at the money (the selected ATM definition). */
  strike: z.number().positive().nullable(),
  /** null: the main notional. */
  notional: z.number().positive().nullable(),
  /** Percent; null: the surface at the leg's strike. */
  vol: z.number().positive().nullable(),
});
export type CustomLeg = z.infer<typeof CustomLeg>;

export const Inputs = z.object({
  pair: z.string().regex(/^[A-Z]{6}$/),
  direction: z.enum(['buy', 'sell']),
  type: z.enum(['call', 'put']),
  instrument: z.enum(['VA', 'AR', 'AS', 'PP', 'CU']),
  strategy: z.enum(STRATEGY_NAMES as unknown as [string, ...string[]]),
  preset: z.enum(PRESET_VALUES as unknown as [string, ...string[]]),
  /** Overrides of market figures (null = market). Rates and vol in percent. */
  spot: z.number().positive().nullable(),
  strike: z.number().positive().nullable(),
  expiry: TenorOrDate.nullable(),
  notional: z.number().positive().nullable(),
  notionalCurrency: z.enum(['base', 'quote']),
  vol: z.number().positive().nullable(),
  rd: z.number().nullable(),
  rf: z.number().nullable(),
  premiumDate: TenorOrDate.nullable(),
  /** Percent, continuously compounded; null = the domestic rate. */
  premiumRate: z.number().nullable(),
  /** Solve targets: the premium (as `premiumType`) or the delta (as `deltaType`, `deltaField`). */
  targetPremium: z.number().nullable(),
  premiumType: z.enum(['Amt', 'Pct', 'Pips']),
  targetDelta: z.number().nullable(),
  deltaType: z.enum(['Pct', 'Amt']),
  deltaField: z.enum(['Delta', 'ForwardDelta']),
  /** Average-rate / average-strike fixings from the spot date to expiry. */
  fixings: z.enum(['daily', 'weekly', 'monthly']),
  legs: z.array(CustomLeg).max(12),
  /** Strikes of a pre-packaged strategy's legs in template order (null: the template's). */
  strikes: z.array(z.number().positive().nullable()).max(4),
});
export type Inputs = z.infer<typeof Inputs>;

export const DEFAULT_LEGS: CustomLeg[] = [
  { direction: 'buy', type: 'call', instrument: 'VA', strike: null, notional: null, vol: null },
  { direction: 'sell', type: 'call', instrument: 'VA', strike: null, notional: null, vol: null },
];

export const DEFAULT_INPUTS: Inputs = {
  pair: 'USDCNY', direction: 'buy', type: 'call', instrument: 'VA', strategy: 'riskReversal', preset: 'Premium',
  spot: null, strike: null, expiry: { kind: 'tenor', tenor: '3M' }, notional: 1_000_000, notionalCurrency: 'base',
  vol: null, rd: null, rf: null, premiumDate: null, premiumRate: null,
  targetPremium: null, premiumType: 'Amt', targetDelta: 25, deltaType: 'Pct', deltaField: 'Delta',
  fixings: 'weekly', legs: DEFAULT_LEGS, strikes: [],
};

export const inputsAtom = persistedAtom({ key: PricingCacheKey.option, version: 1, schema: Inputs, defaults: DEFAULT_INPUTS });

export const Conventions = z.object({
  premiumCurrency: z.enum(['quote', 'base']),
  delta: z.enum(['spot', 'forward']),
  premiumAdjusted: z.boolean(),
  atm: z.enum(['spot', 'forward', 'deltaNeutral', 'deltaNeutralPremiumAdjusted']),
});
export type Conventions = z.infer<typeof Conventions>;
export const DEFAULT_CONVENTIONS: Conventions = { premiumCurrency: 'quote', delta: 'spot', premiumAdjusted: false, atm: 'deltaNeutral' };
export const conventionsAtom = persistedAtom({ key: toolCacheKey('optionCalculator', 'conventions'), version: 1, schema: Conventions, defaults: DEFAULT_CONVENTIONS });

/** A saved or shared item: the inputs as typed (the conventions stay the reader's own). */
export const payloadSpec = { version: 1, schema: Inputs, defaults: DEFAULT_INPUTS };

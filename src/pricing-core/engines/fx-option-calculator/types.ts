// Inputs and results of the FX option calculator (docs/pricing-fx-option-calculator.md).
// Times are year fractions from the valuation date (request.ts turns ISO dates into them,
// ACT/365F); rates are continuously compounded decimals; vols decimals; percentages are
// fractions (0.0125 = 1.25 %), as everywhere in the pricing core.
import type { OptionType } from '../../core/types';
import type { AtmConvention, DeltaConvention } from '../fx/fx-conventions';
import type { FxSmile } from '../../market/fx-smile/fx-smile';
import type { VolSurface } from '../../market/fx-smile/vol-surface';
import type { FixingSchedule, LegInstrument } from './leg-pricer';
import type { InstrumentCode, PresetValue } from './presets';

export type Direction = 'buy' | 'sell';
export type NotionalCurrency = 'base' | 'quote';

/** How a leg's strike is given: a price, a delta (|delta| as a fraction), or an ATM definition. */
export type StrikeSpec =
  | { readonly kind: 'price'; readonly value: number }
  | { readonly kind: 'delta'; readonly delta: number; readonly convention?: DeltaConvention }
  | { readonly kind: 'atm'; readonly convention?: AtmConvention };

export interface CalcLeg {
  readonly direction: Direction;
  readonly type: OptionType;
  readonly instrument: LegInstrument;
  /** Absent only where the preset solves it. Ignored for average strike (AS). */
  readonly strike?: StrikeSpec;
  /** Notional amount (> 0) and the currency it is in. */
  readonly notional: number;
  readonly notionalCurrency: NotionalCurrency;
  readonly tExpiry: number;
  readonly tDelivery: number;
  /** Volatility override; otherwise read off the surface at (tExpiry, strike). */
  readonly vol?: number;
  /** Rate overrides for this leg (the curves read at its delivery); `forward` implies rf. */
  readonly rd?: number;
  readonly rf?: number;
  readonly forward?: number;
  readonly fixings?: FixingSchedule;
}

/** Conventions the desk selects (and the screen remembers). */
export interface CalcConventions {
  readonly premiumCurrency: 'quote' | 'base';
  readonly delta: 'spot' | 'forward';
  readonly premiumAdjusted: boolean;
  readonly atm: AtmConvention;
}

export const DEFAULT_CONVENTIONS: CalcConventions = Object.freeze({
  premiumCurrency: 'quote', delta: 'spot', premiumAdjusted: false, atm: 'deltaNeutral',
});

/** The delta convention of the fx-conventions module that a set of conventions names. */
export function deltaConventionOf(c: Pick<CalcConventions, 'delta' | 'premiumAdjusted'>): DeltaConvention {
  if (c.delta === 'spot') return c.premiumAdjusted ? 'spotPremiumAdjusted' : 'spot';
  return c.premiumAdjusted ? 'forwardPremiumAdjusted' : 'forward';
}

/** Immutable market of one calculation. */
export interface CalcMarket {
  readonly spot: number;
  readonly rd: number;
  readonly rf: number;
  readonly tSpot: number;
  readonly tPremium: number;
  readonly premiumRate?: number;
  /** 1e-4 for most pairs, 1e-2 when the quote currency is JPY. */
  readonly pipSize: number;
  /** Flat volatility (used when there is no surface and the leg has no override). */
  readonly vol?: number;
  readonly surface?: VolSurface;
  readonly smiles?: readonly FxSmile[];
}

/** The six premium quotations. Pct values are fractions. */
export interface PremiumQuotations {
  /** quote-currency amount */
  quoteAmount: number;
  /** base-currency amount (converted at the forward for the premium date) */
  baseAmount: number;
  /** quote-currency pips: quote units per unit of base notional / pip */
  quotePips: number;
  /** base-currency pips: base units per unit of quote notional / pip */
  basePips: number;
  /** quote-currency premium / quote-currency notional (N x strike) */
  quotePct: number;
  /** base-currency premium / base-currency notional */
  basePct: number;
}

export type PremiumQuoteName = keyof PremiumQuotations;

/** A solve target: a premium (Amt / Pct / Pips in quote or base currency) or a delta. */
export type CalcTarget =
  | { readonly field: 'Premium'; readonly type: 'Amt' | 'Pct' | 'Pips'; readonly currency: 'quote' | 'base'; readonly value: number }
  | { readonly field: 'Delta' | 'ForwardDelta'; readonly type: 'Pct' | 'Amt'; readonly value: number };

export interface CurveRequest {
  /** Points on the spot axis (default 101, at most 2001). */
  readonly spotPoints?: number;
  /** Spot axis range; default the forward x e^{+-4 sd} of the longest leg. */
  readonly spotMin?: number;
  readonly spotMax?: number;
  /** Points on the time axis, from today to the first expiry (default 26, at most 501). */
  readonly timePoints?: number;
}

export interface CalcInputs {
  readonly instrument: InstrumentCode;
  readonly preset: PresetValue;
  readonly market: CalcMarket;
  readonly legs: readonly CalcLeg[];
  readonly conventions: CalcConventions;
  readonly target?: CalcTarget;
  /** Base and quote currency codes (for labels; the maths needs none). */
  readonly pair?: { readonly base: string; readonly quote: string };
  /** Leg (0-based) solved by the single-leg presets; default 0. */
  readonly solveLeg?: number;
  /** Legs (0-based) whose strikes the Strike preset solves; default from the preset table. */
  readonly solveLegs?: readonly number[];
  readonly curves?: CurveRequest;
}

/** Greeks of a leg or a total, in the calculator's units (see GREEK_UNITS). */
export interface GreekSet {
  delta: number;
  forwardDelta: number;
  deltaPremiumAdjusted: number;
  forwardDeltaPremiumAdjusted: number;
  /** the delta in the selected conventions */
  conventionDelta: number;
  gamma: number;
  gammaBigFigure: number;
  vega: number;
  theta: number;
  rhoDomestic: number;
  rhoForeign: number;
  vanna: number;
  volga: number;
}

/** Units of the greek amounts (normalised values are the same per unit of base notional). */
export const GREEK_UNITS: Readonly<Record<keyof GreekSet, string>> = Object.freeze({
  delta: 'base-currency amount of spot to hedge (spot delta, not premium-adjusted)',
  forwardDelta: 'base-currency amount (forward delta)',
  deltaPremiumAdjusted: 'base-currency amount (spot delta minus the premium in base currency)',
  forwardDeltaPremiumAdjusted: 'base-currency amount (forward premium-adjusted delta)',
  conventionDelta: 'base-currency amount in the selected delta conventions',
  gamma: 'change of the spot delta (base currency) for a 1% rise in spot',
  gammaBigFigure: 'change of the spot delta (base currency) for a rise of one big figure (100 pips)',
  vega: 'quote-currency change of the premium for +1 vol point',
  theta: 'quote-currency change of the premium for one calendar day passing',
  rhoDomestic: 'quote-currency change of the premium for +1 bp in the quote-currency rate',
  rhoForeign: 'quote-currency change of the premium for +1 bp in the base-currency rate',
  vanna: 'change of the spot delta (base currency) for +1 vol point',
  volga: 'change of the vega (quote currency per vol point) for +1 vol point',
});

export interface LegResult {
  legNum: number;
  direction: Direction;
  type: OptionType;
  instrument: LegInstrument;
  /** The strike priced (for AS: absent, the strike is the average). */
  strike?: number;
  vol: number;
  volSource: 'input' | 'surface' | 'flat' | 'solved';
  notionalBase: number;
  notionalQuote?: number;
  tExpiry: number;
  tDelivery: number;
  rd: number;
  rf: number;
  forward: number;
  /** (forward - spot) / pip */
  swapPoints: number;
  /** What the buyer of this leg pays (>= 0), in every quotation. */
  premium: PremiumQuotations;
  /** Signed from our side: positive = we pay (buy), negative = we receive (sell). */
  netPremium: { quoteAmount: number; baseAmount: number };
  /** The premium (unsigned) in the selected premium currency: the amount the desk settles. */
  premiumInCurrency: { currency: 'quote' | 'base'; amount: number };
  /** Amounts (signed by direction, for the notional) and the same per unit of base notional. */
  greeks: GreekSet;
  normalised: GreekSet;
  /** PRICING-CLI style derivatives per unit, long the option (unscaled, theta per year). */
  raw: {
    value: number; spotDelta: number; forwardDelta: number; gamma: number; vega: number; theta: number;
    rhoDomestic: number; rhoForeign: number; vanna: number; volga: number;
  };
  stderr?: number;
}

export interface CalcResult {
  instrument: InstrumentCode;
  preset: PresetValue;
  /** What the preset solved: the field, the legs (1-based) and the values, with a second solution when there is one. */
  solved?: { field: 'StrikePx' | 'Volatility' | 'Strikes'; legNums: number[]; values: number[]; alternative?: number; parameter?: number };
  legs: LegResult[];
  total: {
    /** Net premium, positive = we pay; Pct/Pips relative to leg 1's notional and strike. */
    premium: PremiumQuotations;
    /** The net premium in the selected premium currency. */
    premiumInCurrency: { currency: 'quote' | 'base'; amount: number };
    greeks: GreekSet;
  };
  spot: number;
  pipSize: number;
  conventions: CalcConventions;
  pair?: { base: string; quote: string };
}

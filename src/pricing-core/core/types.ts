// Shared plain types of the pricing core.

export type OptionType = 'call' | 'put';

/** +1 for a call, -1 for a put: the payoff is max(omega (S - K), 0). */
export function optionSign(type: OptionType): 1 | -1 {
  return type === 'call' ? 1 : -1;
}

/**
 * Flat Black-Scholes / Garman-Kohlhagen market for one expiry: continuously compounded
 * domestic rate `rd` (quote currency), foreign rate `rf` (base currency or dividend yield),
 * annualised volatility, year fraction `t` to expiry.
 */
export interface BlackMarket {
  readonly spot: number;
  readonly t: number;
  readonly rd: number;
  readonly rf: number;
  readonly vol: number;
}

/** Value and first-order sensitivities per PRICING-CLI: unscaled, theta per year of calendar time. */
export interface Greeks {
  npv: number;
  delta: number;
  gamma: number;
  vega: number;
  theta: number;
  rhoDomestic: number;
  rhoForeign: number;
}

/** Raised for inputs a model cannot price; the API turns it into `{ error }`. */
export class PricingError extends Error {}

/**
 * An inverse solve (strike, vol, implied vol...) whose target no input can reach: the
 * screens show SPEC's "inverse result cannot be obtained, check input" for it, never a
 * number. A subclass of PricingError, so callers that only know PricingError still refuse.
 */
export const NO_INVERSE_MESSAGE = 'inverse result cannot be obtained, check input';

export class InverseSolveError extends PricingError {
  readonly code = 'NO_INVERSE';
}

// What is traded, as plain immutable data: no market data, no pricing. Times are year
// fractions from the valuation date (the dates layer turns calendar dates into them);
// notionals are amounts of the base (foreign) currency, premiums come out in the quote
// (domestic) currency.
import type { CurrencyAmount, CurrencyPair } from '../core/currency';
import type { OptionType } from '../core/types';

export type BarrierType = 'downIn' | 'downOut' | 'upIn' | 'upOut';

export interface EuropeanOption {
  readonly kind: 'european';
  readonly pair?: CurrencyPair;
  readonly type: OptionType;
  readonly strike: number;
  readonly expiry: number;
  readonly notional: CurrencyAmount;
}

export interface DigitalOption {
  readonly kind: 'digital';
  readonly pair?: CurrencyPair;
  readonly type: OptionType;
  readonly strike: number;
  readonly expiry: number;
  readonly payoff: 'cash' | 'asset';
  /** cash paid per unit of notional (cash digitals), in the quote currency */
  readonly cash: number;
  readonly notional: CurrencyAmount;
}

export interface BarrierOption {
  readonly kind: 'barrier';
  readonly pair?: CurrencyPair;
  readonly type: OptionType;
  readonly strike: number;
  readonly expiry: number;
  readonly barrierType: BarrierType;
  readonly barrier: number;
  /** per unit of notional: at hit for knock-outs, at expiry for knock-ins */
  readonly rebate: number;
  /** years between fixings for discrete monitoring; absent = continuous */
  readonly monitoringInterval?: number;
  readonly notional: CurrencyAmount;
}

export interface TouchOption {
  readonly kind: 'touch';
  readonly pair?: CurrencyPair;
  readonly touchType: 'oneTouch' | 'noTouch';
  readonly payAt: 'hit' | 'expiry';
  readonly barrier: number;
  readonly expiry: number;
  readonly cash: CurrencyAmount;
}

export type OptionInstrument = EuropeanOption | DigitalOption | BarrierOption | TouchOption;

export function europeanOption(type: OptionType, strike: number, expiry: number, notional: CurrencyAmount, pair?: CurrencyPair): EuropeanOption {
  return Object.freeze({ kind: 'european', type, strike, expiry, notional, pair });
}

export function barrierOption(
  type: OptionType, strike: number, expiry: number, barrierType: BarrierType, barrier: number, rebate: number,
  notional: CurrencyAmount, pair?: CurrencyPair,
): BarrierOption {
  return Object.freeze({ kind: 'barrier', type, strike, expiry, barrierType, barrier, rebate, notional, pair });
}

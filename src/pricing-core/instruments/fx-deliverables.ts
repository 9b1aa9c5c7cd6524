// FX outrights and swaps as plain data. Buying `notional` (base currency) at `rate` (quote
// units per base unit) for delivery at `delivery` years; a negative notional sells.
import type { CurrencyAmount, CurrencyPair } from '../core/currency';

export interface FxForward {
  readonly kind: 'fxForward';
  readonly pair: CurrencyPair;
  readonly notional: CurrencyAmount;
  readonly rate: number;
  readonly delivery: number;
}

/** Buy `notional` at the near date and sell it back at the far date (negative: the reverse). */
export interface FxSwap {
  readonly kind: 'fxSwap';
  readonly pair: CurrencyPair;
  readonly notional: CurrencyAmount;
  readonly near: number;
  readonly far: number;
  readonly nearRate?: number;
  readonly farRate?: number;
}

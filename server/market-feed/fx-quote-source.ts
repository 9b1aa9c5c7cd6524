// The seam between the gateway and wherever FX quotes come from. The simulated source
// implements it today; a real feed (bank API, FIX session...) replaces it without touching
// the publisher or the gateway.

export interface FxQuote {
  /** Six-letter pair, e.g. USDCNY. */
  pair: string;
  bid: number;
  ask: number;
  mid: number;
  /** Epoch milliseconds. */
  ts: number;
}

export interface FxQuoteSource {
  readonly name: string;
  /** True for generated data; shown in logs so nobody mistakes it for a market. */
  readonly simulated: boolean;
  readonly pairs: readonly string[];
  start(onQuote: (q: FxQuote) => void): void;
  stop(): void;
}

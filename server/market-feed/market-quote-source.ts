// The seam for every intraday series other than FX spot (forward points, vols, futures,
// index levels, crypto): a source emits { id, value, ts } for catalogue series ids and the
// publisher puts them on md.{id}. The simulated source implements it; a vendor adapter
// (Wind, Bloomberg B-PIPE, a bank's API...) implements the same and is started instead.
import type { SourceKind } from '../../src/kit/market-data/provenance';

export interface MarketQuote {
  /** Catalogue series id, e.g. vol.USDCNY.1M.ATM. */
  id: string;
  value: number;
  bid?: number;
  ask?: number;
  /** Epoch milliseconds. */
  ts: number;
}

export interface MarketQuoteSource {
  readonly name: string;
  /** True for generated data: pushes are labelled sourceKind 'simulated'. */
  readonly simulated: boolean;
  readonly sourceKind: SourceKind;
  start(onQuote: (q: MarketQuote) => void): void;
  stop(): void;
}

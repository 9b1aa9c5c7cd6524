// SIMULATED market data: geometric Brownian motion per pair with its own volatility, a
// fixed bid/ask spread, and 1-4 ticks a second per pair at random (exponential gaps).
// Deterministic for a given seed, so tests can replay it. Not a market: do not trade on it.
import type { FxQuote, FxQuoteSource } from './fx-quote-source';
import { mulberry32 } from '../../src/pricing-core/math/random';
import { SimulatedTicker, exponentialGap, gaussian } from './simulated-ticker';

export { gaussian };

export interface SimulatedPair {
  pair: string;
  /** Starting mid. */
  mid: number;
  /** Annualised volatility (0.05 = 5 %). */
  vol: number;
  /** Full bid/ask spread in price units. */
  spread: number;
  /** Decimals quoted. */
  decimals: number;
}

/**
 * Starting mids are the sample snapshot's spot closes (server/services/market-data/sample,
 * checked by a test) so the simulated feed continues the sample history; spreads are
 * interbank-like.
 */
export const DEFAULT_PAIRS: readonly SimulatedPair[] = [
  { pair: 'USDCNY', mid: 7.118, vol: 0.035, spread: 0.0010, decimals: 4 },
  { pair: 'USDCNH', mid: 7.1235, vol: 0.045, spread: 0.0008, decimals: 4 },
  { pair: 'EURCNY', mid: 8.2711, vol: 0.06, spread: 0.0020, decimals: 4 },
  { pair: 'JPYCNY', mid: 0.046706, vol: 0.09, spread: 0.00002, decimals: 6 },
  { pair: 'EURUSD', mid: 1.162, vol: 0.07, spread: 0.00010, decimals: 5 },
  { pair: 'USDJPY', mid: 152.4, vol: 0.095, spread: 0.010, decimals: 3 },
  { pair: 'GBPUSD', mid: 1.328, vol: 0.08, spread: 0.00015, decimals: 5 },
  { pair: 'AUDUSD', mid: 0.658, vol: 0.1, spread: 0.00012, decimals: 5 },
  { pair: 'USDCHF', mid: 0.798, vol: 0.075, spread: 0.00015, decimals: 5 },
  { pair: 'USDHKD', mid: 7.781, vol: 0.01, spread: 0.0005, decimals: 4 },
  { pair: 'GBPCNY', mid: 9.4527, vol: 0.075, spread: 0.0030, decimals: 4 },
  { pair: 'AUDCNY', mid: 4.6836, vol: 0.09, spread: 0.0020, decimals: 4 },
  { pair: 'HKDCNY', mid: 0.91479, vol: 0.035, spread: 0.0002, decimals: 5 },
];

const SECONDS_PER_YEAR = 365 * 24 * 3600;

/** Small, fast, seedable uniform numbers. */
export const seededRandom = mulberry32;

/** One GBM step of `dtSeconds` with zero drift: E[mid] is preserved. */
export function gbmStep(mid: number, vol: number, dtSeconds: number, z: number): number {
  const dt = dtSeconds / SECONDS_PER_YEAR;
  return mid * Math.exp(-0.5 * vol * vol * dt + vol * Math.sqrt(dt) * z);
}

export function quoteFor(p: SimulatedPair, mid: number, ts: number): FxQuote {
  const f = 10 ** p.decimals;
  const round = (x: number) => Math.round(x * f) / f;
  const half = p.spread / 2;
  return { pair: p.pair, bid: round(mid - half), ask: round(mid + half), mid: round(mid), ts };
}

interface PairState {
  cfg: SimulatedPair;
  mid: number;
  lastTs: number;
  nextTs: number;
  /** Ticks per second for this pair, 1-4. */
  rate: number;
}

export interface SimulatedFxSourceOptions {
  pairs?: readonly SimulatedPair[];
  seed?: number;
  /** Scheduler resolution; each timer run emits every pair that is due. */
  timerMs?: number;
  now?: () => number;
}

export class SimulatedFxSource extends SimulatedTicker<PairState, FxQuote> implements FxQuoteSource {
  readonly name = 'simulated-gbm';
  readonly pairs: readonly string[];

  constructor(opts: SimulatedFxSourceOptions = {}) {
    super(opts, 50);
    const cfgs = opts.pairs ?? DEFAULT_PAIRS;
    const t0 = this.now();
    this.pairs = cfgs.map((c) => c.pair);
    this.states = cfgs.map((cfg) => {
      const rate = 1 + 3 * this.rand();
      return { cfg, mid: cfg.mid, lastTs: t0, rate, nextTs: t0 + this.gap(rate) };
    });
  }

  private gap(rate: number): number {
    return (exponentialGap(this.rand, 1) / rate) * 1000;
  }

  protected advance(s: PairState, t: number): FxQuote {
    s.mid = gbmStep(s.mid, s.cfg.vol, Math.max(0, (t - s.lastTs) / 1000), gaussian(this.rand));
    s.lastTs = t;
    s.nextTs = t + this.gap(s.rate);
    return quoteFor(s.cfg, s.mid, t);
  }
}

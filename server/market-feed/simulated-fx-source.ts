// SIMULATED market data: geometric Brownian motion per pair with its own volatility, a
// fixed bid/ask spread, and 1-4 ticks a second per pair at random (exponential gaps).
// Deterministic for a given seed, so tests can replay it. Not a market: do not trade on it.
import type { FxQuote, FxQuoteSource } from './fx-quote-source';
import { mulberry32 } from '../../src/pricing-core/math/random';

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

/** Plausible late-2020s levels; spreads are interbank-like. */
export const DEFAULT_PAIRS: readonly SimulatedPair[] = [
  { pair: 'USDCNY', mid: 7.12, vol: 0.035, spread: 0.0010, decimals: 4 },
  { pair: 'USDCNH', mid: 7.125, vol: 0.045, spread: 0.0008, decimals: 4 },
  { pair: 'EURCNY', mid: 7.73, vol: 0.06, spread: 0.0020, decimals: 4 },
  { pair: 'JPYCNY', mid: 0.0478, vol: 0.09, spread: 0.00002, decimals: 6 },
  { pair: 'EURUSD', mid: 1.085, vol: 0.07, spread: 0.00010, decimals: 5 },
  { pair: 'USDJPY', mid: 149.5, vol: 0.095, spread: 0.010, decimals: 3 },
  { pair: 'GBPUSD', mid: 1.27, vol: 0.08, spread: 0.00015, decimals: 5 },
  { pair: 'AUDUSD', mid: 0.655, vol: 0.1, spread: 0.00012, decimals: 5 },
  { pair: 'USDCHF', mid: 0.885, vol: 0.075, spread: 0.00015, decimals: 5 },
  { pair: 'USDHKD', mid: 7.81, vol: 0.01, spread: 0.0005, decimals: 4 },
];

const SECONDS_PER_YEAR = 365 * 24 * 3600;

/** Small, fast, seedable uniform numbers. */
export const seededRandom = mulberry32;

export function gaussian(rand: () => number): number {
  // Box-Muller; 1 - u keeps the log argument in (0, 1].
  const u = 1 - rand();
  const v = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

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

export class SimulatedFxSource implements FxQuoteSource {
  readonly name = 'simulated-gbm';
  readonly simulated = true;
  readonly pairs: readonly string[];
  private readonly states: PairState[];
  private readonly rand: () => number;
  private readonly now: () => number;
  private readonly timerMs: number;
  private timer: NodeJS.Timeout | null = null;
  private onQuote: ((q: FxQuote) => void) | null = null;

  constructor(opts: SimulatedFxSourceOptions = {}) {
    const cfgs = opts.pairs ?? DEFAULT_PAIRS;
    this.rand = seededRandom(opts.seed ?? Date.now());
    this.now = opts.now ?? Date.now;
    this.timerMs = opts.timerMs ?? 50;
    const t0 = this.now();
    this.pairs = cfgs.map((c) => c.pair);
    this.states = cfgs.map((cfg) => {
      const rate = 1 + 3 * this.rand();
      return { cfg, mid: cfg.mid, lastTs: t0, rate, nextTs: t0 + this.gap(rate) };
    });
  }

  private gap(rate: number): number {
    return (-Math.log(1 - this.rand()) / rate) * 1000;
  }

  /** Emits every pair whose next tick is due at `t`; returns the quotes emitted. */
  tick(t: number = this.now()): FxQuote[] {
    const out: FxQuote[] = [];
    for (const s of this.states) {
      if (s.nextTs > t) continue;
      s.mid = gbmStep(s.mid, s.cfg.vol, Math.max(0, (t - s.lastTs) / 1000), gaussian(this.rand));
      s.lastTs = t;
      s.nextTs = t + this.gap(s.rate);
      const q = quoteFor(s.cfg, s.mid, t);
      out.push(q);
      this.onQuote?.(q);
    }
    return out;
  }

  start(onQuote: (q: FxQuote) => void): void {
    this.onQuote = onQuote;
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.timerMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.onQuote = null;
  }
}

// SIMULATED intraday moves for the non-FX intraday series (forward points, vols, futures,
// index and ETF levels, crypto), starting from their stored latest values. Each series
// ticks about every `meanGapMs` (random), moving a small step: multiplicative for prices and
// ATM vols, additive for risk reversals, butterflies and forward points, with a weak pull
// back to the start so a server left running for weeks stays near plausible levels.
// Deterministic for a seed. Not a market: every push is labelled sourceKind 'simulated'.
import type { SeriesInfo } from '../../src/kit/market-data/series';
import type { MarketQuote, MarketQuoteSource } from './market-quote-source';
import { SimulatedTicker, exponentialGap, gaussian } from './simulated-ticker';

export interface SimulatedSeries {
  info: Pick<SeriesInfo, 'id' | 'kind' | 'unit' | 'quote' | 'decimals' | 'calendar'>;
  start: number;
}

interface State {
  s: SimulatedSeries;
  x: number;
  mode: 'log' | 'add';
  step: number;
  nextTs: number;
}

export interface SimulatedMarketOptions {
  seed?: number;
  now?: () => number;
  timerMs?: number;
  /** Mean time between two ticks of one series. */
  meanGapMs?: number;
}

export function stepFor(s: SimulatedSeries): { mode: 'log' | 'add'; step: number } {
  const { kind, unit, quote } = s.info;
  if (kind === 'vol') return quote === 'ATM' || !quote ? { mode: 'log', step: 0.003 } : { mode: 'add', step: 0.004 };
  if (unit === 'pips') return { mode: 'add', step: Math.max(0.02, Math.abs(s.start) * 0.0008) };
  if (kind === 'cryptoSpot') return { mode: 'log', step: 0.0009 };
  if (unit === 'pct') return { mode: 'add', step: 0.001 };
  return { mode: 'log', step: 0.0003 };
}

export class SimulatedMarketSource extends SimulatedTicker<State, MarketQuote> implements MarketQuoteSource {
  readonly name = 'simulated-market';
  readonly sourceKind = 'simulated' as const;
  private readonly meanGapMs: number;

  constructor(series: readonly SimulatedSeries[], opts: SimulatedMarketOptions = {}) {
    super(opts, 250);
    this.meanGapMs = opts.meanGapMs ?? 4000;
    const t0 = this.now();
    this.states = series
      .filter((s) => Number.isFinite(s.start))
      .map((s) => ({ s, x: s.start, ...stepFor(s), nextTs: t0 + this.gap() }));
  }

  get ids(): string[] {
    return this.states.map((st) => st.s.info.id);
  }

  private gap(): number {
    return exponentialGap(this.rand, this.meanGapMs);
  }

  protected advance(st: State, t: number): MarketQuote {
    st.nextTs = t + this.gap();
    const z = gaussian(this.rand);
    if (st.mode === 'log') {
      const pull = 0.01 * Math.log(st.s.start / st.x);
      st.x *= Math.exp(pull + st.step * z);
    } else st.x += 0.01 * (st.s.start - st.x) + st.step * z;
    const f = 10 ** st.s.info.decimals;
    return { id: st.s.info.id, value: Math.round(st.x * f) / f, ts: t };
  }
}

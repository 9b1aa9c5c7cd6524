// The scheduling shared by the SIMULATED sources: a seeded random stream, a timer that emits
// every item whose next tick is due, and start/stop. Subclasses own the states and the move.
import { mulberry32 } from '../../src/pricing-core/math/random';

export function gaussian(rand: () => number): number {
  // Box-Muller; 1 - u keeps the log argument in (0, 1].
  const u = 1 - rand();
  const v = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** An exponential waiting time with mean `meanMs`. */
export function exponentialGap(rand: () => number, meanMs: number): number {
  return -Math.log(1 - rand()) * meanMs;
}

export interface TickState {
  nextTs: number;
}

export abstract class SimulatedTicker<S extends TickState, Q> {
  readonly simulated = true;
  protected states: S[] = [];
  protected readonly rand: () => number;
  protected readonly now: () => number;
  private readonly timerMs: number;
  private timer: NodeJS.Timeout | null = null;
  private onQuote: ((q: Q) => void) | null = null;

  constructor(opts: { seed?: number; now?: () => number; timerMs?: number }, defaultTimerMs: number) {
    this.rand = mulberry32(opts.seed ?? Date.now());
    this.now = opts.now ?? Date.now;
    this.timerMs = opts.timerMs ?? defaultTimerMs;
  }

  /** Moves one due state to `t` (and schedules its next tick); returns its quote. */
  protected abstract advance(st: S, t: number): Q;

  /** Emits every state whose next tick is due at `t`; returns the quotes emitted. */
  tick(t: number = this.now()): Q[] {
    const out: Q[] = [];
    for (const st of this.states) {
      if (st.nextTs > t) continue;
      const q = this.advance(st, t);
      out.push(q);
      this.onQuote?.(q);
    }
    return out;
  }

  start(onQuote: (q: Q) => void): void {
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

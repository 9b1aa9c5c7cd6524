// As-you-type pricing as a small state machine, outside React (use-pricing.ts binds it):
//
//   idle ──input()──▶ waiting (busy, debounce running) ──timer──▶ pricing (busy) ──reply──▶ idle
//                         ▲  input() restarts the debounce          │ input(): back to waiting;
//                         └─────────────────────────────────────────┘ the reply is dropped
//   commit() (Enter, Price button) skips the debounce.
//
// busy turns true synchronously inside input()/start(), so a screen's aria-busy changes in
// the same event as the keystroke. Newest wins: every input bumps a version and a reply is
// applied only if no input came after the one it answers, so a late reply never overwrites
// a newer one, in whatever order replies arrive.
//
// What one "pricing" is for the operation-count gate: one computation actually sent (after
// the debounce settles, or on Enter / Price), not a keystroke; a computation whose request is
// identical to the one whose result is on screen is not sent again and not counted; the
// first computation of a freshly opened tool (its cached inputs) is not counted either.
import type { ReplyBody } from './offline-core';
import type { PricingReply } from './client';

export interface Message {
  key: string;
  values?: Record<string, unknown>;
}

export interface PricingCall {
  method: string;
  content: unknown;
}

/** model.ts of a tool: inputs -> the call to make, or why the inputs cannot be priced. */
export type Prepared = { call: PricingCall } | { invalid: Message };

export type GateVerdict = { allowed: true } | { allowed: false; message: Message };

export interface PricingError {
  kind: 'invalid' | 'failed' | 'blocked';
  message: Message;
  /** The server's (or local core's) own text, English, for a detail line. */
  detail?: string;
}

export interface PricingState<R> {
  busy: boolean;
  result: R | null;
  /** The result on screen was computed in this browser (server unreachable). */
  offline: boolean;
  error: PricingError | null;
  /** Computations counted by the gate so far (diagnostics, tests). */
  counted: number;
}

export interface ControllerOptions<I, R> {
  prepare(input: I): Prepared;
  read(body: ReplyBody, input: I): R;
  run(call: PricingCall): Promise<PricingReply>;
  gate(): GateVerdict;
  debounceMs?: number;
}

export const DEFAULT_DEBOUNCE_MS = 250;

export class PricingController<I, R> {
  private state: PricingState<R> = { busy: false, result: null, offline: false, error: null, counted: 0 };
  private readonly listeners = new Set<() => void>();
  private version = 0;
  private latest: { input: I } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Request key of the result on screen. */
  private shownKey: string | null = null;
  /** The computation under way, so a second Enter on the same input does not price (or count) twice. */
  private inflight: { key: string; version: number; done: Promise<void> } | null = null;
  private disposed = false;

  constructor(private readonly opts: ControllerOptions<I, R>) {}

  getState = (): PricingState<R> => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Marks a computation as coming (busy now), before the input that will start it. */
  start(): void {
    this.set({ busy: true });
  }

  /** A new input: busy at once, priced when typing pauses. */
  input(input: I): void {
    this.latest = { input };
    this.version++;
    this.set({ busy: true });
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.fire(true);
    }, this.opts.debounceMs ?? DEFAULT_DEBOUNCE_MS);
  }

  /** Price now (Enter, the Price button, a tool opening): with a new input or the latest. */
  commit(input?: I, opts: { count?: boolean } = {}): Promise<void> {
    if (input !== undefined || this.latest === null) {
      if (input === undefined) return Promise.resolve();
      this.latest = { input };
      this.version++;
    }
    this.clearTimer();
    this.set({ busy: true });
    return this.fire(opts.count ?? true);
  }

  /** Stops: timers cleared, replies still under way ignored. */
  dispose(): void {
    this.disposed = true;
    this.clearTimer();
  }

  /** After dispose (a component mounted again, as React StrictMode does). */
  resume(): void {
    this.disposed = false;
  }

  private async fire(count: boolean): Promise<void> {
    if (!this.latest || this.disposed) return;
    const version = this.version;
    const input = this.latest.input;
    let prepared: Prepared;
    try {
      prepared = this.opts.prepare(input);
    } catch (e) {
      prepared = { invalid: { key: 'translation:errors.calculationFailed' } };
      console.error('[pricing] prepare failed', e);
    }
    if ('invalid' in prepared) {
      this.shownKey = null;
      this.set({ busy: false, result: null, error: { kind: 'invalid', message: prepared.invalid } });
      return;
    }
    const key = JSON.stringify(prepared.call);
    if (key === this.shownKey && this.state.result !== null && this.state.error === null) {
      this.set({ busy: false });
      return;
    }
    if (this.inflight && this.inflight.key === key && this.inflight.version === version) return this.inflight.done;
    if (count) {
      const verdict = this.opts.gate();
      if (!verdict.allowed) {
        this.set({ busy: false, error: { kind: 'blocked', message: verdict.message } });
        return;
      }
      this.set({ counted: this.state.counted + 1 });
    }
    const done = this.price(prepared.call, key, version, input);
    this.inflight = { key, version, done };
    try {
      await done;
    } finally {
      if (this.inflight?.done === done) this.inflight = null;
    }
  }

  private async price(call: PricingCall, key: string, version: number, input: I): Promise<void> {
    try {
      const reply = await this.opts.run(call);
      if (version !== this.version || this.disposed) return; // a newer input exists: drop
      const result = this.opts.read(reply.body, input);
      this.shownKey = key;
      this.set({ busy: false, result, offline: reply.offline, error: null });
    } catch (e) {
      if (version !== this.version || this.disposed) return;
      this.shownKey = null;
      const detail = e instanceof Error ? e.message : String(e);
      this.set({ busy: false, result: null, error: { kind: 'failed', message: { key: 'translation:errors.calculationFailed' }, detail } });
    }
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private set(patch: Partial<PricingState<R>>): void {
    if (this.disposed) return;
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }
}

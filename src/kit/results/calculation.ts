// The lifecycle of a tool's computation, as an explicit state machine:
//   idle -> busy (run/schedule) -> done | failed;  a newer run supersedes an older one.
// `run` marks the Results region busy synchronously (on the DOM element itself, in the very
// event that started it), so UI-CONTRACT section 3 holds even when the tool starts work from a
// timer or a socket callback; the region clears aria-busy in the commit that shows the
// outcome. An older reply never overwrites a newer one.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isAbort } from './errors';

export type CalcStatus = 'idle' | 'busy' | 'done' | 'failed';

export interface CalcState<R> {
  status: CalcStatus;
  result: R | null;
  error: unknown;
  /** Increments on every transition: the region re-syncs aria-busy on each. */
  seq: number;
}

export type Task<R> = (signal: AbortSignal) => R | Promise<R>;

export interface Calculation<R> {
  readonly status: CalcStatus;
  readonly busy: boolean;
  /** The newest successful result (kept on screen while the next one computes). */
  readonly result: R | null;
  readonly error: unknown;
  readonly seq: number;
  /** Runs now; earlier runs are aborted and their outcome ignored. */
  run(task: Task<R>): Promise<void>;
  /** As-you-type: busy at once, runs after `delayMs` unless superseded (debounced). */
  schedule(task: Task<R>, delayMs: number): void;
  /** Shows a failure without running (e.g. every field filled where one must be empty). */
  fail(error: unknown): void;
  reset(): void;
  /** Ref for the region element (ResultsRegion attaches it). */
  attach(el: HTMLElement | null): void;
}

export function useCalculation<R>(): Calculation<R> {
  const [state, setState] = useState<CalcState<R>>({ status: 'idle', result: null, error: null, seq: 0 });
  const token = useRef(0);
  const ctrl = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const region = useRef<HTMLElement | null>(null);

  const begin = useCallback(() => {
    const my = ++token.current;
    ctrl.current?.abort();
    ctrl.current = new AbortController();
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    region.current?.setAttribute('aria-busy', 'true'); // synchronous, before any await
    setState((s) => ({ ...s, status: 'busy', seq: s.seq + 1 }));
    return { my, signal: ctrl.current.signal };
  }, []);

  const execute = useCallback(async (task: Task<R>, my: number, signal: AbortSignal) => {
    try {
      const result = await task(signal);
      if (my !== token.current) return;
      setState((s) => ({ status: 'done', result, error: null, seq: s.seq + 1 }));
    } catch (error) {
      if (my !== token.current || isAbort(error)) return;
      setState((s) => ({ status: 'failed', result: null, error, seq: s.seq + 1 }));
    }
  }, []);

  const run = useCallback(async (task: Task<R>) => {
    const { my, signal } = begin();
    await execute(task, my, signal);
  }, [begin, execute]);

  const schedule = useCallback((task: Task<R>, delayMs: number) => {
    const { my, signal } = begin();
    timer.current = setTimeout(() => {
      timer.current = null;
      void execute(task, my, signal);
    }, delayMs);
  }, [begin, execute]);

  const fail = useCallback((error: unknown) => {
    token.current++;
    ctrl.current?.abort();
    setState((s) => ({ status: 'failed', result: null, error, seq: s.seq + 1 }));
  }, []);

  const reset = useCallback(() => {
    token.current++;
    ctrl.current?.abort();
    if (timer.current) clearTimeout(timer.current);
    setState((s) => ({ status: 'idle', result: null, error: null, seq: s.seq + 1 }));
  }, []);

  const attach = useCallback((el: HTMLElement | null) => {
    region.current = el;
  }, []);

  useEffect(() => () => {
    token.current++;
    ctrl.current?.abort();
    if (timer.current) clearTimeout(timer.current);
  }, []);

  return useMemo(
    () => ({ ...state, busy: state.status === 'busy', run, schedule, fail, reset, attach }),
    [state, run, schedule, fail, reset, attach],
  );
}

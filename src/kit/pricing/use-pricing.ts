// usePricing: a tool's computation, as you type. The tool gives its model (inputs -> call,
// reply -> what to show) and its current inputs; it gets busy / result / offline / error
// for its Results region, and commit() for Enter and the Price button.
//
//   const pricing = usePricing({ prepare: toCall, read: fromReply }, inputs);
//   <ResultsRegion busy={pricing.busy}> ... {pricing.offline && <OfflinePricingNote />}
//   <input onKeyDown={(e) => e.key === 'Enter' && pricing.commit()} />
//
// A change of `inputs` sets busy within the same event (a layout effect, before the browser
// paints or handles the next event); the price follows after the debounce.
import { useAtomValue } from 'jotai';
import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { getConfig } from '../../app/config';
import { runOperationGate } from '../../app/operation-gate';
import { currentUserAtom } from '../../state';
import { pricingClient, type PricingClient } from './client';
import { PricingController, type GateVerdict, type PricingState, type Prepared } from './controller';
import type { ReplyBody } from './offline-core';

export interface UsePricingOptions<I, R> {
  prepare(input: I): Prepared;
  read(body: ReplyBody, input: I): R;
  debounceMs?: number;
  /** false: price only on commit() (Enter / Price button). Default true. */
  auto?: boolean;
  /** Tests: another client. */
  client?: PricingClient;
  /** Tests: another gate. Default: the operation-count gate of the signed-in user. */
  gate?: () => GateVerdict;
}

export interface PricingHandle<R> extends PricingState<R> {
  /** Price the current inputs now (Enter, Price button). */
  commit(): void;
  /** Busy now: a computation is about to start (the input is on its way). */
  start(): void;
}

function storedInf5(): string | null {
  try {
    const v = (JSON.parse(localStorage.getItem('userInfo') ?? 'null') as { inf5?: unknown } | null)?.inf5;
    return typeof v === 'string' ? v : null;
  } catch {
    return null;
  }
}

/** The operation-count gate as a verdict with the message to show in the Results alert. */
export function operationGateVerdict(inf5: string | null | undefined): GateVerdict {
  const r = runOperationGate(inf5);
  if (r.allowed) return { allowed: true };
  return r.reason === 'forbidden'
    ? { allowed: false, message: { key: 'translation:errors.opNumForbidden' } }
    : { allowed: false, message: { key: 'translation:errors.opNumExceed', values: { limit: getConfig().VITE_APP_REQ_NUM } } };
}

export function usePricing<I, R>(options: UsePricingOptions<I, R>, inputs: I): PricingHandle<R> {
  const user = useAtomValue(currentUserAtom);
  const live = useRef(options);
  live.current = options;
  const inf5 = useRef<string | null>(null);
  inf5.current = user?.inf5 ?? storedInf5();

  const [controller] = useState(
    () =>
      new PricingController<I, R>({
        prepare: (i) => live.current.prepare(i),
        read: (b, i) => live.current.read(b, i),
        run: (call) => (live.current.client ?? pricingClient()).call(call.method, call.content),
        gate: () => (live.current.gate ? live.current.gate() : operationGateVerdict(inf5.current)),
        debounceMs: options.debounceMs,
      }),
  );
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);

  // A pricing tool keeps one worker loaded, so it can price offline even before the service
  // worker has cached the app (first visit) or when it is disabled.
  useLayoutEffect(() => {
    const warm = () => (live.current.client ?? pricingClient()).prepareOffline();
    const idle = (globalThis as { requestIdleCallback?: (cb: () => void) => number }).requestIdleCallback;
    if (idle) idle(warm);
    else setTimeout(warm, 500);
  }, []);

  // The inputs last handed to the controller: a re-run of the effect with the same inputs
  // (React StrictMode mounts twice) neither prices nor counts again.
  const handled = useRef<{ inputs: I } | null>(null);
  useLayoutEffect(() => {
    controller.resume();
    const before = handled.current;
    if (before && before.inputs === inputs) return;
    handled.current = { inputs };
    if (live.current.auto === false) return;
    // Opening a tool prices its (cached) inputs once; that is not counted as a user's operation.
    if (before === null) void controller.commit(inputs, { count: false });
    else controller.input(inputs);
  }, [controller, inputs]);

  useLayoutEffect(() => () => controller.dispose(), [controller]);

  const latestInputs = useRef(inputs);
  latestInputs.current = inputs;
  return {
    ...state,
    commit: () => void controller.commit(latestInputs.current),
    start: () => controller.start(),
  };
}

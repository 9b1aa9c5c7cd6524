// Computing from the newest inputs: as you type (debounced) and on Enter / the Price button.
// The task runs a macrotask after the event, once React has rendered the field's last change,
// so it reads the inputs the user sees (kit fields normalise their text on Enter).
import { useCallback, useEffect, useRef } from 'react';
import { useCalculation } from '../../../kit/results';

/** `enabled` false (e.g. market data still loading): nothing runs until it turns true. */
export function useComputeFrom<I, R>(inputs: I, compute: (i: I) => R, delayMs = 300, enabled = true) {
  const calc = useCalculation<R>();
  const ref = useRef(inputs);
  ref.current = inputs;
  const task = useCallback(async () => {
    await new Promise((r) => setTimeout(r, 0));
    return compute(ref.current);
  }, [compute]);
  const first = useRef(true);
  useEffect(() => {
    if (!enabled) return;
    if (first.current) { first.current = false; void calc.run(task); return; }
    calc.schedule(task, delayMs);
  }, [inputs, enabled]); // eslint-disable-line react-hooks/exhaustive-deps
  const now = useCallback(() => { if (enabled) void calc.run(task); }, [calc, task, enabled]);
  return { calc, now };
}

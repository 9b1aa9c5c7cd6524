// A bulk run's lifecycle for the two bulk screens: idle -> running (progress n / total, where
// it runs) -> done | cancelled | failed. Each run has its own worker pool (runner.ts), so
// Cancel stops the work at once; what was done before the cancel stays on screen.
import { useCallback, useRef, useState } from 'react';
import { useCalculation } from '../../kit/results';
import { batchRunner, Cancelled, type BatchRunner, type Where } from './runner';

export interface BulkProgress {
  done: number;
  total: number;
  where: Where;
  cancelled: boolean;
}

export function useBulkRun<R>() {
  const calc = useCalculation<R & { cancelled: boolean }>();
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const active = useRef<BatchRunner | null>(null);

  /** `work` prices item by item, calling `tick` after each; it stops at the first Cancelled. */
  const start = useCallback((total: number, work: (runner: BatchRunner, tick: () => void) => Promise<R>) => {
    active.current?.cancel();
    void calc.run(async () => {
      const runner = await batchRunner();
      active.current = runner;
      setProgress({ done: 0, total, where: runner.where, cancelled: false });
      let cancelled = false;
      try {
        const r = await work(runner, () => setProgress((p) => (p ? { ...p, done: p.done + 1 } : p)));
        return { ...r, cancelled: false };
      } catch (e) {
        if (!(e instanceof Cancelled)) throw e;
        cancelled = true;
        setProgress((p) => (p ? { ...p, cancelled: true } : p));
        throw e;
      } finally {
        if (!cancelled) runner.dispose();
        if (active.current === runner) active.current = null;
      }
    });
  }, [calc]);

  const cancel = useCallback(() => {
    active.current?.cancel();
    setProgress((p) => (p ? { ...p, cancelled: true } : p));
    // The run's outcome is ignored as an abort; the region leaves its busy state here.
    calc.reset();
  }, [calc]);

  return { calc, progress, start, cancel, running: calc.busy };
}

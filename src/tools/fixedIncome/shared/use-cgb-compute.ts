// The state and computation of a one-bond screen priced off the CGB curve (/bondOption,
// /riskAnalysis): inputs in a persisted atom, settlement defaulting to today rolled to a CNY business day, the
// CGB discount curve, computed as you type once the curve has loaded.
import { useAtom, type WritableAtom } from 'jotai';
import { useMemo } from 'react';
import { useTradeDay } from '../../../kit/dates';
import type { DiscountCurve } from '../../../pricing-core/market/curves/discount-curve';
import { useGovCurve } from './curve';
import { useComputeFrom } from './use-compute';

export function useCgbCompute<S extends { settlement: string | null }, R>(
  atom: WritableAtom<S, [(prev: S) => S], void>,
  compute: (i: S & { settlement: string }, curve: DiscountCurve | null) => R,
  delayMs: number,
) {
  const today = useTradeDay(['CNY']).date;
  const [s, setS] = useAtom(atom);
  const set = (patch: Partial<S>) => setS((x) => ({ ...x, ...patch }));
  const curve = useGovCurve('bond.CGB');
  const job = useMemo(() => ({ i: { ...s, settlement: s.settlement ?? today }, curve: curve.discount }), [s, today, curve.discount]);
  const { calc, now } = useComputeFrom(job, (j) => compute(j.i, j.curve), delayMs, !curve.loading);
  return { today, s, set, curve, job, calc, now };
}

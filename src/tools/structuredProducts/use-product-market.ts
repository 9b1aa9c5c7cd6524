// The market a package reads on screen: live latest values of its spot, ATM vols and deposit
// curves (kit market-data hooks, with provenance), and for a seasoned product the stored
// fixings of its underlying from MD.HISTORY up to the day before the valuation date.
import { useMemo } from 'react';
import { useHistory, useLatest } from '../../kit/market-data';
import type { PackageAst } from '../../pricing-core/instruments/structured/ast';
import { fixingsFromHistory, marketPlan, type MarketPlan } from './market';
import { historyRange } from './pricing';

export const dayBefore = (iso: string): string => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

export function useProductMarket(ast: PackageAst | null, valuationDate: string) {
  const planned = useMemo(() => (ast ? marketPlan(ast) : null), [ast]);
  const plan: MarketPlan | null = planned && !('error' in planned) ? planned : null;
  const ids = useMemo(() => (plan ? [plan.spotId, ...plan.volIds.map((x) => x.id), ...plan.rdIds.map((x) => x.id), ...plan.rfIds.map((x) => x.id), ...(plan.fwdIds ?? []).map((x) => x.id)] : []), [plan]);
  const latest = useLatest(ids);
  const range = ast && plan ? historyRange(ast, valuationDate) : null;
  const history = useHistory(range && plan ? [plan.spotId] : [], range ? { from: range.from, to: dayBefore(valuationDate) } : {});
  const fixings = useMemo(() => {
    const s = history.data?.series[0];
    return s ? fixingsFromHistory(s.dates, s.values, dayBefore(valuationDate)) : undefined;
  }, [history.data, valuationDate]);
  return {
    plan,
    unknown: planned && 'error' in planned ? planned.code : null,
    values: latest.values,
    loading: latest.loading,
    seasoned: range !== null,
    fixings,
    fixingsLoading: history.loading,
    fixingsError: history.error,
  };
}

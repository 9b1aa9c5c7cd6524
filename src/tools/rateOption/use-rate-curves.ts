// The curves a rate option screen prices off: the market's swap quotes irs.{INDEX} (and
// irs.FR007 to discount the CNY term indices), or the curve the user chose among those saved on
// /curveConstruction (with its discount curve when saved dual), as curve definitions with the
// provenance of their quotes. The choice: curveConstruction/use-curve-choice.ts.
import { useMemo } from 'react';
import { useTradeDay } from '../../kit/dates';
import { rolledForward } from '../../pricing-core/market/curves/curve-definition';
import { useCurve } from '../../kit/market-data';
import { commonProvenance } from '../../kit/market-data/figures';
import type { Provenance } from '../../kit/market-data/provenance';
import type { CurveDefinition } from '../../pricing-core/market/curves/curve-definition';
import type { SavedChoice } from '../curveConstruction/use-curve-choice';
import { DISCOUNT_INDEX, INDEX_CCY, curveDefinitions, quotesDate, savedCurveDefinitions, type OptionIndex } from './model';

export interface RateCurves {
  curves: CurveDefinition[] | null;
  /** The valuation date: today (a business day of the index's currency), or the data's date if later. */
  asOf: string | null;
  /** The date of the quotes; earlier than asOf when they were rolled forward. */
  dataAsOf: string | null;
  /** Where the quotes of the curves in use came from (one badge each). */
  provenances: Provenance[];
  loading: boolean;
  error: Error | undefined;
}

export function useRateCurves(index: OptionIndex, saved: SavedChoice | null = null): RateCurves {
  const own = useCurve(saved ? null : `irs.${index}`);
  const d = saved ? null : DISCOUNT_INDEX[index];
  const disc = useCurve(d ? `irs.${d}` : null);
  const today = useTradeDay([INDEX_CCY[index]]).date;
  return useMemo(() => {
    const valued = (defs: CurveDefinition[], dataAsOf: string) => {
      const asOf = today > dataAsOf ? today : dataAsOf;
      return { curves: defs.map((c) => rolledForward(c, asOf)), asOf, dataAsOf };
    };
    if (saved) return { ...valued(savedCurveDefinitions(saved), saved.definition.asOf), provenances: saved.sources, loading: false, error: undefined };
    const loading = own.loading || disc.loading;
    const error = own.error ?? disc.error;
    if (!own.data || (d && !disc.data) || error) return { curves: null, asOf: null, dataAsOf: null, provenances: [], loading, error };
    const points = [...own.data.points, ...(disc.data?.points ?? [])];
    const dataAsOf = quotesDate(points, own.data.asOf);
    const provenance = commonProvenance(points);
    return { ...valued(curveDefinitions(index, own.data.points, disc.data?.points ?? null, dataAsOf), dataAsOf), provenances: provenance ? [provenance] : [], loading, error };
  }, [own, disc, d, index, saved, today]);
}

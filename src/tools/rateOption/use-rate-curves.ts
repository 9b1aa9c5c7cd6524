// The curves a rate option screen prices off: the market's swap quotes irs.{INDEX} (and
// irs.FR007 to discount the CNY term indices), as curve definitions, with their provenance.
import { useMemo } from 'react';
import { useCurve } from '../../kit/market-data';
import { commonProvenance } from '../../kit/market-data/figures';
import type { Provenance } from '../../kit/market-data/provenance';
import type { CurveDefinition } from '../../pricing-core/market/curves/curve-definition';
import { DISCOUNT_INDEX, curveDefinitions, quotesDate, type OptionIndex } from './model';

export interface RateCurves {
  curves: CurveDefinition[] | null;
  asOf: string | null;
  provenance: Provenance | null;
  loading: boolean;
  error: Error | undefined;
}

export function useRateCurves(index: OptionIndex): RateCurves {
  const own = useCurve(`irs.${index}`);
  const d = DISCOUNT_INDEX[index];
  const disc = useCurve(d ? `irs.${d}` : null);
  return useMemo(() => {
    const loading = own.loading || disc.loading;
    const error = own.error ?? disc.error;
    if (!own.data || (d && !disc.data) || error) return { curves: null, asOf: null, provenance: null, loading, error };
    const points = [...own.data.points, ...(disc.data?.points ?? [])];
    const asOf = quotesDate(points, own.data.asOf);
    return { curves: curveDefinitions(index, own.data.points, disc.data?.points ?? null, asOf), asOf, provenance: commonProvenance(points), loading, error };
  }, [own, disc, d, index]);
}

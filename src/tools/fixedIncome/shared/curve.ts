// The government (or issuer-type) yield curve of the market-data service as the bond engines
// take it: a TenorCurve of par yields (decimals, tenors in years) and its bootstrapped discount
// curve, with the provenance to badge (the sample curves are SAMPLE).
import { useMemo } from 'react';
import { useCurve } from '../../../kit/market-data';
import type { CurvePoint } from '../../../kit/market-data/client';
import { commonProvenance } from '../../../kit/market-data/figures';
import type { Provenance } from '../../../kit/market-data/provenance';
import { parseTenor, tenorMonths } from '../../../pricing-core/dates/tenor';
import type { TenorCurve } from '../../../pricing-core/engines/bond/spreads';
import { discountCurveFromParYields } from '../../../pricing-core/market/bond-curves/par-yield-curve';
import type { DiscountCurve } from '../../../pricing-core/market/curves/discount-curve';

/** Curve points (percent, tenors like 3M / 10Y) to a TenorCurve, ascending; unreadable tenors dropped. */
export function tenorCurveFromPoints(points: readonly Pick<CurvePoint, 'tenor' | 'value'>[]): TenorCurve | null {
  const rows: [number, number][] = [];
  for (const p of points) {
    let years: number;
    try { years = tenorMonths(parseTenor(p.tenor)) / 12; } catch { continue; }
    if (Number.isFinite(p.value)) rows.push([years, p.value / 100]);
  }
  rows.sort((a, b) => a[0] - b[0]);
  const uniq = rows.filter((r, i) => i === 0 || r[0] > rows[i - 1][0]);
  return uniq.length ? { tenors: uniq.map((r) => r[0]), yields: uniq.map((r) => r[1]) } : null;
}

export interface GovCurve {
  tenorCurve: TenorCurve | null;
  discount: DiscountCurve | null;
  provenance: Provenance | null;
  asOf: string | null;
  loading: boolean;
  error: Error | undefined;
}

/** `bond.CGB` (or `bond.CDB`, ...) as of a date (latest when omitted). */
export function useGovCurve(id: string = 'bond.CGB', asOf?: string): GovCurve {
  const r = useCurve(id, asOf ? { asOf } : {});
  return useMemo(() => {
    const points = r.data?.points ?? [];
    const tenorCurve = tenorCurveFromPoints(points);
    let discount: DiscountCurve | null = null;
    try { discount = tenorCurve ? discountCurveFromParYields(tenorCurve) : null; } catch { discount = null; }
    return { tenorCurve, discount, provenance: commonProvenance(points), asOf: r.data?.asOf ?? null, loading: r.loading, error: r.error };
  }, [r.data, r.loading, r.error]);
}

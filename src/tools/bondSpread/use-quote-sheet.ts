// The quote sheet's data: the issuer curves (market data, as of a date or the latest), the
// bonds BondSvr lists for the issuer types, and the rows built from both; typed yields survive
// a refresh of the curves. Settlement = the curves' as-of date.
import { useEffect, useMemo, useState } from 'react';
import type { BondView } from '../../kit/bonds/contract';
import { useLang } from '../../kit/locale';
import { fromISO } from '../../pricing-core/dates/date';
import type { TenorCurve } from '../../pricing-core/engines/bond/spreads';
import { marketFailure } from '../../kit/market-data/failure';
import { ToolFailure } from '../../kit/results';
import { useBonds } from './bonds-api';
import { curveDate as curveBusinessDate, toTenorCurve } from './curves';
import { mergeTyped, quoteRows, type QuoteRow } from './quotes';
import { useCurves, type CurvesState } from './use-curves';

export interface QuoteSheet {
  curvesState: CurvesState;
  tenorCurves: Map<string, TenorCurve>;
  settlement: string | null;
  bonds: Map<string, BondView>;
  rows: QuoteRow[];
  setRows: (rows: QuoteRow[]) => void;
  loading: boolean;
  error: unknown;
}

export function useQuoteSheet(curveIds: readonly string[], issuerTypes: readonly string[], curveDate: string | null): QuoteSheet {
  const lang = useLang();
  const curvesState = useCurves(curveIds, curveDate);
  const tenorCurves = useMemo(() => new Map([...(curvesState.curves ?? new Map()).entries()].map(([id, c]) => [id, toTenorCurve(c.points)])), [curvesState.curves]);
  // The curves' business date (newest point of the first curve): the settlement of the analysis.
  const settlement = useMemo(() => curveBusinessDate(curvesState.curves ? [...curvesState.curves.values()][0] : undefined), [curvesState.curves]);
  const bondsState = useBonds(issuerTypes, settlement);
  const bonds = useMemo(() => new Map((bondsState.bonds ?? []).map((b) => [b.code, b])), [bondsState.bonds]);
  const [rows, setRows] = useState<QuoteRow[]>([]);
  useEffect(() => {
    if (!settlement || !bondsState.bonds) return;
    const fresh = quoteRows(bondsState.bonds, tenorCurves, fromISO(settlement), lang === 'en' ? 'en' : 'zh');
    setRows((old) => mergeTyped(fresh, old));
  }, [bondsState.bonds, tenorCurves, settlement, lang]);
  return {
    curvesState, tenorCurves, settlement, bonds, rows, setRows,
    loading: curvesState.loading || bondsState.loading,
    error: curvesState.error ?? bondsState.error,
  };
}

/** A data failure as the one alert of a screen: BondSvr failures as they are, market data through the kit. */
export function dataFailure(e: unknown): unknown {
  if (!e) return null;
  return e instanceof ToolFailure ? e : marketFailure(e);
}

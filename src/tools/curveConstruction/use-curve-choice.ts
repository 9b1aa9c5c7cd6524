// The curves a rate screen prices off: the market curve of its index, or a curve saved on
// /curveConstruction (ShareSvr items of that tool, the user's own and those shared with them)
// with the curve discounting it when it was saved as a dual curve.
//  - useSavedCurveChoice: the choice itself (market or a saved item), the picker's entries, the
//    loaded saved curve and its sources. Screens whose market curve is their own (the rate
//    option screens build theirs from irs.* quotes, see rateOption/use-rate-curves.ts) use it
//    with their market curve.
//  - useCurveChoice: that choice with the market curve of /irsCal and /carryRoll (default
//    instruments and interpolation, single curve), built once per definition (about a ms).
// The picker and its label: CurvePicker.tsx.
import { useCallback, useMemo, useState } from 'react';
import { useTradeDay } from '../../kit/dates';
import { bothLanguages } from '../../kit/market-data/failure';
import type { Provenance } from '../../kit/market-data/provenance';
import { ToolFailure } from '../../kit/results';
import { useSavedItems } from '../../kit/share';
import { rolledForward, type CurveDefinition } from '../../pricing-core/market/curves/curve-definition';
import { ratesStrings } from './i18n';
import { buildPair, indexCurrency, INDEX_LABELS, marketDefinition, savedCurve, type CurvePair, type RateIndexId } from './market-curve';
import { useMarketQuotes, type MarketQuotesState } from './use-market-quotes';

export interface SavedChoice {
  id: string;
  name: string;
  definition: CurveDefinition;
  discountDefinition?: CurveDefinition;
  sources: Provenance[];
}

export interface SavedCurveOptions {
  /** The indices the screen prices; a saved curve of another index is refused (both languages). */
  indices?: readonly RateIndexId[];
}

/**
 * Market curve or a saved one. Choosing a saved curve calls `onSavedIndex` with its index (the
 * screen switches to it: a curve prices its own index only).
 */
export function useSavedCurveChoice(onSavedIndex: (index: RateIndexId) => void, opts: SavedCurveOptions = {}) {
  const [saved, setSaved] = useState<SavedChoice | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const items = useSavedItems('curveConstruction');
  const useMarket = useCallback(() => { setError(null); setSaved(null); }, []);

  const choose = async (choice: string) => {
    setError(null);
    if (choice === 'market') return setSaved(null);
    setLoading(true);
    const r = await items.load<unknown>(choice);
    setLoading(false);
    if (!r.ok) return setError(new ToolFailure('calculationFailed', r.message.key));
    try {
      const c = savedCurve(r.value.payload);
      const index = c.definition.index;
      if (opts.indices && !opts.indices.includes(index)) {
        return setError(new ToolFailure('badInput', undefined, bothLanguages(ratesStrings, 'savedIndexNotOffered', {
          name: r.value.name, index: INDEX_LABELS[index], offered: opts.indices.map((i) => INDEX_LABELS[i]).join(', '),
        })));
      }
      setSaved({ id: choice, name: r.value.name, ...c });
      onSavedIndex(index);
    } catch (e) {
      setError(new ToolFailure('badInput', (e as Error).message));
    }
  };

  return {
    saved, loading, error,
    /** Choice value: 'market' or a saved item id. */
    value: saved?.id ?? 'market',
    choices: [...items.mine, ...items.sharedWithMe].map((s) => ({ value: s.id, label: s.name })),
    choose, reload: items.reload,
    useMarket,
  };
}

export type SavedCurveChoice = ReturnType<typeof useSavedCurveChoice>;

/**
 * The choice with the market curve of /irsCal and /carryRoll, built as of today (a business day
 * of the index's currency): quotes of an earlier date are rolled forward (`dataAsOf` says which).
 */
export function useCurveChoice(index: RateIndexId, onSavedIndex: (index: RateIndexId) => void) {
  const choice = useSavedCurveChoice(onSavedIndex);
  const { saved } = choice;
  const market: MarketQuotesState = useMarketQuotes(saved ? null : index);
  const today = useTradeDay([indexCurrency(saved?.definition.index ?? index)]).date;
  const data = useMemo(() => saved?.definition ?? (market.quotes ? marketDefinition(index, market.quotes) : null), [saved, market.quotes, index]);
  const definition = useMemo(() => (data ? rolledForward(data, today) : null), [data, today]);
  const built = useMemo((): { curves: CurvePair | null; error: unknown } => {
    if (!definition) return { curves: null, error: null };
    try {
      const discount = saved?.discountDefinition ? rolledForward(saved.discountDefinition, definition.asOf) : undefined;
      return { curves: buildPair(definition, discount), error: null };
    } catch (e) {
      return { curves: null, error: new ToolFailure('badInput', (e as Error).message) };
    }
  }, [definition, saved]);

  return {
    ...choice,
    market, definition,
    /** The date of the quotes (earlier than definition.asOf when rolled forward). */
    dataAsOf: data?.asOf ?? null,
    /** Where the quotes of the curve in use came from (the badge the screen shows). */
    provenances: saved ? saved.sources : market.provenances,
    curves: built.curves, loading: choice.loading || (market.loading && !saved),
    error: choice.error ?? built.error,
  };
}

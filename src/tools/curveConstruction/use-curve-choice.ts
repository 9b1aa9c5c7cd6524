// The curves a rate screen prices off: the market curve of its index (default instruments and
// interpolation, single curve), or a curve saved on /curveConstruction (ShareSvr items of that
// tool, the user's own and those shared with them) with the curve discounting it when it was
// saved as a dual curve. Built once per definition (about a millisecond).
import { useMemo, useState } from 'react';
import type { Provenance } from '../../kit/market-data/provenance';
import { ToolFailure } from '../../kit/results';
import { useSavedItems } from '../../kit/share';
import type { CurveDefinition } from '../../pricing-core/market/curves/curve-definition';
import { buildPair, marketDefinition, savedCurve, type CurvePair, type RateIndexId } from './market-curve';
import { useMarketQuotes, type MarketQuotesState } from './use-market-quotes';

export interface SavedChoice {
  id: string;
  name: string;
  definition: CurveDefinition;
  discountDefinition?: CurveDefinition;
  sources: Provenance[];
}

export function useCurveChoice(index: RateIndexId, onSavedIndex: (index: RateIndexId) => void) {
  const [saved, setSaved] = useState<SavedChoice | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<unknown>(null);
  const items = useSavedItems('curveConstruction');
  const market: MarketQuotesState = useMarketQuotes(saved ? null : index);
  const definition = useMemo(() => saved?.definition ?? (market.quotes ? marketDefinition(index, market.quotes) : null), [saved, market.quotes, index]);
  const built = useMemo((): { curves: CurvePair | null; error: unknown } => {
    if (!definition) return { curves: null, error: null };
    try {
      return { curves: buildPair(definition, saved?.discountDefinition), error: null };
    } catch (e) {
      return { curves: null, error: new ToolFailure('badInput', (e as Error).message) };
    }
  }, [definition, saved]);

  const choose = async (choice: string) => {
    setLoadError(null);
    if (choice === 'market') return setSaved(null);
    setLoading(true);
    const r = await items.load<unknown>(choice);
    setLoading(false);
    if (!r.ok) return setLoadError(new ToolFailure('calculationFailed', r.message.key));
    try {
      const c = savedCurve(r.value.payload);
      setSaved({ id: choice, name: r.value.name, ...c });
      onSavedIndex(c.definition.index);
    } catch (e) {
      setLoadError(new ToolFailure('badInput', (e as Error).message));
    }
  };

  return {
    market, saved, definition,
    /** Where the quotes of the curve in use came from (the badge the screen shows). */
    provenances: saved ? saved.sources : market.provenances,
    curves: built.curves, loading: loading || (market.loading && !saved),
    error: loadError ?? built.error,
    /** Choice value: 'market' or a saved item id. */
    value: saved?.id ?? 'market',
    choices: [...items.mine, ...items.sharedWithMe].map((s) => ({ value: s.id, label: s.name })),
    choose, reload: items.reload, useMarket: () => setSaved(null),
  };
}

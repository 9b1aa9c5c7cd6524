// The hook every FX screen prices from: the pair's market bundle (MD.FXMARKET, as of `asOf`
// when given) as the core's one FX market context for `tradeDate`, with a typed spot in place
// of the market's when there is one (the swap points stay the market's).
import { useMemo } from 'react';
import { useFxMarket } from '../market-data';
import type { FxContext } from '../../pricing-core/market/fx-context';
import { fxContextOf } from './fx-shared';

export function useFxContext(pair: string | null, tradeDate: string, opts: { spot?: number | null; asOf?: string } = {}) {
  const market = useFxMarket(pair, opts.asOf ? { asOf: opts.asOf } : {});
  const context = useMemo<FxContext | null>(() => {
    if (!market.data) return null;
    try { return fxContextOf(market.data, tradeDate, opts.spot); } catch { return null; }
  }, [market.data, tradeDate, opts.spot]);
  return { ...market, context };
}

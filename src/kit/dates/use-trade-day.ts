import { useMemo } from 'react';
import { tradeDayFor, type Roll, type TradeDay } from './desk-today';

/** Today rolled to a business day of `currencies` (see tradeDayFor), fixed for the life of the screen. */
export function useTradeDay(currencies: readonly string[], roll: Roll = 'following'): TradeDay {
  const key = currencies.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => tradeDayFor(currencies, undefined, roll), [key, roll]);
}

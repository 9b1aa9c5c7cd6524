// The pricing loop of the rate option screens (the calculator of /rateOption, /rateOptionMain
// and the /irsMarketMaking grid): inputs in a persisted atom, the index's curves, a request
// built off them, the pricing call; priced as you type (and once the curves arrive), newest wins.
// The curves: the market's, or a curve saved on /curveConstruction the user picked (`choice`,
// the same choice and picker as /irsCal and /carryRoll); choosing one switches to its index,
// choosing another index goes back to the market curve.
import { useAtom } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { bothLanguages, marketFailure } from '../../kit/market-data/failure';
import { pricingClient } from '../../kit/pricing';
import { ToolFailure, useCalculation } from '../../kit/results';
import type { PersistedAtom } from '../../kit/tool-state';
import type { CurveDefinition } from '../../pricing-core/market/curves/curve-definition';
import { strings } from './i18n';
import { useSavedCurveChoice } from '../curveConstruction/use-curve-choice';
import { INDEX_CCY, INDEX_LABEL, OPTION_INDICES, asToolFailure, type OptionIndex, type WordsOf } from './model';
import { useRateCurves } from './use-rate-curves';

export function useRatePricing<I extends { index: OptionIndex }, R>(
  atom: PersistedAtom<I>,
  method: string,
  toRequest: (inputs: I, curves: CurveDefinition[], asOf: string, words: WordsOf) => Record<string, unknown>,
) {
  const [inputs, setInputs] = useAtom(atom);
  const choice = useSavedCurveChoice((index) => setInputs((i) => ({ ...i, index: index as OptionIndex })), { indices: OPTION_INDICES });
  const { saved, useMarket: backToMarket } = choice;
  const set = useCallback((patch: Partial<I>) => {
    if (saved && patch.index !== undefined && patch.index !== saved.definition.index) backToMarket();
    setInputs((i) => ({ ...i, ...patch }));
  }, [setInputs, saved, backToMarket]);
  const market = useRateCurves(inputs.index, saved);
  const calc = useCalculation<R>();
  // Which replies the browser worker computed (server down): the screens say so on the result.
  const offlineReplies = useRef(new WeakMap<object, boolean>());
  const ccy = INDEX_CCY[inputs.index];
  const words = useCallback((key: string, values?: Record<string, unknown>) => bothLanguages(strings, key, values), []);

  const task = useCallback(() => {
    if (choice.error) throw choice.error;
    if (market.error) throw marketFailure(market.error);
    // The curves and their date come together (use-rate-curves).
    if (!market.curves || !market.asOf) throw new ToolFailure('badInput', undefined, words('errors.curve', { index: INDEX_LABEL[inputs.index] }));
    const req = toRequest(inputs, market.curves, market.asOf, words);
    return pricingClient().call(method, req).then(
      (r) => {
        offlineReplies.current.set(r.body, r.offline);
        return r.body as unknown as R;
      },
      (e: unknown) => { throw asToolFailure(e, words); },
    );
  }, [inputs, market.curves, market.asOf, market.error, choice.error, words]); // toRequest: a fixed function per screen
  const price = useCallback(() => void calc.run(task), [calc, task]);
  const first = useRef(true);
  useEffect(() => {
    if ((market.loading && !market.curves) || choice.loading) return;
    calc.schedule(task, first.current ? 0 : 300);
    first.current = false;
  }, [task]);

  const result = calc.result as object | null | undefined;
  const offline = !!result && offlineReplies.current.get(result) === true;
  return { inputs, set, market, choice, calc, ccy, words, price, offline };
}

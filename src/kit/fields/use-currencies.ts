// Currency names for the pickers, from the reference file the shell loads at start
// (public/currencies.json via src/app/reference-data). Codes alone until it arrives.
import { useEffect, useMemo, useState } from 'react';
import { getReferenceData, type Currency } from '../../app/reference-data';

let loaded: Currency[] | null = null;

export function useCurrencyNames(): ReadonlyMap<string, { en: string; zh: string }> {
  const [list, setList] = useState<Currency[] | null>(loaded);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    void getReferenceData().then((r) => {
      loaded = r.currencies;
      if (live) setList(r.currencies);
    });
    return () => {
      live = false;
    };
  }, []);
  return useMemo(() => new Map((list ?? []).map((c) => [c.code, { en: c.en, zh: c.zh }])), [list]);
}

// Currency and currency-pair text, and the type-ahead ranking of the pickers. A pair is
// typed any way a desk writes it (`USDCNY`, `USD/CNY`, `usd cny`, `usd-cny`) and kept as
// the six-letter code (`USDCNY`) that topics and pricing requests use.
import { fail, ok, type Parsed } from './parse';

export interface PickerOption {
  /** The value kept: `USD`, `USDCNY`. */
  code: string;
  /** What is shown: `USD`, `USD/CNY`. */
  label: string;
  /** Names searched by type-ahead (e.g. `US Dollar`, `美元`). */
  names?: readonly string[];
  /** Shown after the label in the list (e.g. the name in the current language). */
  detail?: string;
}

export function parseCurrency(text: string): Parsed<string> {
  const s = text.normalize('NFKC').trim().toUpperCase();
  if (s === '') return fail('empty');
  return /^[A-Z]{3}$/.test(s) ? ok(s) : fail('invalid');
}

export function parsePair(text: string): Parsed<string> {
  const s = text.normalize('NFKC').trim().toUpperCase();
  if (s === '') return fail('empty');
  const m = /^([A-Z]{3})\s*[/\-\s.:]?\s*([A-Z]{3})$/.exec(s);
  if (!m || m[1] === m[2]) return fail('invalid');
  return ok(`${m[1]}${m[2]}`);
}

/** `USDCNY` -> `USD/CNY`. */
export const pairLabel = (code: string): string => (code.length === 6 ? `${code.slice(0, 3)}/${code.slice(3)}` : code);

export const pairOption = (code: string, names?: readonly string[], detail?: string): PickerOption => ({ code, label: pairLabel(code), names, detail });

/** Pairs desks here look at first; a tool passes its own list where it knows better. */
export const COMMON_PAIRS: readonly string[] = [
  'USDCNY', 'EURUSD', 'USDJPY', 'GBPUSD', 'AUDUSD', 'USDHKD', 'USDCAD', 'USDCHF', 'NZDUSD', 'USDSGD',
  'EURCNY', 'JPYCNY', 'HKDCNY', 'GBPCNY', 'AUDCNY', 'CNYKRW', 'EURJPY', 'EURGBP',
];

/**
 * Options matching a query, best first: exact code, code prefix (letters only, so `usd/c`
 * finds `USDCNY`), then a name containing the query. An empty query keeps the list order.
 */
export function rankOptions(options: readonly PickerOption[], query: string): PickerOption[] {
  const q = query.normalize('NFKC').trim().toUpperCase();
  if (q === '') return [...options];
  const letters = q.replace(/[^A-Z]/g, '');
  const scored: Array<[number, number, PickerOption]> = [];
  options.forEach((o, i) => {
    let score = -1;
    if (letters && o.code === letters) score = 0;
    else if (letters && o.code.startsWith(letters)) score = 1;
    else if (o.label.toUpperCase().includes(q)) score = 2;
    else if (letters.length >= 3 && o.code.includes(letters)) score = 3;
    else if (o.names?.some((n) => n.toUpperCase().includes(q))) score = 4;
    if (score >= 0) scored.push([score, i, o]);
  });
  return scored.sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((x) => x[2]);
}

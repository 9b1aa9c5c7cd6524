// How a result value is shown: one small spec per value, shared by result lists, result
// tables, grid columns, live values and chart legends. `data-value` never depends on it.
import type { Lang } from '../locale';
import { DASH, formatBp, formatFixed, formatMoney, formatPercent, formatPips, formatSignificant, isNum } from './number';

export type ValueFormat =
  | { kind: 'fixed'; decimals: number; signed?: boolean }
  | { kind: 'sig'; digits: number; signed?: boolean }
  | { kind: 'amount'; currency?: string; decimals?: number; signed?: boolean }
  | { kind: 'percent'; decimals?: number; signed?: boolean }
  | { kind: 'bp'; decimals?: number; signed?: boolean }
  | { kind: 'pips'; decimals?: number; signed?: boolean }
  | { kind: 'date' }
  | { kind: 'text' };

/** Shorthand constructors: `fmt.amount('USD')`, `fmt.fixed(4)`, `fmt.percent(2)`. */
export const fmt = {
  fixed: (decimals: number, signed?: boolean): ValueFormat => ({ kind: 'fixed', decimals, signed }),
  sig: (digits: number, signed?: boolean): ValueFormat => ({ kind: 'sig', digits, signed }),
  amount: (currency?: string, decimals?: number, signed?: boolean): ValueFormat => ({ kind: 'amount', currency, decimals, signed }),
  percent: (decimals = 2, signed?: boolean): ValueFormat => ({ kind: 'percent', decimals, signed }),
  bp: (decimals = 1, signed?: boolean): ValueFormat => ({ kind: 'bp', decimals, signed }),
  pips: (decimals = 1, signed?: boolean): ValueFormat => ({ kind: 'pips', decimals, signed }),
  date: { kind: 'date' } as ValueFormat,
  text: { kind: 'text' } as ValueFormat,
};

export type ResultValue = number | string | null | undefined;

/** Visible text of a value (a dash when not computable). */
export function formatValue(v: ResultValue, f: ValueFormat | undefined, lang: Lang): string {
  if (v === null || v === undefined || v === '') return DASH;
  if (typeof v === 'string') return v;
  if (!isNum(v)) return DASH;
  const spec = f ?? { kind: 'sig', digits: 10 };
  const o = { signed: 'signed' in spec ? spec.signed : undefined };
  switch (spec.kind) {
    case 'fixed': return formatFixed(v, spec.decimals, lang, o);
    case 'sig': return formatSignificant(v, spec.digits, lang, o);
    case 'amount': return formatMoney(v, spec.currency, lang, { ...o, decimals: spec.decimals });
    case 'percent': return formatPercent(v, spec.decimals ?? 2, lang, o);
    case 'bp': return formatBp(v, spec.decimals ?? 1, lang, o);
    case 'pips': return formatPips(v, spec.decimals ?? 1, lang, o);
    default: return String(v);
  }
}

/** `data-value` of a value: full-precision literal, the ISO date or text as is; undefined when not computable. */
export function valueAttr(v: ResultValue): string | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  if (typeof v === 'string') return v;
  if (!isNum(v)) return undefined;
  return Object.is(v, -0) ? '0' : String(v);
}

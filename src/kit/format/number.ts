// Number formatting for every kit part (fields, results, grid, charts): one place, pure,
// locale-aware. Visible text may be rounded and grouped; `dataValue` gives the full-precision
// literal that UI-CONTRACT section 2 puts in `data-value` and on the clipboard.
import { intlLocale, type Lang } from '../locale';

/** What a value that cannot be computed shows (UI-CONTRACT section 2: a dash, no data-value). */
export const DASH = '—';

const cache = new Map<string, Intl.NumberFormat>();

function nf(lang: Lang, opts: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}|${JSON.stringify(opts)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(lang), opts);
    cache.set(key, f);
  }
  return f;
}

export const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/**
 * The full-precision value as a plain JavaScript number literal (`1234.56789012`, no grouping,
 * no unit), or undefined when not computable. `String` gives the shortest text that reads
 * back to the same double, so `Number(dataValue(x)) === x` for every finite x.
 */
export function dataValue(x: number | null | undefined): string | undefined {
  if (!isNum(x)) return undefined;
  return Object.is(x, -0) ? '0' : String(x);
}

export interface FixedOptions {
  /** Thousands grouping (default true). */
  group?: boolean;
  /** Show a + on positive numbers (changes, P&L). */
  signed?: boolean;
}

/** Fixed decimals, grouped in the locale: `formatFixed(1234.5, 2, 'en')` = `1,234.50`. */
export function formatFixed(x: number | null | undefined, decimals: number, lang: Lang, o: FixedOptions = {}): string {
  if (!isNum(x)) return DASH;
  return nf(lang, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: o.group ?? true,
    signDisplay: o.signed ? 'exceptZero' : 'negative', // a value that rounds to zero shows no minus sign
  }).format(x);
}

/** Below this magnitude a significant-digit figure reads as a run of zeros: it is shown as `8.43E-16`. */
const SCIENTIFIC_BELOW = 1e-6;

/**
 * Significant digits (for greeks and small quantities): `formatSignificant(0.000123456, 3)` =
 * `0.000123`; a nonzero magnitude under 1e-6 (a repricing error, a fit residual) is shown in
 * scientific form, `8.43E-16`, not as sixteen zeros.
 */
export function formatSignificant(x: number | null | undefined, digits: number, lang: Lang, o: FixedOptions = {}): string {
  if (!isNum(x)) return DASH;
  const tiny = x !== 0 && Math.abs(x) < SCIENTIFIC_BELOW;
  return nf(lang, {
    maximumSignificantDigits: digits,
    ...(tiny ? { notation: 'scientific' as const } : {}),
    useGrouping: o.group ?? true,
    signDisplay: o.signed ? 'exceptZero' : 'negative', // a value that rounds to zero shows no minus sign
  }).format(x);
}

/**
 * Every digit of the double, grouped in the locale (what an amount field shows after blur).
 * Reads back with `parseAmount` to the same number.
 */
export function formatFull(x: number | null | undefined, lang: Lang): string {
  if (!isNum(x)) return DASH;
  const s = dataValue(x)!;
  // Intl reads a decimal string exactly (ES2023). A shortest double text has at most 17
  // significant digits, so 20 fraction digits hold every value from 0.001 up; below that,
  // and from 1e21 (exponent form), the plain literal is the honest text.
  if (Math.abs(x) !== 0 && (Math.abs(x) < 1e-3 || Math.abs(x) >= 1e21)) return s;
  return nf(lang, { maximumFractionDigits: 20 }).format(s as unknown as number);
}

/** A percent number (5.5 means 5.5 %) with its sign: `5.50%`. */
export function formatPercent(x: number | null | undefined, decimals: number, lang: Lang, o: FixedOptions = {}): string {
  if (!isNum(x)) return DASH;
  return `${formatFixed(x, decimals, lang, o)}%`;
}

/** Basis points (the value is already in bp): `12.5 bp`. */
export function formatBp(x: number | null | undefined, decimals: number, lang: Lang, o: FixedOptions = {}): string {
  if (!isNum(x)) return DASH;
  return `${formatFixed(x, decimals, lang, o)} bp`;
}

/** FX points (the value is already in pips): `123.4 pips` / `123.4 点`. */
export function formatPips(x: number | null | undefined, decimals: number, lang: Lang, o: FixedOptions = {}): string {
  if (!isNum(x)) return DASH;
  return `${formatFixed(x, decimals, lang, o)} ${lang === 'en' ? 'pips' : '点'}`;
}

// ISO 4217 minor units other than 2, as in public/currencies.json (a test keeps them equal;
// the formatter cannot wait for that file to load).
const ZERO_DECIMALS = new Set(['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'PYG', 'UGX', 'XAF', 'XOF']);
const THREE_DECIMALS = new Set(['BHD', 'KWD', 'OMR', 'JOD', 'TND', 'LYD', 'IQD']);

export function minorUnits(currency: string | undefined): number {
  if (!currency) return 2;
  const c = currency.toUpperCase();
  if (ZERO_DECIMALS.has(c)) return 0;
  if (THREE_DECIMALS.has(c)) return 3;
  return 2;
}

/** An amount with its currency code after it: `1,234,567.89 USD` (decimals from the currency). */
export function formatMoney(x: number | null | undefined, currency: string | undefined, lang: Lang, o: FixedOptions & { decimals?: number } = {}): string {
  if (!isNum(x)) return DASH;
  const text = formatFixed(x, o.decimals ?? minorUnits(currency), lang, o);
  return currency ? `${text} ${currency.toUpperCase()}` : text;
}

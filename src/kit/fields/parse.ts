// What a desk types, read into numbers: pure functions shared by the fields and the grid.
// Amounts take shorthands (`10m`, `1.5mio`, `500k`, `2bn`, `3亿`, `500万`, `500w`) and any
// grouping (`1,000,000`, `1 000 000`, `1'000'000`); scaling is done on the decimal text,
// never by a float multiplication, so `1.1m` is exactly 1100000.

export type ParseError = 'empty' | 'invalid' | 'range';
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: ParseError };

export const ok = <T,>(value: T): Parsed<T> => ({ ok: true, value });
export const fail = <T,>(error: ParseError): Parsed<T> => ({ ok: false, error });

/** NFKC folds full-width digits and punctuation a Chinese IME produces (１２３，５) to ASCII. */
function normalise(text: string): string {
  return text.normalize('NFKC').replace(/[\u2212\u2012\u2013\uFE63]/g, '-').trim();
}

// Separators between groups of three digits: comma, spaces (incl. no-break and thin), apostrophe.
const SEP = "[,\\s\\u00a0\\u202f\\u2009'\\u2019]";
const GROUPED = new RegExp(`^(\\d{1,3}(?:${SEP}\\d{3})+)(?:\\.(\\d*))?$`);
const PLAIN = /^(\d*)(?:\.(\d*))?$/;

interface Decimal { neg: boolean; int: string; frac: string; exp: number }

/** Sign, integer digits, fraction digits and a power-of-ten exponent of a decimal text. */
function readDecimal(s: string, allowExponent: boolean): Decimal | null {
  let neg = false;
  if (s.startsWith('-') || s.startsWith('+')) {
    neg = s[0] === '-';
    s = s.slice(1).trimStart();
  } else if (s.startsWith('(') && s.endsWith(')')) {
    // accounting negative: (1,000)
    neg = true;
    s = s.slice(1, -1).trim();
  }
  let exp = 0;
  if (allowExponent) {
    const e = /^(.*?)e([+-]?\d{1,3})$/i.exec(s);
    if (e) {
      s = e[1];
      exp = Number(e[2]);
    }
  }
  const g = GROUPED.exec(s);
  if (g) return { neg, int: g[1].replace(new RegExp(SEP, 'g'), ''), frac: g[2] ?? '', exp };
  const p = PLAIN.exec(s);
  if (!p || (p[1] === '' && (p[2] ?? '') === '')) return null;
  return { neg, int: p[1], frac: p[2] ?? '', exp };
}

/** The double nearest to the decimal times 10^shift (correctly rounded by Number). */
function toNumber(d: Decimal, shift = 0): number {
  const digits = `${d.int || '0'}${d.frac}`;
  const v = Number(`${digits}e${d.exp + shift - d.frac.length}`);
  if (v === 0) return 0; // never -0: "-0" is zero
  return d.neg ? -v : v;
}

function finite(v: number): Parsed<number> {
  return Number.isFinite(v) ? ok(v) : fail('range');
}

/** A plain number: grouping allowed, `1.5e-3` allowed, no shorthands. */
export function parseNumber(text: string): Parsed<number> {
  const s = normalise(text);
  if (s === '') return fail('empty');
  const d = readDecimal(s, true);
  return d ? finite(toNumber(d)) : fail('invalid');
}

/** Multipliers as powers of ten, longest spelling first so `mm` wins over `m`. */
const AMOUNT_SUFFIXES: ReadonlyArray<[string, number]> = [
  ['thousand', 3], ['million', 6], ['billion', 9], ['trillion', 12],
  ['万亿', 12], ['千万', 7], ['百万', 6], ['十万', 5],
  ['mio', 6], ['mln', 6], ['bio', 9], ['bln', 9],
  ['mm', 6], ['mn', 6], ['bn', 9], ['tn', 12],
  ['k', 3], ['m', 6], ['b', 9], ['w', 4],
  ['千', 3], ['万', 4], ['亿', 8],
];

/**
 * An amount: `10m`, `1.5mio`, `500k`, `2bn`, `1,000,000`, `1 000 000`, `3.2亿`, `500万`,
 * `500w`, `(1,000)`. Case and a space before the unit do not matter.
 */
export function parseAmount(text: string): Parsed<number> {
  const s = normalise(text);
  if (s === '') return fail('empty');
  const lower = s.toLowerCase();
  for (const [suffix, pow] of AMOUNT_SUFFIXES) {
    if (lower.endsWith(suffix)) {
      const head = s.slice(0, s.length - suffix.length).trimEnd();
      const d = readDecimal(head, false);
      return d ? finite(toNumber(d, pow)) : fail('invalid');
    }
  }
  const d = readDecimal(s, true);
  return d ? finite(toNumber(d)) : fail('invalid');
}

/**
 * A percent number as UI-CONTRACT section 1 reads it: `5.5` and `5.5%` both mean 5.5 %;
 * `25bp` is 0.25 (percent).
 */
export function parsePercent(text: string): Parsed<number> {
  const s = normalise(text);
  if (s === '') return fail('empty');
  const bp = /^(.*?)\s*bps?$/i.exec(s);
  const body = bp ? bp[1] : s.replace(/\s*%$/, '');
  const d = readDecimal(body, !bp);
  if (!d) return fail('invalid');
  return finite(toNumber(d, bp ? -2 : 0));
}

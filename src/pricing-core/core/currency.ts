// Currencies and amounts. An amount always carries its currency, so a domestic premium can
// never be added to a foreign notional by accident.

/** ISO 4217 code, e.g. 'EUR'. */
export type Currency = string & { readonly __currency?: never };

const ISO = /^[A-Z]{3}$/;

export function currency(code: string): Currency {
  if (!ISO.test(code)) throw new RangeError(`not an ISO 4217 currency code: ${code}`);
  return code as Currency;
}

/** A currency pair quoted as units of `quote` (domestic) per one unit of `base` (foreign). */
export interface CurrencyPair {
  readonly base: Currency;
  readonly quote: Currency;
}

export function currencyPair(code: string): CurrencyPair {
  const m = /^([A-Z]{3})\/?([A-Z]{3})$/.exec(code);
  if (!m) throw new RangeError(`not a currency pair: ${code}`);
  return Object.freeze({ base: m[1] as Currency, quote: m[2] as Currency });
}

export function pairCode(p: CurrencyPair): string {
  return `${p.base}${p.quote}`;
}

export interface CurrencyAmount {
  readonly currency: Currency;
  readonly amount: number;
}

export function amountOf(cur: Currency, amount: number): CurrencyAmount {
  return Object.freeze({ currency: cur, amount });
}

function sameCurrency(a: CurrencyAmount, b: CurrencyAmount): void {
  if (a.currency !== b.currency) throw new RangeError(`currency mismatch: ${a.currency} vs ${b.currency}`);
}

export function addAmounts(a: CurrencyAmount, b: CurrencyAmount): CurrencyAmount {
  sameCurrency(a, b);
  return amountOf(a.currency, a.amount + b.amount);
}

export function scaleAmount(a: CurrencyAmount, k: number): CurrencyAmount {
  return amountOf(a.currency, a.amount * k);
}

/** Converts with an FX rate quoted as `pair` (quote units per base unit). */
export function convertAmount(a: CurrencyAmount, pair: CurrencyPair, rate: number): CurrencyAmount {
  if (a.currency === pair.base) return amountOf(pair.quote, a.amount * rate);
  if (a.currency === pair.quote) return amountOf(pair.base, a.amount / rate);
  throw new RangeError(`${a.currency} is not in ${pairCode(pair)}`);
}

// /ERConversion: any two currencies through the CNY central parity (人民币汇率中间价) of one
// date. Pure: the screen gives the central parities it has and the inputs; this says the
// rate, the converted amount, the date and the path taken.
//
// The rule (README.md): a currency with a central parity against CNY converts through CNY,
// and two non-CNY currencies cross through CNY: rate(A->B) = CNY per A / CNY per B. This is
// the desk's 中间价套算: one official fixing, one date, no quote of our own; CFETS sets the
// non-USD parities from the USD/CNY parity and the USD crosses at fixing time, so the cross
// through CNY is the USD cross as of the fixing.
//
// Rate is the mid (a fixing has no spread), and the rate from B to A is exactly 1 / (the
// rate from A to B): each pair is computed once in a canonical direction (into CNY for a CNY
// pair, alphabetical for a cross) and inverted for the other.
import type { Observation } from '../../kit/market-data/series';

export const CNY = 'CNY';

/** What the screen knows of one central-parity series (from the catalogue). */
export interface ParitySeries {
  id: string;
  /** Six letters as quoted: USDCNY (CNY per USD) or CNYXXX (XXX per CNY). */
  pair: string;
  /** Units of the base currency the quote is for (100 for JPY). */
  per: number;
}

/** CNY per one unit of a currency, from its central parity. */
export interface CnyParity {
  ccy: string;
  cnyPerUnit: number;
  series: ParitySeries;
  fixing: Observation;
}

/** Reads a central parity (either quoting direction) as CNY per one unit of the currency. */
export function parityOf(series: ParitySeries, fixing: Observation): CnyParity | null {
  const base = series.pair.slice(0, 3);
  const quote = series.pair.slice(3, 6);
  const per = series.per > 0 ? series.per : 1;
  if (!(fixing.value > 0) || !Number.isFinite(fixing.value)) return null;
  if (quote === CNY && base !== CNY) return { ccy: base, cnyPerUnit: fixing.value / per, series, fixing };
  if (base === CNY && quote !== CNY) return { ccy: quote, cnyPerUnit: per / fixing.value, series, fixing };
  return null;
}

export function paritiesOf(series: readonly ParitySeries[], fixings: ReadonlyMap<string, Observation>): Map<string, CnyParity> {
  const out = new Map<string, CnyParity>();
  for (const s of series) {
    const o = fixings.get(s.id);
    const p = o ? parityOf(s, o) : null;
    if (p) out.set(p.ccy, p);
  }
  return out;
}

/** One step of the path: from -> to at the quoted fixing (multiply or divide by it). */
export interface Leg {
  from: string;
  to: string;
  /** The fixing as quoted (e.g. 4.6489 for 100 JPY). */
  quoted: number;
  per: number;
  /** Amount in `to` = amount in `from` x factor. */
  factor: number;
  /** 'multiply' when the fixing is quoted per `from`, 'divide' otherwise. */
  op: 'multiply' | 'divide';
  fixing: Observation;
  series: ParitySeries;
}

export interface Conversion {
  from: string;
  to: string;
  amount: number;
  /** Units of `to` per unit of `from` (mid). */
  rate: number;
  /** 1 / rate, exactly as the reverse conversion reports it. */
  inverse: number;
  converted: number;
  /** The fixing date used; the earlier one when the legs' dates differ. */
  asOf: string;
  /** True when the two legs come from different dates (one currency's fixing is older). */
  datesDiffer: boolean;
  legs: Leg[];
}

export type ConversionError =
  | { code: 'noAmount' }
  | { code: 'noCurrency'; which: 'from' | 'to' }
  | { code: 'noParity'; ccy: string }
  | { code: 'noData' };

export type ConversionOutcome = { ok: true; value: Conversion } | { ok: false; error: ConversionError };

function leg(p: CnyParity, toCny: boolean): Leg {
  const base = p.series.pair.slice(0, 3);
  // A fixing quoted per unit of the currency (USDCNY) multiplies into CNY; CNYXXX divides.
  const quotedPerFrom = toCny ? base === p.ccy : base === CNY;
  const factor = toCny ? p.cnyPerUnit : 1 / p.cnyPerUnit;
  return {
    from: toCny ? p.ccy : CNY,
    to: toCny ? CNY : p.ccy,
    quoted: p.fixing.value,
    per: p.series.per > 0 ? p.series.per : 1,
    factor,
    op: quotedPerFrom ? 'multiply' : 'divide',
    fixing: p.fixing,
    series: p.series,
  };
}

/** Units of `b` per unit of `a` in the canonical direction (into CNY, else alphabetical). */
function canonicalRate(a: CnyParity | null, b: CnyParity | null): number {
  if (a && !b) return a.cnyPerUnit; // a -> CNY
  if (!a && b) return 1 / b.cnyPerUnit; // CNY -> b
  return a!.cnyPerUnit / b!.cnyPerUnit;
}

export function convert(input: { from: string | null; to: string | null; amount: number | null }, parities: ReadonlyMap<string, CnyParity>): ConversionOutcome {
  const { from, to, amount } = input;
  if (!from) return { ok: false, error: { code: 'noCurrency', which: 'from' } };
  if (!to) return { ok: false, error: { code: 'noCurrency', which: 'to' } };
  if (amount === null || !Number.isFinite(amount)) return { ok: false, error: { code: 'noAmount' } };
  if (from === to) {
    return { ok: true, value: { from, to, amount, rate: 1, inverse: 1, converted: amount, asOf: newestParityDate(parities) ?? '', datesDiffer: false, legs: [] } };
  }
  if (parities.size === 0) return { ok: false, error: { code: 'noData' } };
  const pa = from === CNY ? null : parities.get(from) ?? null;
  const pb = to === CNY ? null : parities.get(to) ?? null;
  if (from !== CNY && !pa) return { ok: false, error: { code: 'noParity', ccy: from } };
  if (to !== CNY && !pb) return { ok: false, error: { code: 'noParity', ccy: to } };

  // Canonical direction: into CNY for a CNY pair; alphabetical for a cross.
  const forward = to === CNY || (from !== CNY && from < to);
  const canonical = forward ? canonicalRate(pa, pb) : canonicalRate(pb, pa);
  const rate = forward ? canonical : 1 / canonical;
  const inverse = forward ? 1 / canonical : canonical;

  const legs: Leg[] = [];
  if (pa) legs.push(leg(pa, true));
  if (pb) legs.push(leg(pb, false));
  const dates = legs.map((l) => l.fixing.date);
  const asOf = dates.reduce((a, d) => (d < a ? d : a), dates[0]);
  return { ok: true, value: { from, to, amount, rate, inverse, converted: amount * rate, asOf, datesDiffer: new Set(dates).size > 1, legs } };
}

function newestParityDate(parities: ReadonlyMap<string, CnyParity>): string | null {
  let best: string | null = null;
  for (const p of parities.values()) if (best === null || p.fixing.date > best) best = p.fixing.date;
  return best;
}

/** Currencies a conversion can use: CNY and every currency with a central parity. */
export function currenciesOf(parities: ReadonlyMap<string, CnyParity>): string[] {
  return [CNY, ...[...parities.keys()].sort()];
}

/** Rows of "the amount in every other currency" (the cross table under the result). */
export function crossTable(from: string, amount: number, parities: ReadonlyMap<string, CnyParity>): Array<{ ccy: string; rate: number; converted: number; inverse: number; asOf: string }> {
  const out: Array<{ ccy: string; rate: number; converted: number; inverse: number; asOf: string }> = [];
  for (const ccy of currenciesOf(parities)) {
    if (ccy === from) continue;
    const r = convert({ from, to: ccy, amount }, parities);
    if (r.ok) out.push({ ccy, rate: r.value.rate, converted: r.value.converted, inverse: r.value.inverse, asOf: r.value.asOf });
  }
  return out;
}

/** The central-parity series of a catalogue listing (`fxfix.CP.*`). */
export function paritySeriesOf(catalog: ReadonlyArray<{ id: string; pair?: string; per?: number; kind: string }>): ParitySeries[] {
  return catalog
    .filter((s) => s.kind === 'fxFixing' && s.id.startsWith('fxfix.CP.') && typeof s.pair === 'string' && s.pair.length === 6)
    .map((s) => ({ id: s.id, pair: s.pair!, per: s.per ?? 1 }));
}

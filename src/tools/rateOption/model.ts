// The rate option screens' model, pure: the market's swap quotes -> curve definitions; the
// screen's inputs (percent numbers) -> the OptPricingSvr request (decimals); replies -> the
// numbers shown (greeks per basis point). The pricing itself is
// src/pricing-core/engines/rates/rate-option-calculator.ts, on the server or offline worker.
import type { CurveDefinition } from '../../pricing-core/market/curves/curve-definition';
import type { CurvePoint } from '../../kit/market-data/client';
import { ToolFailure } from '../../kit/results/errors';
import type { RateOptionReply } from '../../pricing-core/engines/rates/rate-option-calculator';

export const RATE_OPTION_METHOD = 'ATS.OPTPRICINGSVR.RATEOPTION';
export const SWAPTION_GRID_METHOD = 'ATS.OPTPRICINGSVR.SWAPTIONGRID';
export const SABR_CALIBRATE_METHOD = 'ATS.OPTPRICINGSVR.SABRCALIBRATE';

/** The indices the screens offer (UI-CONTRACT option texts). */
export const OPTION_INDICES = ['FR007', 'SHIBOR3M', 'LPR1Y', 'SOFR'] as const;
export type OptionIndex = (typeof OPTION_INDICES)[number];
export const INDEX_LABEL: Record<OptionIndex, string> = { FR007: 'FR007', SHIBOR3M: 'SHIBOR 3M', LPR1Y: 'LPR 1Y', SOFR: 'SOFR' };
export const INDEX_CCY: Record<OptionIndex, string> = { FR007: 'CNY', SHIBOR3M: 'CNY', LPR1Y: 'CNY', SOFR: 'USD' };
/** CNY term indices are discounted on FR007 (dual curve), as the sample curves do. */
export const DISCOUNT_INDEX: Record<OptionIndex, OptionIndex | null> = { FR007: null, SHIBOR3M: 'FR007', LPR1Y: 'FR007', SOFR: null };
export const SWAP_TENORS = ['1Y', '2Y', '3Y', '4Y', '5Y', '7Y', '10Y'] as const;

export type Product = 'swaption' | 'cap' | 'floor';
export type VolModel = 'black' | 'normal' | 'sabr';

export interface CalcInputs {
  product: Product;
  index: OptionIndex;
  payer: boolean;
  /** Swaption expiry as typed: a tenor (`1Y`) or an ISO date. */
  expiry: string | null;
  tenor: string;
  atm: boolean;
  /** Percent numbers (1.8 = 1.8 %). */
  strike: number | null;
  notional: number | null;
  volModel: VolModel;
  vol: number | null;
  shift: number | null;
  sabrQuote: 'normal' | 'black';
  alpha: number | null;
  beta: number | null;
  rho: number | null;
  nu: number | null;
  /** Currency amount; optional (implied vol). */
  premium: number | null;
}

export const DEFAULT_CALC: CalcInputs = {
  product: 'swaption', index: 'FR007', payer: true, expiry: '1Y', tenor: '5Y', atm: true, strike: 1.8, notional: 100_000_000,
  volModel: 'normal', vol: 0.35, shift: 1, sabrQuote: 'normal', alpha: 0.0035, beta: 0, rho: -0.2, nu: 0.4, premium: null,
};

export type Words = { zh: string; en: string };
export type WordsOf = (key: string, values?: Record<string, unknown>) => Words;

const bad = (w: Words): never => { throw new ToolFailure('badInput', undefined, w); };

/**
 * A curve definition per index from the market's `irs.{INDEX}` swap quotes (percent ->
 * decimal), log-linear discount factors; CNY term indices discounted on FR007.
 */
export function curveDefinitions(index: OptionIndex, own: readonly CurvePoint[], discount: readonly CurvePoint[] | null, asOf: string): CurveDefinition[] {
  const def = (ix: OptionIndex, pts: readonly CurvePoint[], discountCurve?: string): CurveDefinition => ({
    name: `${INDEX_LABEL[ix]} (irs.${ix})`, index: ix, asOf, interpolation: 'logLinearDiscount',
    ...(discountCurve ? { discountCurve } : {}),
    instruments: pts.filter((p) => /^\d+[WMY]$/.test(p.tenor) && Number.isFinite(p.value)).map((p) => ({ type: 'swap' as const, tenor: p.tenor, quote: p.value / 100 })),
  });
  const d = DISCOUNT_INDEX[index];
  if (d && discount) {
    const dc = def(d, discount);
    return [dc, def(index, own, dc.name)];
  }
  return [def(index, own)];
}

/**
 * The definitions of a curve saved on /curveConstruction as the request sends them: the curve
 * itself, or, when it was saved as a dual curve, its discount curve first and the curve
 * discounted by it (the engine forecasts off the curve on the option's index and discounts off
 * its discount curve). Quotes, instruments (enabled or not) and interpolation as saved.
 */
export function savedCurveDefinitions(s: { definition: CurveDefinition; discountDefinition?: CurveDefinition }): CurveDefinition[] {
  const { discountCurve: _, ...own } = s.definition;
  if (!s.discountDefinition) return [own];
  const { discountCurve: __, ...disc } = s.discountDefinition;
  const name = disc.name === own.name ? `${disc.name} (discount)` : disc.name;
  return [{ ...disc, name }, { ...own, discountCurve: name }];
}

/** The valuation date of curves built from quotes: the newest quote's date, not the day asked. */
export function quotesDate(points: readonly CurvePoint[], fallback: string): string {
  return points.reduce((a, p) => (p.date > a ? p.date : a), points[0]?.date ?? fallback);
}

export function volInput(i: CalcInputs, words: WordsOf): Record<string, unknown> {
  const shift = i.shift ?? 0;
  if (i.volModel !== 'normal' && !(shift >= 0 && shift <= 50)) bad(words('errors.shift'));
  if (i.volModel === 'sabr') {
    const { alpha, beta, rho, nu } = i;
    if (!(alpha !== null && alpha > 0 && beta !== null && beta >= 0 && beta <= 1 && rho !== null && rho > -1 && rho < 1 && nu !== null && nu >= 0)) bad(words('errors.sabr'));
    return { model: 'sabr', quote: i.sabrQuote, shift: i.sabrQuote === 'black' ? shift / 100 : 0, sabr: { alpha, beta, rho, nu } };
  }
  if (!(i.vol !== null && i.vol > 0)) bad(words('errors.vol'));
  return i.volModel === 'black' ? { model: 'black', vol: i.vol! / 100, shift: shift / 100 } : { model: 'normal', vol: i.vol! / 100 };
}

/** The RATEOPTION request of the inputs on the given curves; ToolFailure('badInput') in both languages. */
export function toRateOptionRequest(i: CalcInputs, curves: CurveDefinition[], words: WordsOf): Record<string, unknown> {
  if (!(i.notional !== null && i.notional > 0)) bad(words('errors.notional'));
  if (!i.atm && i.strike === null) bad(words('errors.strike'));
  if (i.product === 'swaption' && !i.expiry) bad(words('errors.expiry'));
  if (i.premium !== null && !(i.premium > 0)) bad(words('errors.premium'));
  const vol = volInput(i, words);
  return {
    curves, index: i.index, product: i.product, tenor: i.tenor, notional: i.notional, vol,
    strike: i.atm ? null : i.strike! / 100,
    ...(i.product === 'swaption' ? { expiry: i.expiry, payer: i.payer } : {}),
    ...(i.premium !== null ? { premium: i.premium } : {}),
  };
}

/** A decimal rate as a percent number, without the float noise of x 100 (0.018 -> 1.8, not 1.8000000000000003). */
export const pct = (x: number): number => Number((x * 100).toPrecision(15));

/** Greeks as shown: per basis point of their variable (data-value in those units). */
export function perBp(r: RateOptionReply) {
  return { delta: r.delta * 1e-4, gamma: r.gamma * 1e-8, vega: r.vega * 1e-4, theta: r.theta / 365 };
}

/** OptPricingSvr failures as the screen's errors: no inverse -> the SPEC solver message. */
export function asToolFailure(e: unknown, words: WordsOf): unknown {
  const o = e as { code?: unknown; message?: unknown; name?: unknown } | null;
  if (o && o.name === 'PricingFailure' && o.code === '2002') return new ToolFailure('inverseFailed', String(o.message ?? ''), words('errors.noInverse'));
  return e;
}

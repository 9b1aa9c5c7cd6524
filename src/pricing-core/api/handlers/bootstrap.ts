// PRICING-CLI model `bootstrap`: a single curve from deposits and par swaps, log-linear discount
// factors, one node per instrument (QuantLib PiecewiseLogLinearDiscount), solved by the core's
// curve engine (market/curves/bootstrap.ts). Deposits and swaps start on valuationDate; swap
// schedules roll forward from it, unadjusted (the section's "Schedules").
import type { ModelHandler, PriceRequest } from '../price-request';
import { PricingError } from '../../core/types';
import { type CalendarDate, fromISO } from '../../dates/date';
import { yearFraction } from '../../dates/day-count';
import { makeSwap } from '../../instruments/rates/swap';
import { type CurveInstrument, CurveBootstrap, pillarDate } from '../../market/curves/bootstrap';
import { curveTime } from '../../market/curves/discount-curve';
import { isoDateField } from './fixed-bond';
import { frequencyValue, rateDayCountField } from './rates-fields';

function instrumentOf(raw: unknown, i: number, v: CalendarDate): CurveInstrument {
  const name = `instruments[${i}]`;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new PricingError(`${name} must be an object`);
  const r = raw as PriceRequest;
  const at = (field: string) => `${name}.${field}`;
  const endDate = (() => {
    try { return isoDateField(r, 'endDate'); } catch (e) { throw new PricingError(`${name}: ${(e as Error).message}`); }
  })();
  if (!(endDate > v)) throw new PricingError(`${at('endDate')} must be after valuationDate`);
  if (typeof r.rate !== 'number' || !Number.isFinite(r.rate)) throw new PricingError(`${at('rate')} must be a finite number`);
  const label = `${name} (${r.type} to ${r.endDate})`;
  const dc = (field: string) => {
    try { return rateDayCountField(r, field); } catch (e) { throw new PricingError(`${name}: ${(e as Error).message}`); }
  };
  const freq = (field: string) => {
    try { return frequencyValue(r[field], field); } catch (e) { throw new PricingError(`${name}: ${(e as Error).message}`); }
  };
  if (r.type === 'deposit') {
    const dayCount = dc('dayCount');
    if (!(1 + r.rate * yearFraction(dayCount, v, endDate) > 0)) throw new PricingError(`${name}: 1 + rate x dayCount fraction must be positive`);
    return { kind: 'deposit', label, start: v, end: endDate, rate: r.rate, dayCount };
  }
  if (r.type === 'swap') {
    const fixedFrequency = freq('fixedFrequency');
    const fixedDayCount = dc('fixedDayCount');
    // Accepted for completeness; a single-curve float leg at par does not change the result.
    const floatFrequency = r.floatFrequency === undefined ? fixedFrequency : freq('floatFrequency');
    const floatDayCount = r.floatDayCount === undefined ? fixedDayCount : dc('floatDayCount');
    const swap = makeSwap({ startDate: v, endDate, fixedFrequency, floatFrequency, fixedDayCount, floatDayCount, fixedRate: r.rate, notional: 1, payer: true, rule: 'forward' });
    return { kind: 'swap', label, swap };
  }
  throw new PricingError(`${at('type')} must be deposit or swap`);
}

function pointTime(p: unknown, i: number, v: CalendarDate): number {
  if (typeof p === 'number') {
    if (!(p >= 0) || !Number.isFinite(p)) throw new PricingError(`at[${i}] must be a date or a number t >= 0`);
    return p;
  }
  if (typeof p === 'string') {
    let d: CalendarDate;
    try { d = fromISO(p); } catch { throw new PricingError(`at[${i}] must be an ISO date (YYYY-MM-DD) or a number, got ${JSON.stringify(p)}`); }
    if (d < v) throw new PricingError(`at[${i}] is before valuationDate`);
    return curveTime(v, d);
  }
  throw new PricingError(`at[${i}] must be an ISO date or a number`);
}

export const bootstrap: ModelHandler = (req) => {
  const v = isoDateField(req, 'valuationDate');
  if (!Array.isArray(req.instruments) || req.instruments.length === 0) throw new PricingError('field instruments must be a non-empty list');
  const instruments = req.instruments.map((x, i) => instrumentOf(x, i, v));
  let curve;
  try {
    curve = new CurveBootstrap({ valuationDate: v, instruments, interpolation: 'logLinearDiscount', extrapolate: false }).solve();
  } catch (e) {
    throw new PricingError(`no curve reprices these instruments: ${(e as Error).message}`);
  }
  const pillarTimes = instruments.map((inst) => curveTime(v, pillarDate(inst)));
  const discountFactors = pillarTimes.map((t) => curve.discount(t));
  const zeroRates = discountFactors.map((df, k) => -Math.log(df) / pillarTimes[k]);
  const nodeTimes = curve.nodeTimes;
  const nodeZeros = curve.nodeZeroRates;
  const result: Record<string, unknown> = {
    pillarTimes, discountFactors, zeroRates,
    curve: nodeTimes.map((t, k) => [t, nodeZeros[k]]),
  };
  if (req.at !== undefined) {
    if (!Array.isArray(req.at)) throw new PricingError('field at must be a list of ISO dates and/or numbers');
    const atTimes = req.at.map((p, i) => pointTime(p, i, v));
    const last = nodeTimes[nodeTimes.length - 1];
    atTimes.forEach((t, i) => { if (t > last) throw new PricingError(`at[${i}] (t = ${t}) is after the last curve node (t = ${last}): no extrapolation`); });
    const atDiscountFactors = atTimes.map((t) => curve.discount(t));
    result.atTimes = atTimes;
    result.atDiscountFactors = atDiscountFactors;
    result.atZeroRates = atTimes.map((t, i) => (t > 0 ? -Math.log(atDiscountFactors[i]) / t : nodeZeros[0]));
  }
  return result;
};

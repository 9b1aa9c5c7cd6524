// Field readers shared by the rates models of PRICING-CLI ("Interest rates" section and the
// `swap` model): the `[t, zeroRate]` curve, payment frequencies, day counts, option vols.
import { PricingError } from '../../core/types';
import type { PriceRequest } from '../price-request';
import type { DayCount } from '../../dates/day-count';
import { DiscountCurve } from '../../market/curves/discount-curve';
import type { RateVolInput } from '../../engines/rates/rate-vol';
import { dayCountField } from './fixed-bond';
import { num, nonNegative } from './fields';

export function curveNodes(v: unknown): [number, number][] {
  if (!Array.isArray(v) || v.length < 2) throw new PricingError('field curve must be a list of at least two [t, zeroRate] nodes');
  const nodes = v.map((n, i) => {
    if (!Array.isArray(n) || n.length !== 2 || !n.every((x) => typeof x === 'number' && Number.isFinite(x))) {
      throw new PricingError(`curve node ${i} must be [t, zeroRate] numbers`);
    }
    return [n[0], n[1]] as [number, number];
  });
  if (nodes[0][0] !== 0) throw new PricingError('the first curve node must be at t = 0');
  for (let i = 1; i < nodes.length; i++) if (!(nodes[i][0] > nodes[i - 1][0])) throw new PricingError('curve node times must increase');
  return nodes;
}

/** The section's curve: log-linear discount factors, no extrapolation past the last node. */
export function rateCurveField(req: PriceRequest): DiscountCurve {
  return DiscountCurve.fromZeroRates(curveNodes(req.curve), 'logLinearDiscount', { extrapolate: false });
}

export function frequencyValue(v: unknown, name: string): 1 | 2 | 4 | 12 {
  if (typeof v !== 'number' || ![1, 2, 4, 12].includes(v)) throw new PricingError(`field ${name} must be 1, 2, 4 or 12`);
  return v as 1 | 2 | 4 | 12;
}

const RATE_DAY_COUNTS: readonly DayCount[] = ['ACT/360', 'ACT/365F', '30/360', 'ACT/ACT-ISDA'];

/** A day count of the "Interest rates" section: ACT/360, ACT/365F, 30/360, ACT/ACT-ISDA. */
export function rateDayCountField(req: PriceRequest, name: string): DayCount {
  const dc = dayCountField(req, name);
  if (!RATE_DAY_COUNTS.includes(dc)) throw new PricingError(`field ${name} must be one of ${RATE_DAY_COUNTS.join(', ')} (got ${dc})`);
  return dc;
}

/** `volType` (black/normal), `vol`, `shift` (black only, default 0). */
export function rateVolFields(req: PriceRequest): RateVolInput {
  const volType = req.volType;
  if (volType !== 'black' && volType !== 'normal') throw new PricingError('field volType must be black or normal');
  const vol = num(req, 'vol', nonNegative);
  if (volType === 'normal') {
    if (req.shift !== undefined && req.shift !== 0) throw new PricingError('field shift is only for volType black (normal volatilities take no shift)');
    return { model: 'normal', vol };
  }
  return { model: 'black', vol, shift: req.shift === undefined ? 0 : num(req, 'shift') };
}

// PRICING-CLI model `fixedBond`: fixed-rate bullet bond from a yield or a clean price.
import type { ModelHandler, PriceRequest } from '../price-request';
import { PricingError } from '../../core/types';
import { type CalendarDate, fromISO } from '../../dates/date';
import { parseDayCount } from '../../dates/day-count';
import { priceFixedBond } from '../../engines/bond/fixed-bond-yield';
import { num, optNum, positive } from './fields';

/** Reads an ISO `YYYY-MM-DD` date field (shared by the rates handlers). */
export function isoDateField(req: PriceRequest, name: string): CalendarDate {
  const v = req[name];
  if (v === undefined || v === null) throw new PricingError(`missing field: ${name}`);
  if (typeof v !== 'string') throw new PricingError(`field ${name} must be an ISO date string (YYYY-MM-DD)`);
  try {
    return fromISO(v);
  } catch {
    throw new PricingError(`field ${name} must be an ISO date (YYYY-MM-DD), got ${JSON.stringify(v)}`);
  }
}

export function dayCountField(req: PriceRequest, name: string) {
  try {
    return parseDayCount(req[name]);
  } catch (e) {
    throw new PricingError(`field ${name}: ${(e as Error).message}`);
  }
}

export const fixedBond: ModelHandler = (req) => {
  const issue = isoDateField(req, 'issue');
  const settlement = isoDateField(req, 'settlement');
  const maturity = isoDateField(req, 'maturity');
  const coupon = num(req, 'coupon', { min: 0, max: 1 });
  const frequency = num(req, 'frequency');
  if (frequency !== 1 && frequency !== 2 && frequency !== 4) throw new PricingError('field frequency must be 1, 2 or 4');
  const dayCount = dayCountField(req, 'dayCount');
  const face = optNum(req, 'face', 100, positive);
  if (!(maturity > issue)) throw new PricingError('maturity must be after issue');
  if (settlement < issue || settlement >= maturity) throw new PricingError('settlement must be on or after issue and before maturity');
  const hasYield = req.yield !== undefined;
  const hasPrice = req.cleanPrice !== undefined;
  if (hasYield === hasPrice) throw new PricingError('give exactly one of yield or cleanPrice');
  const quote = hasYield ? { yield: num(req, 'yield', { min: -frequency, exclusiveMin: true }) } : { cleanPrice: num(req, 'cleanPrice', positive) };
  const a = priceFixedBond({ issue, maturity, coupon, frequency, dayCount, face }, settlement, quote);
  // Prices and accrued are per 100 of face (so independent of `face`); dv01 likewise.
  return {
    cleanPrice: a.cleanPrice,
    dirtyPrice: a.dirtyPrice,
    accrued: a.accrued,
    yield: a.yield,
    macaulayDuration: a.macaulayDuration,
    modifiedDuration: a.modifiedDuration,
    convexity: a.convexity,
    dv01: a.dv01,
  };
};

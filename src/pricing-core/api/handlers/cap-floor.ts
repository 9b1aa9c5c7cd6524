// PRICING-CLI model `capFloor`: cap or floor on one explicit curve, Black (shifted) or normal
// vol, caplets fixing on their period start (no lag); the period fixing on the valuation date is
// excluded (the section's "first caplet" choice). Priced by engines/rates/cap-floor.ts.
import type { ModelHandler } from '../price-request';
import { PricingError } from '../../core/types';
import { makeSwap } from '../../instruments/rates/swap';
import { priceCapFloor } from '../../engines/rates/cap-floor';
import { num, positive } from './fields';
import { isoDateField } from './fixed-bond';
import { frequencyValue, rateCurveField, rateDayCountField, rateVolFields } from './rates-fields';

export const capFloor: ModelHandler = (req) => {
  const valuationDate = isoDateField(req, 'valuationDate');
  const startDate = isoDateField(req, 'startDate');
  const endDate = isoDateField(req, 'endDate');
  if (startDate < valuationDate) throw new PricingError('startDate must be on or after valuationDate');
  if (!(endDate > startDate)) throw new PricingError('endDate must be after startDate');
  if (req.type !== 'cap' && req.type !== 'floor') throw new PricingError('field type must be cap or floor');
  const frequency = frequencyValue(req.frequency, 'frequency');
  const dayCount = rateDayCountField(req, 'dayCount');
  const notional = num(req, 'notional', positive);
  const strike = num(req, 'strike');
  // The float leg of a swap on the same schedule: its periods are the caplets.
  const leg = makeSwap({ startDate, endDate, fixedFrequency: frequency, floatFrequency: frequency, fixedDayCount: dayCount, floatDayCount: dayCount, fixedRate: 0, notional, payer: true, rule: 'forward' }).float;
  const vol = rateVolFields(req);
  const curve = rateCurveField(req);
  let r;
  try {
    r = priceCapFloor({ type: req.type, strike, periods: leg.periods }, { valuationDate, discount: curve }, vol);
  } catch (e) {
    throw new PricingError((e as Error).message);
  }
  return { npv: r.npv, capletNpvs: r.caplets.map((c) => c.npv), forwards: r.caplets.map((c) => c.forward), vega: r.vega };
};

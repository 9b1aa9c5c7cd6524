// PRICING-CLI model `swaption`: European swaption, physically settled, on one explicit curve
// (the section's log-linear `[t, zeroRate]` curve), Black (shifted) or normal vol; priced by
// engines/rates/swaption.ts. Schedules roll forward from startDate, unadjusted.
import type { ModelHandler } from '../price-request';
import { PricingError } from '../../core/types';
import { makeSwap } from '../../instruments/rates/swap';
import { priceSwaption } from '../../engines/rates/swaption';
import { num, positive } from './fields';
import { isoDateField } from './fixed-bond';
import { frequencyValue, rateCurveField, rateDayCountField, rateVolFields } from './rates-fields';

export const swaption: ModelHandler = (req) => {
  const valuationDate = isoDateField(req, 'valuationDate');
  const expiryDate = isoDateField(req, 'expiryDate');
  const startDate = isoDateField(req, 'startDate');
  const endDate = isoDateField(req, 'endDate');
  if (!(valuationDate < expiryDate && expiryDate <= startDate && startDate < endDate)) {
    throw new PricingError('dates must satisfy valuationDate < expiryDate <= startDate < endDate');
  }
  if (typeof req.payer !== 'boolean') throw new PricingError('field payer must be true or false');
  const fixedFrequency = frequencyValue(req.fixedFrequency, 'fixedFrequency');
  const fixedDayCount = rateDayCountField(req, 'fixedDayCount');
  const underlying = makeSwap({
    startDate, endDate, fixedFrequency, fixedDayCount,
    floatFrequency: req.floatFrequency === undefined ? fixedFrequency : frequencyValue(req.floatFrequency, 'floatFrequency'),
    floatDayCount: req.floatDayCount === undefined ? fixedDayCount : rateDayCountField(req, 'floatDayCount'),
    notional: num(req, 'notional', positive), fixedRate: num(req, 'strike'), payer: req.payer, rule: 'forward',
  });
  const vol = rateVolFields(req);
  const curve = rateCurveField(req);
  let r;
  try {
    r = priceSwaption({ expiry: expiryDate, underlying }, { valuationDate, discount: curve }, vol);
  } catch (e) {
    throw new PricingError((e as Error).message);
  }
  return { npv: r.npv, forwardSwapRate: r.forwardSwapRate, annuity: r.annuity, delta: r.delta, vega: r.vega };
};

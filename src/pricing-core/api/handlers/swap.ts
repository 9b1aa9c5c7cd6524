// PRICING-CLI model `swap`: vanilla fixed/float swap on one explicit zero curve.
import type { ModelHandler } from '../price-request';
import { PricingError } from '../../core/types';
import { makeSwap } from '../../instruments/rates/swap';
import { DiscountCurve } from '../../market/curves/discount-curve';
import { priceSwap, swapPv01 } from '../../engines/rates/swap-pricer';
import { num, positive } from './fields';
import { dayCountField, isoDateField } from './fixed-bond';
import { curveNodes, frequencyValue } from './rates-fields';

export const swap: ModelHandler = (req) => {
  const valuationDate = isoDateField(req, 'valuationDate');
  const startDate = isoDateField(req, 'startDate');
  const endDate = isoDateField(req, 'endDate');
  if (!(endDate > startDate)) throw new PricingError('endDate must be after startDate');
  if (startDate < valuationDate) throw new PricingError('startDate before valuationDate: seasoned swaps need fixings and are not supported');
  if (typeof req.payer !== 'boolean') throw new PricingError('field payer must be true or false');
  const instrument = makeSwap({
    startDate, endDate,
    fixedFrequency: frequencyValue(req.fixedFrequency, 'fixedFrequency'),
    floatFrequency: frequencyValue(req.floatFrequency, 'floatFrequency'),
    fixedDayCount: dayCountField(req, 'fixedDayCount'),
    floatDayCount: dayCountField(req, 'floatDayCount'),
    notional: num(req, 'notional', positive),
    fixedRate: num(req, 'fixedRate'),
    payer: req.payer,
    rule: 'forward',
  });
  const curve = DiscountCurve.fromZeroRates(curveNodes(req.curve), 'logLinearDiscount');
  const curves = { valuationDate, discount: curve };
  const v = priceSwap(instrument, curves);
  return { parRate: v.parRate, npv: v.npv, fixedLegPv: v.fixedLegPv, floatLegPv: v.floatLegPv, bps: v.bps, pv01: swapPv01(instrument, curves) };
};

// PRICING-CLI model `swap`: vanilla fixed/float swap on one explicit zero curve.
import type { ModelHandler } from '../price-request';
import { PricingError } from '../../core/types';
import { makeSwap } from '../../instruments/rates/swap';
import { DiscountCurve } from '../../market/curves/discount-curve';
import { priceSwap, swapPv01 } from '../../engines/rates/swap-pricer';
import { num, positive } from './fields';
import { dayCountField, isoDateField } from './fixed-bond';

function curveField(v: unknown): [number, number][] {
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

function frequencyField(v: unknown, name: string): number {
  if (typeof v !== 'number' || ![1, 2, 4, 12].includes(v)) throw new PricingError(`field ${name} must be 1, 2, 4 or 12`);
  return v;
}

export const swap: ModelHandler = (req) => {
  const valuationDate = isoDateField(req, 'valuationDate');
  const startDate = isoDateField(req, 'startDate');
  const endDate = isoDateField(req, 'endDate');
  if (!(endDate > startDate)) throw new PricingError('endDate must be after startDate');
  if (startDate < valuationDate) throw new PricingError('startDate before valuationDate: seasoned swaps need fixings and are not supported');
  if (typeof req.payer !== 'boolean') throw new PricingError('field payer must be true or false');
  const instrument = makeSwap({
    startDate, endDate,
    fixedFrequency: frequencyField(req.fixedFrequency, 'fixedFrequency'),
    floatFrequency: frequencyField(req.floatFrequency, 'floatFrequency'),
    fixedDayCount: dayCountField(req, 'fixedDayCount'),
    floatDayCount: dayCountField(req, 'floatDayCount'),
    notional: num(req, 'notional', positive),
    fixedRate: num(req, 'fixedRate'),
    payer: req.payer,
    rule: 'forward',
  });
  const curve = DiscountCurve.fromZeroRates(curveField(req.curve), 'logLinearDiscount');
  const curves = { valuationDate, discount: curve };
  const v = priceSwap(instrument, curves);
  return { parRate: v.parRate, npv: v.npv, fixedLegPv: v.fixedLegPv, floatLegPv: v.floatLegPv, bps: v.bps, pv01: swapPv01(instrument, curves) };
};

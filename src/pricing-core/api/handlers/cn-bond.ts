// PRICING-CLI models `cnBond`, `bondFutureCF`, `bondFutureBasis` (section "China bonds and
// treasury futures"): China inter-bank bond price/yield and CFFEX treasury-futures analytics.
import type { ModelHandler, PriceRequest } from '../price-request';
import { PricingError } from '../../core/types';
import { toISO } from '../../dates/date';
import { type CnBond, cnCouponSchedule } from '../../instruments/rates/cn-bond';
import { priceCnBond } from '../../engines/bond/cn-bond';
import { bondFutureBasis as basis, conversionFactor } from '../../engines/bond/bond-futures';
import { CFFEX_CONTRACTS, type CffexContractCode } from '../../instruments/rates/treasury-futures';
import { num, oneOf, optNum, positive } from './fields';
import { isoDateField } from './fixed-bond';

/** The fixed-coupon bond of a request: issue, maturity, coupon, frequency (1 or 2), face. */
function bondFields(req: PriceRequest, withFace: boolean): CnBond {
  const issue = isoDateField(req, 'issue');
  const maturity = isoDateField(req, 'maturity');
  const coupon = num(req, 'coupon', { min: 0, max: 1 });
  const frequency = num(req, 'frequency');
  if (frequency !== 1 && frequency !== 2) throw new PricingError('field frequency must be 1 or 2');
  const face = withFace ? optNum(req, 'face', 100, positive) : 100;
  if (!(maturity > issue)) throw new PricingError('maturity must be after issue');
  try {
    cnCouponSchedule(issue, maturity, frequency);
  } catch (e) {
    throw new PricingError((e as Error).message);
  }
  return { kind: 'fixed', issue, maturity, coupon, frequency, face };
}

export const cnBond: ModelHandler = (req) => {
  const bond = bondFields(req, true);
  const settlement = isoDateField(req, 'settlement');
  if (settlement < bond.issue || settlement >= bond.maturity) throw new PricingError('settlement must be on or after issue and before maturity');
  const hasYield = req.yield !== undefined, hasPrice = req.cleanPrice !== undefined;
  if (hasYield === hasPrice) throw new PricingError('give exactly one of yield or cleanPrice');
  // Extras (not in PRICING-CLI; defaults are the binding model): convention and accrual rule.
  const convention = req.convention === undefined ? 'cn' : oneOf(req, 'convention', ['cn', 'isma'] as const);
  const accrual = req.accrual === undefined ? 'cfets' : oneOf(req, 'accrual', ['cfets', 'exchange'] as const);
  const quote = hasYield ? { yield: num(req, 'yield', { min: -bond.frequency, exclusiveMin: true }) } : { cleanPrice: num(req, 'cleanPrice', positive) };
  const a = priceCnBond(bond, settlement, quote, { convention, accrual });
  return {
    cleanPrice: a.cleanPrice,
    dirtyPrice: a.dirtyPrice,
    accrued: a.accrued,
    yield: a.yield,
    modifiedDuration: a.modifiedDuration,
    convexity: a.convexity,
    remainingCoupons: a.remainingCoupons,
    macaulayDuration: a.macaulayDuration,
    dv01: a.dv01,
    regime: a.regime,
  };
};

const CONTRACTS = Object.keys(CFFEX_CONTRACTS) as CffexContractCode[];

function deliveryMonthField(req: PriceRequest): { year: number; month: number } {
  const v = req.deliveryMonth;
  if (typeof v !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(v)) throw new PricingError('field deliveryMonth must be YYYY-MM');
  return { year: Number(v.slice(0, 4)), month: Number(v.slice(5, 7)) };
}

export const bondFutureCF: ModelHandler = (req) => {
  const contract = oneOf(req, 'contract', CONTRACTS);
  const { year, month } = deliveryMonthField(req);
  const bond = bondFields(req, false);
  const cf = conversionFactor(bond, year, month, CFFEX_CONTRACTS[contract].notionalCoupon);
  return {
    conversionFactor: cf.conversionFactor,
    conversionFactorRaw: cf.conversionFactorRaw,
    monthsToNextCoupon: cf.monthsToNextCoupon,
    remainingCoupons: cf.remainingCoupons,
    nextCouponDate: toISO(cf.nextCouponDate),
  };
};

export const bondFutureBasis: ModelHandler = (req) => {
  const bond = bondFields(req, false);
  const settlement = isoDateField(req, 'settlement');
  const deliveryDate = isoDateField(req, 'deliveryDate');
  if (!(bond.issue <= settlement && settlement < deliveryDate && deliveryDate < bond.maturity)) {
    throw new PricingError('need issue <= settlement < deliveryDate < maturity');
  }
  const futuresPrice = num(req, 'futuresPrice', positive);
  const cleanPrice = num(req, 'cleanPrice', positive);
  const repoRate = num(req, 'repoRate');
  const cf = req.conversionFactor === undefined ? undefined : num(req, 'conversionFactor', positive);
  const r = basis(bond, { settlement, deliveryDate, futuresPrice, cleanPrice, repoRate, conversionFactor: cf });
  return {
    conversionFactor: r.conversionFactor,
    accrued: r.accrued,
    dirtyPrice: r.dirtyPrice,
    deliveryAccrued: r.deliveryAccrued,
    invoicePrice: r.invoicePrice,
    interimCoupons: r.interimCoupons,
    grossBasis: r.grossBasis,
    carry: r.carry,
    netBasis: r.netBasis,
    irr: r.irr,
    days: r.days,
  };
};

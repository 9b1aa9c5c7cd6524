// PRICING-CLI model `asian`: vanilla fields plus `average`, `continuous` or `fixings`, and for
// arithmetic averages `method` (mc | turnbull_wakeman), `paths`, `seed`. Extensions:
// `strikeType` (fixed | floating: average strike), `generator` (sobol | pseudo),
// `antithetic`, `controlVariate`.
import type { ModelHandler, PriceRequest } from '../price-request';
import { PricingError } from '../../core/types';
import { type AsianRequest, priceAsian } from '../../engines/asian';
import { blackFields, num, oneOf, optionTypes, positive } from './fields';

export const MAX_SYNC_PATHS = 20_000_000;

function bool(req: PriceRequest, name: string): boolean | undefined {
  const v = req[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') throw new PricingError(`field ${name} must be true or false`);
  return v;
}

function fixingTimes(req: PriceRequest, t: number): number[] {
  const v = req.fixings;
  if (!Array.isArray(v) || v.length === 0) throw new PricingError('field fixings must be a non-empty array of times');
  if (v.length > 1024) throw new PricingError('field fixings: at most 1024 fixings');
  const out = v.map((x) => {
    if (typeof x !== 'number' || !Number.isFinite(x) || x < 0 || x > t) {
      throw new PricingError('field fixings: every fixing time must be a number in [0, t]');
    }
    return x;
  });
  return out.sort((a, b) => a - b);
}

export const asian: ModelHandler = (req) => {
  const type = oneOf(req, 'type', optionTypes);
  const { spot, rd, rf, vol } = blackFields(req);
  const t = num(req, 't', positive);
  const average = oneOf(req, 'average', ['geometric', 'arithmetic'] as const);
  const strikeType = req.strikeType === undefined ? 'fixed' : oneOf(req, 'strikeType', ['fixed', 'floating'] as const);
  const strike = strikeType === 'floating' && req.strike === undefined ? 0 : num(req, 'strike', positive);
  const continuous = bool(req, 'continuous') === true;
  if (continuous && req.fixings !== undefined) throw new PricingError('give either continuous: true or fixings, not both');
  const r: AsianRequest = { type, spot, strike, t, rd, rf, vol, average, strikeType, continuous };
  if (!continuous) r.fixings = fixingTimes(req, t);
  if (average === 'arithmetic') {
    r.method = req.method === undefined ? 'mc' : oneOf(req, 'method', ['mc', 'turnbull_wakeman'] as const);
    if (continuous && req.method === 'mc') throw new PricingError('continuous arithmetic averaging is priced with turnbull_wakeman');
    if (req.paths !== undefined) r.paths = Math.round(num(req, 'paths', { min: 2, max: MAX_SYNC_PATHS }));
    if (req.seed !== undefined) {
      const seed = num(req, 'seed');
      if (!Number.isInteger(seed)) throw new PricingError('field seed must be an integer');
      r.seed = seed;
    }
    if (req.generator !== undefined) r.generator = oneOf(req, 'generator', ['sobol', 'pseudo'] as const);
    r.antithetic = bool(req, 'antithetic');
    r.controlVariate = bool(req, 'controlVariate');
  }
  const res = priceAsian(r);
  return res.stderr === undefined ? { npv: res.npv } : { npv: res.npv, stderr: res.stderr };
};

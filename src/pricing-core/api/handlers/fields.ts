// Field readers for request handlers: each names the field in its error message so a bad
// line of `npm run price` says exactly what is wrong.
import { PricingError } from '../../core/types';
import type { PriceRequest } from '../price-request';

export interface NumberRule {
  min?: number;
  max?: number;
  /** strictly greater than min */
  exclusiveMin?: boolean;
}

export function num(req: PriceRequest, name: string, rule: NumberRule = {}): number {
  const v = req[name];
  if (v === undefined || v === null) throw new PricingError(`missing field: ${name}`);
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new PricingError(`field ${name} must be a finite number`);
  if (rule.min !== undefined && (rule.exclusiveMin ? !(v > rule.min) : !(v >= rule.min))) {
    throw new PricingError(`field ${name} must be ${rule.exclusiveMin ? '>' : '>='} ${rule.min}`);
  }
  if (rule.max !== undefined && !(v <= rule.max)) throw new PricingError(`field ${name} must be <= ${rule.max}`);
  return v;
}

export function optNum(req: PriceRequest, name: string, fallback: number, rule: NumberRule = {}): number {
  return req[name] === undefined ? fallback : num(req, name, rule);
}

export function oneOf<T extends string>(req: PriceRequest, name: string, values: readonly T[]): T {
  const v = req[name];
  if (v === undefined) throw new PricingError(`missing field: ${name}`);
  if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) {
    throw new PricingError(`field ${name} must be one of ${values.join(', ')}`);
  }
  return v as T;
}

export const positive: NumberRule = { min: 0, exclusiveMin: true };
export const nonNegative: NumberRule = { min: 0 };

/** The common Black-Scholes fields: spot, t, rd, rf (and vol unless told otherwise). */
export function blackFields(req: PriceRequest, withVol = true) {
  return {
    spot: num(req, 'spot', positive),
    t: num(req, 't', nonNegative),
    rd: num(req, 'rd'),
    rf: num(req, 'rf'),
    vol: withVol ? num(req, 'vol', nonNegative) : NaN,
  };
}

export const optionTypes = ['call', 'put'] as const;

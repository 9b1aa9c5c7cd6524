// Field readers of the analytics models (PRICING-CLI "Statistical and portfolio analytics"):
// series (arrays of finite numbers), matrices (rows of equal length), integers, booleans and
// enumerations with defaults. Each error names the field.
import { PricingError } from '../../core/types';
import type { PriceRequest } from '../price-request';

export function series(req: PriceRequest, name: string): number[] {
  const v = req[name];
  if (v === undefined || v === null) throw new PricingError(`missing field: ${name}`);
  if (!Array.isArray(v)) throw new PricingError(`field ${name} must be an array of numbers`);
  for (let i = 0; i < v.length; i++) {
    const x = v[i];
    if (typeof x !== 'number' || !Number.isFinite(x)) throw new PricingError(`field ${name}: element ${i} is not a finite number`);
  }
  return v as number[];
}

export function optSeries(req: PriceRequest, name: string): number[] | undefined {
  return req[name] === undefined ? undefined : series(req, name);
}

export function matrix(req: PriceRequest, name: string): number[][] {
  const v = req[name];
  if (v === undefined || v === null) throw new PricingError(`missing field: ${name}`);
  if (!Array.isArray(v) || v.length === 0) throw new PricingError(`field ${name} must be a non-empty array of rows`);
  const rows = v.map((row, i) => series({ [`${name}[${i}]`]: row }, `${name}[${i}]`));
  const k = rows[0].length;
  if (k === 0) throw new PricingError(`field ${name}: rows must not be empty`);
  rows.forEach((r, i) => { if (r.length !== k) throw new PricingError(`field ${name}: row ${i} has ${r.length} values, row 0 has ${k}`); });
  return rows;
}

/** Integer field (a JSON number without a fractional part); undefined when absent. */
export function optInt(req: PriceRequest, name: string): number | undefined {
  const v = req[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new PricingError(`field ${name} must be an integer`);
  return v;
}

export function optBool(req: PriceRequest, name: string, fallback: boolean): boolean {
  const v = req[name];
  if (v === undefined) return fallback;
  if (typeof v !== 'boolean') throw new PricingError(`field ${name} must be true or false`);
  return v;
}

export function optEnum<T extends string>(req: PriceRequest, name: string, values: readonly T[], fallback: T): T {
  const v = req[name];
  if (v === undefined) return fallback;
  if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) throw new PricingError(`field ${name} must be one of ${values.join(', ')}`);
  return v as T;
}

/** Finite number or undefined (range checks are the model's). */
export function optFinite(req: PriceRequest, name: string): number | undefined {
  const v = req[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new PricingError(`field ${name} must be a finite number`);
  return v;
}

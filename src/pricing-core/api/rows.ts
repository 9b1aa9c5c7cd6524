// Per-row pricing for the tool requests that take a grid of rows (option chains, bulk FX):
// each row is priced on its own with the request's other fields as defaults; a row that
// cannot be priced carries its error and code, the others are still priced.
import { InverseSolveError, PricingError } from '../core/types';
import type { PriceRequest } from './price-request';

export type RowError = { error: string; code: 'BAD_INPUT' | 'NO_INVERSE' };

export const MAX_ROWS = 5000;

export function priceRows<T>(request: PriceRequest, price: (row: PriceRequest) => T): { rows: (T | RowError)[] } {
  const { rows, ...shared } = request;
  if (!Array.isArray(rows)) throw new PricingError('rows must be a list');
  if (rows.length > MAX_ROWS) throw new PricingError(`at most ${MAX_ROWS} rows`);
  return {
    rows: rows.map((row): T | RowError => {
      try {
        if (row === null || typeof row !== 'object' || Array.isArray(row)) throw new PricingError('each row must be an object');
        return price({ ...shared, ...(row as PriceRequest) });
      } catch (e) {
        if (e instanceof InverseSolveError) return { error: e.message, code: 'NO_INVERSE' };
        if (e instanceof PricingError || e instanceof RangeError) return { error: e.message, code: 'BAD_INPUT' };
        throw e;
      }
    }),
  };
}

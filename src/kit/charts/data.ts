// Chart data helpers: uPlot time is epoch seconds in typed arrays.
import { fromISO, toYMD } from '../../pricing-core/dates/date';

/** Local midnight of an ISO date in epoch seconds (a daily series plots on its own date). */
export function isoToEpochSeconds(iso: string): number {
  const { y, m, d } = toYMD(fromISO(iso));
  return new Date(y, m - 1, d).getTime() / 1000;
}

/** ISO dates to a Float64Array of epoch seconds (local midnights). */
export function toEpochSeconds(isoDates: readonly string[]): Float64Array {
  const out = new Float64Array(isoDates.length);
  for (let i = 0; i < isoDates.length; i++) out[i] = isoToEpochSeconds(isoDates[i]);
  return out;
}

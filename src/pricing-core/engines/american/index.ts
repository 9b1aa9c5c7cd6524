// American vanilla options: one entry point per PRICING-CLI `method`.
import type { AmericanInputs } from './american-inputs';
import { baroneAdesiWhaley } from './barone-adesi-whaley';
import { bjerksundStensland } from './bjerksund-stensland';
import { andersenLakeOffengenden } from './andersen-lake';
import { qdFixedPoint } from './qd-fixed-point';

export type { AmericanInputs } from './american-inputs';
export { baroneAdesiWhaley } from './barone-adesi-whaley';
export { bjerksundStensland } from './bjerksund-stensland';
export { andersenLakeOffengenden, putExerciseBoundary } from './andersen-lake';
export { americanFiniteDifference } from './crank-nicolson';
export { qdFixedPoint, qdFixedPointKernel, QDFP_SCHEME, type QdFpScheme } from './qd-fixed-point';

/**
 * `numerical`: the most accurate (Andersen-Lake-Offengenden, ~1e-10 of the strike, ~25 ms);
 * `qdfp`: the fast one (QD+ start, Newton on the discretised boundary, within 1e-6 of the
 * strike of `numerical`, ~30,000 options a second).
 */
export const AMERICAN_METHODS = ['baw', 'bjerksund_stensland_1993', 'bjerksund_stensland_2002', 'numerical', 'qdfp'] as const;
export type AmericanMethod = (typeof AMERICAN_METHODS)[number];

export function priceAmerican(o: AmericanInputs, method: AmericanMethod): number {
  switch (method) {
    case 'baw':
      return baroneAdesiWhaley(o);
    case 'bjerksund_stensland_1993':
      return bjerksundStensland(o, 1993);
    case 'bjerksund_stensland_2002':
      return bjerksundStensland(o, 2002);
    case 'numerical':
      return andersenLakeOffengenden(o);
    case 'qdfp':
      return qdFixedPoint(o);
  }
}

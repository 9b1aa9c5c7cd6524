// American vanilla options: one entry point per PRICING-CLI `method`.
import type { AmericanInputs } from './american-inputs';
import { baroneAdesiWhaley } from './barone-adesi-whaley';
import { bjerksundStensland } from './bjerksund-stensland';
import { andersenLakeOffengenden } from './andersen-lake';

export type { AmericanInputs } from './american-inputs';
export { baroneAdesiWhaley } from './barone-adesi-whaley';
export { bjerksundStensland } from './bjerksund-stensland';
export { andersenLakeOffengenden, putExerciseBoundary } from './andersen-lake';
export { americanFiniteDifference } from './crank-nicolson';

export const AMERICAN_METHODS = ['baw', 'bjerksund_stensland_1993', 'bjerksund_stensland_2002', 'numerical'] as const;
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
  }
}

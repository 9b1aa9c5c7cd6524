// Sample curve definitions (clearly sample data: round, plausible quotes as of 2025-06-20, not a
// market snapshot) for tests, benches and the screens' first-run example. Screens must label
// them as samples with this as-of date.
import type { CurveDefinition } from './curve-definition';

export const SAMPLE_AS_OF = '2025-06-20';
export const SAMPLE_SOURCE = 'sample data (pricing core), not market quotes';

const swaps = (pairs: [string, number][]) => pairs.map(([tenor, quote]) => ({ type: 'swap' as const, tenor, quote }));

export const SAMPLE_CURVES: Record<'FR007' | 'SHIBOR3M' | 'LPR1Y' | 'SOFR', CurveDefinition> = {
  FR007: {
    name: 'CNY FR007 (sample)', index: 'FR007', asOf: SAMPLE_AS_OF, interpolation: 'logLinearDiscount',
    instruments: [
      { type: 'fixing', quote: 0.0152 },
      ...swaps([['1M', 0.0153], ['3M', 0.0155], ['6M', 0.0157], ['9M', 0.0158], ['1Y', 0.016], ['2Y', 0.0165], ['3Y', 0.0171], ['4Y', 0.0177], ['5Y', 0.0183], ['7Y', 0.0192], ['10Y', 0.0201]]),
    ],
  },
  SHIBOR3M: {
    name: 'CNY SHIBOR 3M (sample)', index: 'SHIBOR3M', asOf: SAMPLE_AS_OF, interpolation: 'logLinearDiscount', discountCurve: 'CNY FR007 (sample)',
    instruments: [
      { type: 'fixing', quote: 0.0163 },
      ...swaps([['6M', 0.0165], ['9M', 0.0166], ['1Y', 0.0168], ['2Y', 0.0171], ['3Y', 0.0176], ['4Y', 0.0181], ['5Y', 0.0186], ['7Y', 0.0195], ['10Y', 0.0205]]),
    ],
  },
  LPR1Y: {
    name: 'CNY LPR 1Y (sample)', index: 'LPR1Y', asOf: SAMPLE_AS_OF, interpolation: 'logLinearDiscount', discountCurve: 'CNY FR007 (sample)',
    instruments: [{ type: 'fixing', quote: 0.03 }, ...swaps([['1Y', 0.0295], ['2Y', 0.029], ['3Y', 0.0288], ['4Y', 0.0287], ['5Y', 0.0287]])],
  },
  SOFR: {
    name: 'USD SOFR (sample)', index: 'SOFR', asOf: SAMPLE_AS_OF, interpolation: 'logLinearDiscount',
    instruments: [
      { type: 'fixing', quote: 0.0433 },
      ...swaps([['1W', 0.0432], ['2W', 0.0432], ['3W', 0.0431], ['1M', 0.0431], ['2M', 0.0429], ['3M', 0.0427], ['4M', 0.0424], ['5M', 0.0421], ['6M', 0.0418], ['7M', 0.0415],
        ['8M', 0.0412], ['9M', 0.041], ['10M', 0.0407], ['11M', 0.0404], ['12M', 0.0401], ['18M', 0.0388], ['2Y', 0.038], ['3Y', 0.0372], ['4Y', 0.0369], ['5Y', 0.0368],
        ['6Y', 0.0369], ['7Y', 0.0371], ['8Y', 0.0374], ['9Y', 0.0376], ['10Y', 0.0378], ['12Y', 0.0382], ['15Y', 0.0386], ['20Y', 0.0387], ['25Y', 0.038], ['30Y', 0.0372]]),
    ],
  },
};

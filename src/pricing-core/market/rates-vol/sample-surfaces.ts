// Sample swaption volatility surfaces (normal vols with a SABR smile) per rate index: round,
// plausible levels for the screens' first run and tests, NOT market quotes. Screens label them
// as samples. No market-data series carries swaption vols yet, so the surface takes the as-of
// date of the curve it is used with (the grid requires both to be of one date).
import type { RateIndexId } from '../curves/conventions';
import type { SwaptionVolSurfaceData } from './swaption-vol-surface';

export const SAMPLE_SURFACE_SOURCE = 'sample swaption vols (pricing core), not market quotes';

const EXPIRIES = ['1M', '3M', '6M', '1Y', '2Y', '3Y', '5Y'];
const TENORS = ['1Y', '2Y', '3Y', '5Y'];

/** ATM normal vol (bp) by index: a hump in expiry, a gentle decline in tenor. */
const LEVEL_BP: Record<RateIndexId, number> = { FR007: 32, SHIBOR3M: 34, LPR1Y: 26, LPR5Y: 26, SOFR: 95, ESTR: 75 };
const EXPIRY_SHAPE = [0.88, 0.94, 1.0, 1.05, 1.07, 1.05, 1.0];
const TENOR_SHAPE = [1.04, 1.02, 1.0, 0.96];

export function sampleSwaptionSurface(index: RateIndexId, asOf: string): SwaptionVolSurfaceData {
  const level = LEVEL_BP[index] / 1e4;
  const atm = EXPIRY_SHAPE.map((e) => TENOR_SHAPE.map((t) => Math.round(level * e * t * 1e6) / 1e6));
  // A downward skew fading and a smile (vol of vol) flattening with expiry, as usual.
  const rho = EXPIRY_SHAPE.map((_, i) => TENORS.map(() => -0.3 + 0.03 * i));
  const nu = EXPIRY_SHAPE.map((_, i) => TENORS.map(() => Math.round((0.6 - 0.05 * i) * 100) / 100));
  return { index, asOf, volType: 'normal', expiries: [...EXPIRIES], tenors: [...TENORS], atm, sabr: { beta: 0, rho, nu } };
}

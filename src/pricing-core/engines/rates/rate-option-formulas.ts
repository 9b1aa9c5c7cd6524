// Undiscounted option formulas on a rate forward F (swaptions, caplets, floorlets), per unit of
// annuity or accrual x discount factor (PRICING-CLI "Option formulas"):
//  black  (shifted lognormal, Black 1976): F + s and K + s lognormal, s the shift (0 = Black);
//  normal (Bachelier): F normal, so negative rates need no shift.
// omega = +1 for a call/payer/cap, -1 for a put/receiver/floor. Greeks are per 1.00 of their
// variable: delta = dB/dF, gamma = d2B/dF2, vega = dB/dvol (of the model's own vol), theta =
// -dB/dT (value lost per year as expiry nears, forward and vol unchanged).
// Implied volatilities invert both (the lognormal one reuses the core's Black solver).
import { normCdf, normPdf } from '../../math/normal';
import { PricingError } from '../../core/types';
import { impliedVolatility } from '../black/implied-vol';
import { brentRoot } from '../../math/brent';

export type RateVolType = 'black' | 'normal';

export interface RateOptionGreeks {
  value: number;
  delta: number;
  gamma: number;
  vega: number;
  theta: number;
}

/** Shifted Black. F + shift and K + shift must be positive. T >= 0, vol >= 0. */
export function blackFormula(omega: 1 | -1, F: number, K: number, vol: number, T: number, shift = 0): RateOptionGreeks {
  const f = F + shift, k = K + shift;
  if (!(f > 0)) throw new PricingError(`black: forward + shift must be positive (got ${f})`);
  if (!(k > 0)) throw new PricingError(`black: strike + shift must be positive (got ${k})`);
  if (!(vol >= 0) || !(T >= 0)) throw new PricingError('black: vol and time must be non-negative');
  const sd = vol * Math.sqrt(T);
  if (sd === 0) {
    const itm = omega * (f - k) > 0;
    return { value: Math.max(omega * (f - k), 0), delta: itm ? omega : 0, gamma: 0, vega: 0, theta: 0 };
  }
  const d1 = Math.log(f / k) / sd + 0.5 * sd, d2 = d1 - sd;
  const pdf = normPdf(d1);
  return {
    value: omega * (f * normCdf(omega * d1) - k * normCdf(omega * d2)),
    delta: omega * normCdf(omega * d1),
    gamma: pdf / (f * sd),
    vega: f * pdf * Math.sqrt(T),
    theta: -(f * pdf * vol) / (2 * Math.sqrt(T)),
  };
}

/** Bachelier (normal) model. T >= 0, vol >= 0. */
export function bachelierFormula(omega: 1 | -1, F: number, K: number, vol: number, T: number): RateOptionGreeks {
  if (!(vol >= 0) || !(T >= 0)) throw new PricingError('normal: vol and time must be non-negative');
  const sd = vol * Math.sqrt(T);
  if (sd === 0) {
    const itm = omega * (F - K) > 0;
    return { value: Math.max(omega * (F - K), 0), delta: itm ? omega : 0, gamma: 0, vega: 0, theta: 0 };
  }
  const d = (F - K) / sd;
  const pdf = normPdf(d);
  return {
    value: omega * (F - K) * normCdf(omega * d) + sd * pdf,
    delta: omega * normCdf(omega * d),
    gamma: pdf / sd,
    vega: Math.sqrt(T) * pdf,
    theta: -(vol * pdf) / (2 * Math.sqrt(T)),
  };
}

export function rateOptionFormula(volType: RateVolType, omega: 1 | -1, F: number, K: number, vol: number, T: number, shift = 0): RateOptionGreeks {
  if (volType === 'normal') {
    if (shift !== 0) throw new PricingError('normal (Bachelier) volatility takes no shift');
    return bachelierFormula(omega, F, K, vol, T);
  }
  return blackFormula(omega, F, K, vol, T, shift);
}

/** Shifted-lognormal implied vol of an undiscounted premium. */
export function impliedBlackVol(omega: 1 | -1, premium: number, F: number, K: number, T: number, shift = 0): number {
  if (!(F + shift > 0) || !(K + shift > 0)) throw new PricingError('black: forward + shift and strike + shift must be positive');
  return impliedVolatility(omega === 1 ? 'call' : 'put', premium, F + shift, K + shift, T, 0, 0);
}

/** Normal (Bachelier) implied vol of an undiscounted premium. */
export function impliedNormalVol(omega: 1 | -1, premium: number, F: number, K: number, T: number): number {
  if (!(T > 0)) throw new PricingError('t must be positive for an implied volatility');
  const intrinsic = Math.max(omega * (F - K), 0);
  if (!(premium >= intrinsic - 1e-15 * Math.max(1, Math.abs(F)))) throw new PricingError('price is below the intrinsic value');
  const otm = premium - intrinsic;
  if (otm <= 0) return 0;
  if (F === K) return (otm * Math.sqrt(2 * Math.PI)) / Math.sqrt(T); // ATM: premium = s phi(0)
  // The out-of-the-money value |F - K| N(-|F-K|/s) ... as a function of s = vol sqrt T is
  // increasing; bracket s between the ATM answer scale and a doubling upper bound.
  const x = -Math.abs(F - K);
  const g = (s: number) => {
    const d = x / s;
    return (d < -38 ? 0 : x * normCdf(d) + s * normPdf(d)) - otm; // (beyond -38 both terms underflow)
  };
  let hi = Math.max(otm * Math.sqrt(2 * Math.PI), 1e-12);
  while (g(hi) < 0) hi *= 2;
  const s = brentRoot(g, 0, hi, { xTol: 1e-15 * hi });
  return s / Math.sqrt(T);
}

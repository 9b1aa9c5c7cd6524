// Strike that gives a European option a target premium (the premium is monotone in strike).
import { brentRoot } from '../../math/brent';
import { PricingError, type OptionType } from '../../core/types';
import { blackScholesPrice } from './black-scholes';

export function strikeFromPremium(
  type: OptionType, premium: number, spot: number, t: number, rd: number, rf: number, vol: number,
): number {
  const df = Math.exp(-rf * t), dd = Math.exp(-rd * t);
  const fwd = spot * Math.exp((rd - rf) * t);
  // A call is worth at most S e^{-rf t} (strike 0) and falls to 0; a put rises from 0 without bound.
  if (!(premium > 0)) throw new PricingError('premium must be positive');
  if (type === 'call' && premium >= spot * df) throw new PricingError('call premium must be below the discounted spot');
  const f = (k: number) => blackScholesPrice(type, spot, k, t, rd, rf, vol) - premium;
  let lo = fwd, hi = fwd;
  const sd = Math.max(vol * Math.sqrt(t), 1e-4);
  // Expand around the forward in log-strike steps of one standard deviation.
  for (let i = 0; i < 200 && f(lo) * f(hi) > 0; i++) {
    lo *= Math.exp(-sd); hi *= Math.exp(sd);
    if (type === 'put' && hi * dd > 1e300) break;
  }
  if (f(lo) * f(hi) > 0) throw new PricingError('no strike gives this premium');
  return brentRoot(f, lo, hi, { xTol: 1e-13 * fwd });
}

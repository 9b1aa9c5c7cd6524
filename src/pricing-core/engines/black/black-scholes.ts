// Black-Scholes / Garman-Kohlhagen European options: value and all first-order greeks in the
// PRICING-CLI units (per 1.00 of the input, theta = change per year of calendar time).
// With F = S e^{(rd-rf)t}, sd = vol sqrt(t), d1 = ln(F/K)/sd + sd/2, d2 = d1 - sd and
// w = +1 (call) / -1 (put): V = w (S e^{-rf t} N(w d1) - K e^{-rd t} N(w d2)).
import { normCdf, normPdf } from '../../math/normal';
import type { Greeks, OptionType } from '../../core/types';

export function forwardPrice(spot: number, t: number, rd: number, rf: number): number {
  return spot * Math.exp((rd - rf) * t);
}

export function emptyGreeks(): Greeks {
  return { npv: 0, delta: 0, gamma: 0, vega: 0, theta: 0, rhoDomestic: 0, rhoForeign: 0 };
}

/** Value only (cheaper than the greeks). */
export function blackScholesPrice(
  type: OptionType, spot: number, strike: number, t: number, rd: number, rf: number, vol: number,
): number {
  const w = type === 'call' ? 1 : -1;
  const dd = Math.exp(-rd * t), df = Math.exp(-rf * t);
  const sd = vol * Math.sqrt(t);
  if (!(sd > 0)) return Math.max(w * (spot * df - strike * dd), 0);
  const d1 = Math.log((spot * df) / (strike * dd)) / sd + 0.5 * sd;
  return w * (spot * df * normCdf(w * d1) - strike * dd * normCdf(w * (d1 - sd)));
}

/** Value and greeks; writes into `out` when given (allocation-free use). */
export function blackScholesGreeks(
  type: OptionType, spot: number, strike: number, t: number, rd: number, rf: number, vol: number,
  out: Greeks = emptyGreeks(),
): Greeks {
  const w = type === 'call' ? 1 : -1;
  const dd = Math.exp(-rd * t), df = Math.exp(-rf * t);
  const sqrtT = Math.sqrt(t);
  const sd = vol * sqrtT;
  if (!(sd > 0)) {
    // No diffusion left: the option is its discounted forward intrinsic value.
    const itm = w * (spot * df - strike * dd) > 0;
    out.npv = itm ? w * (spot * df - strike * dd) : 0;
    out.delta = itm ? w * df : 0;
    out.gamma = 0;
    out.vega = 0;
    out.theta = itm && t > 0 ? w * (rf * spot * df - rd * strike * dd) : 0;
    out.rhoDomestic = itm ? w * strike * t * dd : 0;
    out.rhoForeign = itm ? -w * spot * t * df : 0;
    return out;
  }
  const d1 = Math.log((spot * df) / (strike * dd)) / sd + 0.5 * sd;
  const d2 = d1 - sd;
  const nd1 = normCdf(w * d1), nd2 = normCdf(w * d2);
  const sDf = spot * df, kDd = strike * dd;
  const pdf = normPdf(d1);
  out.npv = w * (sDf * nd1 - kDd * nd2);
  out.delta = w * df * nd1;
  out.gamma = (df * pdf) / (spot * sd);
  out.vega = sDf * pdf * sqrtT;
  out.theta = -0.5 * sDf * pdf * vol / sqrtT + w * (rf * sDf * nd1 - rd * kDd * nd2);
  out.rhoDomestic = w * t * kDd * nd2;
  out.rhoForeign = -w * t * sDf * nd1;
  return out;
}

// Black-Scholes / Garman-Kohlhagen European options: value and all first-order greeks in the
// PRICING-CLI units (per 1.00 of the input, theta = change per year of calendar time).
// With F = S e^{(rd-rf)t}, sd = vol sqrt(t), d1 = ln(F/K)/sd + sd/2, d2 = d1 - sd and
// w = +1 (call) / -1 (put): V = w (S e^{-rf t} N(w d1) - K e^{-rd t} N(w d2)).
import { expMinusHalfSquare, normCdf, normCdfGivenExp } from '../../math/normal';

const INV_SQRT_2PI = 0.3989422804014327;
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

// One-option views for the per-trade API: the batch kernel is the single implementation.
const one = {
  omega: new Float64Array(1), spot: new Float64Array(1), strike: new Float64Array(1), t: new Float64Array(1),
  rd: new Float64Array(1), rf: new Float64Array(1), vol: new Float64Array(1),
};
const oneOut = {
  npv: new Float64Array(1), delta: new Float64Array(1), gamma: new Float64Array(1), vega: new Float64Array(1),
  theta: new Float64Array(1), rhoDomestic: new Float64Array(1), rhoForeign: new Float64Array(1),
};

/** Value and greeks; writes into `out` when given. */
export function blackScholesGreeks(
  type: OptionType, spot: number, strike: number, t: number, rd: number, rf: number, vol: number,
  out: Greeks = emptyGreeks(),
): Greeks {
  one.omega[0] = type === 'call' ? 1 : -1;
  one.spot[0] = spot; one.strike[0] = strike; one.t[0] = t; one.rd[0] = rd; one.rf[0] = rf; one.vol[0] = vol;
  blackGreeksArrays(one, oneOut, 0, 1);
  out.npv = oneOut.npv[0]; out.delta = oneOut.delta[0]; out.gamma = oneOut.gamma[0]; out.vega = oneOut.vega[0];
  out.theta = oneOut.theta[0]; out.rhoDomestic = oneOut.rhoDomestic[0]; out.rhoForeign = oneOut.rhoForeign[0];
  return out;
}

/** Struct-of-arrays inputs: omega = +1 call / -1 put. */
export interface BlackArrays {
  omega: Float64Array; spot: Float64Array; strike: Float64Array; t: Float64Array;
  rd: Float64Array; rf: Float64Array; vol: Float64Array;
}
export interface GreeksArrays {
  npv: Float64Array; delta: Float64Array; gamma: Float64Array; vega: Float64Array;
  theta: Float64Array; rhoDomestic: Float64Array; rhoForeign: Float64Array;
}

/**
 * The kernel: options [start, end) from struct-of-arrays inputs into struct-of-arrays
 * outputs, allocation-free. Used by the batch API directly and by blackScholesGreeks.
 */
export function blackGreeksArrays(inp: BlackArrays, out: GreeksArrays, start: number, end: number): void {
  const { omega, spot, strike, t: T, rd: RD, rf: RF, vol: VOL } = inp;
  const { npv, delta, gamma, vega, theta, rhoDomestic, rhoForeign } = out;
  for (let i = start; i < end; i++) {
    const w = omega[i], S = spot[i], K = strike[i], t = T[i], rd = RD[i], rf = RF[i], vol = VOL[i];
    const dd = Math.exp(-rd * t), df = Math.exp(-rf * t);
    const sqrtT = Math.sqrt(t);
    const sd = vol * sqrtT;
    const sDf = S * df, kDd = K * dd;
    if (!(sd > 0)) {
      // No diffusion left: the option is its discounted forward intrinsic value.
      const itm = w * (sDf - kDd) > 0;
      npv[i] = itm ? w * (sDf - kDd) : 0;
      delta[i] = itm ? w * df : 0;
      gamma[i] = 0;
      vega[i] = 0;
      theta[i] = itm && t > 0 ? w * (rf * sDf - rd * kDd) : 0;
      rhoDomestic[i] = itm ? w * t * kDd : 0;
      rhoForeign[i] = itm ? -w * t * sDf : 0;
      continue;
    }
    const fk = sDf / kDd; // F / K
    const d1 = Math.log(fk) / sd + 0.5 * sd;
    const d2 = d1 - sd;
    // exp(-d2^2/2) = exp(-d1^2/2) F/K: one exponential serves both densities and both CDFs.
    const e1 = expMinusHalfSquare(d1);
    const e2 = e1 > 1e-290 && fk < 1e290 ? e1 * fk : expMinusHalfSquare(d2);
    const nd1 = normCdfGivenExp(w * d1, e1), nd2 = normCdfGivenExp(w * d2, e2);
    const pdf = INV_SQRT_2PI * e1;
    npv[i] = w * (sDf * nd1 - kDd * nd2);
    delta[i] = w * df * nd1;
    gamma[i] = (df * pdf) / (S * sd);
    vega[i] = sDf * pdf * sqrtT;
    theta[i] = -0.5 * sDf * pdf * vol / sqrtT + w * (rf * sDf * nd1 - rd * kDd * nd2);
    rhoDomestic[i] = w * t * kDd * nd2;
    rhoForeign[i] = -w * t * sDf * nd1;
  }
}

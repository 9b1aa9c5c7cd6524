// Turnbull-Wakeman (1991) moment matching for arithmetic average-rate options: the average
// A is replaced by a lognormal with the same first two moments, then priced with Black.
//   discrete:   E[A] = (1/n) sum S e^{b t_i},
//               E[A^2] = (1/n^2) sum_i sum_j S^2 e^{b (t_i + t_j) + vol^2 min(t_i, t_j)}
//   continuous: the same integrals over [0, T] (evaluated by 64-point Gauss-Legendre, which is
//               exact to rounding for these smooth integrands and has no b -> 0 cancellation).
import { blackScholesPrice } from '../black/black-scholes';
import { gaussLegendre, integrate } from '../../math/quadrature';

export interface ArithmeticAsianInputs {
  type: 'call' | 'put';
  spot: number;
  strike: number;
  expiry: number;
  rd: number;
  rf: number;
  vol: number;
}

function priceFromMoments(o: ArithmeticAsianInputs, m1: number, m2: number): number {
  const v = Math.max(Math.log(m2 / (m1 * m1)), 0);
  return Math.exp(-o.rd * o.expiry) * blackScholesPrice(o.type, m1, o.strike, 1, 0, 0, Math.sqrt(v));
}

/**
 * First two moments of the arithmetic average of fixings with forwards `forwards[i]` at
 * times `times[i]` (ascending) under one lognormal volatility:
 *   m1 = (1/n) sum F_i,   m2 = (1/n^2) sum_i sum_j F_i F_j e^{vol^2 min(t_i, t_j)},
 * the double sum in O(n) with a running suffix sum. Shared by Turnbull-Wakeman here and by
 * the FX calculator's seasoned average-rate and average-strike legs.
 */
export function arithmeticAverageMoments(forwards: ArrayLike<number>, times: ArrayLike<number>, vol: number): { m1: number; m2: number } {
  const n = forwards.length;
  const v2 = vol * vol;
  let m1 = 0;
  let m2 = 0;
  let suffix = 0;
  for (let i = n - 1; i >= 0; i--) {
    const f = forwards[i];
    m1 += f;
    m2 += f * Math.exp(v2 * times[i]) * (f + 2 * suffix);
    suffix += f;
  }
  return { m1: m1 / n, m2: m2 / (n * n) };
}

export function turnbullWakemanDiscrete(o: ArithmeticAsianInputs & { fixings: readonly number[] }): number {
  const n = o.fixings.length;
  if (n === 0) throw new RangeError('at least one fixing is needed');
  const t = [...o.fixings].sort((a, b) => a - b);
  const b = o.rd - o.rf;
  const forwards = t.map((ti) => o.spot * Math.exp(b * ti));
  const { m1, m2 } = arithmeticAverageMoments(forwards, t, o.vol);
  return priceFromMoments(o, m1, m2);
}

/** (e^{x t} - 1) / x, continuous at x = 0. */
function growthIntegral(x: number, t: number): number {
  const y = x * t;
  return Math.abs(y) < 1e-12 ? t * (1 + y / 2) : Math.expm1(y) / x;
}

export function turnbullWakemanContinuous(o: ArithmeticAsianInputs): number {
  const T = o.expiry;
  const b = o.rd - o.rf;
  const v2 = o.vol * o.vol;
  const s = o.spot;
  const rule = gaussLegendre(64);
  const m1 = (s * growthIntegral(b, T)) / T;
  // E[A^2] = (2 S^2 / T^2) int_0^T e^{b t} int_0^t e^{(b + vol^2) u} du dt
  const inner = integrate((t) => Math.exp(b * t) * growthIntegral(b + v2, t), 0, T, rule);
  const m2 = (2 * s * s * inner) / (T * T);
  return priceFromMoments(o, m1, m2);
}

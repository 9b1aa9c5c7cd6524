// A discount curve from a yield-to-maturity curve quoted by tenor (ChinaBond's CGB, CDB, local
// government and credit curves are par yields to maturity). Bootstrapped on the grid of an
// annual-coupon par bond, the convention of those curves beyond one year:
//   t <= 1y       DF(t) = 1 / (1 + y(t) t)                      (simple, as cnBond's final period)
//   n = 1..N      DF(n) = (1 - y(n) sum_{i<n} DF(i)) / (1 + y(n)) (a par bond prices at 100)
// with y(t) the tenor curve read linearly (flat beyond its ends). Between grid points the
// curve interpolates log-linearly in discount factors. Times in years (ACT/365 from the curve date).
import { DiscountCurve } from '../curves/discount-curve';
import { type TenorCurve, interpolateYield, validateTenorCurve } from '../../engines/bond/spreads';

export function discountCurveFromParYields(c: TenorCurve): DiscountCurve {
  validateTenorCurve(c);
  const times: number[] = [0];
  const dfs: number[] = [1];
  for (const t of c.tenors) if (t > 0 && t < 1) { times.push(t); dfs.push(1 / (1 + interpolateYield(c, t) * t)); }
  const last = Math.max(1, Math.ceil(c.tenors[c.tenors.length - 1] - 1e-9));
  let annuity = 0;
  for (let n = 1; n <= last; n++) {
    const y = interpolateYield(c, n);
    const df = (1 - y * annuity) / (1 + y);
    if (!(df > 0)) throw new RangeError(`par yields give a non-positive discount factor at ${n}y`);
    times.push(n); dfs.push(df);
    annuity += df;
  }
  return new DiscountCurve({ times, discounts: dfs });
}

// Engle-Granger two-step cointegration test of y on x, as statsmodels `coint` (PRICING-CLI
// `engleGranger`), plus the trading read-outs of the spread: half-life of mean reversion and
// the z-score of its latest value.
import { PricingError } from '../core/types';
import { type AutoLag, adfCore } from './adf';
import { olsFit } from './least-squares';
import { mackinnonCritical, mackinnonP } from './mackinnon';
import { isConstant, mean, sampleStd } from './stats';

export type EgTrend = 'c' | 'ct';

export interface EngleGrangerInput {
  y: ArrayLike<number>;
  x: ArrayLike<number>;
  trend?: EgTrend;
  autolag?: AutoLag;
  maxlag?: number;
  zWindow?: number;
}

/** statsmodels' collinearity threshold: 1 - 100 sqrt(machine epsilon). */
const R2_COLLINEAR = 1 - 100 * Math.sqrt(2 ** -52);

export function engleGranger(inp: EngleGrangerInput) {
  const { y, x } = inp;
  const trend = inp.trend ?? 'c';
  const n = y.length;
  if (x.length !== n) throw new PricingError(`x and y must have the same length (${x.length} vs ${n})`);
  if (n < 3 || isConstant(x) || isConstant(y)) throw new PricingError('x and y must each vary (and have at least 3 points)');
  const w = inp.zWindow ?? n;
  if (w < 2 || w > n) throw new PricingError(`zWindow must be between 2 and ${n}`);
  const cols: ArrayLike<number>[] = [x];
  if (trend === 'ct') cols.push(Float64Array.from({ length: n }, (_, t) => t + 1));
  const fit = olsFit(cols, y, true);
  const r2 = 1 - fit.ssr / fit.tss;
  if (r2 >= R2_COLLINEAR) throw new PricingError('y and x are (almost) perfectly collinear: the cointegration test is not defined');
  const e = fit.residuals;
  const core = adfCore(e, 'n', inp.autolag ?? 'aic', inp.maxlag);
  const table = trend === 'c' ? 'N2_c' : 'N2_ct';

  // Half-life: OLS of the spread's changes on its lagged level, with a constant.
  const de = new Float64Array(n - 1);
  for (let t = 1; t < n; t++) de[t - 1] = e[t] - e[t - 1];
  const ar = olsFit([e.subarray(0, n - 1)], de, true);
  const b = ar.coef[0];
  const halfLife = b > -1 && b < 0 ? -Math.LN2 / Math.log1p(b) : null;

  const from = n - w;
  const spreadLast = e[n - 1];
  const spreadMean = mean(e, from, n);
  const spreadStd = sampleStd(e, from, n, spreadMean);
  return {
    statistic: core.statistic,
    pValue: mackinnonP(core.statistic, table),
    criticalValues: mackinnonCritical(table, n - 1),
    usedLag: core.usedLag,
    maxLag: core.maxLag,
    nobs: core.nobs,
    alpha: fit.intercept,
    beta: fit.coef[0],
    trendSlope: trend === 'ct' ? fit.coef[1] : null,
    r2,
    halfLife,
    arCoefficient: b,
    spreadLast,
    spreadMean,
    spreadStd,
    zScore: isConstant(e, from, n) ? null : (spreadLast - spreadMean) / spreadStd,
  };
}

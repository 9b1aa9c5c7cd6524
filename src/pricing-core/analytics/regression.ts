// Simple linear regression with Student-t inference (PRICING-CLI `ols`).
import { PricingError } from '../core/types';
import { olsFit, tTest } from './least-squares';
import { allZero, isConstant } from './stats';

export function ols(x: ArrayLike<number>, y: ArrayLike<number>, intercept = true) {
  const n = x.length;
  if (y.length !== n) throw new PricingError(`x and y must have the same length (${n} vs ${y.length})`);
  if (n < (intercept ? 3 : 2)) throw new PricingError(`ols needs at least ${intercept ? 3 : 2} observations`);
  if (intercept ? isConstant(x) : allZero(x)) throw new PricingError(intercept ? 'x is constant' : 'x is all zero');
  if (intercept ? isConstant(y) : allZero(y)) throw new PricingError(intercept ? 'y is constant: R^2 is undefined' : 'y is all zero: R^2 is undefined');
  const fit = olsFit([x], y, intercept);
  const df = fit.dfResid;
  const b = tTest(fit.coef[0], fit.se[0], df);
  const a = intercept ? tTest(fit.intercept, fit.interceptSe, df) : { t: null, p: null };
  const r2 = 1 - fit.ssr / fit.tss;
  return {
    alpha: fit.intercept,
    beta: fit.coef[0],
    alphaStdError: intercept ? fit.interceptSe : null,
    betaStdError: fit.se[0],
    alphaT: a.t,
    betaT: b.t,
    alphaPValue: a.p,
    betaPValue: b.p,
    r2,
    adjustedR2: 1 - ((1 - r2) * (intercept ? n - 1 : n)) / df,
    residualStdError: Math.sqrt(fit.ssr / df),
    nobs: n,
    dfResid: df,
  };
}

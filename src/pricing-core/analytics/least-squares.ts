// Ordinary least squares for the analytics models: the normal equations of the regressors
// *centred on their means* (and y centred) when the model has a constant, solved by Cholesky
// of the Gram matrix augmented with y. Centring removes the (mean/std)^2 loss that makes the
// uncentred normal equations fail on quiet levels (log USD/HKD); PRICING-CLI accepts this or
// Householder QR. A few regressors at most (k <= 3 here), so this is O(n k^2) and exact enough.
import { PricingError } from '../core/types';
import { studentTTwoSided } from '../math/student-t';
import { choleskyInPlace } from '../math/linear-algebra';

export interface OlsFit {
  n: number;
  /** Coefficients of the regressors, in column order. */
  coef: number[];
  /** Standard errors of coef (null when SSR = 0). */
  se: number[];
  /** The constant (0 without intercept) and its standard error (NaN without intercept). */
  intercept: number;
  interceptSe: number;
  ssr: number;
  /** Total sum of squares: centred with intercept, uncentred (sum y^2) without. */
  tss: number;
  dfResid: number;
  residuals: Float64Array;
}

/**
 * y = [c +] X b + e for regressor columns `cols` (each of y's length). Throws PricingError
 * when dfResid < 1 or the regressors are not of full column rank (singular Gram).
 */
export function olsFit(cols: ArrayLike<number>[], y: ArrayLike<number>, intercept: boolean): OlsFit {
  const n = y.length, k = cols.length;
  const dfResid = n - k - (intercept ? 1 : 0);
  if (dfResid < 1) throw new PricingError(`a regression with ${k + (intercept ? 1 : 0)} coefficients needs at least ${k + (intercept ? 2 : 1)} observations`);
  const means = new Float64Array(k + 1);
  if (intercept) {
    for (let j = 0; j < k; j++) { let s = 0; const c = cols[j]; for (let i = 0; i < n; i++) s += c[i]; means[j] = s / n; }
    let s = 0; for (let i = 0; i < n; i++) s += y[i]; means[k] = s / n;
  }
  // Augmented Gram [Xc yc]'[Xc yc], (k+1) x (k+1).
  const m = k + 1;
  const g = new Float64Array(m * m);
  const col = (j: number) => (j === k ? y : cols[j]);
  for (let a = 0; a < m; a++) {
    const ca = col(a), ma = means[a];
    for (let b = 0; b <= a; b++) {
      const cb = col(b), mb = means[b];
      let s = 0;
      for (let i = 0; i < n; i++) s += (ca[i] - ma) * (cb[i] - mb);
      g[a * m + b] = s; g[b * m + a] = s;
    }
  }
  const tss = g[k * m + k];
  const gram = Float64Array.from(g);
  // 1e-13 relative pivot: a regressor that is (numerically) a combination of the others.
  const l = Float64Array.from(g);
  for (let j = 0; j < k; j++) if (!(g[j * m + j] > 0)) throw new PricingError('the regressors are not of full rank (a zero or constant column)');
  if (!choleskyInPlace(l, k, 1e-13, m)) throw new PricingError('the regressors are not of full rank (collinear columns)');
  // z = L^-1 X'y; coefficients b = L'^-1 z.
  const z = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    let s = gram[k * m + i];
    for (let j = 0; j < i; j++) s -= l[i * m + j] * z[j];
    z[i] = s / l[i * m + i];
  }
  const coef = new Array<number>(k);
  for (let i = k - 1; i >= 0; i--) {
    let s = z[i];
    for (let j = i + 1; j < k; j++) s -= l[j * m + i] * coef[j];
    coef[i] = s / l[i * m + i];
  }
  // One regressor: PRICING-CLI's closed form Sxy / Sxx (no square-root rounding, so an exact
  // line gives SSR = 0 exactly).
  if (k === 1) coef[0] = gram[m] / gram[0];
  // Residuals from the data (more exact than tss - |z|^2 when the fit is close).
  const residuals = new Float64Array(n);
  let intercept0 = 0;
  if (intercept) { intercept0 = means[k]; for (let j = 0; j < k; j++) intercept0 -= coef[j] * means[j]; }
  let ssr = 0;
  for (let i = 0; i < n; i++) {
    let e = y[i] - means[k];
    for (let j = 0; j < k; j++) e -= coef[j] * (cols[j][i] - means[j]);
    residuals[i] = e;
    ssr += e * e;
  }
  // (Xc'Xc)^-1 = L'^-1 L^-1: its diagonal and, for the intercept, xbar' (.)^-1 xbar.
  const linv = new Float64Array(k * k); // L^-1, lower
  for (let i = 0; i < k; i++) {
    linv[i * k + i] = 1 / l[i * m + i];
    for (let j = 0; j < i; j++) {
      let s = 0;
      for (let r = j; r < i; r++) s += l[i * m + r] * linv[r * k + j];
      linv[i * k + j] = -s / l[i * m + i];
    }
  }
  const s2 = ssr / dfResid;
  const se = new Array<number>(k);
  for (let j = 0; j < k; j++) {
    let d = 0;
    for (let i = j; i < k; i++) d += linv[i * k + j] * linv[i * k + j];
    se[j] = Math.sqrt(s2 * d);
  }
  let interceptSe = NaN;
  if (intercept) {
    let q = 0;
    for (let i = 0; i < k; i++) { let v = 0; for (let j = 0; j <= i; j++) v += linv[i * k + j] * means[j]; q += v * v; }
    interceptSe = Math.sqrt(s2 * (1 / n + q));
  }
  return { n, coef, se, intercept: intercept0, interceptSe, ssr, tss, dfResid, residuals };
}

/** t statistic and its two-sided Student-t p-value; both null when the fit is exact (se = 0). */
export function tTest(coef: number, se: number, df: number): { t: number | null; p: number | null } {
  if (!(se > 0)) return { t: null, p: null };
  const t = coef / se;
  return { t, p: studentTTwoSided(t, df) };
}

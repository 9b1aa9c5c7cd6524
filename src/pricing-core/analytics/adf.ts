// Augmented Dickey-Fuller test as statsmodels `adfuller` 0.13/0.14 (PRICING-CLI `adf`), built
// for speed: every regression of the lag search shares one sample, so one Cholesky of the
// Gram matrix of [deterministic terms, level, lags 1..maxLag, y] gives the residual sum of
// squares of every nested model (SSR_p = y'y - the squares of the first k_p entries of y's row
// of L). The Gram itself costs O(n maxLag), not O(n maxLag^2): a lag-by-lag entry
// sum_t d_{t-i} d_{t-j} is the full-sample lag-(j-i) cross product minus at most maxLag
// boundary terms. The level is shifted by its mean when the model has a constant (the shift
// moves only the constant) and the trend is centred, so the constant column costs no precision
// (PRICING-CLI: the uncentred normal equations are not accurate enough on quiet levels).
// With the level as the last regressor the t statistic of gamma is L[y][level] / s.
import { PricingError } from '../core/types';
import { choleskyInPlace } from '../math/linear-algebra';
import { type MacKinnonTable, mackinnonCritical, mackinnonP } from './mackinnon';
import { isConstant, mean } from './stats';

export type AdfRegression = 'n' | 'c' | 'ct';
export type AutoLag = 'aic' | 'bic' | 'none';
export const ADF_REGRESSIONS: readonly AdfRegression[] = ['c', 'ct', 'n'];
export const AUTOLAGS: readonly AutoLag[] = ['aic', 'bic', 'none'];
const NTREND: Record<AdfRegression, number> = { n: 0, c: 1, ct: 2 };

export interface AdfCore {
  statistic: number;
  usedLag: number;
  maxLag: number;
  nobs: number;
  icBest: number | null;
}

export interface AdfResult extends AdfCore {
  pValue: number;
  criticalValues: { '1%': number; '5%': number; '10%': number };
}

/** maxLag from the request's `maxlag` or Schwert's rule, with PRICING-CLI's refusals. */
export function adfMaxLag(n: number, ntrend: number, given?: number): number {
  const cap = Math.floor(n / 2) - ntrend - 1;
  let ml: number;
  if (given !== undefined) {
    if (given < 0 || given > cap) throw new PricingError(`maxlag must be between 0 and ${cap} for ${n} observations`);
    ml = given;
  } else {
    ml = Math.min(cap, Math.ceil(12 * Math.pow(n / 100, 0.25)));
    if (ml < 0) throw new PricingError(`too few observations (${n}) for the ADF regression`);
  }
  if (n - 2 * ml - ntrend - 2 < 1) throw new PricingError(`too few observations (${n}) for maxLag ${ml}: the regression would have no residual degree of freedom`);
  return ml;
}

// Column kinds of the design: the constant, the (centred) trend, the level x_{t-1}, lag j >= 1 of
// the differences; lag 0 is the response d_t.
const CONST = -3, TREND = -2, LEVEL = -1;

class AdfDesign {
  readonly n: number;
  readonly d: Float64Array; // d[t] = x[t] - x[t-1], t >= 1
  readonly level: Float64Array; // x shifted (see header)
  private readonly full: Float64Array; // full[h] = sum_{u=h+1}^{n-1} d_u d_{u-h}

  constructor(x: ArrayLike<number>, withConstant: boolean, maxLag: number) {
    const n = (this.n = x.length);
    this.d = new Float64Array(n);
    for (let t = 1; t < n; t++) this.d[t] = x[t] - x[t - 1];
    const shift = withConstant ? mean(x) : 0;
    this.level = new Float64Array(n);
    for (let t = 0; t < n; t++) this.level[t] = x[t] - shift;
    this.full = new Float64Array(maxLag + 1);
    const d = this.d;
    for (let h = 0; h <= maxLag; h++) {
      let s = 0;
      for (let u = h + 1; u < n; u++) s += d[u] * d[u - h];
      this.full[h] = s;
    }
  }

  /** sum_{u=a}^{b} d_u d_{u-h}, from the full-sample sum less the terms outside [a, b]. */
  private lagSum(h: number, a: number, b: number): number {
    const d = this.d;
    let s = this.full[h];
    for (let u = h + 1; u < a; u++) s -= d[u] * d[u - h];
    for (let u = b + 1; u < this.n; u++) s -= d[u] * d[u - h];
    return s;
  }

  /** Values of a non-lag column over the sample t = s .. n-1. */
  private column(kind: number, s: number): Float64Array {
    const m = this.n - s;
    const c = new Float64Array(m);
    if (kind === CONST) c.fill(1);
    else if (kind === TREND) { const centre = (s + this.n - 1) / 2; for (let i = 0; i < m; i++) c[i] = s + i - centre; }
    else for (let i = 0; i < m; i++) c[i] = this.level[s + i - 1];
    return c;
  }

  /** Augmented Gram of `cols` then the response, over t = s .. n-1 (row-major, K+1 square). */
  gram(cols: number[], s: number): Float64Array {
    const all = [...cols, 0];
    const K = all.length, n = this.n, m = n - s, d = this.d;
    const g = new Float64Array(K * K);
    const dense = all.map((k) => (k < 0 ? this.column(k, s) : null));
    for (let a = 0; a < K; a++) {
      for (let b = 0; b <= a; b++) {
        const ka = all[a], kb = all[b];
        let v = 0;
        if (ka >= 0 && kb >= 0) {
          const i = Math.min(ka, kb), j = Math.max(ka, kb);
          v = this.lagSum(j - i, s - i, n - 1 - i);
        } else if (ka < 0 && kb < 0) {
          const ca = dense[a]!, cb = dense[b]!;
          for (let r = 0; r < m; r++) v += ca[r] * cb[r];
        } else {
          const c = (ka < 0 ? dense[a] : dense[b])!;
          const off = s - (ka < 0 ? kb : ka);
          for (let r = 0; r < m; r++) v += c[r] * d[off + r];
        }
        g[a * K + b] = v; g[b * K + a] = v;
      }
    }
    return g;
  }
}

/**
 * Cholesky of the regressor block of an augmented Gram, then y's row z = L^-1 X'y.
 * Throws when the regressors are collinear.
 */
function factor(g: Float64Array, k: number): Float64Array {
  const K = k + 1;
  if (!choleskyInPlace(g, k, 1e-13, K)) throw new PricingError('the ADF regression is singular (the series has no variation left after its lags and trend)');
  const z = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    let v = g[k * K + i];
    for (let j = 0; j < i; j++) v -= z[j] * g[i * K + j];
    z[i] = v / g[i * K + i];
  }
  return z;
}

const llf = (ssr: number, m: number) => -(m / 2) * (Math.log(2 * Math.PI) + Math.log(ssr / m) + 1);

/** The statistic and lag choice of the ADF test; `maxlag` already validated as an integer. */
export function adfCore(x: ArrayLike<number>, regression: AdfRegression, autolag: AutoLag, maxlag?: number): AdfCore {
  const n = x.length;
  if (n < 2 || isConstant(x)) throw new PricingError('the series is constant (or too short): no unit-root test');
  const ntrend = NTREND[regression];
  const maxLag = adfMaxLag(n, ntrend, maxlag);
  const det = regression === 'n' ? [] : regression === 'c' ? [CONST] : [CONST, TREND];
  const design = new AdfDesign(x, ntrend > 0, maxLag);
  let usedLag = maxLag;
  let icBest: number | null = null;
  if (autolag !== 'none') {
    // Nested models on the common sample s = maxLag + 1: columns det, level, lags 1..maxLag.
    const s = maxLag + 1, m = n - s;
    const cols = [...det, LEVEL, ...Array.from({ length: maxLag }, (_, j) => j + 1)];
    const g = design.gram(cols, s);
    const z = factor(g, cols.length);
    const yy = g[cols.length * (cols.length + 1) + cols.length];
    let explained = 0;
    for (let j = 0; j < ntrend + 1; j++) explained += z[j] * z[j];
    for (let p = 0; p <= maxLag; p++) {
      const k = ntrend + 1 + p;
      if (p > 0) explained += z[k - 1] * z[k - 1];
      const ssr = yy - explained;
      const ic = -2 * llf(ssr, m) + (autolag === 'aic' ? 2 * k : k * Math.log(m));
      if (icBest === null || ic < icBest) { icBest = ic; usedLag = p; }
    }
  }
  // Final regression on s = usedLag + 1 with the level last: t(gamma) = z_level / s.
  const s = usedLag + 1, m = n - s;
  const cols = [...det, ...Array.from({ length: usedLag }, (_, j) => j + 1), LEVEL];
  const k = cols.length;
  const g = design.gram(cols, s);
  const yy = g[k * (k + 1) + k];
  const z = factor(g, k);
  let explained = 0;
  for (let j = 0; j < k; j++) explained += z[j] * z[j];
  const ssr = Math.max(yy - explained, 0);
  const statistic = z[k - 1] / Math.sqrt(ssr / (m - k));
  return { statistic, usedLag, maxLag, nobs: m, icBest };
}

const TABLE: Record<AdfRegression, MacKinnonTable> = { n: 'N1_n', c: 'N1_c', ct: 'N1_ct' };

export function adf(x: ArrayLike<number>, regression: AdfRegression = 'c', autolag: AutoLag = 'aic', maxlag?: number): AdfResult {
  const core = adfCore(x, regression, autolag, maxlag);
  return {
    statistic: core.statistic,
    pValue: mackinnonP(core.statistic, TABLE[regression]),
    usedLag: core.usedLag,
    maxLag: core.maxLag,
    nobs: core.nobs,
    criticalValues: mackinnonCritical(TABLE[regression], core.nobs),
    icBest: core.icBest,
  };
}

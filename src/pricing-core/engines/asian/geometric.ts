// Geometric-average Asian options in closed form. ln G is normal, so an average-rate option
// is a Black option on G and an average-strike option is an exchange option between S_T and
// G (Kemna-Vorst for continuous averaging; discrete fixings t_i >= 0 with a fixing at 0
// being today's spot). Payment at `expiry`.
import { blackScholesPrice } from '../black/black-scholes';

export interface GeometricAsianInputs {
  type: 'call' | 'put';
  spot: number;
  /** Ignored for average-strike options. */
  strike: number;
  expiry: number;
  rd: number;
  rf: number;
  vol: number;
  averageStrike: boolean;
}

/** Undiscounted Black value of w (X - Y)^+ for lognormal X, Y with forwards fx, fy and total variance v of ln(X/Y). */
function blackUndiscounted(type: 'call' | 'put', fx: number, fy: number, v: number): number {
  return blackScholesPrice(type, fx, fy, 1, 0, 0, Math.sqrt(Math.max(v, 0)));
}

interface LogMoments {
  /** E[ln G] - ln S and Var[ln G] / vol^2, and Cov(ln S_T, ln G) / vol^2. */
  meanTime: number;
  varTime: number;
  covTime: number;
}

function discreteMoments(fixings: readonly number[], expiry: number): LogMoments {
  const n = fixings.length;
  const t = [...fixings].sort((a, b) => a - b);
  let mean = 0;
  let doubleSum = 0;
  for (let i = 0; i < n; i++) {
    mean += t[i];
    doubleSum += t[i] * (2 * (n - 1 - i) + 1);
  }
  return { meanTime: mean / n, varTime: doubleSum / (n * n), covTime: Math.min(mean / n, expiry) };
}

function priceFromMoments(o: GeometricAsianInputs, mo: LogMoments): number {
  const { spot, expiry: T, rd, rf, vol } = o;
  const v2 = vol * vol;
  const mu = rd - rf - 0.5 * v2;
  const df = Math.exp(-rd * T);
  const varG = v2 * mo.varTime;
  const fwdG = spot * Math.exp(mu * mo.meanTime + 0.5 * varG);
  if (!o.averageStrike) return df * blackUndiscounted(o.type, fwdG, o.strike, varG);
  const fwdS = spot * Math.exp((rd - rf) * T);
  const varDiff = v2 * (T - 2 * mo.covTime + mo.varTime);
  return df * blackUndiscounted(o.type, fwdS, fwdG, varDiff);
}

export function geometricAsianDiscrete(o: GeometricAsianInputs & { fixings: readonly number[] }): number {
  if (o.fixings.length === 0) throw new RangeError('at least one fixing is needed');
  return priceFromMoments(o, discreteMoments(o.fixings, o.expiry));
}

/** Continuous averaging over [0, expiry]. */
export function geometricAsianContinuous(o: GeometricAsianInputs): number {
  const T = o.expiry;
  return priceFromMoments(o, { meanTime: T / 2, varTime: T / 3, covTime: T / 2 });
}

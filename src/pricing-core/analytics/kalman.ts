// Time-varying hedge ratio by a Kalman filter (PRICING-CLI `kalmanBeta`): the state (beta, or
// beta and alpha) is a random walk with covariance Q I, observed through y_t = z_t' a + eps.
// Written out for one and two states (no matrix library needed for a 2 x 2 covariance).
import { PricingError } from '../core/types';

export interface KalmanInput {
  y: ArrayLike<number>;
  x: ArrayLike<number>;
  delta?: number;
  observationVariance?: number;
  initialBeta?: number;
  initialVariance?: number;
  intercept?: boolean;
  initialAlpha?: number;
}

export function kalmanBeta(inp: KalmanInput) {
  const { y, x } = inp;
  const n = y.length;
  if (x.length !== n) throw new PricingError(`x and y must have the same length (${x.length} vs ${n})`);
  if (n < 1) throw new PricingError('x and y must not be empty');
  const delta = inp.delta ?? 1e-4;
  if (!(delta > 0 && delta < 1)) throw new PricingError('delta must be in (0, 1)');
  const R = inp.observationVariance ?? 1e-3;
  if (!(R > 0)) throw new PricingError('observationVariance must be > 0');
  const p0 = inp.initialVariance ?? 1;
  if (!(p0 >= 0)) throw new PricingError('initialVariance must be >= 0');
  const Q = delta / (1 - delta);
  const two = inp.intercept ?? false;
  let b = inp.initialBeta ?? 0, a = two ? inp.initialAlpha ?? 0 : 0;
  // P = [[pbb, pba], [pba, paa]] (only pbb without intercept)
  let pbb = p0, pba = 0, paa = two ? p0 : 0;
  const betas = new Array<number>(n);
  let llf = 0, e = 0, S = 0;
  const LN_2PI = Math.log(2 * Math.PI);
  for (let t = 0; t < n; t++) {
    if (t > 0) { pbb += Q; if (two) paa += Q; }
    const xt = x[t];
    if (two) {
      e = y[t] - xt * b - a;
      const pz0 = pbb * xt + pba, pz1 = pba * xt + paa; // P z
      S = xt * pz0 + pz1 + R;
      const k0 = pz0 / S, k1 = pz1 / S;
      b += k0 * e; a += k1 * e;
      // P - K (z'P) = P - (P z)(P z)' / S
      pbb -= k0 * pz0; pba -= k0 * pz1; paa -= k1 * pz1;
    } else {
      e = y[t] - xt * b;
      const pz = pbb * xt;
      S = xt * pz + R;
      const k = pz / S;
      b += k * e;
      pbb -= k * pz;
    }
    llf += -(LN_2PI + Math.log(S) + (e * e) / S) / 2;
    betas[t] = b;
  }
  return {
    beta: b, betaVariance: pbb, alpha: two ? a : null, alphaVariance: two ? paa : null, betas,
    lastInnovation: e, lastInnovationVariance: S, logLikelihood: llf,
  };
}

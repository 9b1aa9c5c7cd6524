// Nelson-Siegel (1987) and Svensson (1994) curves as market objects: continuously compounded
// zero rate
//   z(t) = b0 + b1 L(t/tau1) + b2 (L(t/tau1) - e^{-t/tau1}) + b3 (L(t/tau2) - e^{-t/tau2}),
//   L(u) = (1 - e^{-u}) / u,  z(0) = b0 + b1,
// and DF(t) = exp(-z(t) t) on ACT/365F time (QuantLib SvenssonFitting's discount function with
// kappa = 1/tau). Nelson-Siegel is the case b3 = 0.
import type { YieldCurve } from '../curves/discount-curve';

export interface NssParams {
  b0: number; b1: number; b2: number; b3: number;
  tau1: number; tau2: number;
}

function loading(u: number): number {
  return u < 1e-8 ? 1 - u / 2 : -Math.expm1(-u) / u;
}

export class NelsonSiegelSvensson implements YieldCurve {
  constructor(readonly p: NssParams) {
    if (!(p.tau1 > 0 && p.tau2 > 0)) throw new RangeError('NSS decay times must be positive');
  }

  static fromVector(x: readonly number[]): NelsonSiegelSvensson {
    return new NelsonSiegelSvensson({ b0: x[0], b1: x[1], b2: x[2], b3: x[3] ?? 0, tau1: x[4] ?? x[3], tau2: x[5] ?? 1 });
  }

  zeroRate(t: number): number {
    const { b0, b1, b2, b3, tau1, tau2 } = this.p;
    const u1 = t / tau1, u2 = t / tau2;
    const l1 = loading(u1), l2 = loading(u2);
    return b0 + b1 * l1 + b2 * (l1 - Math.exp(-u1)) + (b3 === 0 ? 0 : b3 * (l2 - Math.exp(-u2)));
  }

  discount(t: number): number {
    if (!(t >= 0)) throw new RangeError(`curve time before the reference date: ${t}`);
    return Math.exp(-this.zeroRate(t) * t);
  }

  /** Instantaneous forward rate f(t) = d(z t)/dt. */
  forwardRate(t: number): number {
    const { b0, b1, b2, b3, tau1, tau2 } = this.p;
    const e1 = Math.exp(-t / tau1), e2 = Math.exp(-t / tau2);
    return b0 + b1 * e1 + b2 * (t / tau1) * e1 + b3 * (t / tau2) * e2;
  }
}

// Discount curves on year-fraction times from a reference date (ACT/365F from the valuation
// date, see curveTime). Interpolation schemes in ./interpolation.ts: log-linear discount
// factors (piecewise-flat forwards), linear zero rates, natural cubic spline on zero rates.
// Beyond the last node each continues its last segment (QuantLib's extrapolation) unless the
// curve is built with `extrapolate: false` (PRICING-CLI curves), then such a time is an error.
import { type CurveInterpolation, naturalSplineSecondDerivatives, segmentOf, splineAt } from './interpolation';

export { CURVE_INTERPOLATIONS, type CurveInterpolation } from './interpolation';

export interface CurveNodes {
  /** Increasing times, the first one 0. */
  times: readonly number[];
  /** Discount factors at those times (1 at t = 0). */
  discounts: readonly number[];
}

export interface YieldCurve {
  discount(t: number): number;
}

export interface CurveOptions {
  /** Allow times after the last node (default true). */
  extrapolate?: boolean;
}

export class DiscountCurve implements YieldCurve {
  private readonly t: Float64Array;
  /** log discount factors at the nodes */
  private readonly ld: Float64Array;
  /** zero rates at the nodes (node 0 takes the first segment's rate) */
  private readonly z: Float64Array;
  /** natural spline second derivatives of z (naturalCubicZero only) */
  private readonly m?: Float64Array;
  readonly extrapolate: boolean;

  constructor(nodes: CurveNodes, readonly interpolation: CurveInterpolation = 'logLinearDiscount', opts: CurveOptions = {}) {
    const n = nodes.times.length;
    if (n < 2 || nodes.discounts.length !== n) throw new RangeError('a curve needs at least two nodes (t = 0 and one more), with one discount factor each');
    if (nodes.times[0] !== 0) throw new RangeError('the first curve node must be at t = 0');
    this.t = Float64Array.from(nodes.times);
    this.ld = Float64Array.from(nodes.discounts, (d) => {
      if (!(d > 0) || !Number.isFinite(d)) throw new RangeError('discount factors must be positive and finite');
      return Math.log(d);
    });
    this.ld[0] = 0;
    for (let i = 1; i < n; i++) if (!(this.t[i] > this.t[i - 1])) throw new RangeError('curve times must increase');
    this.z = new Float64Array(n);
    for (let i = 1; i < n; i++) this.z[i] = -this.ld[i] / this.t[i];
    this.z[0] = this.z[1];
    if (interpolation === 'naturalCubicZero') this.m = naturalSplineSecondDerivatives(this.t, this.z);
    this.extrapolate = opts.extrapolate ?? true;
  }

  /** From continuously compounded zero rates at times (PRICING-CLI `curve` nodes). */
  static fromZeroRates(nodes: readonly (readonly [number, number])[], interpolation: CurveInterpolation = 'logLinearDiscount', opts?: CurveOptions): DiscountCurve {
    return new DiscountCurve({ times: nodes.map((n) => n[0]), discounts: nodes.map(([t, r]) => Math.exp(-r * t)) }, interpolation, opts);
  }

  get nodeTimes(): readonly number[] { return Array.from(this.t); }
  get nodeDiscounts(): readonly number[] { return Array.from(this.ld, Math.exp); }
  /** Node zero rates (node 0 carries the first node's rate). */
  get nodeZeroRates(): readonly number[] { return Array.from(this.z); }
  get lastTime(): number { return this.t[this.t.length - 1]; }

  private check(t: number): void {
    if (!(t >= 0)) throw new RangeError(`curve time before the reference date: ${t}`);
    if (!this.extrapolate && t > this.t[this.t.length - 1]) {
      throw new RangeError(`time ${t} is after the last curve node (${this.t[this.t.length - 1]}): no extrapolation`);
    }
  }

  /** ln DF(t). */
  logDiscount(t: number): number {
    this.check(t);
    const T = this.t;
    const i = segmentOf(T, t);
    const t0 = T[i], t1 = T[i + 1];
    const w = (t - t0) / (t1 - t0);
    switch (this.interpolation) {
      case 'logLinearDiscount': return this.ld[i] + w * (this.ld[i + 1] - this.ld[i]);
      case 'linearZero': return -t * (this.z[i] + w * (this.z[i + 1] - this.z[i]));
      case 'naturalCubicZero': return -t * splineAt(T, this.z, this.m!, i, t)[0];
    }
  }

  discount(t: number): number {
    return Math.exp(this.logDiscount(t));
  }

  /** Continuously compounded zero rate to t (at t = 0 the limit from the right). */
  zeroRate(t: number): number {
    return t > 0 ? -this.logDiscount(t) / t : this.z[0];
  }

  /** Instantaneous forward rate f(t) = -d ln DF / dt (right derivative at a node). */
  instantaneousForward(t: number): number {
    this.check(t);
    const T = this.t;
    const i = segmentOf(T, t);
    const h = T[i + 1] - T[i];
    switch (this.interpolation) {
      case 'logLinearDiscount': return -(this.ld[i + 1] - this.ld[i]) / h;
      case 'linearZero': {
        const dz = (this.z[i + 1] - this.z[i]) / h;
        return this.z[i] + dz * (t - T[i]) + t * dz;
      }
      case 'naturalCubicZero': {
        const [z, dz] = splineAt(T, this.z, this.m!, i, t);
        return z + t * dz;
      }
    }
  }

  /** Simply compounded forward rate over [t1, t2] with accrual fraction tau. */
  forwardRate(t1: number, t2: number, tau: number): number {
    return (this.discount(t1) / this.discount(t2) - 1) / tau;
  }

  /** The curve with every node zero rate shifted by `dz` (parallel bump, for PV01). */
  shifted(dz: number): DiscountCurve {
    const T = this.t;
    return new DiscountCurve({ times: Array.from(T), discounts: Array.from(T, (t, i) => Math.exp(this.ld[i] - dz * t)) }, this.interpolation, { extrapolate: this.extrapolate });
  }
}

/** Curve time of a date: ACT/365F from the curve's reference (valuation) date. */
export function curveTime(reference: number, date: number): number {
  return (date - reference) / 365;
}

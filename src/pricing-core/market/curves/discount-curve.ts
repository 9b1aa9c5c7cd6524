// Discount curves on year-fraction times from a reference date. Two interpolations:
// log-linear discount factors (piecewise-flat forwards) and linear continuous zero rates.
// Beyond the last node both continue their last segment (QuantLib's extrapolation).
export type CurveInterpolation = 'logLinearDiscount' | 'linearZero';

export interface CurveNodes {
  /** Increasing times, the first one 0. */
  times: readonly number[];
  /** Discount factors at those times (1 at t = 0). */
  discounts: readonly number[];
}

export interface YieldCurve {
  discount(t: number): number;
}

export class DiscountCurve implements YieldCurve {
  private readonly t: Float64Array;
  /** log discount factors at the nodes */
  private readonly ld: Float64Array;
  /** zero rates at the nodes (node 0 takes the first segment's rate) */
  private readonly z: Float64Array;

  constructor(nodes: CurveNodes, readonly interpolation: CurveInterpolation = 'logLinearDiscount') {
    const n = nodes.times.length;
    if (n < 2 || nodes.discounts.length !== n) throw new RangeError('a curve needs at least two nodes (t = 0 and one more), with one discount factor each');
    if (nodes.times[0] !== 0) throw new RangeError('the first curve node must be at t = 0');
    this.t = Float64Array.from(nodes.times);
    this.ld = Float64Array.from(nodes.discounts, (d) => {
      if (!(d > 0)) throw new RangeError('discount factors must be positive');
      return Math.log(d);
    });
    for (let i = 1; i < n; i++) if (!(this.t[i] > this.t[i - 1])) throw new RangeError('curve times must increase');
    this.z = new Float64Array(n);
    for (let i = 1; i < n; i++) this.z[i] = -this.ld[i] / this.t[i];
    this.z[0] = this.z[1];
  }

  /** From continuously compounded zero rates at times (PRICING-CLI `curve` nodes). */
  static fromZeroRates(nodes: readonly (readonly [number, number])[], interpolation: CurveInterpolation = 'logLinearDiscount'): DiscountCurve {
    return new DiscountCurve({ times: nodes.map((n) => n[0]), discounts: nodes.map(([t, r]) => Math.exp(-r * t)) }, interpolation);
  }

  get nodeTimes(): readonly number[] { return Array.from(this.t); }
  get nodeDiscounts(): readonly number[] { return Array.from(this.ld, Math.exp); }

  discount(t: number): number {
    if (!(t >= 0)) throw new RangeError(`curve time before the reference date: ${t}`);
    const T = this.t;
    const n = T.length;
    // Segment index: last i with T[i] <= t, capped so the last segment extrapolates.
    let lo = 0, hi = n - 1;
    if (t >= T[n - 2]) lo = n - 2;
    else {
      while (hi - lo > 1) { const mid = (lo + hi) >> 1; if (T[mid] <= t) lo = mid; else hi = mid; }
    }
    const t0 = T[lo], t1 = T[lo + 1];
    const w = (t - t0) / (t1 - t0);
    if (this.interpolation === 'logLinearDiscount') return Math.exp(this.ld[lo] + w * (this.ld[lo + 1] - this.ld[lo]));
    const z = this.z[lo] + w * (this.z[lo + 1] - this.z[lo]);
    return Math.exp(-z * t);
  }

  /** Continuously compounded zero rate to t (t > 0). */
  zeroRate(t: number): number {
    return t > 0 ? -Math.log(this.discount(t)) / t : this.z[0];
  }

  /** Simply compounded forward rate over [t1, t2] with accrual fraction tau. */
  forwardRate(t1: number, t2: number, tau: number): number {
    return (this.discount(t1) / this.discount(t2) - 1) / tau;
  }

  /** The curve with every zero rate shifted by `dz` (parallel bump, for PV01). */
  shifted(dz: number): DiscountCurve {
    const T = this.t;
    return new DiscountCurve({ times: Array.from(T), discounts: Array.from(T, (t, i) => Math.exp(this.ld[i] - dz * t)) }, this.interpolation);
  }
}

/** Curve time of a date: ACT/365F from the curve's reference (valuation) date. */
export function curveTime(reference: number, date: number): number {
  return (date - reference) / 365;
}

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CURVE_INTERPOLATIONS, InterpolationBasis, naturalSplineSecondDerivatives, splineAt } from './interpolation';
import { DiscountCurve } from './discount-curve';
import { ql, toQL } from '../../dates/testing/quantlib-peer';
import { addDays, fromISO } from '../../dates/date';

/**
 * Random node grids (days, strictly increasing from 0) with log discount factors of zero rates
 * that random-walk by up to 40bp from node to node (a level in [-1%, 8%]). Nodes at least a
 * week apart: closer nodes with such jumps make the spline's rounding noise grow past 1e-13.
 */
const grid = fc.tuple(
  fc.uniqueArray(fc.integer({ min: 1, max: 1700 }), { minLength: 1, maxLength: 25 }).map((ws) => ws.map((w) => 7 * w)),
  fc.double({ min: -0.01, max: 0.08, noNaN: true }),
  fc.array(fc.double({ min: -0.004, max: 0.004, noNaN: true }), { minLength: 25, maxLength: 25 }),
).map(([days, level, steps]) => {
  const d = [0, ...days.sort((a, b) => a - b)];
  const times = d.map((x) => x / 365);
  let z = level;
  // Round-trip through exp/log so the curve (built from discount factors) sees exactly these L.
  const L = times.map((t, i) => Math.log(Math.exp(-(z += steps[i]) * t)));
  return { days: d, times, L };
});

describe('interpolation weights', () => {
  it('weights x node log-DFs reproduce the curve for every scheme (also beyond the last node)', () => {
    fc.assert(fc.property(grid, fc.array(fc.double({ min: 0, max: 1.3, noNaN: true }), { minLength: 8, maxLength: 8 }), ({ times, L }, fracs) => {
      for (const kind of CURVE_INTERPOLATIONS) {
        const curve = new DiscountCurve({ times, discounts: L.map(Math.exp) }, kind);
        const basis = new InterpolationBasis(times, kind);
        for (const f of fracs) {
          const t = f * times[times.length - 1];
          const { idx, w } = basis.weights(t);
          let ld = 0;
          for (let j = 0; j < idx.length; j++) ld += w[j] * L[idx[j]];
          // Beyond the last node the last interval's slope is carried (t - tn)/(tn - tn-1) times
          // its own length, and its rounding noise with it: scale the bound by that lever.
          const n = times.length - 1;
          const lever = n > 0 ? Math.max(0, t - times[n]) / (times[n] - times[n - 1]) : 0;
          expect(Math.abs(ld - curve.logDiscount(t))).toBeLessThan(1e-13 * (1 + lever) * Math.max(1, Math.abs(ld)));
        }
      }
    }), { numRuns: 150 });
  });

  it('natural spline: interpolates, is C2 at interior nodes, zero curvature at the ends', () => {
    const x = [0, 0.5, 1, 3, 7, 10], y = [0.02, 0.021, 0.025, 0.03, 0.028, 0.029];
    const m = naturalSplineSecondDerivatives(x, y);
    expect(m[0]).toBe(0);
    expect(m[5]).toBe(0);
    for (let i = 1; i < 5; i++) {
      expect(splineAt(x, y, m, i, x[i])[0]).toBeCloseTo(y[i], 15);
      // first derivative continuous at node i
      expect(splineAt(x, y, m, i - 1, x[i])[1]).toBeCloseTo(splineAt(x, y, m, i, x[i])[1], 12);
    }
  });
});

describe('curves vs QuantLib interpolated curves', () => {
  const v = fromISO('2025-01-15');
  ql.Settings.evaluationDate.set(toQL(v));
  it('naturalCubicZero = InterpolatedZeroCurve<Cubic(Spline, natural ends)>; linearZero = <Linear>; logLinear = InterpolatedDiscountCurve<LogLinear>', () => {
    fc.assert(fc.property(grid, ({ days, times, L }) => {
      if (days.length < 3) return;
      const dates = days.map((d) => toQL(addDays(v, d)));
      const z = times.map((t, i) => (i === 0 ? -L[1] / times[1] : -L[i] / t)); // = our node zero rates
      const SD = ql.CubicInterpolation.BoundaryCondition.SecondDerivative;
      const peers = {
        naturalCubicZero: new ql.InterpolatedZeroCurve(new ql.Cubic(ql.CubicInterpolation.DerivativeApprox.Spline, false, SD, 0, SD, 0)).curveInit3(dates, z, new ql.Actual365Fixed()),
        linearZero: new ql.InterpolatedZeroCurve(new ql.Linear()).curveInit3(dates, z, new ql.Actual365Fixed()),
        logLinearDiscount: new ql.InterpolatedDiscountCurve(new ql.LogLinear()).curveInit3(dates, L.map(Math.exp), new ql.Actual365Fixed()),
      } as const;
      for (const kind of CURVE_INTERPOLATIONS) {
        const ours = new DiscountCurve({ times, discounts: L.map(Math.exp) }, kind);
        const peer = peers[kind] as unknown as ql.YieldTermStructure;
        for (let d = 1; d < days[days.length - 1]; d += Math.max(1, Math.floor(days[days.length - 1] / 37))) {
          const t = d / 365;
          expect(Math.abs(ours.discount(t) / peer.discount2(t) - 1), `${kind} t=${t}`).toBeLessThan(1e-12);
        }
      }
    }), { numRuns: 40 });
  });
});

describe('instantaneous forwards', () => {
  it('match -d ln DF / dt by central differences, for every scheme', () => {
    const nodes: [number, number][] = [[0, 0.02], [0.5, 0.022], [1, 0.025], [3, 0.031], [7, 0.034], [10, 0.033]];
    for (const kind of CURVE_INTERPOLATIONS) {
      const c = DiscountCurve.fromZeroRates(nodes, kind);
      for (const t of [0.1, 0.7, 2, 4.4, 8.5, 12]) {
        const h = 1e-5;
        const fd = -(c.logDiscount(t + h) - c.logDiscount(t - h)) / (2 * h);
        expect(c.instantaneousForward(t)).toBeCloseTo(fd, 8);
      }
    }
  });
  it('no extrapolation when asked', () => {
    const c = DiscountCurve.fromZeroRates([[0, 0.02], [1, 0.02]], 'logLinearDiscount', { extrapolate: false });
    expect(c.discount(1)).toBeCloseTo(Math.exp(-0.02), 15);
    expect(() => c.discount(1.0001)).toThrow(/no extrapolation/);
  });
});

import { describe, expect, it } from 'vitest';
import { addMonths, fromISO } from '../../dates/date';
import { makeSwap } from '../../instruments/rates/swap';
import { immFuture } from '../../instruments/rates/money-market';
import { type CurveInstrument, bootstrapCurve, marketQuote } from './bootstrap';
import { bootstrapJacobian, withQuote } from './jacobian';

const v = fromISO('2025-01-15');
const insts: CurveInstrument[] = [
  { kind: 'deposit', start: v, end: addMonths(v, 3), rate: 0.043, dayCount: 'ACT/360' },
  immFuture(addMonths(v, 3), 95.8, 'ACT/360', 0.0001),
  ...[[2, 0.037], [5, 0.036], [10, 0.038]].map(([y, r]): CurveInstrument => ({
    kind: 'swap', swap: makeSwap({ startDate: v, endDate: addMonths(v, 12 * y), fixedFrequency: 1, floatFrequency: 4, fixedDayCount: 'ACT/360', floatDayCount: 'ACT/360', fixedRate: r, notional: 1, payer: true }),
  })),
];

describe('bootstrap Jacobian', () => {
  it('is lower triangular with a positive diagonal', () => {
    const J = bootstrapJacobian({ valuationDate: v, instruments: insts });
    for (let i = 0; i < J.length; i++) {
      expect(J[i][i]).toBeGreaterThan(0.5);
      for (let j = i + 1; j < J.length; j++) expect(Math.abs(J[i][j])).toBeLessThan(1e-8);
    }
    // A 3M deposit's own zero rate moves about one for one with its quote.
    expect(J[0][0]).toBeGreaterThan(0.95);
    expect(J[0][0]).toBeLessThan(1.05);
  });
  it('equals central finite differences of re-bootstrapped zero rates, for every interpolation', async () => {
    const { pillarDate } = await import('./bootstrap');
    const { curveTime } = await import('./discount-curve');
    for (const interpolation of ['logLinearDiscount', 'linearZero', 'naturalCubicZero'] as const) {
      const J = bootstrapJacobian({ valuationDate: v, instruments: insts, interpolation });
      const sorted = [...insts].sort((a, b) => pillarDate(a) - pillarDate(b));
      const times = sorted.map((i) => curveTime(v, pillarDate(i)));
      const h = 1e-6;
      sorted.forEach((inst, j) => {
        const zeros = (dq: number) => {
          const c = bootstrapCurve({ valuationDate: v, interpolation, instruments: sorted.map((x, k) => (k === j ? withQuote(x, marketQuote(inst) + dq) : x)) }).curve;
          return times.map((t) => c.zeroRate(t));
        };
        const up = zeros(h), dn = zeros(-h);
        for (let i = 0; i < times.length; i++) expect(J[i][j]).toBeCloseTo((up[i] - dn[i]) / (2 * h), 6);
      });
    }
  });
  it('withQuote round-trips every instrument kind', () => {
    for (const i of insts) expect(marketQuote(withQuote(i, 0.0123))).toBeCloseTo(0.0123, 14);
    const r = bootstrapCurve({ valuationDate: v, instruments: insts.map((i) => withQuote(i, marketQuote(i) + 1e-4)) });
    for (const x of r.residuals) expect(Math.abs(x)).toBeLessThan(1e-12);
  });
});

// Sensitivity of a bootstrapped curve to its input quotes: J[i][j] = d zeroRate(pillar i) /
// d quote j (both in pillar order), exact, from the compiled bootstrap's Jacobian (implicit
// function theorem: no re-bootstrapping). With a local interpolation (log-linear DF, linear zero)
// J is lower triangular: a node depends only on instruments up to it; the spline couples all.
import { type BootstrapInput, type CurveInstrument, CurveBootstrap } from './bootstrap';

/** The same instrument quoted at `q` (a rate; futures are re-priced as 100(1 - q - adj)). */
export function withQuote(inst: CurveInstrument, q: number): CurveInstrument {
  switch (inst.kind) {
    case 'swap': return { ...inst, swap: { ...inst.swap, fixed: { ...inst.swap.fixed, rate: q } } };
    case 'future': return { ...inst, price: 100 * (1 - q - (inst.convexityAdjustment ?? 0)) };
    default: return { ...inst, rate: q };
  }
}

export function bootstrapJacobian(input: BootstrapInput): number[][] {
  const b = new CurveBootstrap(input);
  const L = b.solveLogDiscounts();
  const dL = b.logDiscountJacobian(L);
  // zero_i = -L_i / t_i
  return dL.map((row, i) => Array.from(row, (x) => -x / b.times[i + 1]));
}

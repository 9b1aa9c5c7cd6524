// Sensitivity of a bootstrapped curve to its input quotes: J[i][j] = d zeroRate(pillar i) /
// d quote j, by central finite differences (re-bootstrapping with one quote bumped). With a
// sequential bootstrap J is lower triangular: a node depends only on instruments up to it.
import { type BootstrapInput, type CurveInstrument, bootstrapCurve, marketQuote, pillarDate } from './bootstrap';
import { curveTime } from './discount-curve';

/** The same instrument quoted at `q` (a rate; futures are re-priced as 100(1 - q - adj)). */
export function withQuote(inst: CurveInstrument, q: number): CurveInstrument {
  switch (inst.kind) {
    case 'swap': return { ...inst, swap: { ...inst.swap, fixed: { ...inst.swap.fixed, rate: q } } };
    case 'future': return { ...inst, price: 100 * (1 - q - (inst.convexityAdjustment ?? 0)) };
    default: return { ...inst, rate: q };
  }
}

export function bootstrapJacobian(input: BootstrapInput, bump = 1e-6): number[][] {
  const sorted = [...input.instruments].sort((a, b) => pillarDate(a) - pillarDate(b));
  const times = sorted.map((i) => curveTime(input.valuationDate, pillarDate(i)));
  const zeros = (insts: CurveInstrument[]) => {
    const c = bootstrapCurve({ ...input, instruments: insts }).curve;
    return times.map((t) => c.zeroRate(t));
  };
  const J = times.map(() => new Array<number>(sorted.length).fill(0));
  sorted.forEach((inst, j) => {
    const q = marketQuote(inst);
    const up = zeros(sorted.map((x, k) => (k === j ? withQuote(x, q + bump) : x)));
    const dn = zeros(sorted.map((x, k) => (k === j ? withQuote(x, q - bump) : x)));
    for (let i = 0; i < times.length; i++) J[i][j] = (up[i] - dn[i]) / (2 * bump);
  });
  return J;
}

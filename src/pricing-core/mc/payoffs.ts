// Path payoffs of the MC engine and the analytic means of their control variates.
import type { McJob, PathPayoffSpec } from './job';
import { geometricAsianDiscrete } from '../engines/asian/geometric';

/**
 * Evaluates one path: `fixings` holds S at each fixing time and `logFixings` their logs
 * (the simulation has them, so payoffs need no Math.log), `terminal` is S at expiry; writes
 * the undiscounted payoff to out[0] and the undiscounted control to out[1].
 */
export type PathPayoff = (fixings: Float64Array, logFixings: Float64Array, terminal: number, out: Float64Array) => void;

export function makePayoff(spec: PathPayoffSpec, n: number): PathPayoff {
  const w = spec.type === 'call' ? 1 : -1;
  const inv = 1 / n;
  switch (spec.kind) {
    case 'arithmeticAverageRate':
    case 'geometricAverageRate': {
      const k = spec.strike;
      const geometricMain = spec.kind === 'geometricAverageRate';
      return (f, lf, _terminal, out) => {
        let sum = 0;
        let logSum = 0;
        for (let i = 0; i < n; i++) {
          sum += f[i];
          logSum += lf[i];
        }
        const g = Math.exp(logSum * inv);
        const a = geometricMain ? g : sum * inv;
        out[0] = Math.max(w * (a - k), 0);
        out[1] = Math.max(w * (g - k), 0);
      };
    }
    case 'arithmeticAverageStrike':
      return (f, lf, terminal, out) => {
        let sum = 0;
        let logSum = 0;
        for (let i = 0; i < n; i++) {
          sum += f[i];
          logSum += lf[i];
        }
        out[0] = Math.max(w * (terminal - sum * inv), 0);
        out[1] = Math.max(w * (terminal - Math.exp(logSum * inv)), 0);
      };
    case 'european':
      return (_f, _lf, terminal, out) => {
        out[0] = Math.max(w * (terminal - spec.strike), 0);
        out[1] = out[0];
      };
  }
}

/** Present value of the control variate (undefined: the payoff has none). */
export function controlMean(job: McJob): number | undefined {
  const { payoff: p, model: m, fixings, expiry } = job;
  switch (p.kind) {
    case 'arithmeticAverageRate':
      return geometricAsianDiscrete({ ...m, type: p.type, strike: p.strike, expiry, fixings, averageStrike: false });
    case 'arithmeticAverageStrike':
      return geometricAsianDiscrete({ ...m, type: p.type, strike: 0, expiry, fixings, averageStrike: true });
    case 'geometricAverageRate':
    case 'european':
      // Controlling a payoff with itself would hide the simulation error the tests look at.
      return undefined;
  }
}

// Generic one-dimensional root finders (shared: anyone in pricing-core may use them).
// Newton with a bracket safeguard when a derivative is at hand; the bracketed fallback is the
// Brent solver of ./brent.ts (one Brent in the core).
import { brentRoot } from './brent';

export class NoRootError extends Error {}

export interface SolverOptions {
  /** Absolute tolerance on x. Default 1e-14 (relative for Newton steps). */
  xTol?: number;
  maxIter?: number;
}

/**
 * Expands [lo, hi] geometrically around a guess until f changes sign, within [min, max].
 */
export function bracket(f: (x: number) => number, guess: number, step: number, min = -Infinity, max = Infinity, maxIter = 60): [number, number] {
  let lo = Math.max(min, guess - step), hi = Math.min(max, guess + step);
  let flo = f(lo), fhi = f(hi);
  for (let i = 0; i < maxIter && flo * fhi > 0; i++) {
    step *= 1.6;
    if (Math.abs(flo) < Math.abs(fhi)) { lo = Math.max(min, lo - step); flo = f(lo); }
    else { hi = Math.min(max, hi + step); fhi = f(hi); }
  }
  if (flo * fhi > 0) throw new NoRootError('could not bracket a root');
  return [lo, hi];
}

/**
 * Newton's method from `guess`, falling back to Brent on a bracket if a step leaves
 * [min, max] or convergence stalls. `fdf` returns [f(x), f'(x)].
 */
export function newtonSafe(fdf: (x: number) => [number, number], guess: number, min: number, max: number, opts: SolverOptions = {}): number {
  const xTol = opts.xTol ?? 1e-14;
  let x = guess;
  for (let i = 0; i < (opts.maxIter ?? 50); i++) {
    const [fx, dfx] = fdf(x);
    if (fx === 0) return x;
    if (!(Math.abs(dfx) > 0) || !Number.isFinite(fx)) break;
    const next = x - fx / dfx;
    if (!(next > min && next < max)) break;
    if (Math.abs(next - x) <= xTol * Math.max(1, Math.abs(x))) {
      return next;
    }
    x = next;
  }
  const f = (z: number) => fdf(z)[0];
  const [lo, hi] = bracket(f, guess, 0.05, min, max);
  return brentRoot(f, lo, hi, opts);
}

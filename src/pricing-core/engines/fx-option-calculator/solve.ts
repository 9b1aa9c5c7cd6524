// The calculator's inverse solves. Every solve ends by re-pricing its answer and checking it
// reaches the target; a target no input reaches raises InverseSolveError (the screen's
// "inverse result cannot be obtained, check input"), never a number.
import { InverseSolveError, NO_INVERSE_MESSAGE, PricingError, type OptionType } from '../../core/types';
import { brentRoot } from '../../math/brent';
import { normInv } from '../../math/normal';
import { impliedVolCore, IV_ABOVE_MAXIMUM, IV_BAD_INPUT, IV_BELOW_INTRINSIC } from '../black/implied-vol';
import {
  atmStrikeForward, fxDeltaForward, strikeFromDeltaForward, type AtmConvention, type DeltaConvention,
  type FxForwardTerms,
} from '../fx/fx-conventions';

export { NO_INVERSE_MESSAGE };

/**
 * Roots of f on a grid of points xs (ascending): each sign change is refined by Brent; the
 * root `pick` chooses is returned (undefined when f never changes sign on the grid).
 */
export function gridRoot(f: (x: number) => number, xs: readonly number[], pick: (roots: number[]) => number): number | undefined {
  const roots: number[] = [];
  let x0 = xs[0];
  let f0 = f(x0);
  if (f0 === 0) roots.push(x0);
  for (let i = 1; i < xs.length; i++) {
    const x1 = xs[i];
    const f1 = f(x1);
    if (f1 === 0) roots.push(x1);
    else if (Number.isFinite(f0) && Number.isFinite(f1) && f0 * f1 < 0) {
      roots.push(brentRoot(f, x0, x1, { xTol: 1e-15 * Math.max(1, Math.abs(x0), Math.abs(x1)) }));
    }
    x0 = x1; f0 = f1;
  }
  return roots.length ? pick(roots) : undefined;
}

/** ln K grid around the forward, wide enough for any sensible strike. */
export function logStrikeGrid(forward: number, sd: number, halfWidthSd = 12, points = 241): number[] {
  const s = Math.max(sd, 0.01);
  const lo = Math.log(forward) - halfWidthSd * s, hi = Math.log(forward) + halfWidthSd * s;
  const xs: number[] = [];
  for (let i = 0; i < points; i++) xs.push(lo + ((hi - lo) * i) / (points - 1));
  return xs;
}

/**
 * Strike solving g(K) = 0, with g evaluated in ln K on a grid then refined; `pick` decides
 * between several roots (the largest one for premium-adjusted call deltas, the market's
 * branch; otherwise the one nearest the forward). Checks the answer reaches the target to
 * `tol` (absolute, in g's units).
 */
export function solveStrike(
  g: (k: number) => number, forward: number, sd: number, pick: 'largest' | 'nearest', tol: number,
): number {
  const f = (x: number) => g(Math.exp(x));
  const lnF = Math.log(forward);
  if (pick === 'nearest') {
    // Fast path: widen a bracket around the forward, alternating sides, until f changes
    // sign (premiums are monotone in the strike); the first sign change is the nearest root.
    const k = nearestBracketRoot(f, lnF, Math.max(sd, 0.01));
    if (k !== undefined && Math.abs(g(Math.exp(k))) <= tol) return Math.exp(k);
  }
  const chooser = pick === 'largest'
    ? (r: number[]) => Math.max(...r)
    : (r: number[]) => r.reduce((a, b) => (Math.abs(b - lnF) < Math.abs(a - lnF) ? b : a));
  let x = gridRoot(f, logStrikeGrid(forward, sd), chooser);
  if (x === undefined) x = gridRoot(f, logStrikeGrid(forward, sd, 60, 481), chooser);
  if (x === undefined) throw new InverseSolveError(NO_INVERSE_MESSAGE);
  const k = Math.exp(x);
  if (!(Math.abs(g(k)) <= tol)) throw new InverseSolveError(NO_INVERSE_MESSAGE);
  return k;
}

/** A root of f near x0: steps of `step` growing by 1.5 on alternate sides (up to 60 sd), then Brent. */
function nearestBracketRoot(f: (x: number) => number, x0: number, step: number): number | undefined {
  const f0 = f(x0);
  if (f0 === 0) return x0;
  if (!Number.isFinite(f0)) return undefined;
  let lo = x0, hi = x0, flo = f0, fhi = f0;
  let d = 0.25 * step;
  while (d < 60 * step) {
    const xu = x0 + d, fu = f(xu);
    if (Number.isFinite(fu) && fu * fhi <= 0) return brentRoot(f, hi, xu, { xTol: 1e-15 * Math.max(1, Math.abs(xu)) });
    if (Number.isFinite(fu)) { hi = xu; fhi = fu; }
    const xd = x0 - d, fd = f(xd);
    if (Number.isFinite(fd) && fd * flo <= 0) return brentRoot(f, xd, lo, { xTol: 1e-15 * Math.max(1, Math.abs(xd)) });
    if (Number.isFinite(fd)) { lo = xd; flo = fd; }
    d *= 1.5;
  }
  return undefined;
}

/**
 * Implied vol of an undiscounted Black price on the forward (vanillas): the target premium
 * converted to per-unit undiscounted terms. Outside the no-arbitrage range: InverseSolveError.
 */
export function impliedVolForward(type: OptionType, undiscounted: number, forward: number, strike: number, t: number): number {
  if (!(t > 0)) throw new InverseSolveError(NO_INVERSE_MESSAGE);
  const v = impliedVolCore(type === 'call' ? 1 : -1, undiscounted, forward, strike, t, 0, 0);
  if (v === IV_BELOW_INTRINSIC || v === IV_ABOVE_MAXIMUM || v === IV_BAD_INPUT || !(v >= 0)) throw new InverseSolveError(NO_INVERSE_MESSAGE);
  return v;
}

/**
 * Vol making `value(vol)` (increasing in vol) equal `target`: the upper end of the bracket
 * doubles from 25 % up to 1000 % while the value still rises (approximations such as moment
 * matching stop being monotone at absurd vols), then Brent.
 */
export function solveVolMonotone(value: (vol: number) => number, target: number, tol: number): number {
  const f = (v: number) => value(v) - target;
  const lo = 1e-6;
  if (!(f(lo) <= 0)) throw new InverseSolveError(NO_INVERSE_MESSAGE);
  let hi = 0.25;
  let fhi = f(hi);
  while (fhi < 0 && hi < 10) {
    const next = f(2 * hi);
    if (!(next > fhi)) break; // no longer rising
    hi *= 2;
    fhi = next;
  }
  if (!(fhi >= 0)) throw new InverseSolveError(NO_INVERSE_MESSAGE);
  const v = brentRoot(f, lo, hi, { xTol: 1e-15 });
  if (!(Math.abs(f(v)) <= tol)) throw new InverseSolveError(NO_INVERSE_MESSAGE);
  return v;
}

function isSpot(c: DeltaConvention): boolean {
  return c === 'spot' || c === 'spotPremiumAdjusted';
}
function isAdjusted(c: DeltaConvention): boolean {
  return c === 'spotPremiumAdjusted' || c === 'forwardPremiumAdjusted';
}

/**
 * Vol giving a vanilla of fixed strike the delta |delta| (fraction) in convention c. In sd =
 * vol sqrt(t) the condition is a quadratic (unadjusted: w d1 = z, adjusted: w d2 = z), so the
 * solutions are exact: sd = w z +- sqrt(z^2 - 2x) or sd = -w z +- sqrt(z^2 + 2x), x = ln(F/K).
 * Two positive roots exist on one side of the forward (the delta is not monotone in vol
 * there): the one nearest `reference` is returned with the other as `alternative`.
 */
export function volFromDelta(
  type: OptionType, absDelta: number, strike: number, forward: number, dfForeign: number, t: number,
  c: DeltaConvention, reference: number,
): { vol: number; alternative?: number } {
  if (!(t > 0)) throw new InverseSolveError(NO_INVERSE_MESSAGE);
  const w = type === 'call' ? 1 : -1;
  const x = Math.log(forward / strike);
  let target = absDelta / (isSpot(c) ? dfForeign : 1);
  if (isAdjusted(c)) target *= forward / strike; // N(w d2) = |delta| F / K
  if (!(target > 0 && target < 1)) throw new InverseSolveError(NO_INVERSE_MESSAGE);
  const z = normInv(target);
  const roots: number[] = [];
  const [b, disc] = isAdjusted(c) ? [-w * z, z * z + 2 * x] : [w * z, z * z - 2 * x];
  if (disc >= 0) {
    const r = Math.sqrt(disc);
    for (const sd of [b - r, b + r]) if (sd > 1e-12) roots.push(sd / Math.sqrt(t));
  }
  const unique = [...new Set(roots)].filter((v) => Number.isFinite(v));
  if (!unique.length) throw new InverseSolveError(NO_INVERSE_MESSAGE);
  // Check: each root reproduces the delta.
  const terms = (vol: number): FxForwardTerms => ({ forward, sd: vol * Math.sqrt(t), dfForeign });
  const ok = unique.filter((v) => Math.abs(Math.abs(fxDeltaForward(type, strike, terms(v), c)) - absDelta) <= 1e-9);
  if (!ok.length) throw new InverseSolveError(NO_INVERSE_MESSAGE);
  ok.sort((a, bb) => Math.abs(Math.log(a / reference)) - Math.abs(Math.log(bb / reference)));
  return ok.length > 1 ? { vol: ok[0], alternative: ok[1] } : { vol: ok[0] };
}

/**
 * Strike with the delta |delta| in convention c when the vol depends on the strike (a smile):
 * fixed point K -> strike at vol(K), then a grid-and-Brent solve if that does not settle.
 */
export function strikeFromDeltaOnSmile(
  type: OptionType, absDelta: number, c: DeltaConvention, forward: number, dfForeign: number, t: number,
  volAt: (k: number) => number,
): number {
  if (!(t > 0)) throw new PricingError('a strike from delta needs an expiry after today');
  const w = type === 'call' ? 1 : -1;
  const signed = w * absDelta;
  const sqrtT = Math.sqrt(t);
  const delta = (k: number) => fxDeltaForward(type, k, { forward, sd: volAt(k) * sqrtT, dfForeign }, c);
  let k = forward;
  try {
    for (let i = 0; i < 100; i++) {
      const next = strikeFromDeltaForward(type, signed, { forward, sd: volAt(k) * sqrtT, dfForeign }, c);
      if (Math.abs(next - k) <= 1e-14 * k) { k = next; break; }
      k = next;
    }
    if (Math.abs(delta(k) - signed) <= 1e-12) return k;
  } catch (e) {
    if (!(e instanceof PricingError)) throw e;
  }
  const atmVol = volAt(forward);
  return solveStrike((kk) => delta(kk) - signed, forward, atmVol * sqrtT,
    type === 'call' && isAdjusted(c) ? 'largest' : 'nearest', 1e-11);
}

/** ATM strike in a convention when the vol may depend on the strike (fixed point). */
export function atmStrikeOnSmile(spot: number, forward: number, dfForeign: number, t: number, c: AtmConvention, volAt: (k: number) => number): number {
  const sqrtT = Math.sqrt(Math.max(t, 0));
  if (c === 'spot' || c === 'forward') return atmStrikeForward(spot, { forward, sd: 0, dfForeign }, c);
  let k = forward;
  for (let i = 0; i < 200; i++) {
    const next = atmStrikeForward(spot, { forward, sd: volAt(k) * sqrtT, dfForeign }, c);
    if (Math.abs(next - k) <= 1e-15 * k) return next;
    k = next;
  }
  // Damped iteration for steep smiles.
  for (let i = 0; i < 2000; i++) {
    const next = 0.5 * (k + atmStrikeForward(spot, { forward, sd: volAt(k) * sqrtT, dfForeign }, c));
    if (Math.abs(next - k) <= 1e-15 * k) return next;
    k = next;
  }
  throw new InverseSolveError(NO_INVERSE_MESSAGE);
}

// Bjerksund & Stensland approximations: the American call is valued as an option that is
// exercised when the spot first reaches a flat trigger (1993) or one of two flat triggers,
// before and after t1 = (sqrt(5) - 1) t / 2 (2002, which needs the bivariate normal).
// Puts use the put-call transformation P(S, K, t, r, b) = C(K, S, t, r - b, -b), b = rd - rf.
import { normCdf } from '../../math/normal';
import { bivariateNormalCdf } from '../../math/bivariate-normal';
import {
  type AmericanInputs, degenerateValue, europeanValue, exerciseRegime, intrinsic, validateAmerican,
} from './american-inputs';

export type BjerksundStenslandVersion = 1993 | 2002;

interface CallProblem {
  s: number;
  k: number;
  t: number;
  r: number;
  b: number;
  vol: number;
}

/** phi(S, T, gamma, H, I) of the papers (Haug's notation). */
function phi(p: CallProblem, t: number, gamma: number, h: number, i: number): number {
  const { s, r, b, vol } = p;
  const v2 = vol * vol;
  const sd = vol * Math.sqrt(t);
  const lambda = (-r + gamma * b + 0.5 * gamma * (gamma - 1) * v2) * t;
  const drift = (b + (gamma - 0.5) * v2) * t;
  const d1 = -(Math.log(s / h) + drift) / sd;
  const d2 = -(Math.log((i * i) / (s * h)) + drift) / sd;
  const kappa = (2 * b) / v2 + 2 * gamma - 1;
  return Math.exp(lambda) * s ** gamma * (normCdf(d1) - (i / s) ** kappa * normCdf(d2));
}

/** psi(S, T, gamma, H, I2, I1, t1) of the 2002 paper. */
function psi(p: CallProblem, gamma: number, h: number, i2: number, i1: number, t1: number): number {
  const { s, t, r, b, vol } = p;
  const v2 = vol * vol;
  const sd1 = vol * Math.sqrt(t1);
  const sd = vol * Math.sqrt(t);
  const drift1 = (b + (gamma - 0.5) * v2) * t1;
  const drift = (b + (gamma - 0.5) * v2) * t;
  const e1 = -(Math.log(s / i1) + drift1) / sd1;
  const e2 = -(Math.log((i2 * i2) / (s * i1)) + drift1) / sd1;
  const e3 = -(Math.log(s / i1) - drift1) / sd1;
  const e4 = -(Math.log((i2 * i2) / (s * i1)) - drift1) / sd1;
  const f1 = -(Math.log(s / h) + drift) / sd;
  const f2 = -(Math.log((i2 * i2) / (s * h)) + drift) / sd;
  const f3 = -(Math.log((i1 * i1) / (s * h)) + drift) / sd;
  const f4 = -(Math.log((s * i1 * i1) / (h * i2 * i2)) + drift) / sd;
  const rho = Math.sqrt(t1 / t);
  const kappa = (2 * b) / v2 + 2 * gamma - 1;
  const lambda = (-r + gamma * b + 0.5 * gamma * (gamma - 1) * v2) * t;
  return (
    Math.exp(lambda) * s ** gamma *
    (bivariateNormalCdf(e1, f1, rho) -
      (i2 / s) ** kappa * bivariateNormalCdf(e2, f2, rho) -
      (i1 / s) ** kappa * bivariateNormalCdf(e3, f3, -rho) +
      (i1 / i2) ** kappa * bivariateNormalCdf(e4, f4, -rho))
  );
}

/** Trigger price of the flat-boundary approximation for horizon tau. */
function trigger(p: CallProblem, beta: number, tau: number, v2002: boolean): number {
  const { k, r, b, vol } = p;
  const bInf = (beta / (beta - 1)) * k;
  const b0 = Math.max(k, (r / (r - b)) * k);
  const h = v2002
    ? (-(b * tau + 2 * vol * Math.sqrt(tau)) * k * k) / ((bInf - b0) * b0)
    : (-(b * tau + 2 * vol * Math.sqrt(tau)) * b0) / (bInf - b0);
  return b0 + (bInf - b0) * (1 - Math.exp(h));
}

/** The call value (b < r assumed: otherwise early exercise is never optimal). */
function callValue(p: CallProblem, version: BjerksundStenslandVersion): number {
  const { s, k, t, r, b, vol } = p;
  const v2 = vol * vol;
  const y = 0.5 - b / v2;
  const beta = y + Math.sqrt(y * y + (2 * r) / v2);
  if (!Number.isFinite(beta)) return Number.NaN;
  if (version === 1993) {
    const x = trigger(p, beta, t, false);
    if (s >= x) return s - k;
    const alpha = (x - k) * x ** -beta;
    return (
      alpha * s ** beta - alpha * phi(p, t, beta, x, x) + phi(p, t, 1, x, x) - phi(p, t, 1, k, x) -
      k * phi(p, t, 0, x, x) + k * phi(p, t, 0, k, x)
    );
  }
  const t1 = 0.5 * (Math.sqrt(5) - 1) * t;
  const i1 = trigger(p, beta, t1, true);
  const i2 = trigger(p, beta, t, true);
  if (s >= i2) return s - k;
  const a1 = (i1 - k) * i1 ** -beta;
  const a2 = (i2 - k) * i2 ** -beta;
  return (
    a2 * s ** beta - a2 * phi(p, t1, beta, i2, i2) + phi(p, t1, 1, i2, i2) - phi(p, t1, 1, i1, i2) -
    k * phi(p, t1, 0, i2, i2) + k * phi(p, t1, 0, i1, i2) + a1 * phi(p, t1, beta, i1, i2) -
    a1 * psi(p, beta, i1, i2, i1, t1) + psi(p, 1, i1, i2, i1, t1) - psi(p, 1, k, i2, i1, t1) -
    k * psi(p, 0, i1, i2, i1, t1) + k * psi(p, 0, k, i2, i1, t1)
  );
}

export function bjerksundStensland(o: AmericanInputs, version: BjerksundStenslandVersion): number {
  validateAmerican(o);
  const degenerate = degenerateValue(o);
  if (degenerate !== undefined) return degenerate;
  const european = europeanValue(o);
  const floor = Math.max(european, intrinsic(o));
  if (exerciseRegime(o) !== 'single') return floor;
  const b = o.rd - o.rf;
  const p: CallProblem =
    o.type === 'call'
      ? { s: o.spot, k: o.strike, t: o.t, r: o.rd, b, vol: o.vol }
      : { s: o.strike, k: o.spot, t: o.t, r: o.rd - b, b: -b, vol: o.vol };
  const v = callValue(p, version);
  // Where beta turns complex (very negative rates) the approximation has no answer; the flat
  // trigger can also leave the value a hair under the European one: report the floor then.
  return Number.isFinite(v) ? Math.max(v, floor) : floor;
}

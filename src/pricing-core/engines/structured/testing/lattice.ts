// Independent references for the simulated products (tests only): backward induction on a
// grid of log-spot cells with the exact Gaussian transition between observation dates (each
// cell's probability from the normal CDF), so a barrier placed on a cell boundary is treated
// exactly. Error O(h^2) in the cell width; two widths give a Richardson estimate. Nothing here
// shares code with the Monte Carlo engine or the language.
import { normCdf } from '../../../math/normal';

interface Grid {
  /** Cell centres in y = ln(S / S0). */
  y: Float64Array;
  h: number;
}

/** Cells of width h whose boundaries include every y in `boundaries` (multiples of h apart), covering [lo, hi]. */
function grid(boundaries: number[], h: number, lo: number, hi: number): Grid {
  const b0 = boundaries[0];
  const below = Math.ceil((b0 - lo) / h);
  const n = below + Math.ceil((hi - b0) / h);
  const start = b0 - below * h;
  return { y: Float64Array.from({ length: n }, (_, j) => start + (j + 0.5) * h), h };
}

/** The average of e^y over the cell [y - h/2, y + h/2]. */
const cellMeanExp = (y: number, h: number): number => (Math.exp(y + 0.5 * h) - Math.exp(y - 0.5 * h)) / h;

/** Transition weights w[d + D] = P(cell i -> cell i + d) over dt. */
function kernel(h: number, mu: number, sd: number): { w: Float64Array; D: number } {
  const D = Math.ceil((12 * sd + Math.abs(mu)) / h) + 1;
  const w = new Float64Array(2 * D + 1);
  for (let d = -D; d <= D; d++) w[d + D] = normCdf((d * h + 0.5 * h - mu) / sd) - normCdf((d * h - 0.5 * h - mu) / sd);
  return { w, D };
}

/** E over one step: out[i] = df sum_d w[d] v[i + d] (cells off the grid count as 0). */
function step(v: Float64Array, k: { w: Float64Array; D: number }, df: number): Float64Array<ArrayBuffer> {
  const n = v.length, out: Float64Array<ArrayBuffer> = new Float64Array(n), { w, D } = k;
  for (let i = 0; i < n; i++) {
    let s = 0;
    const lo = Math.max(-D, -i), hi = Math.min(D, n - 1 - i);
    for (let d = lo; d <= hi; d++) s += w[d + D] * v[i + d];
    out[i] = df * s;
  }
  return out;
}

/** Value at t = 0 from y = 0: the first step starts at the exact spot, not at a cell centre. */
function firstStep(g: Grid, v: Float64Array, mu: number, sd: number, df: number): number {
  let s = 0;
  for (let j = 0; j < g.y.length; j++) s += v[j] * (normCdf((g.y[j] + 0.5 * g.h - mu) / sd) - normCdf((g.y[j] - 0.5 * g.h - mu) / sd));
  return df * s;
}

export interface Market {
  spot: number;
  rd: number;
  rf: number;
  vol: number;
}

export interface SnowballSpec {
  t: number;
  knockOutRatio: number;
  knockInRatio: number;
  knockOutTimes: number[];
  knockInTimes: number[];
  coupon: number;
  bonusCoupon: number;
}

/**
 * PRICING-CLI snowball by backward induction with two states (knocked in or not). Cell
 * boundaries sit on ln(knockInRatio), ln(knockOutRatio) and 0, which therefore must be whole
 * multiples of h apart (choose the ratios so).
 */
export function snowballLattice(m: Market, s: SnowballSpec, h: number): number {
  const yKO = Math.log(s.knockOutRatio), yKI = Math.log(s.knockInRatio);
  const span = 9 * m.vol * Math.sqrt(s.t) + 0.5;
  const g = grid([yKI, 0, yKO], h, yKI - span, yKO + span);
  const n = g.y.length;
  const dates = [...new Set([...s.knockOutTimes, ...s.knockInTimes, s.t])].sort((a, b) => a - b);
  const isKO = new Set(s.knockOutTimes), isKI = new Set(s.knockInTimes);
  const mu = m.rd - m.rf - 0.5 * m.vol * m.vol;
  // Cell j is at or above the knock-out level / at or below the knock-in level (boundaries exact).
  const ko = Uint8Array.from(g.y, (y) => (y > yKO ? 1 : 0));
  const ki = Uint8Array.from(g.y, (y) => (y < yKI ? 1 : 0));
  let vOut = new Float64Array(n); // not knocked in
  let vIn = new Float64Array(n); // knocked in
  for (let j = 0; j < n; j++) {
    // min(S/S0, 1) averaged over the cell (0 is a boundary, so each cell is on one side).
    vIn[j] = g.y[j] > 0 ? 1 : cellMeanExp(g.y[j], h);
    vOut[j] = 1 + s.bonusCoupon * s.t;
  }
  for (let di = dates.length - 1; di >= 0; di--) {
    const t = dates[di];
    // Events at t, in order: knock-out first, then knock-in.
    for (let j = 0; j < n; j++) {
      if (isKO.has(t) && ko[j]) {
        vOut[j] = vIn[j] = 1 + s.coupon * t;
        continue;
      }
      if (isKI.has(t) && ki[j]) vOut[j] = vIn[j];
    }
    const prev = di === 0 ? 0 : dates[di - 1];
    const dt = t - prev;
    if (di === 0) return firstStep(g, vOut, mu * dt, m.vol * Math.sqrt(dt), Math.exp(-m.rd * dt));
    const k = kernel(h, mu * dt, m.vol * Math.sqrt(dt));
    const df = Math.exp(-m.rd * dt);
    vOut = step(vOut, k, df);
    vIn = step(vIn, k, df);
  }
  return NaN;
}

export interface AccumulatorSpec {
  t: number;
  strike: number;
  knockOut: number;
  gearing: number;
  fixings: number[];
  guaranteedFixings: number;
}

/** PRICING-CLI accumulator by backward induction; ln(knockOut / spot) and ln(strike / spot) must be multiples of h apart from 0. */
export function accumulatorLattice(m: Market, s: AccumulatorSpec, h: number): number {
  const yKO = Math.log(s.knockOut / m.spot), yK = Math.log(s.strike / m.spot);
  const span = 9 * m.vol * Math.sqrt(s.t) + 0.3;
  const g = grid([Math.min(yK, 0, yKO), Math.max(yK, 0, yKO)], h, Math.min(yK, 0) - span, Math.max(yKO, 0) + span);
  const n = g.y.length;
  const mu = m.rd - m.rf - 0.5 * m.vol * m.vol;
  let v = new Float64Array(n);
  for (let i = s.fixings.length - 1; i >= 0; i--) {
    const t = s.fixings[i];
    for (let j = 0; j < n; j++) {
      // Knock-out ends the trade with nothing bought; otherwise buy 1 or gearing units at the strike.
      if (i + 1 > s.guaranteedFixings && g.y[j] > yKO) v[j] = 0;
      else v[j] += (g.y[j] > yK ? 1 : s.gearing) * (m.spot * cellMeanExp(g.y[j], h) - s.strike);
    }
    const prev = i === 0 ? 0 : s.fixings[i - 1];
    const dt = t - prev;
    if (i === 0) return firstStep(g, v, mu * dt, m.vol * Math.sqrt(dt), Math.exp(-m.rd * dt));
    v = step(v, kernel(h, mu * dt, m.vol * Math.sqrt(dt)), Math.exp(-m.rd * dt));
  }
  return NaN;
}

/** Richardson extrapolation of an O(h^2) scheme from widths h and h/2, with the difference as an error estimate. */
export function richardson(f: (h: number) => number, h: number): { value: number; error: number } {
  const a = f(h), b = f(h / 2);
  return { value: (4 * b - a) / 3, error: Math.abs(b - a) / 3 };
}

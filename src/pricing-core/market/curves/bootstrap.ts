// Bootstrap of a discount curve from market instruments (deposits, FRAs, futures, swaps / OIS):
// one node per instrument at its pillar (the latest date it depends on); the node log discount
// factors L_1..L_n are solved so every instrument reprices its quote.
//
// How: every interpolation offered is linear in the node log discount factors (./interpolation.ts),
// so each instrument's value is a short sum  sum_m (c_m + d_m q) exp(E_m . L)  in its quote q.
// Instruments are "compiled" into those terms once (schedules, day counts, payment dates, and for
// a dual curve the given curve's discount factor at each payment, are all folded into c, d,
// the exponent weights E and one external factor per term; equal terms are merged, so a
// single-curve float leg telescopes to P(start) - P(end)).
//  - Local schemes (log-linear DF, linear zero): instrument k only involves nodes <= k, so the
//    nodes are solved in order, each by Newton on one exponential sum (Brent fallback).
//  - Natural cubic spline on zero rates: every node moves every point, so the whole system is
//    solved by Newton with its analytic Jacobian (dense LU), from the linear-zero solution.
// Solving again for bumped quotes, or against a bumped discount curve, reuses the compiled terms
// (`CurveBootstrap.solve(quotes, discount)`), which is what makes key-rate risk by rebuilding cheap.
// Single curve: the curve discounts and projects. Dual curve: pass `discount` (e.g. an OIS
// curve) and the bootstrapped curve is the projection curve.
import type { CalendarDate } from '../../dates/date';
import { toISO } from '../../dates/date';
import { yearFraction } from '../../dates/day-count';
import type { InterestRateSwap } from '../../instruments/rates/swap';
import { type Deposit, type Fra, type RateFuture, futureForwardRate } from '../../instruments/rates/money-market';
import { priceSwap } from '../../engines/rates/swap-pricer';
import { brentRoot } from '../../math/brent';
import { bracket } from '../../math/solvers';
import { luFactor, luSolve } from '../../math/linear-algebra';
import { type YieldCurve, DiscountCurve, curveTime } from './discount-curve';
import { type CurveInterpolation, InterpolationBasis, type SparseWeights } from './interpolation';

export type CurveInstrument =
  | Deposit
  | Fra
  | RateFuture
  /** Par swap (fixed vs term or compounded overnight rate) quoted by its fixed rate. */
  | { kind: 'swap'; label?: string; swap: InterestRateSwap };

export interface BootstrapInput {
  valuationDate: CalendarDate;
  instruments: CurveInstrument[];
  interpolation?: CurveInterpolation;
  /** Dual curve: the given discounting curve; the result is then a projection curve. */
  discount?: YieldCurve;
  /** Newton stops once a step in the node log discount factors is below this. Default 1e-15. */
  accuracy?: number;
  /** Whether the built curve extrapolates past its last node (default true). */
  extrapolate?: boolean;
}

export interface BootstrapResult {
  curve: DiscountCurve;
  pillars: CalendarDate[];
  /** Model quote minus market quote for each instrument (sorted by pillar), as rates. */
  residuals: number[];
}

export function pillarDate(inst: CurveInstrument): CalendarDate {
  if (inst.kind !== 'swap') return inst.end;
  let last = 0 as CalendarDate;
  for (const p of [...inst.swap.fixed.periods, ...inst.swap.float.periods]) last = Math.max(last, p.end, p.payment) as CalendarDate;
  return last;
}

/** The instrument's quote implied by curves, as a rate (fixed rate for swaps). */
export function impliedQuote(inst: CurveInstrument, valuationDate: CalendarDate, projection: YieldCurve, discount: YieldCurve): number {
  if (inst.kind === 'swap') return priceSwap(inst.swap, { valuationDate, discount, projection }).parRate;
  const tau = yearFraction(inst.dayCount, inst.start, inst.end);
  return (projection.discount(curveTime(valuationDate, inst.start)) / projection.discount(curveTime(valuationDate, inst.end)) - 1) / tau;
}

export function marketQuote(inst: CurveInstrument): number {
  switch (inst.kind) {
    case 'swap': return inst.swap.fixed.rate;
    case 'future': return futureForwardRate(inst);
    default: return inst.rate;
  }
}

// ---- compiled terms --------------------------------------------------------------------------

/**
 * (c + d q) x D(ext) x prod P(day)^exponent: P the curve being built, D the given discount
 * curve of a dual-curve bootstrap (ext = -1: no such factor).
 */
interface RawTerm { c: number; d: number; factors: [day: number, exponent: number][]; ext: number }

/**
 * A term while being collected: its (at most 3) factors kept as numbers, the factors array made
 * only for terms that survive (most terms of a single-curve float leg cancel to zero).
 */
interface PendingTerm { c: number; d: number; ext: number; nf: number; d0: number; e0: number; d1: number; e1: number; d2: number; e2: number }

/**
 * Collects terms (c + d q) P(a)^ea P(b)^eb P(g)^eg (exponent 0 = absent). Factors of one date are
 * merged (P(e)^-1 P(e) = 1), t = 0 dropped (P = 1), then equal terms merged: a single-curve
 * float leg telescopes here. (A class, not closures: this runs for every period of every
 * instrument, and closures cost an allocation each.)
 */
class TermSet {
  private readonly terms = new Map<number | string, PendingTerm>();
  private readonly days = [0, 0, 0];
  private readonly exps = [0, 0, 0];
  private n = 0;
  constructor(private readonly v: number) {}

  private put(day: number, e: number): void {
    if (e === 0 || day === this.v) return;
    for (let i = 0; i < this.n; i++) if (this.days[i] === day) { this.exps[i] += e; return; }
    this.days[this.n] = day;
    this.exps[this.n++] = e;
  }

  add(c: number, d: number, ext: number, a: number, ea: number, b = 0, eb = 0, g = 0, eg = 0): void {
    this.n = 0;
    this.put(a, ea); this.put(b, eb); this.put(g, eg);
    // Drop cancelled factors and sort by day in the scratch arrays (at most 3 entries, days
    // distinct after put), so the key is found without allocating: most adds of a single-curve
    // float leg hit an existing term, and this runs for every period of every instrument.
    const days = this.days, exps = this.exps;
    let nf = 0;
    for (let i = 0; i < this.n; i++) {
      const day = days[i], e = exps[i];
      if (e === 0) continue;
      let j = nf++;
      while (j > 0 && days[j - 1] > day) { days[j] = days[j - 1]; exps[j] = exps[j - 1]; j--; }
      days[j] = day; exps[j] = e;
    }
    // Key: a number for the common single-curve terms (up to two factors, days < 2^17,
    // exponents in [-4, 3]), a string otherwise.
    let numeric = ext < 0 && nf <= 2;
    for (let i = 0; numeric && i < nf; i++) numeric = days[i] < 131072 && exps[i] >= -4 && exps[i] < 4;
    let key: number | string;
    if (numeric) {
      key = 0;
      for (let i = 0; i < nf; i++) key = key * 1048576 + days[i] * 8 + exps[i] + 4 + 1;
    } else {
      key = `${ext}|`;
      for (let i = 0; i < nf; i++) key += `${days[i]}:${exps[i]},`;
    }
    const t = this.terms.get(key);
    if (t) { t.c += c; t.d += d; return; }
    this.terms.set(key, { c, d, ext, nf, d0: days[0], e0: exps[0], d1: days[1], e1: exps[1], d2: days[2], e2: exps[2] });
  }

  list(): RawTerm[] {
    const out: RawTerm[] = [];
    for (const t of this.terms.values()) {
      if (t.c === 0 && t.d === 0) continue;
      const factors: [number, number][] = [];
      if (t.nf > 0) factors.push([t.d0, t.e0]);
      if (t.nf > 1) factors.push([t.d1, t.e1]);
      if (t.nf > 2) factors.push([t.d2, t.e2]);
      out.push({ c: t.c, d: t.d, factors, ext: t.ext });
    }
    return out;
  }
}

function rawTerms(inst: CurveInstrument, v: CalendarDate, dual: boolean): RawTerm[] {
  const terms = new TermSet(v);
  const add = terms.add.bind(terms);
  const label = inst.label ?? inst.kind;
  if (inst.kind !== 'swap') {
    if (inst.start < v) throw new RangeError(`${label}: starts before the valuation date`);
    // P(e) (1 + q tau) - P(s) = 0
    const tau = yearFraction(inst.dayCount, inst.start, inst.end);
    add(1, tau, -1, inst.end, 1);
    add(-1, 0, -1, inst.start, 1);
  } else {
    // float PV - q x annuity = 0
    const { fixed, float } = inst.swap;
    for (const p of fixed.periods) {
      if (p.payment <= v) continue;
      if (dual) add(0, -p.notional * p.tau, p.payment, 0, 0);
      else add(0, -p.notional * p.tau, -1, p.payment, 1);
    }
    for (const p of float.periods) {
      if (p.payment <= v) continue;
      if (p.start < v) throw new RangeError(`${label}: a float period has started; curve instruments must not be seasoned`);
      const spreadPart = 1 - float.spread * p.tau;
      if (dual) {
        add(p.notional, 0, p.payment, p.start, 1, p.end, -1);
        add(-p.notional * spreadPart, 0, p.payment, 0, 0);
      } else {
        add(p.notional, 0, -1, p.start, 1, p.end, -1, p.payment, 1);
        add(-p.notional * spreadPart, 0, -1, p.payment, 1);
      }
    }
  }
  return terms.list();
}

/** Interpolation weights per date, computed once per date. */
class WeightCache {
  private readonly cache = new Map<number, SparseWeights>();
  constructor(private readonly basis: InterpolationBasis, private readonly v: CalendarDate) {}
  get(day: number): SparseWeights {
    let w = this.cache.get(day);
    if (!w) { w = this.basis.weights(curveTime(this.v, day)); this.cache.set(day, w); }
    return w;
  }
}

/**
 * Terms bound to one interpolation basis: exponents as sparse weights on node log-DFs.
 * Plain arrays, not typed ones: there are eight per instrument, and allocating small typed
 * arrays dominated a from-scratch build; reading packed plain arrays in the solver costs the same.
 */
interface BoundTerms {
  off: number[];
  node: number[];
  w: number[];
  c: number[];
  d: number[];
  /** time of the external discount factor of each term, NaN for none */
  ext: number[];
  maxNode: number;
  /** all 1 (one per term) when no term has an external factor: the single-curve multipliers */
  unit?: number[];
}

/** Scratch of `bind`, one per compile (not per instrument). */
interface BindScratch { acc: Float64Array; touched: Int32Array }

function bind(terms: RawTerm[], weights: WeightCache, scratch: BindScratch, v: CalendarDate): BoundTerms {
  const off = [0];
  const nodes: number[] = [], ws: number[] = [];
  let maxNode = 0;
  const { acc, touched } = scratch;
  for (let m = 0; m < terms.length; m++) {
    let nt = 0;
    const fs = terms[m].factors;
    for (let f = 0; f < fs.length; f++) {
      const e = fs[f][1];
      const { idx, w } = weights.get(fs[f][0]);
      for (let j = 0; j < idx.length; j++) {
        const k = idx[j];
        if (acc[k] === 0) {
          // insertion keeps `touched` sorted (few entries for the local schemes)
          let i = nt++;
          while (i > 0 && touched[i - 1] > k) { touched[i] = touched[i - 1]; i--; }
          touched[i] = k;
        }
        acc[k] += e * w[j];
      }
    }
    for (let i = 0; i < nt; i++) {
      const node = touched[i];
      const w = acc[node];
      acc[node] = 0;
      if (w === 0) continue; // cancelled, or a repeat of a node already taken
      nodes.push(node); ws.push(w);
      if (node > maxNode) maxNode = node;
    }
    off.push(nodes.length);
  }
  const c: number[] = [], d: number[] = [], ext: number[] = [];
  let dual = false;
  for (const t of terms) {
    c.push(t.c); d.push(t.d);
    if (t.ext < 0) ext.push(NaN);
    else { ext.push(curveTime(v, t.ext)); dual = true; }
  }
  return { off, node: nodes, w: ws, c, d, ext, maxNode, ...(dual ? {} : { unit: c.map(() => 1) }) };
}

/** Per-term multipliers: the external discount factors (1 where a term has none). */
function externalFactors(b: BoundTerms, discount: YieldCurve | undefined): number[] {
  if (b.unit) return b.unit;
  const out: number[] = [];
  for (let m = 0; m < b.c.length; m++) {
    const t = b.ext[m];
    if (Number.isNaN(t)) out.push(1);
    else if (!discount) throw new Error('internal: a dual-curve term needs the discount curve');
    else out.push(discount.discount(t));
  }
  return out;
}

/** Value of the bound terms at node log-DFs L for quote q. */
function termValue(b: BoundTerms, mult: number[], L: Float64Array, q: number): number {
  let s = 0;
  for (let m = 0; m < b.c.length; m++) {
    let x = 0;
    for (let e = b.off[m]; e < b.off[m + 1]; e++) x += b.w[e] * L[b.node[e]];
    s += (b.c[m] + b.d[m] * q) * mult[m] * Math.exp(x);
  }
  return s;
}

// ---- the bootstrap -----------------------------------------------------------------------------

/**
 * A compiled bootstrap: instruments sorted by pillar and turned into terms once; `solve` builds
 * the curve for any set of quotes (the market's, or bumped ones for risk).
 */
export class CurveBootstrap {
  readonly valuationDate: CalendarDate;
  readonly interpolation: CurveInterpolation;
  /** Instruments in pillar order. */
  readonly sorted: readonly CurveInstrument[];
  /** order[k] = input index of the k-th instrument in pillar order. */
  readonly order: readonly number[];
  readonly pillars: readonly CalendarDate[];
  /** Node times, 0 first. */
  readonly times: Float64Array;
  /** Market quotes in input order (futures as forward rates). */
  readonly quotes: Float64Array;
  readonly discountCurve?: YieldCurve;
  private readonly bound: BoundTerms[];
  /** Spline only: the same terms on the linear-zero basis, for the starting point. */
  private readonly boundStart?: BoundTerms[];
  private readonly accuracy: number;
  private readonly extrapolate: boolean;
  private scratchA = new Float64Array(64);
  private scratchB = new Float64Array(64);

  constructor(input: BootstrapInput) {
    const v = input.valuationDate;
    this.valuationDate = v;
    this.interpolation = input.interpolation ?? 'logLinearDiscount';
    this.discountCurve = input.discount;
    this.accuracy = input.accuracy ?? 1e-15;
    this.extrapolate = input.extrapolate ?? true;
    if (input.instruments.length === 0) throw new RangeError('a curve needs at least one instrument');
    const pill = input.instruments.map(pillarDate);
    const order = pill.map((_, i) => i).sort((a, b) => pill[a] - pill[b]);
    this.order = order;
    this.sorted = order.map((i) => input.instruments[i]);
    this.pillars = order.map((i) => pill[i]);
    const name = (k: number) => this.sorted[k].label ?? `instrument ${order[k] + 1}`;
    for (let k = 0; k < this.pillars.length; k++) {
      if (this.pillars[k] <= v) throw new RangeError(`${name(k)} matures on or before the valuation date`);
      if (k > 0 && this.pillars[k] === this.pillars[k - 1]) throw new RangeError(`${name(k - 1)} and ${name(k)} share the pillar ${toISO(this.pillars[k])}: two instruments on one date`);
    }
    this.times = Float64Array.from([0, ...this.pillars.map((p) => curveTime(v, p))]);
    this.quotes = Float64Array.from(input.instruments, marketQuote);
    const raw = this.sorted.map((inst) => rawTerms(inst, v, input.discount !== undefined));
    const nodeCount = this.times.length;
    const weights = new WeightCache(new InterpolationBasis(this.times, this.interpolation), v);
    const scratch = { acc: new Float64Array(nodeCount), touched: new Int32Array(nodeCount) };
    this.bound = raw.map((r) => bind(r, weights, scratch, v));
    if (this.interpolation === 'naturalCubicZero') {
      const linear = new WeightCache(new InterpolationBasis(this.times, 'linearZero'), v);
      this.boundStart = raw.map((r) => bind(r, linear, scratch, v));
    } else {
      this.bound.forEach((b, k) => { if (b.maxNode > k + 1) throw new Error(`internal: ${name(k)} depends on a later node`); });
    }
  }

  /**
   * Node log discount factors (index 0 is t = 0) for quotes in input order; a dual-curve
   * bootstrap may be given another (e.g. bumped) discount curve than the one it was built with.
   */
  solveLogDiscounts(quotes: ArrayLike<number> = this.quotes, discount: YieldCurve | undefined = this.discountCurve): Float64Array {
    if (quotes.length !== this.order.length) throw new RangeError(`expected ${this.order.length} quotes`);
    const q = Float64Array.from(this.order, (i) => quotes[i]);
    for (let k = 0; k < q.length; k++) if (!Number.isFinite(q[k])) throw new RangeError(`quote of ${this.sorted[k].label ?? `instrument ${this.order[k] + 1}`} is not a number`);
    const L = new Float64Array(this.times.length);
    const mult = this.bound.map((b) => externalFactors(b, discount));
    if (this.boundStart) {
      this.sequential(this.boundStart, mult, q, L);
      this.global(mult, q, L);
    } else {
      this.sequential(this.bound, mult, q, L);
    }
    return L;
  }

  solve(quotes: ArrayLike<number> = this.quotes, discount: YieldCurve | undefined = this.discountCurve): DiscountCurve {
    return this.curveOf(this.solveLogDiscounts(quotes, discount));
  }

  curveOf(L: Float64Array): DiscountCurve {
    return new DiscountCurve({ times: Array.from(this.times), discounts: Array.from(L, Math.exp) }, this.interpolation, { extrapolate: this.extrapolate });
  }

  /**
   * d L_i / d q_j at a solution L (rows: nodes 1..n, columns: instruments, both in pillar order),
   * by the implicit function theorem on the compiled system R(L, q) = 0:
   * dL/dq = -(dR/dL)^-1 dR/dq, with dR_k/dq_j = 0 unless j = k. Exact (no bumping).
   */
  logDiscountJacobian(L: Float64Array, quotes: ArrayLike<number> = this.quotes, discount: YieldCurve | undefined = this.discountCurve): Float64Array[] {
    const n = this.bound.length;
    const q = Float64Array.from(this.order, (i) => quotes[i]);
    const J = new Float64Array(n * n);
    const dq = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      const b = this.bound[k];
      const mult = externalFactors(b, discount);
      for (let m = 0; m < b.c.length; m++) {
        let x = 0;
        for (let e = b.off[m]; e < b.off[m + 1]; e++) x += b.w[e] * L[b.node[e]];
        const ex = mult[m] * Math.exp(x);
        dq[k] += b.d[m] * ex;
        const val = (b.c[m] + b.d[m] * q[k]) * ex;
        for (let e = b.off[m]; e < b.off[m + 1]; e++) J[k * n + b.node[e] - 1] += val * b.w[e];
      }
    }
    const lu = luFactor(J, n);
    const cols = Array.from({ length: n }, (_, j) => {
      const rhs = new Float64Array(n);
      rhs[j] = -dq[j];
      return luSolve(lu, rhs);
    });
    return Array.from({ length: n }, (_, i) => Float64Array.from(cols, (col) => col[i]));
  }

  /** Model quote minus market quote per instrument in pillar order, repriced on `curve` by the general pricers. */
  residuals(curve: YieldCurve, quotes: ArrayLike<number> = this.quotes, discount: YieldCurve | undefined = this.discountCurve): number[] {
    return this.sorted.map((inst, k) => impliedQuote(inst, this.valuationDate, curve, discount ?? curve) - quotes[this.order[k]]);
  }

  /** Node by node: instrument k fixes node k + 1 given the earlier ones. */
  private sequential(bound: BoundTerms[], mults: number[][], q: Float64Array, L: Float64Array): void {
    const T = this.times;
    for (let k = 0; k < bound.length; k++) {
      const node = k + 1;
      const b = bound[k];
      const mult = mults[k];
      const M = b.c.length;
      if (this.scratchA.length < M) { this.scratchA = new Float64Array(2 * M); this.scratchB = new Float64Array(2 * M); }
      const A = this.scratchA, B = this.scratchB;
      let c0 = 0, nActive = 0;
      for (let m = 0; m < M; m++) {
        let alpha = 0, beta = 0;
        for (let e = b.off[m]; e < b.off[m + 1]; e++) {
          if (b.node[e] === node) beta += b.w[e];
          else alpha += b.w[e] * L[b.node[e]];
        }
        const a = (b.c[m] + b.d[m] * q[k]) * mult[m] * Math.exp(alpha);
        if (beta === 0) c0 += a;
        else { A[nActive] = a; B[nActive++] = beta; }
      }
      const f = (x: number) => {
        let s = c0;
        for (let m = 0; m < nActive; m++) s += A[m] * Math.exp(B[m] * x);
        return s;
      };
      // Start from the previous node's zero rate carried forward (the quote for the first).
      const guess = node === 1 ? -Math.max(-0.5, Math.min(0.5, q[k])) * T[1] : (L[node - 1] / T[node - 1]) * T[node];
      let x = guess, done = false;
      for (let it = 0; it < 40; it++) {
        let fx = c0, dfx = 0;
        for (let m = 0; m < nActive; m++) { const e = A[m] * Math.exp(B[m] * x); fx += e; dfx += B[m] * e; }
        const step = fx / dfx;
        if (!Number.isFinite(step)) break;
        x -= step;
        if (Math.abs(step) <= this.accuracy * Math.max(1, Math.abs(x))) { done = true; break; }
      }
      if (!done || !Number.isFinite(x)) {
        const span = T[node] + 1;
        const [lo, hi] = bracket(f, guess, 0.01 * Math.max(T[node], 0.1), guess - span, guess + span);
        x = brentRoot(f, lo, hi, { xTol: this.accuracy });
      }
      L[node] = x;
    }
  }

  /** Newton on all nodes at once (spline): J = d value_k / d L_j, analytic. */
  private global(mults: number[][], q: Float64Array, L: Float64Array): void {
    const n = this.bound.length;
    const J = new Float64Array(n * n);
    const R = new Float64Array(n);
    let lastNorm = Infinity;
    for (let it = 0; it < 50; it++) {
      J.fill(0);
      let norm = 0;
      for (let k = 0; k < n; k++) {
        const b = this.bound[k];
        const mult = mults[k];
        let r = 0;
        for (let m = 0; m < b.c.length; m++) {
          let x = 0;
          for (let e = b.off[m]; e < b.off[m + 1]; e++) x += b.w[e] * L[b.node[e]];
          const val = (b.c[m] + b.d[m] * q[k]) * mult[m] * Math.exp(x);
          r += val;
          for (let e = b.off[m]; e < b.off[m + 1]; e++) J[k * n + b.node[e] - 1] += val * b.w[e];
        }
        R[k] = -r;
        norm = Math.max(norm, Math.abs(r));
      }
      if (!Number.isFinite(norm)) throw new RangeError('the curve bootstrap diverged (spline): check the quotes');
      const step = luSolve(luFactor(J, n), R);
      let maxStep = 0;
      for (let j = 0; j < n; j++) { L[j + 1] += step[j]; maxStep = Math.max(maxStep, Math.abs(step[j])); }
      if (maxStep <= this.accuracy * 10) return;
      if (norm > lastNorm && it > 20) break;
      lastNorm = norm;
    }
    // Verify: a last check of the system, so a stalled solve never passes silently.
    for (let k = 0; k < n; k++) {
      const b = this.bound[k];
      const scale = Math.abs(termValue({ ...b, c: b.c.map(() => 0), d: b.d.map(Math.abs) }, mults[k], L, 1)) || 1;
      if (Math.abs(termValue(b, mults[k], L, q[k])) > 1e-10 * scale) throw new RangeError('the curve bootstrap did not converge (spline)');
    }
  }
}

export function bootstrapCurve(input: BootstrapInput): BootstrapResult {
  const b = new CurveBootstrap(input);
  const curve = b.solve();
  return { curve, pillars: [...b.pillars], residuals: b.residuals(curve) };
}

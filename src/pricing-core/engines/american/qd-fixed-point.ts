// Fast American engine (PRICING-CLI `american` method `qdfp`): the integral-equation method
// of Andersen, Lake & Offengenden (2016, "High-performance American option pricing") with the
// QD+ start of Li (2010), as QuantLib's QdFp engine does, but solved by Newton's method on the
// whole discretised boundary:
//
//  1. The put's exercise boundary B(tau) is held as y = -ln(B / X) (X = K min(1, r/q), its
//     value at expiry) on n + 1 Chebyshev-Lobatto nodes in sqrt(tau / T), where H = y^2 is
//     smooth; between nodes H is interpolated (barycentric).
//  2. Start: the QD+ boundary at each node (Halley on Li's equation).
//  3. The fixed-point equation (Kim's form, ALO's "FP-B") at each node,
//        ln B_i = ln(K e^{-(r-q) tau_i}) + ln N_i - ln D_i,
//        N_i = Phi(d-(tau_i, B_i / K)) + r int_0^tau_i e^{r u} Phi(d-(tau_i - u, B_i / B(u))) du,
//        D_i = Phi(d+(tau_i, B_i / K)) + q int_0^tau_i e^{q u} Phi(d+(tau_i - u, B_i / B(u))) du,
//     is solved as a system in the n unknowns y_i by Newton with the exact Jacobian of the
//     discretisation (the integrals depend on every node through the interpolation). ALO and
//     QuantLib take one Jacobi-Newton step (the diagonal, outside the integrals) and then plain
//     fixed-point steps, which converge linearly and slowly when r - q is large against vol^2;
//     the full Newton converges quadratically: two or three steps reach 1e-9.
//  4. The value: the European put plus the early-exercise premium integral.
//
// Every integral over a boundary time u in [0, tau] runs in the angle theta with
// u = tau sin^2(theta): sqrt(u) (the boundary's variable) and sqrt(tau - u) (the kernel's
// singular variable) are both smooth in theta, so fixed Gauss-Legendre rules converge fast at
// both ends. Node times, quadrature angles and the barycentric weights that read the boundary
// at every quadrature point depend on the scheme only: built once. Allocation-free per option
// (module scratch). Calls by put-call symmetry; the European and two-boundary regimes as in
// andersen-lake.ts.
import * as normal from '../../math/normal';
import { gaussLegendre } from '../../math/quadrature';
import {
  type AmericanInputs, degenerateValue, europeanValue, exerciseRegime, intrinsic, validateAmerican,
} from './american-inputs';
import { americanFiniteDifference } from './crank-nicolson';
import { blackScholesPrice } from '../black/black-scholes';

const normCdf = normal.normCdf;
const normCdfGivenExp = normal.normCdfGivenExp;
const expMinusHalfSquare = normal.expMinusHalfSquare;
const INV_SQRT_2PI = 0.3989422804014327;
/** The QD+ start only seeds Newton (quadratic convergence): a rough root is enough. */
const QD_PLUS_TOL = 1e-6;

export interface QdFpScheme {
  /** Chebyshev intervals: nodes = n + 1 (node 0 is expiry, where B = X). */
  n: number;
  /** Gauss-Legendre points of the fixed-point integrals. */
  l: number;
  /** Gauss-Legendre points of the premium integral. */
  p: number;
  /** Newton steps: at least `newtonSteps`, then more (up to `maxNewtonSteps`) while a step moves some y_i by more than `tol`. */
  newtonSteps: number;
  maxNewtonSteps: number;
  tol: number;
  /** Reuse the first step's Jacobian (chord steps) instead of rebuilding it every step. */
  chord: boolean;
}

/**
 * The scheme the `qdfp` method uses: the smallest (fastest) one that keeps the error below
 * 1e-6 of the strike against the accurate reference over the test grid (american.test.ts and
 * docs/pricing-american-asian-mc.md give the measured errors).
 */
export const QDFP_SCHEME: QdFpScheme = Object.freeze({ n: 9, l: 10, p: 24, newtonSteps: 2, maxNewtonSteps: 8, tol: 1e-3, chord: false });

/** Tables that depend on the scheme only. */
interface SchemeTables {
  s: QdFpScheme;
  /** Node i: sqrt(tau_i / T) = (1 + z_i) / 2, tau_i / T. */
  sqrtFrac: Float64Array;
  frac: Float64Array;
  /** Fixed-point integrals, point (i, k): sin^2, cos, weight x 2 sin cos, and the boundary read-out row. */
  sin2: Float64Array;
  cos: Float64Array;
  wJac: Float64Array;
  /** Row-major (n+1) x l x (n+1): barycentric weights of the nodes at each point's Chebyshev coordinate. */
  interpFp: Float64Array;
  /** Premium integral point j: u / T = sin^2, t / T = cos^2 (t = T - u), weight x 2 sin cos, read-out row. */
  pSin2: Float64Array;
  pCos: Float64Array;
  pW: Float64Array;
  interpP: Float64Array;
}

const tablesCache = new Map<string, SchemeTables>();

/** Barycentric Lagrange weights of the Chebyshev-Lobatto nodes z_j = -cos(j pi / n) at x (a row of length n+1). */
function barycentricRow(n: number, z: Float64Array, x: number, out: Float64Array, offset: number): void {
  for (let j = 0; j <= n; j++) {
    if (x === z[j]) {
      for (let m = 0; m <= n; m++) out[offset + m] = m === j ? 1 : 0;
      return;
    }
  }
  let den = 0;
  for (let j = 0; j <= n; j++) {
    const w = (j % 2 === 0 ? 1 : -1) * (j === 0 || j === n ? 0.5 : 1);
    const c = w / (x - z[j]);
    out[offset + j] = c;
    den += c;
  }
  for (let j = 0; j <= n; j++) out[offset + j] /= den;
}

let lastScheme: QdFpScheme | undefined;
let lastTables: SchemeTables | undefined;

function tables(s: QdFpScheme): SchemeTables {
  if (s === lastScheme) return lastTables!;
  const t = buildTables(s);
  lastScheme = s;
  lastTables = t;
  return t;
}

function buildTables(s: QdFpScheme): SchemeTables {
  const key = `${s.n}/${s.l}/${s.p}/${s.newtonSteps}/${s.maxNewtonSteps}/${s.tol}/${s.chord}`;
  const hit = tablesCache.get(key);
  if (hit) return hit;
  const { n, l, p } = s;
  const z = new Float64Array(n + 1);
  for (let j = 0; j <= n; j++) z[j] = -Math.cos((j * Math.PI) / n);
  const sqrtFrac = new Float64Array(n + 1), frac = new Float64Array(n + 1);
  for (let i = 0; i <= n; i++) { sqrtFrac[i] = 0.5 * (1 + z[i]); frac[i] = sqrtFrac[i] * sqrtFrac[i]; }
  // theta in [0, pi/2] from Gauss-Legendre on [-1, 1]
  const gl = gaussLegendre(l);
  const sin2 = new Float64Array(l), cos = new Float64Array(l), wJac = new Float64Array(l), sinT = new Float64Array(l);
  for (let k = 0; k < l; k++) {
    const th = (Math.PI / 4) * (gl.nodes[k] + 1);
    const sn = Math.sin(th), cs = Math.cos(th);
    sinT[k] = sn; sin2[k] = sn * sn; cos[k] = cs;
    wJac[k] = (Math.PI / 4) * gl.weights[k] * 2 * sn * cs; // du = tau 2 sin cos dtheta
  }
  const interpFp = new Float64Array((n + 1) * l * (n + 1));
  for (let i = 1; i <= n; i++) {
    for (let k = 0; k < l; k++) {
      // u = tau_i sin^2: Chebyshev coordinate 2 sqrt(u / T) - 1 = 2 sqrtFrac_i sin - 1
      barycentricRow(n, z, 2 * sqrtFrac[i] * sinT[k] - 1, interpFp, (i * l + k) * (n + 1));
    }
  }
  const gp = gaussLegendre(p);
  const pSin2 = new Float64Array(p), pCos = new Float64Array(p), pW = new Float64Array(p);
  const interpP = new Float64Array(p * (n + 1));
  for (let j = 0; j < p; j++) {
    const th = (Math.PI / 4) * (gp.nodes[j] + 1);
    const sn = Math.sin(th), cs = Math.cos(th);
    pSin2[j] = sn * sn; pCos[j] = cs;
    pW[j] = (Math.PI / 4) * gp.weights[j] * 2 * sn * cs;
    barycentricRow(n, z, 2 * sn - 1, interpP, j * (n + 1));
  }
  const t: SchemeTables = { s, sqrtFrac, frac, sin2, cos, wJac, interpFp, pSin2, pCos, pW, interpP };
  tablesCache.set(key, t);
  return t;
}

// Per-option scratch, grown on demand (the hot path allocates nothing once warm).
let cap = -1;
let Y = new Float64Array(0); // y = -ln(B / X) at the nodes (index 0: expiry, y = 0)
let H = new Float64Array(0); // y^2
let sqrtHAt = new Float64Array(0); // sqrt(H) at the fixed-point quadrature points
let erU = new Float64Array(0); // e^{r u}, e^{q u} at the fixed-point quadrature points
let eqU = new Float64Array(0);
let J = new Float64Array(0); // Newton: Jacobian (n x n, row-major), residual, step
let R = new Float64Array(0);
let piv = new Int32Array(0);
let rowN = new Float64Array(0); // per node: d N_i / d y_j and d D_i / d y_j accumulators
let rowD = new Float64Array(0);

function ensureScratch(n: number, l: number): void {
  const need = (n + 1) * l;
  if (cap >= need && Y.length >= n + 1) return;
  Y = new Float64Array(n + 1); H = new Float64Array(n + 1);
  sqrtHAt = new Float64Array(need); erU = new Float64Array(need); eqU = new Float64Array(need);
  J = new Float64Array(n * n); R = new Float64Array(n); piv = new Int32Array(n);
  rowN = new Float64Array(n + 1); rowD = new Float64Array(n + 1);
  cap = need;
}

/** LU factorisation in place with partial pivoting (n x n, row-major); false if singular. */
function luFactor(n: number, a: Float64Array, piv: Int32Array): boolean {
  for (let c = 0; c < n; c++) {
    let pr = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r * n + c]) > Math.abs(a[pr * n + c])) pr = r;
    piv[c] = pr;
    if (!(Math.abs(a[pr * n + c]) > 1e-300)) return false;
    if (pr !== c) for (let j = 0; j < n; j++) { const t = a[c * n + j]; a[c * n + j] = a[pr * n + j]; a[pr * n + j] = t; }
    const inv = 1 / a[c * n + c];
    for (let r = c + 1; r < n; r++) {
      const f = (a[r * n + c] *= inv);
      if (f === 0) continue;
      for (let j = c + 1; j < n; j++) a[r * n + j] -= f * a[c * n + j];
    }
  }
  return true;
}

/** Solves (LU) x = b with the factors of luFactor; b is overwritten with x. */
function luSolve(n: number, a: Float64Array, piv: Int32Array, b: Float64Array): void {
  for (let c = 0; c < n; c++) {
    const pr = piv[c];
    if (pr !== c) { const t = b[c]; b[c] = b[pr]; b[pr] = t; }
    for (let r = c + 1; r < n; r++) b[r] -= a[r * n + c] * b[c];
  }
  for (let r = n - 1; r >= 0; r--) {
    let sum = b[r];
    for (let j = r + 1; j < n; j++) sum -= a[r * n + j] * b[j];
    b[r] = sum / a[r * n + r];
  }
}

/**
 * QD+ exercise boundary of the put at time to expiry tau (Li 2010, "Analytical approximations
 * for the critical stock prices of American options"): the root of
 *   F(S) = (1 - e^{-q tau} N(-d+)) S - beta (K - S - p(S)) + alpha theta(S) / (r e^{-r tau}),
 * with p, theta the European put and its theta; Halley's method from X.
 */
export function qdPlusBoundary(k: number, r: number, q: number, vol: number, tau: number, xMax: number): number {
  const v2 = vol * vol;
  const v = vol * Math.sqrt(tau);
  const dr = Math.exp(-r * tau), dq = Math.exp(-q * tau);
  const h = 1 - dr;
  const omega = (2 * (r - q)) / v2;
  const root = Math.sqrt((omega - 1) * (omega - 1) + (8 * r) / (v2 * h));
  const lambda = 0.5 * (-(omega - 1) - root);
  const lambdaPrime = (2 * r) / (v2 * h * h * root);
  const den = 2 * lambda + omega - 1;
  const alpha = (2 * dr * r) / (v2 * den);
  const beta = alpha * (1 / h + lambdaPrime / den) - lambda;
  const xMin = 1e-12 * xMax;
  let x = xMax;
  for (let it = 0; it < 20; it++) {
    const sx = Math.max(x, xMin);
    const dp = Math.log((sx * dq) / (k * dr)) / v + 0.5 * v;
    const dm = dp - v;
    const nDp = normCdf(-dp), nDm = normCdf(-dm);
    const phiDp = INV_SQRT_2PI * expMinusHalfSquare(dp);
    const put = dr * k * nDm - sx * dq * nDp;
    const theta = r * k * dr * nDm - q * sx * dq * nDp - ((v2 * sx) / (2 * v)) * dq * phiDp;
    const charm = -dq * (phiDp * ((r - q) / v - dm / (2 * tau)) + q * nDp);
    const f = (1 - dq * nDp) * sx - beta * (k - sx - put) + (alpha * theta) / (dr * r);
    const f1 = 1 - dq * nDp + (dq / v) * phiDp + beta * (1 - dq * nDp) + (alpha / (r * dr)) * charm;
    const gamma = (phiDp * dq) / (v * sx);
    const colour = gamma * (q + ((r - q) * dp) / v + (1 - dp * dm) / (2 * tau));
    const f2 = dq * (phiDp / (sx * v) - (phiDp * dp) / (sx * v * v)) + beta * gamma + (alpha / (r * dr)) * colour;
    const lf = (f * f2) / (f1 * f1);
    const step = (f / f1) / (1 - 0.5 * lf);
    const next = Math.max(xMin, x - (Number.isFinite(step) ? step : 0));
    if (Math.abs(next - x) <= QD_PLUS_TOL * xMax) { x = next; break; }
    x = next;
  }
  return Math.min(Math.max(x, xMin), xMax);
}

/** Value of the put (one exercise boundary: r > 0) by the scheme. */
function putValue(sp: number, k: number, r: number, q: number, vol: number, T: number, tb: SchemeTables): number {
  const { n, l, p, newtonSteps, maxNewtonSteps, tol } = tb.s;
  ensureScratch(n, l);
  const xMax = q > 0 ? k * Math.min(1, r / q) : k;
  const lnX = Math.log(xMax);
  const lnK = Math.log(k);
  const sqrtT = Math.sqrt(T);
  const rq = r - q;
  const row = n + 1;
  // 2. QD+ start
  Y[0] = 0;
  H[0] = 0;
  for (let i = 1; i <= n; i++) {
    const b = qdPlusBoundary(k, r, q, vol, T * tb.frac[i], xMax);
    Y[i] = -Math.log(b / xMax);
    H[i] = Y[i] * Y[i];
  }
  for (let i = 1; i <= n; i++) {
    const tau = T * tb.frac[i];
    for (let kk = 0; kk < l; kk++) {
      const u = tau * tb.sin2[kk];
      erU[i * l + kk] = Math.exp(r * u);
      eqU[i * l + kk] = Math.exp(q * u);
    }
  }
  // 3. Newton on the discretised fixed-point equations. The Jacobian is built and factored in
  // the first step and reused after (a chord step: the boundary then moves by ~1e-3 at most,
  // so the reused Jacobian still gives ~1e-6 of the remaining error per step).
  let haveLu = false;
  for (let step = 0; step < maxNewtonSteps; step++) {
    const buildJ = !haveLu || !tb.s.chord;
    for (let i = 1; i <= n; i++) {
      for (let kk = 0; kk < l; kk++) {
        const off = (i * l + kk) * row;
        let h = 0;
        for (let j = 0; j <= n; j++) h += tb.interpFp[off + j] * H[j];
        sqrtHAt[i * l + kk] = h > 0 ? Math.sqrt(h) : 0;
      }
    }
    for (let i = 1; i <= n; i++) {
      const tau = T * tb.frac[i];
      const sqrtTau = sqrtT * tb.sqrtFrac[i];
      const yi = Y[i];
      const v = vol * sqrtTau;
      // outside the integrals: d+-(tau, B_i / K)
      const dp0 = (lnX - yi - lnK + rq * tau) / v + 0.5 * v;
      const dm0 = dp0 - v;
      const ep0 = expMinusHalfSquare(dp0), em0 = expMinusHalfSquare(dm0);
      let nn = normCdfGivenExp(dm0, em0), dd = normCdfGivenExp(dp0, ep0);
      // d/dy_i of those terms: d d+-/dy_i = -1/v
      let dnDiag = -INV_SQRT_2PI * em0 / v, ddDiag = -INV_SQRT_2PI * ep0 / v;
      if (buildJ) for (let j = 0; j <= n; j++) { rowN[j] = 0; rowD[j] = 0; }
      for (let kk = 0; kk < l; kk++) {
        const idx = i * l + kk;
        const sqrtM = sqrtTau * tb.cos[kk]; // sqrt(tau - u)
        const vm = vol * sqrtM;
        if (vm < 1e-300) continue;
        const w = tb.wJac[kk] * tau;
        const sh = sqrtHAt[idx];
        // ln(B_i / B(u)) = sqrt(H(u)) - y_i
        const dp = (sh - yi + rq * sqrtM * sqrtM) / vm + 0.5 * vm;
        const dm = dp - vm;
        const ep = expMinusHalfSquare(dp), em = expMinusHalfSquare(dm);
        const er = r * w * erU[idx], eq = q * w * eqU[idx];
        nn += er * normCdfGivenExp(dm, em);
        dd += eq * normCdfGivenExp(dp, ep);
        // d d+-/dy_j = (-delta_ij + d sqrt(H(u)) / dy_j) / vm, d sqrt(H(u)) / dy_j = W_j y_j / sqrt(H(u))
        if (!buildJ) continue;
        const an = (er * INV_SQRT_2PI * em) / vm, ad = (eq * INV_SQRT_2PI * ep) / vm;
        dnDiag -= an;
        ddDiag -= ad;
        if (sh > 1e-12) {
          const off = idx * row;
          const gn = an / sh, gd = ad / sh;
          for (let j = 1; j <= n; j++) {
            const wy = tb.interpFp[off + j] * Y[j];
            rowN[j] += gn * wy;
            rowD[j] += gd * wy;
          }
        }
      }
      // R_i = ln B_i - ln(K e^{-(r-q) tau} N_i / D_i), ln B_i = ln X - y_i
      R[i - 1] = -(lnX - yi - lnK + rq * tau - Math.log(nn) + Math.log(dd));
      if (buildJ) {
        rowN[i] += dnDiag;
        rowD[i] += ddDiag;
        for (let j = 1; j <= n; j++) J[(i - 1) * n + (j - 1)] = (j === i ? -1 : 0) - rowN[j] / nn + rowD[j] / dd;
      }
    }
    if (buildJ) {
      if (!luFactor(n, J, piv)) break;
      haveLu = true;
    }
    luSolve(n, J, piv, R);
    let moved = 0;
    for (let i = 1; i <= n; i++) {
      // y >= 0 (B <= X); a step that leaves the domain is halved toward the old value
      let y = Y[i] + R[i - 1];
      if (!(y >= 0)) y = 0.5 * Y[i];
      moved = Math.max(moved, Math.abs(y - Y[i]));
      Y[i] = y;
      H[i] = y * y;
    }
    // The chord steps converge linearly, by a factor of about the first step's size: once
    // the minimum number of steps is done, a last step below `tol` leaves an error far below it.
    if (step + 1 >= newtonSteps && moved <= tol) break;
  }
  // 4. The value. At time to expiry T: exercise at once below the boundary.
  const bT = xMax * Math.exp(-Y[n]);
  if (sp <= bT) return k - sp;
  const european = blackScholesPrice('put', sp, k, T, r, q, vol);
  let premium = 0;
  const lnS = Math.log(sp);
  for (let j = 0; j < p; j++) {
    let h = 0;
    const off = j * row;
    for (let jj = 0; jj <= n; jj++) h += tb.interpP[off + jj] * H[jj];
    const lnB = lnX - (h > 0 ? Math.sqrt(h) : 0);
    const sqrtTt = sqrtT * tb.pCos[j]; // sqrt(T - u): time from now to the exercise
    const t = sqrtTt * sqrtTt;
    const vt = vol * sqrtTt;
    if (vt < 1e-300) continue;
    const dp = (lnS - lnB + rq * t) / vt + 0.5 * vt;
    const dm = dp - vt;
    premium += tb.pW[j] * T * (r * k * Math.exp(-r * t) * normCdf(-dm) - q * sp * Math.exp(-q * t) * normCdf(-dp));
  }
  return Math.max(european + Math.max(premium, 0), k - sp);
}

/** Value by the fast fixed-point scheme; same regimes and symmetry as the accurate engine. */
export function qdFixedPoint(o: AmericanInputs, scheme: QdFpScheme = QDFP_SCHEME): number {
  validateAmerican(o);
  return qdFixedPointKernel(o.type === 'call' ? 1 : -1, o.spot, o.strike, o.t, o.rd, o.rf, o.vol, scheme);
}

/**
 * The kernel for validated inputs (w = +1 call, -1 put); shared with the batch API. The
 * common single-boundary case allocates nothing; zero time or vol, the European regime and
 * the two-boundary regime (q < r < 0 for a put: finite differences) go the slow way.
 */
export function qdFixedPointKernel(w: number, s: number, k: number, t: number, rd: number, rf: number, vol: number, scheme: QdFpScheme = QDFP_SCHEME): number {
  // As a put: a call is the put with spot and strike, rd and rf swapped.
  const ps = w < 0 ? s : k, pk = w < 0 ? k : s, r = w < 0 ? rd : rf, q = w < 0 ? rf : rd;
  if (t > 0 && vol > 0 && Math.exp(-r * t) < 1) return putValue(ps, pk, r, q, vol, t, tables(scheme));
  const o: AmericanInputs = { type: w > 0 ? 'call' : 'put', spot: s, strike: k, t, rd, rf, vol };
  const degenerate = degenerateValue(o);
  if (degenerate !== undefined) return degenerate;
  const regime = exerciseRegime(o);
  if (regime === 'european') return Math.max(europeanValue(o), intrinsic(o));
  if (regime === 'double') return americanFiniteDifference(o);
  return putValue(ps, pk, r, q, vol, t, tables(scheme));
}

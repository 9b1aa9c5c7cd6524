// Standard normal distribution: density, cumulative distribution and its inverse.
//
// normCdf evaluates erfc with W. J. Cody's rational Chebyshev approximations (Math. Comp.
// 1969), working in x directly so that no rounding of x/sqrt(2) leaks into the deep tails;
// exp(-x^2/2) is evaluated in two factors (x rounded to 1/16 plus a small remainder) so the
// tail stays accurate to a few ulp. normInv starts from Acklam's rational approximation
// (relative error ~1e-9) and takes one Halley step, which brings it to full double precision.

const SQRT1_2 = Math.SQRT1_2;
const INV_SQRT_2PI = 0.3989422804014327; // 1/sqrt(2 pi)
const SQRT_2PI = 2.5066282746310002;
const INV_SQRT_PI = 0.5641895835477563;

// erf on |z| <= 0.46875
const A0 = 3.1611237438705656, A1 = 113.864154151050156, A2 = 377.485237685302021;
const A3 = 3209.37758913846947, A4 = 0.185777706184603153;
const B0 = 23.6012909523441209, B1 = 244.024637934444173, B2 = 1282.61652607737228;
const B3 = 2844.23683343917062;
// erfc on 0.46875 < z <= 4
const C0 = 0.564188496988670089, C1 = 8.88314979438837594, C2 = 66.1191906371416295;
const C3 = 298.635138197400131, C4 = 881.95222124176909, C5 = 1712.04761263407058;
const C6 = 2051.07837782607147, C7 = 1230.33935479799725, C8 = 2.15311535474403846e-8;
const D0 = 15.7449261107098347, D1 = 117.693950891312499, D2 = 537.181101862009858;
const D3 = 1621.38957456669019, D4 = 3290.79923573345963, D5 = 4362.61909014324716;
const D6 = 3439.36767414372164, D7 = 1230.33935480374942;
// erfc on z > 4
const P0 = 0.305326634961232344, P1 = 0.360344899949804439, P2 = 0.125781726111229246;
const P3 = 0.0160837851487422766, P4 = 6.58749161529837803e-4, P5 = 0.0163153871373020978;
const Q0 = 2.56852019228982242, Q1 = 1.87295284992346047, Q2 = 0.527905102951428412;
const Q3 = 0.0605183413124413191, Q4 = 0.00233520497626869185;

/**
 * exp(-x^2/2) to a few ulp also for large |x| (plain exp(-0.5*x*x) loses ~x^2 ulp): x^2 is
 * formed exactly as hi + lo (Veltkamp split) and exp(-lo/2) ~ 1 - lo/2 corrects exp(-hi/2).
 */
export function expMinusHalfSquare(x: number): number {
  const hi = x * x;
  if (hi < 9) return Math.exp(-0.5 * hi);
  const c = 134217729 * x; // 2^27 + 1
  const xh = c - (c - x);
  const xl = x - xh;
  const lo = ((xh * xh - hi) + 2 * xh * xl) + xl * xl;
  return Math.exp(-0.5 * hi) * (1 - 0.5 * lo);
}

/** Standard normal density. */
export function normPdf(x: number): number {
  return INV_SQRT_2PI * expMinusHalfSquare(x);
}

/**
 * Standard normal cumulative distribution, relative accuracy ~1e-15 on its whole range
 * (including the lower tail down to underflow near x = -38.4).
 */
export function normCdf(x: number): number {
  const y = Math.abs(x);
  return normCdfGivenExp(x, y * SQRT1_2 <= 0.46875 ? 0 : expMinusHalfSquare(y));
}

/**
 * normCdf(x) when e = exp(-x^2/2) is already known (ignored for |x| <= 0.6629): pricing
 * kernels get exp(-d2^2/2) from exp(-d1^2/2) by one multiplication and save an exp.
 */
export function normCdfGivenExp(x: number, e: number): number {
  const y = Math.abs(x);
  const z = y * SQRT1_2;
  if (z <= 0.46875) {
    const zz = z * z;
    let num = A4 * zz, den = zz;
    num = (num + A0) * zz; den = (den + B0) * zz;
    num = (num + A1) * zz; den = (den + B1) * zz;
    num = (num + A2) * zz; den = (den + B2) * zz;
    const erfHalf = 0.5 * SQRT1_2 * x * (num + A3) / (den + B3); // = erf(x/sqrt2)/2
    return 0.5 + erfHalf;
  }
  if (y > 38.5) return x > 0 ? 1 : 0; // below the smallest subnormal
  if (!(y === y)) return NaN;
  let r: number;
  if (z <= 4) {
    let num = C8 * z, den = z;
    num = (num + C0) * z; den = (den + D0) * z;
    num = (num + C1) * z; den = (den + D1) * z;
    num = (num + C2) * z; den = (den + D2) * z;
    num = (num + C3) * z; den = (den + D3) * z;
    num = (num + C4) * z; den = (den + D4) * z;
    num = (num + C5) * z; den = (den + D5) * z;
    num = (num + C6) * z; den = (den + D6) * z;
    r = (num + C7) / (den + D7);
  } else {
    const w = 1 / (z * z);
    let num = P5 * w, den = w;
    num = (num + P0) * w; den = (den + Q0) * w;
    num = (num + P1) * w; den = (den + Q1) * w;
    num = (num + P2) * w; den = (den + Q2) * w;
    num = (num + P3) * w; den = (den + Q3) * w;
    r = (INV_SQRT_PI - w * (num + P4) / (den + Q4)) / z;
  }
  // erfc(z) = exp(-z^2) r(z), and z^2 = x^2/2
  const tail = 0.5 * e * r;
  return x < 0 ? tail : 1 - tail;
}

// Acklam's rational approximation of the inverse normal (relative error < 1.2e-9).
const a1 = -3.969683028665376e1, a2 = 2.209460984245205e2, a3 = -2.759285104469687e2;
const a4 = 1.38357751867269e2, a5 = -3.066479806614716e1, a6 = 2.506628277459239;
const b1 = -5.447609879822406e1, b2 = 1.615858368580409e2, b3 = -1.556989798598866e2;
const b4 = 6.680131188771972e1, b5 = -1.328068155288572e1;
const c1 = -7.784894002430293e-3, c2 = -3.223964580411365e-1, c3 = -2.400758277161838;
const c4 = -2.549732539343734, c5 = 4.374664141464968, c6 = 2.938163982698783;
const d1 = 7.784695709041462e-3, d2 = 3.224671290700398e-1, d3 = 2.445134137142996;
const d4 = 3.754408661907416;
const P_LOW = 0.02425;

/** Lower half (p <= 0.5) of the inverse normal, refined by one Halley step. */
function normInvLower(p: number): number {
  const x = acklamLower(p);
  // Halley step on F(x) = Phi(x) - p, with F'/F'' ratio from the normal density.
  const dens = expMinusHalfSquare(x);
  if (!(dens > 1e-300)) return x; // subnormal p: the density underflows, keep Acklam's value
  const e = normCdf(x) - p;
  const u = e * SQRT_2PI / dens;
  return x - u / (1 + 0.5 * x * u);
}

/** Acklam's rational approximation on the lower half (relative error below 1.2e-9). */
function acklamLower(p: number): number {
  let x: number;
  if (p < P_LOW) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = (((((c1 * q + c2) * q + c3) * q + c4) * q + c5) * q + c6) /
      ((((d1 * q + d2) * q + d3) * q + d4) * q + 1);
  } else {
    const q = p - 0.5;
    const r = q * q;
    x = (((((a1 * r + a2) * r + a3) * r + a4) * r + a5) * r + a6) * q /
      (((((b1 * r + b2) * r + b3) * r + b4) * r + b5) * r + 1);
  }
  return x;
}

/** Inverse of the standard normal distribution; ±Infinity at 0 and 1, NaN outside [0, 1]. */
export function normInv(p: number): number {
  if (!(p >= 0 && p <= 1)) return NaN;
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  // 1 - p is exact for p >= 0.5, so the upper half reuses the lower one by symmetry.
  return p > 0.5 ? -normInvLower(1 - p) : normInvLower(p);
}

/**
 * Inverse normal without the Halley refinement (relative error below 1.2e-9), for p in
 * (0, 1) only: Monte Carlo maps every quasi-random coordinate through it, where the
 * refinement's normCdf call would cost several times the rest of the path step.
 */
export function normInvFast(p: number): number {
  return p > 0.5 ? -acklamLower(1 - p) : acklamLower(p);
}

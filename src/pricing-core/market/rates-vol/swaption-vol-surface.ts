// Swaption volatility surface: ATM vols on an expiry x underlying-tenor grid (normal, or
// shifted Black), with an optional SABR smile per grid node (beta fixed for the surface, rho and
// nu per node). Interpolation: bilinear, linear in total variance vol^2 x T along expiries and
// linear in vol along tenors, flat beyond the grid; the SABR rho and nu bilinear too, and alpha
// solved at each point so the SABR at-the-money vol equals the interpolated ATM vol (the usual
// "SABR cube" construction). Times are ACT/365F from the as-of date; grid expiries are the
// expiry dates of the index calendar (Modified Following), tenors in years (months / 12).
import { z } from 'zod';
import { type CalendarDate, fromISO } from '../../dates/date';
import type { Calendar } from '../../dates/calendar';
import { advance, parseTenor } from '../../dates/tenor';
import { brentRoot } from '../../math/brent';
import { type SabrParams, sabrNormalVol, sabrVol } from '../sabr/sabr';
import { RATE_INDICES } from '../curves/conventions';
import { curveTime } from '../curves/discount-curve';

const grid = z.array(z.array(z.number().finite()));
export const swaptionVolSurfaceSchema = z.object({
  index: z.enum(RATE_INDICES),
  asOf: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  volType: z.enum(['normal', 'black']),
  /** Black only: the shift of the shifted-lognormal model. */
  shift: z.number().finite().min(0).max(0.5).optional(),
  expiries: z.array(z.string().regex(/^\d{1,3}[WMY]$/i)).min(1).max(40),
  tenors: z.array(z.string().regex(/^\d{1,3}[MY]$/i)).min(1).max(40),
  /** atm[i][j]: expiry i, tenor j. */
  atm: grid,
  sabr: z.object({ beta: z.number().min(0).max(1), rho: grid, nu: grid }).optional(),
});
export type SwaptionVolSurfaceData = z.infer<typeof swaptionVolSurfaceSchema>;

function monthsOf(tenor: string): number {
  const t = parseTenor(tenor);
  return t.unit === 'Y' ? 12 * t.n : t.unit === 'M' ? t.n : (7 * t.n) / 30.4375;
}

/** Index i and weight w of x in the increasing grid xs (flat outside). */
function locate(xs: ArrayLike<number>, x: number): [number, number] {
  const n = xs.length;
  if (n === 1 || x <= xs[0]) return [0, 0];
  if (x >= xs[n - 1]) return [n - 2, 1];
  let i = 0;
  while (xs[i + 1] < x) i++;
  return [i, (x - xs[i]) / (xs[i + 1] - xs[i])];
}

export class SwaptionVolSurface {
  readonly data: SwaptionVolSurfaceData;
  readonly asOf: CalendarDate;
  readonly expiryTimes: Float64Array;
  readonly tenorYears: Float64Array;
  readonly expiryDates: CalendarDate[];

  constructor(json: unknown, calendar: Calendar) {
    const r = swaptionVolSurfaceSchema.safeParse(json);
    if (!r.success) {
      const i = r.error.issues[0];
      throw new RangeError(`vol surface: ${i.path.join('.') || '(root)'}: ${i.message}`);
    }
    const d = r.data;
    const shape = (g: number[][], name: string) => {
      if (g.length !== d.expiries.length || g.some((row) => row.length !== d.tenors.length)) throw new RangeError(`vol surface: ${name} must be ${d.expiries.length} x ${d.tenors.length}`);
    };
    shape(d.atm, 'atm');
    if (d.atm.some((row) => row.some((x) => !(x > 0)))) throw new RangeError('vol surface: ATM vols must be positive');
    if (d.sabr) {
      shape(d.sabr.rho, 'sabr.rho');
      shape(d.sabr.nu, 'sabr.nu');
      if (d.sabr.rho.some((row) => row.some((x) => !(x > -1 && x < 1)))) throw new RangeError('vol surface: SABR rho must be in (-1, 1)');
      if (d.sabr.nu.some((row) => row.some((x) => !(x >= 0)))) throw new RangeError('vol surface: SABR nu must be non-negative');
    }
    if (d.volType === 'normal' && d.shift) throw new RangeError('vol surface: a normal surface takes no shift');
    this.data = d;
    this.asOf = fromISO(d.asOf);
    this.expiryDates = d.expiries.map((e) => advance(calendar, this.asOf, parseTenor(e), 'ModifiedFollowing'));
    this.expiryTimes = Float64Array.from(this.expiryDates, (e) => curveTime(this.asOf, e));
    this.tenorYears = Float64Array.from(d.tenors, (t) => monthsOf(t) / 12);
    for (const [xs, what] of [[this.expiryTimes, 'expiries'], [this.tenorYears, 'tenors']] as const) {
      for (let i = 1; i < xs.length; i++) if (!(xs[i] > xs[i - 1])) throw new RangeError(`vol surface: ${what} must increase`);
    }
  }

  get volType(): 'normal' | 'black' { return this.data.volType; }
  get shift(): number { return this.data.shift ?? 0; }

  private bilinear(g: number[][], t: number, tenor: number, variance: boolean): number {
    const [i, wi] = locate(this.expiryTimes, t);
    const [j, wj] = locate(this.tenorYears, tenor);
    const at = (a: number, b: number) => g[Math.min(a, g.length - 1)][Math.min(b, g[0].length - 1)];
    const alongTenor = (a: number) => (1 - wj) * at(a, j) + wj * at(a, j + 1);
    const v0 = alongTenor(i), v1 = alongTenor(i + 1);
    if (!variance) return (1 - wi) * v0 + wi * v1;
    if (wi === 0) return v0;
    if (wi === 1) return v1;
    // Linear in total variance between the two expiries: w = (1 - wi) v0^2 t0 + wi v1^2 t1 at t.
    const t0 = this.expiryTimes[i], t1 = this.expiryTimes[i + 1];
    return Math.sqrt(((1 - wi) * v0 * v0 * t0 + wi * v1 * v1 * t1) / t);
  }

  /** ATM vol at expiry time t and underlying tenor (years). */
  atmVol(t: number, tenor: number): number {
    return this.bilinear(this.data.atm, t, tenor, true);
  }

  /** SABR parameters at (t, tenor) for an ATM forward, alpha matching the ATM vol; undefined without a smile. */
  sabrAt(t: number, tenor: number, forward: number): SabrParams | undefined {
    const s = this.data.sabr;
    if (!s) return undefined;
    const rho = this.bilinear(s.rho, t, tenor, false);
    const nu = this.bilinear(s.nu, t, tenor, false);
    const atm = this.atmVol(t, tenor);
    const volAt = (alpha: number) => {
      const p = { alpha, beta: s.beta, rho, nu };
      return this.volType === 'black' ? sabrVol(p, forward, forward, t, this.shift) : sabrNormalVol(p, forward, forward, t, this.shift);
    };
    // sigma_ATM grows with alpha: bracket from the leading-order guess.
    const f = Math.max(forward + this.shift, 1e-6);
    const guess = this.volType === 'black' ? atm * Math.pow(f, 1 - s.beta) : s.beta === 0 ? atm : atm / Math.pow(f, s.beta);
    let lo = guess / 4, hi = guess * 4;
    while (volAt(lo) > atm) lo /= 4;
    while (volAt(hi) < atm) hi *= 4;
    const alpha = brentRoot((a) => volAt(a) - atm, lo, hi, { xTol: 1e-15 * hi });
    return { alpha, beta: s.beta, rho, nu };
  }

  /** The model vol at a strike (the ATM vol when the surface has no smile). */
  vol(t: number, tenor: number, forward: number, strike: number): number {
    const p = this.sabrAt(t, tenor, forward);
    if (!p) return this.atmVol(t, tenor);
    return this.volType === 'black' ? sabrVol(p, forward, strike, t, this.shift) : sabrNormalVol(p, forward, strike, t, this.shift);
  }
}

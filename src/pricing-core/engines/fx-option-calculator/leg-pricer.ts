// One option leg of the FX calculator, per unit of base-currency notional, with the FX
// market's date conventions (Clark, "Foreign Exchange Option Pricing", ch. 1-3; Wystup,
// "FX Options and Structured Products", 1.5):
//
//   times from the valuation date (years): tS spot date, tE expiry, tD delivery (settlement),
//   tP premium payment date; flat continuously compounded rates rd (quote), rf (base);
//   forward to delivery F = S e^{(rd - rf)(tD - tS)} (S is the spot rate, for value tS);
//   vol time tE;  PV = e^{-rd tD} B(F, K, vol sqrt(tE)), B the undiscounted Black price;
//   premium paid at tP: value = PV e^{rp tP} (rp = the premium rate, rd unless given).
//
// Deltas are hedge ratios in spot deals: spot delta = (dPV/dS) / e^{-rd tS} = w e^{-rf (tD-tS)}
// N(w d1); forward delta = w N(w d1); premium-adjusted = the same minus the premium in base
// currency (w K/F N(w d2) forms). Vega, theta, rho, volga are derivatives of the premium-date
// value. Average-rate (AR) and average-strike (AS) legs use moment-matching approximations
// (or Monte Carlo) and take their greeks by central bumps of the same value function.
import { PricingError, type OptionType } from '../../core/types';
import { expMinusHalfSquare, normCdf } from '../../math/normal';
import { blackScholesPrice } from '../black/black-scholes';
import { arithmeticAverageMoments } from '../asian/turnbull-wakeman';
import { runMonteCarlo } from '../../mc/engine';

const INV_SQRT_2PI = 0.3989422804014327;

export type LegInstrument = 'VA' | 'AR' | 'AS';

/** Market and dates of one leg, all resolved to numbers. */
export interface LegEnv {
  spot: number;
  rd: number;
  rf: number;
  tSpot: number;
  tExpiry: number;
  tDelivery: number;
  tPremium: number;
  /** Continuously compounded rate moving the premium from today to tPremium; rd if absent. */
  premiumRate?: number;
}

export interface FixingSchedule {
  /** Future fixing times in years from today, ascending, in [0, tExpiry]. */
  readonly times: readonly number[];
  /** Rates already fixed: they count in the average like the future ones. */
  readonly past?: readonly number[];
  readonly average?: 'arithmetic' | 'geometric';
  /** `approximation` (default: Turnbull-Wakeman / moment matching, closed forms for geometric) or `mc`. */
  readonly method?: 'approximation' | 'mc';
  readonly paths?: number;
  readonly seed?: number;
}

export interface LegTerms {
  type: OptionType;
  instrument: LegInstrument;
  /** Ignored for average strike (AS). */
  strike: number;
  vol: number;
  fixings?: FixingSchedule;
}

/** Everything about one leg per unit of base notional, for a long position. */
export interface LegUnit {
  /** Premium per unit of base notional in quote currency, paid at the premium date (>= 0). */
  value: number;
  /** Present value today per unit. */
  pv: number;
  forward: number;
  /** Forward for value on the premium date (converts premium-date amounts to base currency). */
  forwardPremium: number;
  /** e^{-rf (tD - tS)}: spot delta = forward delta x this. */
  dfForeign: number;
  spotDelta: number;
  forwardDelta: number;
  spotDeltaPremiumAdjusted: number;
  forwardDeltaPremiumAdjusted: number;
  /** d(spot delta)/dS */
  gamma: number;
  /** d(value)/d(vol), per 1.00 of vol */
  vega: number;
  /** d(value)/d(calendar time), per year (all dates move together, spot held) */
  theta: number;
  /** d(value)/d(rd), d(value)/d(rf), per 1.00 of rate */
  rhoDomestic: number;
  rhoForeign: number;
  /** d(spot delta)/d(vol) */
  vanna: number;
  /** d(vega)/d(vol) */
  volga: number;
  /** Monte Carlo standard error of `value`, when simulated. */
  stderr?: number;
}

export function validateEnv(e: LegEnv): void {
  if (!(e.spot > 0 && Number.isFinite(e.spot))) throw new PricingError('spot must be positive');
  for (const [k, v] of [['rd', e.rd], ['rf', e.rf]] as const) if (!Number.isFinite(v)) throw new PricingError(`${k} must be a finite number`);
  if (!(e.tExpiry >= 0)) throw new PricingError('expiry must not be before the valuation date');
  if (!(e.tDelivery >= e.tExpiry)) throw new PricingError('delivery must not be before expiry');
  if (!(e.tSpot >= 0) || !(e.tPremium >= 0)) throw new PricingError('spot and premium dates must not be before the valuation date');
}

/** Forward to delivery, foreign discount spot -> delivery, premium factor and premium-date forward. */
function envTerms(e: LegEnv) {
  const tau = e.tDelivery - e.tSpot;
  const forward = e.spot * Math.exp((e.rd - e.rf) * tau);
  const dfForeign = Math.exp(-e.rf * tau);
  const rp = e.premiumRate ?? e.rd;
  const pvDiscount = Math.exp(-e.rd * e.tDelivery);
  const toPremium = Math.exp(rp * e.tPremium);
  const forwardPremium = e.spot * Math.exp((e.rd - e.rf) * (e.tPremium - e.tSpot));
  // Spot-deal hedge: a spot deal settles at tS, so a PV sensitivity converts by e^{rd tS}.
  const toSpotDeal = Math.exp(e.rd * e.tSpot);
  return { tau, forward, dfForeign, rp, pvDiscount, toPremium, forwardPremium, toSpotDeal };
}

/** Vanilla leg in closed form (w = +1 call, -1 put). */
export function vanillaUnit(type: OptionType, strike: number, vol: number, e: LegEnv): LegUnit {
  const w = type === 'call' ? 1 : -1;
  const { tau, forward: F, dfForeign: q, pvDiscount, toPremium, forwardPremium } = envTerms(e);
  const c = pvDiscount * toPremium; // PV -> premium-date value of the delivery-date payoff
  const tE = e.tExpiry;
  const sqrtT = Math.sqrt(tE);
  const sd = vol * sqrtT;
  const K = strike;
  if (!(sd > 0)) {
    // No diffusion left: the forward intrinsic value.
    const itm = w * (F - K) > 0;
    const b = itm ? w * (F - K) : 0;
    const value = c * b;
    const fd = itm ? w : 0;
    const pa = itm ? (w * K) / F : 0;
    return {
      value, pv: pvDiscount * b, forward: F, forwardPremium, dfForeign: q,
      spotDelta: q * fd, forwardDelta: fd, spotDeltaPremiumAdjusted: q * pa, forwardDeltaPremiumAdjusted: pa,
      gamma: 0, vega: 0, theta: e.rd * value - c * fd * (e.rd - e.rf) * F,
      rhoDomestic: -(e.tDelivery - (e.premiumRate === undefined ? e.tPremium : 0)) * value + c * fd * F * tau,
      rhoForeign: -c * fd * F * tau, vanna: 0, volga: 0,
    };
  }
  const d1 = Math.log(F / K) / sd + 0.5 * sd;
  const d2 = d1 - sd;
  const nd1 = normCdf(w * d1), nd2 = normCdf(w * d2);
  const pdf = INV_SQRT_2PI * expMinusHalfSquare(d1);
  const b = w * (F * nd1 - K * nd2);
  const value = c * Math.max(b, 0);
  const dBdF = w * nd1;
  const vega = c * F * pdf * sqrtT;
  return {
    value,
    pv: pvDiscount * Math.max(b, 0),
    forward: F,
    forwardPremium,
    dfForeign: q,
    spotDelta: q * dBdF,
    forwardDelta: dBdF,
    spotDeltaPremiumAdjusted: q * w * (K / F) * nd2,
    forwardDeltaPremiumAdjusted: w * (K / F) * nd2,
    gamma: (q * pdf) / (e.spot * sd),
    vega,
    // A day passes with the spot held: expiry and delivery come one day closer while the spot
    // and premium dates roll with the valuation date (their lags stay): tE, tD shrink, tS, tP
    // stay. Equals -dV/dt of the textbook formula when tS = tP = 0, tD = tE.
    theta: e.rd * value - c * (dBdF * (e.rd - e.rf) * F + (F * pdf * vol) / (2 * sqrtT)),
    // rd moves the forward over [tS, tD] and the discounting over [tP, tD] (over [0, tD] when
    // the premium rate is given separately).
    rhoDomestic: -(e.tDelivery - (e.premiumRate === undefined ? e.tPremium : 0)) * value + c * dBdF * F * tau,
    rhoForeign: -c * dBdF * F * tau,
    vanna: (-q * pdf * d2) / vol,
    volga: (vega * d1 * d2) / vol,
  };
}

// ---------------------------------------------------------------------------------------
// Average-rate and average-strike legs.

interface AsianSetup {
  /** future fixing times and forwards */
  times: readonly number[];
  forwards: Float64Array;
  /** number of past fixings, their sum and sum of logs */
  pastCount: number;
  pastSum: number;
  pastLogSum: number;
  /** total number of fixings */
  n: number;
}

function asianSetup(f: FixingSchedule, e: LegEnv): AsianSetup {
  const times = f.times;
  const past = f.past ?? [];
  const n = times.length + past.length;
  if (n === 0) throw new PricingError('an average needs at least one fixing');
  const b = e.rd - e.rf;
  // Fixing i is a spot rate observed at t_i, settling one spot lag later: its forward is
  // S e^{b t_i} with flat rates.
  const forwards = new Float64Array(times.length);
  for (let i = 0; i < times.length; i++) {
    const t = times[i];
    if (!(t >= 0 && t <= e.tExpiry + 1e-12)) throw new PricingError('fixing times must lie between today and expiry');
    if (i > 0 && !(t >= times[i - 1])) throw new PricingError('fixing times must be in ascending order');
    forwards[i] = e.spot * Math.exp(b * t);
  }
  let pastSum = 0, pastLogSum = 0;
  for (const p of past) {
    if (!(p > 0 && Number.isFinite(p))) throw new PricingError('past fixings must be positive numbers');
    pastSum += p;
    pastLogSum += Math.log(p);
  }
  return { times, forwards, pastCount: past.length, pastSum, pastLogSum, n };
}

/** Undiscounted Black value of w (X - Y)^+ for lognormal X, Y with means fx, fy and variance v of ln(X/Y). */
function blackUndiscounted(w: number, fx: number, fy: number, v: number): number {
  if (!(fy > 0)) return Math.max(w * (fx - fy), 0); // a non-positive "strike": linear payoff
  return blackScholesPrice(w > 0 ? 'call' : 'put', fx, fy, 1, 0, 0, Math.sqrt(Math.max(v, 0)));
}

/** Undiscounted expected payoff of an AR / AS leg by the closed forms and approximations. */
function asianUndiscounted(w: number, t: LegTerms, s: AsianSetup, e: LegEnv): number {
  const f = t.fixings!;
  const geometric = f.average === 'geometric';
  const v2 = t.vol * t.vol;
  const m = s.times.length;
  const a = m / s.n; // weight of the future fixings' average in the full average
  const fwdT = e.spot * Math.exp((e.rd - e.rf) * e.tExpiry); // S at expiry (average strike)
  if (geometric) {
    // ln G = (sum of past logs + sum of future logs) / n: normal.
    let mean = s.pastLogSum;
    let covT = 0;
    for (let i = 0; i < m; i++) {
      mean += Math.log(s.forwards[i]) - 0.5 * v2 * s.times[i];
      covT += s.times[i];
    }
    mean /= s.n;
    // Var = vol^2 / n^2 sum_ij min(t_i, t_j) = vol^2 / n^2 sum_i t_i (2 (m - 1 - i) + 1), t ascending
    let dbl = 0;
    for (let i = 0; i < m; i++) dbl += s.times[i] * (2 * (m - 1 - i) + 1);
    const varG = (v2 * dbl) / (s.n * s.n);
    const fwdG = Math.exp(mean + 0.5 * varG);
    if (t.instrument === 'AR') return blackUndiscounted(w, fwdG, t.strike, varG);
    const cov = (v2 * covT) / s.n;
    return blackUndiscounted(w, fwdT, fwdG, v2 * e.tExpiry + varG - 2 * cov);
  }
  const c = s.pastSum / s.n; // the fixed part of the average
  if (m === 0) {
    return t.instrument === 'AR' ? Math.max(w * (c - t.strike), 0) : blackUndiscounted(w, fwdT, c, v2 * e.tExpiry);
  }
  const { m1, m2 } = arithmeticAverageMoments(s.forwards, s.times, t.vol);
  if (t.instrument === 'AR') {
    // A = c + a A_f:  (A - K)^+ = a (A_f - K*)^+ with K* = (K - c) / a.
    const kStar = (t.strike - c) / a;
    if (!(kStar > 0)) return w > 0 ? c + a * m1 - t.strike : 0;
    return a * blackUndiscounted(w, m1, kStar, Math.log(m2 / (m1 * m1)));
  }
  // Average strike: X = S_T and Y = the full average, both matched to lognormals by their
  // first two moments and their cross moment E[X Y] (Y = c + a A_f).
  let cross = 0; // (1/m) sum F_i e^{vol^2 t_i}  (t_i <= tE, so min(t_i, tE) = t_i)
  for (let i = 0; i < m; i++) cross += s.forwards[i] * Math.exp(v2 * s.times[i]);
  cross /= m;
  const meanY = c + a * m1;
  const secondY = c * c + 2 * c * a * m1 + a * a * m2;
  const varY = Math.log(secondY / (meanY * meanY));
  const exy = c * fwdT + a * fwdT * cross;
  const cov = Math.log(exy / (fwdT * meanY));
  return blackUndiscounted(w, fwdT, meanY, v2 * e.tExpiry + varY - 2 * cov);
}

/** Monte Carlo value (undiscounted) and its standard error, with the core's MC engine. */
function asianMonteCarlo(w: number, t: LegTerms, s: AsianSetup, e: LegEnv): { value: number; stderr: number } {
  const f = t.fixings!;
  if (f.average === 'geometric') throw new PricingError('geometric averages have closed forms: use method approximation');
  const m = s.times.length;
  if (m === 0) return { value: asianUndiscounted(w, t, s, e), stderr: 0 };
  if (t.instrument === 'AS' && s.pastCount > 0) throw new PricingError('Monte Carlo for a seasoned average-strike option is not offered: use method approximation');
  const a = m / s.n;
  const c = s.pastSum / s.n;
  const kStar = (t.strike - c) / a;
  if (t.instrument === 'AR' && !(kStar > 0)) return { value: w > 0 ? c + a * (s.forwards.reduce((x, y) => x + y, 0) / m) - t.strike : 0, stderr: 0 };
  const expiry = Math.max(e.tExpiry, s.times[m - 1], 1e-12);
  const r = runMonteCarlo({
    model: { spot: e.spot, rd: e.rd, rf: e.rf, vol: t.vol },
    fixings: [...s.times],
    expiry,
    payoff: t.instrument === 'AR'
      ? { kind: 'arithmeticAverageRate', type: w > 0 ? 'call' : 'put', strike: kStar }
      : { kind: 'arithmeticAverageStrike', type: w > 0 ? 'call' : 'put' },
    paths: f.paths ?? 65_536,
    seed: f.seed ?? 1,
    generator: 'sobol',
    antithetic: false,
    controlVariate: true,
  });
  const undiscount = Math.exp(e.rd * expiry);
  const scale = t.instrument === 'AR' ? a : 1;
  return { value: scale * r.npv * undiscount, stderr: scale * r.stderr * undiscount };
}

/** Premium-date value of an AR / AS leg per unit (and MC standard error). */
function asianValue(t: LegTerms, e: LegEnv): { value: number; stderr?: number } {
  if (!t.fixings) throw new PricingError('an average-rate or average-strike option needs its fixings');
  const w = t.type === 'call' ? 1 : -1;
  const s = asianSetup(t.fixings, e);
  const { pvDiscount, toPremium } = envTerms(e);
  if (t.fixings.method === 'mc') {
    const r = asianMonteCarlo(w, t, s, e);
    return { value: pvDiscount * toPremium * r.value, stderr: pvDiscount * toPremium * r.stderr };
  }
  return { value: pvDiscount * toPremium * asianUndiscounted(w, t, s, e) };
}

/**
 * The leg `dt` years later with the spot held: fixings, expiry and delivery come closer; the
 * spot and premium dates roll with the valuation date (as in vanillaUnit's theta).
 */
export function shiftTime(t: LegTerms, e: LegEnv, dt: number): [LegTerms, LegEnv] {
  const fixings = t.fixings ? { ...t.fixings, times: t.fixings.times.map((x) => Math.max(x - dt, 0)) } : undefined;
  return [
    { ...t, fixings },
    { ...e, tExpiry: Math.max(e.tExpiry - dt, 0), tDelivery: Math.max(e.tDelivery - dt, 0) },
  ];
}

/** AR / AS leg with greeks by central bumps (common random numbers under Monte Carlo). */
export function asianUnit(t: LegTerms, e: LegEnv): LegUnit {
  const base = asianValue(t, e);
  const value = base.value;
  const { forward, dfForeign, forwardPremium, toSpotDeal, toPremium } = envTerms(e);
  const pvPerValue = 1 / toPremium;
  const at = (spot: number, vol: number) => asianValue({ ...t, vol }, { ...e, spot }).value;
  const hS = 1e-4 * e.spot, hV = 1e-4, hR = 1e-5;
  const up = at(e.spot + hS, t.vol), dn = at(e.spot - hS, t.vol);
  // value -> PV -> spot-deal hedge ratio
  const toDelta = pvPerValue * toSpotDeal;
  const spotDelta = ((up - dn) / (2 * hS)) * toDelta;
  const gamma = ((up - 2 * value + dn) / (hS * hS)) * toDelta;
  const vUp = at(e.spot, t.vol + hV), vDn = at(e.spot, Math.max(t.vol - hV, 0));
  const vegaDen = t.vol + hV - Math.max(t.vol - hV, 0);
  const vega = (vUp - vDn) / vegaDen;
  const volga = t.vol > hV ? (vUp - 2 * value + vDn) / (hV * hV) : 0;
  const dUp = (at(e.spot + hS, t.vol + hV) - at(e.spot - hS, t.vol + hV)) / (2 * hS);
  const dDn = (at(e.spot + hS, Math.max(t.vol - hV, 0)) - at(e.spot - hS, Math.max(t.vol - hV, 0))) / (2 * hS);
  const vanna = ((dUp - dDn) / vegaDen) * toDelta;
  const rdUp = asianValue(t, { ...e, rd: e.rd + hR }).value, rdDn = asianValue(t, { ...e, rd: e.rd - hR }).value;
  const rfUp = asianValue(t, { ...e, rf: e.rf + hR }).value, rfDn = asianValue(t, { ...e, rf: e.rf - hR }).value;
  let theta = 0;
  const hT = Math.min(1e-4, e.tExpiry);
  if (hT > 0) {
    const [tt, ee] = shiftTime(t, e, hT);
    theta = (asianValue(tt, ee).value - value) / hT;
  }
  const valueSpot = value * pvPerValue * toSpotDeal; // premium for value at the spot date
  const paSpot = spotDelta - valueSpot / e.spot;
  return {
    value,
    pv: value * pvPerValue,
    forward,
    forwardPremium,
    dfForeign,
    spotDelta,
    forwardDelta: spotDelta / dfForeign,
    spotDeltaPremiumAdjusted: paSpot,
    forwardDeltaPremiumAdjusted: paSpot / dfForeign,
    gamma,
    vega,
    theta,
    rhoDomestic: (rdUp - rdDn) / (2 * hR),
    rhoForeign: (rfUp - rfDn) / (2 * hR),
    vanna,
    volga,
    ...(base.stderr !== undefined ? { stderr: base.stderr } : {}),
  };
}

/** Premium-date value only (the solvers' inner function). */
export function legValue(t: LegTerms, e: LegEnv): number {
  if (t.instrument === 'VA') return vanillaUnit(t.type, t.strike, t.vol, e).value;
  return asianValue(t, e).value;
}

export function legUnit(t: LegTerms, e: LegEnv): LegUnit {
  if (!(t.vol >= 0 && Number.isFinite(t.vol))) throw new PricingError('volatility must be a non-negative number');
  if (t.instrument !== 'AS' && !(t.strike > 0 && Number.isFinite(t.strike))) throw new PricingError('strike must be positive');
  return t.instrument === 'VA' ? vanillaUnit(t.type, t.strike, t.vol, e) : asianUnit(t, e);
}

// Chart data for the calculator as typed arrays (one Float64Array per series, uPlot-ready):
// payoff at expiry and value today against spot, greeks against spot, and value and greeks
// against time (spot held). Strikes and vols are those priced (sticky strike); amounts are
// totals over the legs in the calculator's units (types.ts GREEK_UNITS).
import { PricingError } from '../../core/types';
import { legResult, type ResolvedLeg } from './calculator';
import type { LegEnv } from './leg-pricer';
import type { CalcInputs, CalcMarket, CalcResult, CurveRequest, GreekSet } from './types';

export interface CalcCurves {
  spot: Float64Array;
  /** Sum of the legs' payoffs at expiry (quote currency), gross of premium. */
  payoffAtExpiry: Float64Array;
  /** payoffAtExpiry minus the net premium (not carried to delivery). */
  pnlAtExpiry: Float64Array;
  /** Net value today (premium-date amounts, quote currency) if spot moved now. */
  valueToday: Float64Array;
  deltaVsSpot: Float64Array;
  gammaVsSpot: Float64Array;
  vegaVsSpot: Float64Array;
  thetaVsSpot: Float64Array;
  /** Years from today, up to the first expiry. */
  time: Float64Array;
  valueVsTime: Float64Array;
  deltaVsTime: Float64Array;
  gammaVsTime: Float64Array;
  vegaVsTime: Float64Array;
  thetaVsTime: Float64Array;
}

const MAX_SPOT_POINTS = 2001, MAX_TIME_POINTS = 501;

function pricedLegs(inp: CalcInputs, res: CalcResult): ResolvedLeg[] {
  return res.legs.map((l, i) => {
    const leg = inp.legs[i];
    const env: LegEnv = {
      spot: inp.market.spot, rd: l.rd, rf: l.rf, tSpot: inp.market.tSpot, tExpiry: l.tExpiry, tDelivery: l.tDelivery,
      tPremium: inp.market.tPremium, premiumRate: inp.market.premiumRate,
    };
    return { leg: { ...leg, vol: l.vol }, env, strike: l.strike, vol: l.vol, volSource: l.volSource };
  });
}

function totals(legs: ResolvedLeg[], m: CalcMarket, inp: CalcInputs): { value: number; g: GreekSet } {
  let value = 0;
  let g: GreekSet | undefined;
  legs.forEach((r, i) => {
    const res = legResult(r, i, m, inp.conventions);
    value += res.netPremium.quoteAmount;
    if (!g) g = { ...res.greeks };
    else for (const k of Object.keys(g) as (keyof GreekSet)[]) g[k] += res.greeks[k];
  });
  return { value, g: g! };
}

/** Payoff at expiry of one leg with the spot (and every future fixing) at s. */
function payoffAt(r: ResolvedLeg, res: CalcResult['legs'][number], s: number): number {
  const w = r.leg.type === 'call' ? 1 : -1;
  const sign = r.leg.direction === 'buy' ? 1 : -1;
  const f = r.leg.fixings;
  let pay: number;
  if (r.leg.instrument === 'VA') pay = Math.max(w * (s - r.strike!), 0);
  else {
    const past = f?.past ?? [];
    const n = past.length + (f?.times.length ?? 0);
    const avg = (past.reduce((a, b) => a + b, 0) + (f?.times.length ?? 0) * s) / n;
    pay = r.leg.instrument === 'AR' ? Math.max(w * (avg - r.strike!), 0) : Math.max(w * (s - avg), 0);
  }
  return sign * res.notionalBase * pay;
}

export function calculatorCurves(inp: CalcInputs, res: CalcResult, req: CurveRequest = {}): CalcCurves {
  const nS = Math.round(req.spotPoints ?? 101);
  const nT = Math.round(req.timePoints ?? 26);
  if (!(nS >= 2 && nS <= MAX_SPOT_POINTS)) throw new PricingError(`spotPoints must be 2..${MAX_SPOT_POINTS}`);
  if (!(nT >= 2 && nT <= MAX_TIME_POINTS)) throw new PricingError(`timePoints must be 2..${MAX_TIME_POINTS}`);
  const legs = pricedLegs(inp, res);
  const m = inp.market;
  // Default range: the widest leg's forward +- 4 standard deviations.
  let lo = Infinity, hi = -Infinity;
  for (const l of res.legs) {
    const sd = Math.max(l.vol * Math.sqrt(Math.max(l.tExpiry, 0)), 0.01);
    lo = Math.min(lo, l.forward * Math.exp(-4 * sd), l.strike ?? Infinity);
    hi = Math.max(hi, l.forward * Math.exp(4 * sd), l.strike ?? -Infinity);
  }
  const sMin = req.spotMin ?? lo, sMax = req.spotMax ?? hi;
  if (!(sMin > 0 && sMax > sMin)) throw new PricingError('the spot range needs 0 < spotMin < spotMax');
  const net = res.total.premium.quoteAmount;
  const out: CalcCurves = {
    spot: new Float64Array(nS), payoffAtExpiry: new Float64Array(nS), pnlAtExpiry: new Float64Array(nS), valueToday: new Float64Array(nS),
    deltaVsSpot: new Float64Array(nS), gammaVsSpot: new Float64Array(nS), vegaVsSpot: new Float64Array(nS), thetaVsSpot: new Float64Array(nS),
    time: new Float64Array(nT), valueVsTime: new Float64Array(nT), deltaVsTime: new Float64Array(nT), gammaVsTime: new Float64Array(nT),
    vegaVsTime: new Float64Array(nT), thetaVsTime: new Float64Array(nT),
  };
  for (let i = 0; i < nS; i++) {
    const s = sMin + ((sMax - sMin) * i) / (nS - 1);
    out.spot[i] = s;
    let pay = 0;
    legs.forEach((r, j) => { pay += payoffAt(r, res.legs[j], s); });
    out.payoffAtExpiry[i] = pay;
    out.pnlAtExpiry[i] = pay - net;
    const mk: CalcMarket = { ...m, spot: s };
    const t = totals(legs.map((r) => ({ ...r, env: { ...r.env, spot: s } })), mk, inp);
    out.valueToday[i] = t.value;
    out.deltaVsSpot[i] = t.g.delta;
    out.gammaVsSpot[i] = t.g.gamma;
    out.vegaVsSpot[i] = t.g.vega;
    out.thetaVsSpot[i] = t.g.theta;
  }
  const tEnd = Math.min(...res.legs.map((l) => l.tExpiry));
  for (let i = 0; i < nT; i++) {
    const dt = (tEnd * i) / (nT - 1);
    out.time[i] = dt;
    const shifted = legs.map((r) => ({
      ...r,
      leg: r.leg.fixings ? { ...r.leg, fixings: { ...r.leg.fixings, times: r.leg.fixings.times.map((x) => Math.max(x - dt, 0)) } } : r.leg,
      // The spot and premium dates roll with the valuation date; expiry and delivery do not.
      env: { ...r.env, tExpiry: Math.max(r.env.tExpiry - dt, 0), tDelivery: Math.max(r.env.tDelivery - dt, 0) },
    }));
    const t = totals(shifted, m, inp);
    out.valueVsTime[i] = t.value;
    out.deltaVsTime[i] = t.g.delta;
    out.gammaVsTime[i] = t.g.gamma;
    out.vegaVsTime[i] = t.g.vega;
    out.thetaVsTime[i] = t.g.theta;
  }
  return out;
}

export interface LegSmile {
  legNum: number;
  tExpiry: number;
  strikes: Float64Array;
  vols: Float64Array;
}

/**
 * The smile at each leg's expiry, read off the surface (forward x e^{+-3 sd}), for the
 * screen's smile chart; empty without a surface.
 */
export function legSmiles(inp: CalcInputs, res: CalcResult, points = 61): LegSmile[] {
  const surface = inp.market.surface;
  if (!surface) return [];
  if (!(points >= 2 && points <= MAX_SPOT_POINTS)) throw new PricingError(`smile points must be 2..${MAX_SPOT_POINTS}`);
  return res.legs.filter((l) => l.tExpiry > 0).map((l) => {
    const atm = surface.vol(l.tExpiry, l.forward);
    const sd = Math.max(atm * Math.sqrt(l.tExpiry), 0.005);
    const strikes = new Float64Array(points), vols = new Float64Array(points);
    for (let i = 0; i < points; i++) {
      const k = l.forward * Math.exp(-3 * sd + (6 * sd * i) / (points - 1));
      strikes[i] = k;
      vols[i] = surface.vol(l.tExpiry, k);
    }
    return { legNum: l.legNum, tExpiry: l.tExpiry, strikes, vols };
  });
}

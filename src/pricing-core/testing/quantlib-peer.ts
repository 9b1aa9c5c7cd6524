// The same products priced by @quantlib/ql (a JavaScript port of QuantLib), for the
// differential tests and the benchmarks. Times are whole days over ACT/365F from a fixed
// evaluation date, so t = days / 365 exactly as our engines see it; flat continuously
// compounded curves and a constant volatility.
import * as ql from '@quantlib/ql';
import type { OptionType } from '../core/types';

const today = ql.DateExt.UTC('2,January,2024');
ql.Settings.evaluationDate.set(today);
const dc = new ql.Actual365Fixed();

export const DAYS_PER_YEAR = 365;

export interface PeerMarket {
  spot: ql.SimpleQuote;
  rd: ql.SimpleQuote;
  rf: ql.SimpleQuote;
  vol: ql.SimpleQuote;
  process: ql.GeneralizedBlackScholesProcess;
  rdCurve: ql.Handle<ql.YieldTermStructure>;
  rfCurve: ql.Handle<ql.YieldTermStructure>;
}

/** One process whose quotes can be reset between options (as a QuantLib user would do). */
export function peerMarket(): PeerMarket {
  const spot = new ql.SimpleQuote(100), rd = new ql.SimpleQuote(0), rf = new ql.SimpleQuote(0), vol = new ql.SimpleQuote(0.2);
  const rdCurve = new ql.Handle<ql.YieldTermStructure>(new ql.FlatForward().ffInit1(today, new ql.Handle(rd), dc) as unknown as ql.YieldTermStructure);
  const rfCurve = new ql.Handle<ql.YieldTermStructure>(new ql.FlatForward().ffInit1(today, new ql.Handle(rf), dc) as unknown as ql.YieldTermStructure);
  const volTs = new ql.Handle<ql.BlackVolTermStructure>(new ql.BlackConstantVol().bcvInit2(today, new ql.TARGET(), new ql.Handle(vol), dc));
  const process = new ql.BlackScholesMertonProcess(new ql.Handle(spot), rfCurve, rdCurve, volTs);
  return { spot, rd, rf, vol, process, rdCurve, rfCurve };
}

export function setMarket(m: PeerMarket, spot: number, rd: number, rf: number, vol: number): void {
  m.spot.setValue(spot); m.rd.setValue(rd); m.rf.setValue(rf); m.vol.setValue(vol);
}

const qlType = (t: OptionType) => (t === 'call' ? ql.Option.Type.Call : ql.Option.Type.Put);
// (DateExt.adda mutates its argument, so build a fresh Date.)
const expiry = (days: number) => new Date(today.getTime() + days * 86_400_000);

export interface PeerGreeks {
  npv: number; delta: number; gamma: number; vega: number; theta: number; rho: number; dividendRho: number;
}

function greeksOf(o: ql.OneAssetOption): PeerGreeks {
  return { npv: o.NPV(), delta: o.delta(), gamma: o.gamma(), vega: o.vega(), theta: o.theta(), rho: o.rho(), dividendRho: o.dividendRho() };
}

export type PeerPayoff = { kind: 'vanilla' } | { kind: 'cash'; cash: number } | { kind: 'asset' };

/** European option with AnalyticEuropeanEngine (plain, cash-or-nothing or asset-or-nothing payoff). */
export function peerEuropean(m: PeerMarket, type: OptionType, strike: number, days: number, payoff: PeerPayoff = { kind: 'vanilla' }): PeerGreeks {
  const p = payoff.kind === 'vanilla' ? new ql.PlainVanillaPayoff(qlType(type), strike)
    : payoff.kind === 'cash' ? new ql.CashOrNothingPayoff(qlType(type), strike, payoff.cash)
      : new ql.AssetOrNothingPayoff(qlType(type), strike);
  const o = new ql.EuropeanOption(p, new ql.EuropeanExercise(expiry(days)));
  o.setPricingEngine(new ql.AnalyticEuropeanEngine().init1(m.process));
  return greeksOf(o);
}

/** Reusable European option for benchmarks: set quotes, read greeks. */
export function peerEuropeanOption(m: PeerMarket, type: OptionType, strike: number, days: number): ql.EuropeanOption {
  const o = new ql.EuropeanOption(new ql.PlainVanillaPayoff(qlType(type), strike), new ql.EuropeanExercise(expiry(days)));
  o.setPricingEngine(new ql.AnalyticEuropeanEngine().init1(m.process));
  return o;
}

export function peerGreeksOf(o: ql.OneAssetOption): PeerGreeks {
  return greeksOf(o);
}

const barrierTypes = { downIn: ql.Barrier.Type.DownIn, upIn: ql.Barrier.Type.UpIn, downOut: ql.Barrier.Type.DownOut, upOut: ql.Barrier.Type.UpOut };

export function peerBarrier(
  m: PeerMarket, type: OptionType, barrierType: keyof typeof barrierTypes, barrier: number, rebate: number, strike: number, days: number,
): number {
  const o = new ql.BarrierOption(barrierTypes[barrierType], barrier, rebate, new ql.PlainVanillaPayoff(qlType(type), strike), new ql.EuropeanExercise(expiry(days)));
  o.setPricingEngine(new ql.AnalyticBarrierEngine().init1(m.process));
  return o.NPV();
}

/** One-touch (AnalyticDigitalAmericanEngine) or no-touch (its knock-out variant), paying `cash`. */
export function peerTouch(m: PeerMarket, touchType: 'oneTouch' | 'noTouch', payAtExpiry: boolean, barrier: number, cash: number, days: number): number {
  const down = barrier < m.spot.value();
  const payoff = new ql.CashOrNothingPayoff(down ? ql.Option.Type.Put : ql.Option.Type.Call, barrier, cash);
  const exercise = new ql.AmericanExercise().aeInit1(today, expiry(days), payAtExpiry);
  const o = new ql.VanillaOption(payoff, exercise);
  const engine = touchType === 'oneTouch' ? new ql.AnalyticDigitalAmericanEngine(m.process) : new ql.AnalyticDigitalAmericanKOEngine(m.process);
  o.setPricingEngine(engine);
  return o.NPV();
}

/** Heston with QuantLib's AnalyticHestonEngine (adaptive Gauss-Lobatto to the given tolerance). */
export function peerHeston(
  type: OptionType, spot: number, strike: number, days: number, rd: number, rf: number,
  p: { v0: number; kappa: number; theta: number; sigma: number; rho: number }, relTol = 1e-12,
): number {
  const rdTs = new ql.Handle<ql.YieldTermStructure>(new ql.FlatForward().ffInit2(today, rd, dc) as unknown as ql.YieldTermStructure);
  const rfTs = new ql.Handle<ql.YieldTermStructure>(new ql.FlatForward().ffInit2(today, rf, dc) as unknown as ql.YieldTermStructure);
  const process = new ql.HestonProcess(rdTs, rfTs, new ql.Handle(new ql.SimpleQuote(spot)), p.v0, p.kappa, p.theta, p.sigma, p.rho);
  const model = new ql.HestonModel(process);
  const o = new ql.VanillaOption(new ql.PlainVanillaPayoff(qlType(type), strike), new ql.EuropeanExercise(expiry(days)));
  o.setPricingEngine(new ql.AnalyticHestonEngine().aheInit1(model, relTol, 100000));
  return o.NPV();
}

/** QuantLib's implied volatility of a European premium (Brent on the analytic engine). */
export function peerImpliedVol(m: PeerMarket, o: ql.EuropeanOption, price: number): number {
  return o.impliedVolatility(price, m.process, 1e-12, 1000, 1e-7, 10);
}

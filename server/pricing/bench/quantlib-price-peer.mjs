// The peer of `npm run --silent price` for vanilla options, written as a QuantLib user would
// write a JSON Lines pricer with @quantlib/ql (the JS port): plain Node ESM, stdin read with
// readline, one European option per line priced by AnalyticEuropeanEngine on one quote-driven
// Black-Scholes-Merton process (the quotes are reset per line), results written in chunks of
// 256 lines. Output per line: the same fields as our `vanilla` (npv and the six greeks; QuantLib's
// rho and dividendRho are our rhoDomestic and rhoForeign), or {"error": ...} when QuantLib throws.
// Times are whole days over ACT/365F (t = days / 365, as the bench input is made).
//
// `--calculator` uses QuantLib's BlackCalculator directly (what AnalyticEuropeanEngine does
// inside, without the instrument, observer and lazy-object layers): the fastest way QuantLib
// offers to get these numbers, reported as a second peer.
import { createInterface } from 'node:readline';
import * as ql from '@quantlib/ql';

const calculator = process.argv.includes('--calculator');
const today = ql.DateExt.UTC('2,January,2024');
ql.Settings.evaluationDate.set(today);
const dc = new ql.Actual365Fixed();
const spot = new ql.SimpleQuote(100), rd = new ql.SimpleQuote(0), rf = new ql.SimpleQuote(0), vol = new ql.SimpleQuote(0.2);
const rdCurve = new ql.Handle(new ql.FlatForward().ffInit1(today, new ql.Handle(rd), dc));
const rfCurve = new ql.Handle(new ql.FlatForward().ffInit1(today, new ql.Handle(rf), dc));
const volTs = new ql.Handle(new ql.BlackConstantVol().bcvInit2(today, new ql.TARGET(), new ql.Handle(vol), dc));
const bsm = new ql.BlackScholesMertonProcess(new ql.Handle(spot), rfCurve, rdCurve, volTs);
const engine = new ql.AnalyticEuropeanEngine().init1(bsm);

function optionType(type) {
  if (type === 'call') return ql.Option.Type.Call;
  if (type === 'put') return ql.Option.Type.Put;
  throw new Error('type must be call or put');
}

function priceWithInstrument(r) {
  spot.setValue(r.spot); rd.setValue(r.rd); rf.setValue(r.rf); vol.setValue(r.vol);
  const expiry = new Date(today.getTime() + Math.round(r.t * 365) * 86_400_000);
  const option = new ql.EuropeanOption(new ql.PlainVanillaPayoff(optionType(r.type), r.strike), new ql.EuropeanExercise(expiry));
  option.setPricingEngine(engine);
  const res = {
    npv: option.NPV(), delta: option.delta(), gamma: option.gamma(), vega: option.vega(),
    theta: option.theta(), rhoDomestic: option.rho(), rhoForeign: option.dividendRho(),
  };
  // As the C++ destructor would: otherwise every option stays an observer of the engine and
  // each later quote change notifies all of them (quadratic in the number of lines).
  option.unregisterWithAll();
  return res;
}

function priceWithCalculator(r) {
  const t = Math.round(r.t * 365) / 365;
  const dd = Math.exp(-r.rd * t), df = Math.exp(-r.rf * t);
  const c = new ql.BlackCalculator().init2(optionType(r.type), r.strike, r.spot * df / dd, r.vol * Math.sqrt(t), dd);
  return {
    npv: c.value(), delta: c.delta(r.spot), gamma: c.gamma(r.spot), vega: c.vega(t),
    theta: c.theta(r.spot, t), rhoDomestic: c.rho(t), rhoForeign: c.dividendRho(t),
  };
}

const price = calculator ? priceWithCalculator : priceWithInstrument;
const out = [];
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  let res;
  try {
    res = price(JSON.parse(line));
  } catch (e) {
    res = { error: e instanceof Error ? e.message : String(e) };
  }
  out.push(JSON.stringify(res));
  if (out.length >= 256) { process.stdout.write(out.join('\n') + '\n'); out.length = 0; }
}
if (out.length) process.stdout.write(out.join('\n') + '\n');

// The peer our tests and benchmarks compare against: QuantLib's JavaScript port
// (@quantlib/ql 0.3.6, a port of QuantLib ~1.16). Flat curves and volatility on an
// Actual/365F clock from a fixed evaluation date, so a year fraction is days / 365.
// Only tests and *.bench.ts files import this module. Two parts of the port are not used
// as peers: its
// MakeMCDiscreteArithmeticAPEngine fails inside the library ("Cannot read properties of
// undefined (reading 'nextSequence')"), and its AnalyticDiscreteGeometricAverageStrikeAsianEngine
// disagrees with a 2-million-path simulation (2.621 against 2.566 +- 0.0025 for S=K=100,
// r=q=10%, vol 15%, fixings 0.2..1.0 put), so our average-strike values are proven against
// exact limits and Monte Carlo instead.
import {
  Actual365Fixed, AmericanExercise, Average, BaroneAdesiWhaleyApproximationEngine,
  BjerksundStenslandApproximationEngine, JuQuadraticApproximationEngine, BlackConstantVol, BlackScholesMertonProcess, DateExt,
  EuropeanExercise, FlatForward, Handle, Option, PlainVanillaPayoff, Settings, SimpleQuote, TARGET,
  VanillaOption, ContinuousAveragingAsianOption, DiscreteAveragingAsianOption,
  AnalyticContinuousGeometricAveragePriceAsianEngine, AnalyticDiscreteGeometricAveragePriceAsianEngine,
  AnalyticDiscreteGeometricAverageStrikeAsianEngine,
  type Quote, type YieldTermStructure, type BlackVolTermStructure,
} from '@quantlib/ql';

export interface QlMarket {
  spot: number;
  rd: number;
  rf: number;
  vol: number;
}

const TODAY = DateExt.UTC('15,January,2024');
const DAY_MS = 86_400_000;

// The port's typings do not declare FlatForward a YieldTermStructure, which it is at run time.
const asCurve = (c: FlatForward) => c as unknown as YieldTermStructure;

export function qlDateAfterDays(days: number): Date {
  return new Date(TODAY.valueOf() + days * DAY_MS);
}

export function qlProcess(m: QlMarket) {
  Settings.evaluationDate.set(TODAY);
  const dc = new Actual365Fixed();
  const spot = new SimpleQuote(m.spot);
  const rTs = new FlatForward().ffInit2(TODAY, m.rd, dc);
  const qTs = new FlatForward().ffInit2(TODAY, m.rf, dc);
  const volTs = new BlackConstantVol().bcvInit1(TODAY, new TARGET(), m.vol, dc);
  return new BlackScholesMertonProcess(new Handle<Quote>(spot), new Handle<YieldTermStructure>(asCurve(qTs)), new Handle<YieldTermStructure>(asCurve(rTs)), new Handle<BlackVolTermStructure>(volTs));
}

/** A QuantLib process driven by quotes, for re-pricing many instruments the idiomatic way. */
export function qlQuotedMarket() {
  Settings.evaluationDate.set(TODAY);
  const dc = new Actual365Fixed();
  const spot = new SimpleQuote(100);
  const rd = new SimpleQuote(0);
  const rf = new SimpleQuote(0);
  const vol = new SimpleQuote(0.2);
  const rTs = new FlatForward().ffInit1(TODAY, new Handle(rd), dc);
  const qTs = new FlatForward().ffInit1(TODAY, new Handle(rf), dc);
  const volTs = new BlackConstantVol().bcvInit2(TODAY, new TARGET(), new Handle(vol), dc);
  const process = new BlackScholesMertonProcess(new Handle<Quote>(spot), new Handle<YieldTermStructure>(asCurve(qTs)), new Handle<YieldTermStructure>(asCurve(rTs)), new Handle<BlackVolTermStructure>(volTs));
  return {
    process,
    set(m: QlMarket) {
      spot.setValue(m.spot);
      rd.setValue(m.rd);
      rf.setValue(m.rf);
      vol.setValue(m.vol);
    },
  };
}

/** An American vanilla bound to `process` with the given engine. */
export function qlAmericanOption(
  type: 'call' | 'put', strike: number, days: number, process: ReturnType<typeof qlProcess>, engine: QlAmericanEngine,
): VanillaOption {
  const payoff = new PlainVanillaPayoff(type === 'call' ? Option.Type.Call : Option.Type.Put, strike);
  const option = new VanillaOption(payoff, new AmericanExercise().aeInit1(TODAY, qlDateAfterDays(days)));
  option.setPricingEngine(
    engine === 'baw' ? new BaroneAdesiWhaleyApproximationEngine(process)
      : engine === 'ju' ? new JuQuadraticApproximationEngine(process)
        : new BjerksundStenslandApproximationEngine(process),
  );
  return option;
}

/**
 * The port's American engines usable as peers. Its FdBlackScholesVanillaEngine is not one: with
 * an American exercise it returns the intrinsic value (5.0 for a 1-year put, S 95, K 100,
 * r 5 %, q 2 %, vol 30 %, whose value is 12.7166), so no finite-difference peer exists here.
 */
export type QlAmericanEngine = 'baw' | 'bjerksund_stensland' | 'ju';

export function qlAmerican(type: 'call' | 'put', strike: number, days: number, m: QlMarket, engine: QlAmericanEngine): number {
  const process = qlProcess(m);
  const payoff = new PlainVanillaPayoff(type === 'call' ? Option.Type.Call : Option.Type.Put, strike);
  const exercise = new AmericanExercise().aeInit1(TODAY, qlDateAfterDays(days));
  const option = new VanillaOption(payoff, exercise);
  option.setPricingEngine(
    engine === 'baw' ? new BaroneAdesiWhaleyApproximationEngine(process)
      : engine === 'ju' ? new JuQuadraticApproximationEngine(process)
        : new BjerksundStenslandApproximationEngine(process),
  );
  return option.NPV();
}

export interface QlAsianSpec {
  type: 'call' | 'put';
  strike: number;
  /** Expiry in days. */
  days: number;
  /** Fixing days (discrete) or undefined (continuous). */
  fixingDays?: number[];
}

export function qlGeometricAsian(spec: QlAsianSpec, m: QlMarket, averageStrike = false): number {
  const process = qlProcess(m);
  const payoff = new PlainVanillaPayoff(spec.type === 'call' ? Option.Type.Call : Option.Type.Put, spec.strike);
  const exercise = new EuropeanExercise(qlDateAfterDays(spec.days));
  if (!spec.fixingDays) {
    const option = new ContinuousAveragingAsianOption(Average.Type.Geometric, payoff, exercise);
    option.setPricingEngine(new AnalyticContinuousGeometricAveragePriceAsianEngine(process));
    return option.NPV();
  }
  const option = new DiscreteAveragingAsianOption(
    Average.Type.Geometric, 1.0, 0, spec.fixingDays.map(qlDateAfterDays), payoff, exercise,
  );
  option.setPricingEngine(
    averageStrike
      ? new AnalyticDiscreteGeometricAverageStrikeAsianEngine(process)
      : new AnalyticDiscreteGeometricAveragePriceAsianEngine(process),
  );
  return option.NPV();
}

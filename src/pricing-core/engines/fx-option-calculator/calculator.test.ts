import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InverseSolveError, PricingError } from '../../core/types';
import { fxDeltaForward, maxDeltaStrike } from '../fx/fx-conventions';
import {
  buildCalcMarket, calculatorCurves, DEFAULT_CONVENTIONS, PRESETS, presetInstruments, runCalcRequest, runOptionCalculator,
  solveKind, STRATEGY_TEMPLATES, strategyLegs, type CalcConventions, type CalcInputs, type CalcLeg, type CalcMarket,
  type CalcTarget, type PremiumQuoteName,
} from './index';

const SEED = 20260303;

const QUOTES: { type: 'Amt' | 'Pct' | 'Pips'; currency: 'quote' | 'base'; name: PremiumQuoteName }[] = [
  { type: 'Amt', currency: 'quote', name: 'quoteAmount' }, { type: 'Amt', currency: 'base', name: 'baseAmount' },
  { type: 'Pct', currency: 'quote', name: 'quotePct' }, { type: 'Pct', currency: 'base', name: 'basePct' },
  { type: 'Pips', currency: 'quote', name: 'quotePips' }, { type: 'Pips', currency: 'base', name: 'basePips' },
];

/** A market with FX dates (2-day spot lag) and either a flat vol or a smile surface. */
const marketArb = fc.record({
  spot: fc.double({ min: 0.6, max: 150, noNaN: true }),
  rd: fc.double({ min: -0.01, max: 0.08, noNaN: true }),
  rf: fc.double({ min: -0.01, max: 0.08, noNaN: true }),
  vol: fc.double({ min: 0.04, max: 0.35, noNaN: true }),
  smile: fc.boolean(),
  premiumLag: fc.integer({ min: 0, max: 3 }),
});
type MarketArb = { spot: number; rd: number; rf: number; vol: number; smile: boolean; premiumLag: number };

function market(a: MarketArb): CalcMarket {
  return buildCalcMarket({
    spot: a.spot, rd: a.rd, rf: a.rf, tSpot: 2 / 365, tPremium: (2 + a.premiumLag) / 365,
    ...(a.smile
      ? { surface: { smiles: [{ t: 0.25, atm: a.vol, rr25: 0.1 * a.vol, bf25: 0.04 * a.vol }, { t: 1.5, atm: 1.1 * a.vol, rr25: -0.12 * a.vol, bf25: 0.05 * a.vol }] } }
      : { vol: a.vol }),
  });
}

const legArb = fc.record({
  type: fc.constantFrom<'call' | 'put'>('call', 'put'),
  direction: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
  notionalCurrency: fc.constantFrom<'base' | 'quote'>('base', 'quote'),
  tE: fc.double({ min: 0.05, max: 2, noNaN: true }),
  z: fc.double({ min: -1.8, max: 1.8, noNaN: true }), // moneyness in standard deviations
});
type LegArb = { type: 'call' | 'put'; direction: 'buy' | 'sell'; notionalCurrency: 'base' | 'quote'; tE: number; z: number };

function leg(l: LegArb, m: CalcMarket, vol: number, extra: Partial<CalcLeg> = {}): CalcLeg {
  const tD = l.tE + 2 / 365;
  const fwd = m.spot * Math.exp((m.rd - m.rf) * (tD - m.tSpot));
  const k = fwd * Math.exp(l.z * vol * Math.sqrt(l.tE));
  return {
    direction: l.direction, type: l.type, instrument: 'VA', strike: { kind: 'price', value: k }, notional: 1e6 * (l.notionalCurrency === 'quote' ? m.spot : 1),
    notionalCurrency: l.notionalCurrency, tExpiry: l.tE, tDelivery: tD, ...extra,
  };
}

function inputs(m: CalcMarket, legs: CalcLeg[], extra: Partial<CalcInputs> = {}): CalcInputs {
  return { instrument: 'VA', preset: 'Premium', market: m, legs, conventions: DEFAULT_CONVENTIONS, ...extra };
}

const price = (m: CalcMarket, l: CalcLeg, c: CalcConventions = DEFAULT_CONVENTIONS) => runOptionCalculator(inputs(m, [l], { conventions: c })).legs[0];

describe('presets: the SPEC table as data', () => {
  it('has the six presets with value, label, Chinese label, Instrument, Main and Legs', () => {
    expect(PRESETS.map((p) => p.value)).toEqual(['Premium', 'StrikeFromPremium', 'VolFromPremium', 'StrikeFromDelta', 'VolFromDelta', 'Strike']);
    const fields = new Set(['Premium', 'Delta', 'ForwardDelta', 'StrikePx', 'Volatility', 'Strikes']);
    for (const p of PRESETS) {
      expect(p.label).toBeTruthy();
      expect(p.labelZh).toMatch(/[\u4e00-\u9fff]/);
      for (const i of presetInstruments(p)) expect(['VA', 'AR', 'AS', 'PP', 'CU']).toContain(i);
      for (const f of [...p.Main.Source, ...p.Main.Target, ...p.Legs.flatMap((l) => [...l.Source, ...l.Target])]) expect(fields.has(f.Field)).toBe(true);
      expect(Object.isFrozen(p)).toBe(true);
    }
    expect(PRESETS.map(solveKind)).toEqual(['none', 'strike', 'vol', 'strike', 'vol', 'strikes']);
  });

  it('refuses a preset on an instrument it does not list', () => {
    const m = buildCalcMarket({ spot: 7.1, rd: 0.02, rf: 0.04, vol: 0.05 });
    const ar: CalcLeg = { direction: 'buy', type: 'call', instrument: 'AR', strike: { kind: 'price', value: 7.1 }, notional: 1, notionalCurrency: 'base', tExpiry: 0.5, tDelivery: 0.5, fixings: { times: [0.25, 0.5] } };
    expect(() => runOptionCalculator(inputs(m, [ar], { instrument: 'AR', preset: 'StrikeFromDelta', target: { field: 'Delta', type: 'Pct', value: 0.25 } }))).toThrow(/does not apply/);
    expect(() => runOptionCalculator(inputs(m, [ar], { instrument: 'VA' }))).toThrow(/must be a VA/);
  });
});

describe('each preset\'s inverse solve round-trips, in every quotation and convention', () => {
  it('StrikeFromPremium: six quotations x call/put x base/quote notional x flat/smile', () => {
    fc.assert(fc.property(marketArb, legArb, fc.constantFrom(...QUOTES), (ma, la, q) => {
      const m = market(ma);
      const l0 = leg(la, m, ma.vol);
      const p0 = price(m, l0);
      const target: CalcTarget = { field: 'Premium', type: q.type, currency: q.currency, value: p0.premium[q.name] };
      fc.pre(target.value > 1e-12 * Math.abs(p0.premium.quoteAmount + 1));
      const r = runOptionCalculator(inputs(m, [{ ...l0, strike: undefined }], { preset: 'StrikeFromPremium', target }));
      const k = r.solved!.values[0];
      expect(Math.abs(r.legs[0].premium[q.name] / target.value - 1)).toBeLessThan(1e-9);
      // The strike itself comes back wherever the premium moves with it (here within +-1.8 sd).
      expect(Math.abs(k / (l0.strike as { value: number }).value - 1)).toBeLessThan(1e-7);
    }), { numRuns: 250, seed: SEED });
  });

  it('VolFromPremium: six quotations x call/put x base/quote notional', () => {
    fc.assert(fc.property(marketArb, legArb, fc.constantFrom(...QUOTES), (ma, la, q) => {
      const m = market({ ...ma, smile: false });
      const l0 = leg(la, m, ma.vol);
      const p0 = price(m, l0);
      const target: CalcTarget = { field: 'Premium', type: q.type, currency: q.currency, value: p0.premium[q.name] };
      const r = runOptionCalculator(inputs(m, [{ ...l0, vol: undefined }], { market: buildCalcMarket({ spot: m.spot, rd: m.rd, rf: m.rf, tSpot: m.tSpot, tPremium: m.tPremium, vol: 0.5 }), preset: 'VolFromPremium', target }));
      expect(Math.abs(r.solved!.values[0] - ma.vol)).toBeLessThan(1e-9);
      expect(r.legs[0].volSource).toBe('solved');
    }), { numRuns: 250, seed: SEED });
  });

  const deltaCases = fc.record({
    field: fc.constantFrom<'Delta' | 'ForwardDelta'>('Delta', 'ForwardDelta'),
    type: fc.constantFrom<'Pct' | 'Amt'>('Pct', 'Amt'),
    premiumAdjusted: fc.boolean(),
  });

  it('StrikeFromDelta: spot/forward x Pct/Amt x premium-adjusted or not x call/put x flat/smile', () => {
    fc.assert(fc.property(marketArb, legArb, deltaCases, (ma, la, dc) => {
      const m = market(ma);
      const l0 = leg(la, m, ma.vol);
      const conv: CalcConventions = { ...DEFAULT_CONVENTIONS, premiumAdjusted: dc.premiumAdjusted };
      const p0 = price(m, l0, conv);
      const key = dc.field === 'Delta' ? (dc.premiumAdjusted ? 'deltaPremiumAdjusted' : 'delta') : (dc.premiumAdjusted ? 'forwardDeltaPremiumAdjusted' : 'forwardDelta');
      const value = dc.type === 'Pct' ? Math.abs(p0.normalised[key]) : Math.abs(p0.greeks[key]);
      fc.pre(value > 1e-6 * (dc.type === 'Pct' ? 1 : p0.notionalBase) && Math.abs(p0.normalised[key]) < 0.999);
      const r = runOptionCalculator(inputs(m, [{ ...l0, strike: undefined }], { preset: 'StrikeFromDelta', conventions: conv, target: { field: dc.field, type: dc.type, value } }));
      const got = dc.type === 'Pct' ? Math.abs(r.legs[0].normalised[key]) : Math.abs(r.legs[0].greeks[key]);
      expect(Math.abs(got - value)).toBeLessThan(1e-9 * (dc.type === 'Pct' ? 1 : p0.notionalBase));
      const k0 = (l0.strike as { value: number }).value;
      // Premium-adjusted calls left of the max-delta strike come back on the market's branch.
      const leftBranch = dc.premiumAdjusted && la.type === 'call' && k0 < maxDeltaStrike(p0.forward, p0.vol * Math.sqrt(la.tE));
      if (!leftBranch && !(dc.type === 'Amt' && la.notionalCurrency === 'quote' && la.type === 'put')) {
        expect(Math.abs(r.solved!.values[0] / k0 - 1)).toBeLessThan(1e-7);
      }
    }), { numRuns: 300, seed: SEED });
  });

  it('VolFromDelta: the original vol is the answer or the alternative', () => {
    fc.assert(fc.property(marketArb, legArb, deltaCases, (ma, la, dc) => {
      const m = market({ ...ma, smile: false });
      const l0 = leg(la, m, ma.vol);
      const conv: CalcConventions = { ...DEFAULT_CONVENTIONS, premiumAdjusted: dc.premiumAdjusted };
      const p0 = price(m, l0, conv);
      const key = dc.field === 'Delta' ? (dc.premiumAdjusted ? 'deltaPremiumAdjusted' : 'delta') : (dc.premiumAdjusted ? 'forwardDeltaPremiumAdjusted' : 'forwardDelta');
      const value = dc.type === 'Pct' ? Math.abs(p0.normalised[key]) : Math.abs(p0.greeks[key]);
      fc.pre(value > 1e-6 * (dc.type === 'Pct' ? 1 : p0.notionalBase) && Math.abs(p0.normalised[key]) < 0.999);
      const r = runOptionCalculator(inputs(m, [{ ...l0, vol: 0.3 }], { preset: 'VolFromDelta', conventions: conv, target: { field: dc.field, type: dc.type, value } }));
      const s = r.solved!;
      const err = Math.min(Math.abs(s.values[0] - ma.vol), s.alternative !== undefined ? Math.abs(s.alternative - ma.vol) : Infinity);
      expect(err).toBeLessThan(1e-8);
    }), { numRuns: 300, seed: SEED });
  });

  it('Strike (structures): a zero-cost risk reversal and a strangle at a given premium', () => {
    fc.assert(fc.property(marketArb, fc.double({ min: 0.1, max: 2, noNaN: true }), fc.constantFrom<'buy' | 'sell'>('buy', 'sell'), (ma, tE, direction) => {
      const m = market(ma);
      const common = { notional: 1e6, notionalCurrency: 'base' as const, tExpiry: tE, tDelivery: tE + 2 / 365 };
      const rr = strategyLegs({ name: 'riskReversal', direction, ...common });
      const r = runOptionCalculator(inputs(m, rr, { instrument: 'PP', preset: 'Strike' }));
      expect(Math.abs(r.total.premium.quoteAmount)).toBeLessThan(1e-9 * r.legs[0].premium.quoteAmount);
      expect(r.solved!.legNums).toEqual([2]);
      // Strangle: both strikes at one delta; the premium of the 20-delta strangle gives 20 delta back.
      const st = strategyLegs({ name: 'strangle', direction: 'buy', ...common, strikes: [{ kind: 'delta', delta: 0.2 }, { kind: 'delta', delta: 0.2 }] });
      const p20 = runOptionCalculator(inputs(m, st, { instrument: 'PP' })).total.premium.basePct;
      const r2 = runOptionCalculator(inputs(m, st, { instrument: 'PP', preset: 'Strike', solveLegs: [0, 1], target: { field: 'Premium', type: 'Pct', currency: 'base', value: p20 } }));
      expect(Math.abs(r2.total.premium.basePct / p20 - 1)).toBeLessThan(1e-9);
      expect(Math.abs(r2.solved!.parameter! - 0.2)).toBeLessThan(1e-7);
      expect(Math.abs(r2.legs[1].normalised.delta - 0.2)).toBeLessThan(1e-7);
    }), { numRuns: 60, seed: SEED });
  });

  it('AR and AS solves: strike and vol from premium', () => {
    const m = buildCalcMarket({ spot: 7.1, rd: 0.018, rf: 0.043, tSpot: 2 / 365, vol: 0.06 });
    const times = Array.from({ length: 6 }, (_, i) => (i + 1) / 12);
    for (const instrument of ['AR', 'AS'] as const) {
      for (const type of ['call', 'put'] as const) {
        const l: CalcLeg = { direction: 'buy', type, instrument, strike: { kind: 'price', value: 7.05 }, notional: 1e6, notionalCurrency: 'base', tExpiry: 0.5, tDelivery: 0.5 + 2 / 365, fixings: { times, past: [7.08, 7.11] } };
        const p0 = runOptionCalculator(inputs(m, [l], { instrument })).legs[0];
        const target: CalcTarget = { field: 'Premium', type: 'Amt', currency: 'quote', value: p0.premium.quoteAmount };
        const v = runOptionCalculator(inputs({ ...m, vol: 0.2 }, [l], { instrument, preset: 'VolFromPremium', target }));
        expect(Math.abs(v.solved!.values[0] - 0.06)).toBeLessThan(1e-9);
        if (instrument === 'AR') {
          const k = runOptionCalculator(inputs(m, [{ ...l, strike: undefined }], { instrument, preset: 'StrikeFromPremium', target }));
          expect(Math.abs(k.solved!.values[0] - 7.05)).toBeLessThan(1e-9);
        }
      }
    }
  });
});

describe('a solve with no answer says so, never a number', () => {
  const m = buildCalcMarket({ spot: 1.1, rd: 0.04, rf: 0.02, tSpot: 2 / 365, vol: 0.5 });
  const l: CalcLeg = { direction: 'buy', type: 'call', instrument: 'VA', notional: 1e6, notionalCurrency: 'base', tExpiry: 2, tDelivery: 2 + 2 / 365 };
  const solve = (extra: Partial<CalcInputs>, leg: CalcLeg = l) => () => runOptionCalculator(inputs(m, [leg], extra));
  const noInverse = (f: () => unknown) => expect(f).toThrow(InverseSolveError);

  it('premium above what any strike gives (the discounted forward for a call), or zero', () => {
    noInverse(solve({ preset: 'StrikeFromPremium', target: { field: 'Premium', type: 'Amt', currency: 'quote', value: 1.2e6 } }));
    noInverse(solve({ preset: 'StrikeFromPremium', target: { field: 'Premium', type: 'Pct', currency: 'base', value: 1.01 } }));
    noInverse(solve({ preset: 'StrikeFromPremium', target: { field: 'Premium', type: 'Amt', currency: 'quote', value: 0 } }));
    // A put's premium per quote notional (P / K) never reaches the discount factor.
    noInverse(solve({ preset: 'StrikeFromPremium', target: { field: 'Premium', type: 'Pct', currency: 'quote', value: 0.99 } }, { ...l, type: 'put' }));
  });

  it('vol from a premium below intrinsic or above the maximum', () => {
    const itm: CalcLeg = { ...l, strike: { kind: 'price', value: 0.8 } };
    noInverse(solve({ preset: 'VolFromPremium', target: { field: 'Premium', type: 'Amt', currency: 'quote', value: 1e5 } }, itm));
    noInverse(solve({ preset: 'VolFromPremium', target: { field: 'Premium', type: 'Amt', currency: 'quote', value: 1.2e6 } }, itm));
  });

  it('delta beyond the premium-adjusted maximum, beyond the spot-delta discount factor, or >= 1', () => {
    const conv = { ...DEFAULT_CONVENTIONS, premiumAdjusted: true };
    const fwd = 1.1 * Math.exp(0.02 * 2);
    const dMax = fxDeltaForward('call', maxDeltaStrike(fwd, 0.5 * Math.sqrt(2)), { forward: fwd, sd: 0.5 * Math.sqrt(2), dfForeign: 1 }, 'forwardPremiumAdjusted');
    noInverse(solve({ preset: 'StrikeFromDelta', conventions: conv, target: { field: 'ForwardDelta', type: 'Pct', value: dMax + 0.01 } }));
    expect(runOptionCalculator(inputs(m, [l], { preset: 'StrikeFromDelta', conventions: conv, target: { field: 'ForwardDelta', type: 'Pct', value: dMax - 0.01 } })).solved!.values[0]).toBeGreaterThan(0);
    noInverse(solve({ preset: 'StrikeFromDelta', target: { field: 'Delta', type: 'Pct', value: Math.exp(-0.02 * 2) + 0.001 } }));
    noInverse(solve({ preset: 'StrikeFromDelta', target: { field: 'Delta', type: 'Pct', value: 1.2 } }));
    noInverse(solve({ preset: 'StrikeFromDelta', target: { field: 'Delta', type: 'Amt', value: 2e6 } }));
  });

  it('vol from a delta an in-the-money call never reaches (below N(sqrt(2 ln F/K)))', () => {
    const itm: CalcLeg = { ...l, strike: { kind: 'price', value: 0.9 } };
    const fwd = 1.1 * Math.exp(0.02 * (2 + 2 / 365 - 2 / 365));
    const min = 0.5 * (1 + erf(Math.sqrt(2 * Math.log(fwd / 0.9)) / Math.SQRT2));
    noInverse(solve({ preset: 'VolFromDelta', target: { field: 'ForwardDelta', type: 'Pct', value: min - 0.01 } }, itm));
    const ok = runOptionCalculator(inputs(m, [itm], { preset: 'VolFromDelta', target: { field: 'ForwardDelta', type: 'Pct', value: min + 0.01 } }));
    expect(ok.solved!.alternative).toBeDefined(); // two vols give that delta: both reported
  });

  it('a long strangle cannot cost nothing', () => {
    const st = strategyLegs({ name: 'strangle', direction: 'buy', notional: 1e6, notionalCurrency: 'base', tExpiry: 0.5, tDelivery: 0.5 });
    expect(() => runOptionCalculator(inputs(m, st, { instrument: 'PP', preset: 'Strike', solveLegs: [1] }))).toThrow(InverseSolveError);
    expect(() => runOptionCalculator(inputs(m, st, { instrument: 'PP', preset: 'Strike', solveLegs: [0, 1] }))).toThrow(InverseSolveError);
  });

  it('bad input is a PricingError, not an inverse failure', () => {
    expect(() => runOptionCalculator(inputs(m, [l]))).toThrow(/strike is needed/);
    try { runOptionCalculator(inputs(m, [{ ...l, notional: -1, strike: { kind: 'price', value: 1 } }])); } catch (e) {
      expect(e).toBeInstanceOf(PricingError);
      expect(e).not.toBeInstanceOf(InverseSolveError);
    }
  });
});

function erf(x: number): number {
  // Abramowitz-Stegun 7.1.26 is too coarse here: integrate instead (Simpson, fine grid).
  const n = 20000, h = x / n;
  let s = 0;
  for (let i = 0; i <= n; i++) s += (i === 0 || i === n ? 1 : i % 2 ? 4 : 2) * Math.exp(-((i * h) ** 2));
  return ((s * h) / 3) * (2 / Math.sqrt(Math.PI));
}

describe('strategies, conventions and totals', () => {
  const m = buildCalcMarket({ spot: 7.1, rd: 0.018, rf: 0.043, tSpot: 2 / 365, surface: { smiles: [{ t: 0.25, atm: 0.04, rr25: 0.005, bf25: 0.002 }, { t: 1, atm: 0.05, rr25: 0.008, bf25: 0.0025 }] } });
  const common = { notional: 1e6, notionalCurrency: 'base' as const, tExpiry: 0.5, tDelivery: 0.5 + 2 / 365 };

  it('a delta-neutral straddle on the smile has no spot delta; the premium-adjusted one none in that convention', () => {
    const st = strategyLegs({ name: 'straddle', direction: 'buy', ...common });
    const r = runOptionCalculator(inputs(m, st, { instrument: 'PP' }));
    expect(r.legs[0].strike).toBe(r.legs[1].strike);
    expect(Math.abs(r.total.greeks.delta)).toBeLessThan(1e-6);
    const conv = { ...DEFAULT_CONVENTIONS, atm: 'deltaNeutralPremiumAdjusted' as const, premiumAdjusted: true };
    const pa = runOptionCalculator(inputs(m, st, { instrument: 'PP', conventions: conv }));
    expect(Math.abs(pa.total.greeks.forwardDeltaPremiumAdjusted)).toBeLessThan(1e-6);
    expect(pa.legs[0].strike!).toBeLessThan(r.legs[0].strike!);
  });

  it('templates: legs, directions, mirrors; totals are sums of signed legs', () => {
    expect(Object.keys(STRATEGY_TEMPLATES)).toEqual(['spread', 'riskReversal', 'straddle', 'strangle', 'butterfly', 'seagull']);
    const fly = strategyLegs({ name: 'butterfly', direction: 'sell', ...common });
    expect(fly.map((l) => `${l.direction} ${l.type}`)).toEqual(['sell put', 'sell call', 'buy put', 'buy call']);
    const gull = strategyLegs({ name: 'seagull', direction: 'sell', ...common });
    expect(gull.map((l) => `${l.direction} ${l.type}`)).toEqual(['sell call', 'buy put', 'sell put']);
    expect(() => strategyLegs({ name: 'spread', direction: 'buy', ...common })).toThrow(/type/);
    const r = runOptionCalculator(inputs(m, fly, { instrument: 'PP' }));
    const sum = r.legs.reduce((s, l) => s + l.netPremium.quoteAmount, 0);
    expect(r.total.premium.quoteAmount).toBeCloseTo(sum, 8);
    expect(r.total.premium.quoteAmount).toBeGreaterThan(0); // the seller of the fly buys the straddle: pays
    expect(r.total.greeks.vega).toBeCloseTo(r.legs.reduce((s, l) => s + l.greeks.vega, 0), 8);
    expect(r.legs[0].volSource).toBe('surface');
    expect(r.legs[0].vol).not.toBe(r.legs[2].vol); // the wings sit on the smile
  });

  it('UI-CONTRACT units: Premium % = 100 x Premium / (Notional x Spot) when premium is paid on the spot date', () => {
    const r = runOptionCalculator(inputs(m, [{ direction: 'buy', type: 'call', instrument: 'VA', strike: { kind: 'price', value: 7.2 }, ...common }])).legs[0];
    expect(r.premium.basePct).toBeCloseTo(r.premium.quoteAmount / (1e6 * 7.1), 15);
    expect(r.greeks.vega).toBeCloseTo(r.raw.vega * 1e6 / 100, 8);
    expect(r.greeks.delta).toBeCloseTo(r.raw.spotDelta * 1e6, 8);
    expect(r.greeks.gamma).toBeCloseTo(r.raw.gamma * 7.1 * 0.01 * 1e6, 6);
    const sell = runOptionCalculator(inputs(m, [{ direction: 'sell', type: 'call', instrument: 'VA', strike: { kind: 'price', value: 7.2 }, ...common }])).legs[0];
    expect(sell.premium.quoteAmount).toBe(r.premium.quoteAmount);
    expect(sell.netPremium.quoteAmount).toBe(-r.premium.quoteAmount);
    expect(sell.greeks.delta).toBe(-r.greeks.delta);
  });
});

describe('chart data', () => {
  it('value and greeks at today\'s spot equal the totals; payoff is the payoff; time runs to expiry', () => {
    const m = buildCalcMarket({ spot: 7.1, rd: 0.018, rf: 0.043, vol: 0.05 });
    const inp = inputs(m, strategyLegs({ name: 'riskReversal', direction: 'buy', notional: 1e6, notionalCurrency: 'base', tExpiry: 0.5, tDelivery: 0.5 }), { instrument: 'PP' });
    const r = runOptionCalculator(inp);
    const c = calculatorCurves(inp, r, { spotMin: 7.1 * 0.9, spotMax: 7.1 * 1.1, spotPoints: 201, timePoints: 11 });
    expect(c.spot).toBeInstanceOf(Float64Array);
    expect(c.spot.length).toBe(201);
    expect(c.valueToday[100]).toBeCloseTo(r.total.premium.quoteAmount, 6);
    expect(c.deltaVsSpot[100]).toBeCloseTo(r.total.greeks.delta, 6);
    expect(c.valueVsTime[0]).toBeCloseTo(r.total.premium.quoteAmount, 6);
    expect(c.time[10]).toBeCloseTo(0.5, 15);
    const [kc, kp] = [r.legs[0].strike!, r.legs[1].strike!];
    for (let i = 0; i < 201; i += 20) {
      const s = c.spot[i];
      expect(c.payoffAtExpiry[i]).toBeCloseTo(1e6 * (Math.max(s - kc, 0) - Math.max(kp - s, 0)), 6);
    }
    // at expiry the value is the payoff on the forward (no time left)
    expect(c.gammaVsTime[10]).toBe(0);
  });
});

describe('the JSON request: dates, shorthands, defaults', () => {
  it('dates become ACT/365F year fractions; 25D / ATM shorthands; JPY pips', () => {
    const r = runCalcRequest({
      pair: 'USDJPY', valuationDate: '2026-03-02', spotDate: '2026-03-04',
      market: { spot: 150, rd: 0.001, rf: 0.045, vol: 0.1 },
      legs: [{ direction: 'buy', type: 'put', strike: '25D', notional: 1e6, notionalCurrency: 'USD', expiryDate: '2026-06-02', deliveryDate: '2026-06-04' }],
    }) as any;
    expect(r.legs[0].tExpiry).toBe(92 / 365);
    expect(r.legs[0].tDelivery).toBe(94 / 365);
    expect(r.pipSize).toBe(0.01);
    expect(r.legs[0].normalised.delta).toBeCloseTo(-0.25, 12);
    expect(() => runCalcRequest({ market: { spot: 1, rd: 0, rf: 0, vol: 0.1 }, legs: [{ direction: 'buy', type: 'call', strike: 'xyz', notional: 1, tExpiry: 1 }] })).toThrow(/strike not understood/);
    expect(() => runCalcRequest({ market: { spot: 1, rd: 0, rf: 0, vol: 0.1 }, legs: [{ direction: 'buy', type: 'call', strike: 1, notional: 1, expiryDate: '2026-01-01' }] })).toThrow(/valuationDate/);
  });

  it('the premium currency convention: the settled amount, and the currency of a premium target', () => {
    const req = { pair: 'EURUSD', market: { spot: 1.08, rd: 0.04, rf: 0.025, vol: 0.07 }, conventions: { premiumCurrency: 'base' }, legs: [{ direction: 'sell', type: 'put', strike: 1.07, notional: 1e6, tExpiry: 0.5 }] };
    const r = runCalcRequest(req) as any;
    expect(r.pair).toEqual({ base: 'EUR', quote: 'USD' });
    expect(r.legs[0].premiumInCurrency).toEqual({ currency: 'base', amount: r.legs[0].premium.baseAmount });
    expect(r.total.premiumInCurrency).toEqual({ currency: 'base', amount: -r.legs[0].premium.baseAmount });
    // a premium target without a currency is in the premium currency (EUR here)
    const s = runCalcRequest({ ...req, preset: 'StrikeFromPremium', target: { field: 'Premium', type: 'Amt', value: r.legs[0].premium.baseAmount }, legs: [{ ...req.legs[0], strike: undefined }] }) as any;
    expect(s.solved.values[0]).toBeCloseTo(1.07, 10);
  });

  it('legs by tenor: expiry and delivery from the FX date rules, the spot date too, echoed as ISO dates', () => {
    const r = runCalcRequest({
      pair: 'USDCNY', valuationDate: '2026-03-02', market: { spot: 7.1, rd: 0.018, rf: 0.043, vol: 0.045 },
      legs: [{ direction: 'buy', type: 'call', strike: 'ATMF', notional: 1e6, tenor: '3M' }],
    }) as any;
    expect(r.spotDate).toBe('2026-03-04');
    expect(r.legs[0].deliveryDate).toBe('2026-06-04');
    expect(r.legs[0].expiryDate).toBe('2026-06-02');
    expect(r.legs[0].tExpiry).toBe(92 / 365);
    expect(r.legs[0].strike).toBeCloseTo(r.legs[0].forward, 12);
    expect(() => runCalcRequest({ pair: 'USDXYZ', valuationDate: '2026-03-02', market: { spot: 7.1, rd: 0, rf: 0, vol: 0.1 }, legs: [{ direction: 'buy', type: 'call', strike: 1, notional: 1, tenor: '3M' }] })).toThrow(/holiday calendar for XYZ/);
  });

  it('curves come back as plain arrays', () => {
    const r = runCalcRequest({ market: { spot: 1.1, rd: 0.04, rf: 0.02, vol: 0.08 }, curves: { spotPoints: 11 }, legs: [{ direction: 'buy', type: 'call', strike: 'ATMF', notional: 1e6, tExpiry: 0.5 }] }) as any;
    expect(Array.isArray(r.curves.spot)).toBe(true);
    expect(r.curves.spot.length).toBe(11);
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  });
});

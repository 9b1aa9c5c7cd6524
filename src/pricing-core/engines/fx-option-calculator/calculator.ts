// The FX option calculator: legs + market + conventions + a preset in, every leg priced (the
// preset's unknown solved first) with the premium in every quotation and greeks as amounts
// and normalised, plus totals. Pure and synchronous; charts are in curves.ts.
import { InverseSolveError, PricingError } from '../../core/types';
import { fxDeltaForward, type DeltaConvention } from '../fx/fx-conventions';
import { legUnit, legValue, validateEnv, type LegEnv, type LegTerms, type LegUnit } from './leg-pricer';
import { legEnv, volAt, volSourceOf } from './market';
import { presetInstruments, presetOf, solveKind, type Preset } from './presets';
import {
  atmStrikeOnSmile, gridRoot, impliedVolForward, NO_INVERSE_MESSAGE, solveStrike, solveVolMonotone, strikeFromDeltaOnSmile,
  volFromDelta,
} from './solve';
import {
  deltaConventionOf, type CalcConventions, type CalcInputs, type CalcLeg, type CalcMarket, type CalcResult, type CalcTarget,
  type GreekSet, type LegResult, type PremiumQuotations, type PremiumQuoteName, type StrikeSpec,
} from './types';

/** A leg with its strike and vol decided. */
export interface ResolvedLeg {
  leg: CalcLeg;
  env: LegEnv;
  /** undefined for average strike (AS) */
  strike: number | undefined;
  vol: number;
  volSource: LegResult['volSource'];
}

function forwardOf(env: LegEnv): number {
  return env.spot * Math.exp((env.rd - env.rf) * (env.tDelivery - env.tSpot));
}
function dfForeignOf(env: LegEnv): number {
  return Math.exp(-env.rf * (env.tDelivery - env.tSpot));
}

/** Base-currency notional of a leg at strike k (a quote-currency notional buys N / K base). */
export function notionalBase(leg: CalcLeg, k: number): number {
  return leg.notionalCurrency === 'base' ? leg.notional : leg.notional / k;
}

function terms(r: { leg: CalcLeg; strike: number | undefined; vol: number; env: LegEnv }): LegTerms {
  return { type: r.leg.type, instrument: r.leg.instrument, strike: r.strike ?? forwardOf(r.env), vol: r.vol, fixings: r.leg.fixings };
}

/** The strike a spec names, with the vol read at that strike. */
export function resolveStrikeSpec(spec: StrikeSpec, leg: CalcLeg, env: LegEnv, m: CalcMarket, c: CalcConventions): number {
  const F = forwardOf(env), q = dfForeignOf(env);
  const vol = (k: number) => volAt(leg, m, k);
  switch (spec.kind) {
    case 'price':
      if (!(spec.value > 0 && Number.isFinite(spec.value))) throw new PricingError('strike must be a positive number');
      return spec.value;
    case 'atm':
      return atmStrikeOnSmile(env.spot, F, q, leg.tExpiry, spec.convention ?? c.atm, vol);
    case 'delta': {
      const d = Math.abs(spec.delta);
      if (!(d > 0 && d < 1)) throw new PricingError('a delta strike needs |delta| between 0 and 1 (0.25 for 25 delta)');
      return strikeFromDeltaOnSmile(leg.type, d, spec.convention ?? deltaConventionOf(c), F, q, leg.tExpiry, vol);
    }
  }
}

function resolveLeg(leg: CalcLeg, m: CalcMarket, c: CalcConventions, strikeOverride?: number): ResolvedLeg {
  const env = legEnv(leg, m);
  validateEnv(env);
  const source = volSourceOf(leg, m);
  if (leg.instrument === 'AS') return { leg, env, strike: undefined, vol: volAt(leg, m, forwardOf(env)), volSource: source };
  let strike = strikeOverride;
  if (strike === undefined) {
    if (!leg.strike) throw new PricingError('a strike is needed for this leg');
    strike = resolveStrikeSpec(leg.strike, leg, env, m, c);
  }
  return { leg, env, strike, vol: volAt(leg, m, strike), volSource: source };
}

// ---------------------------------------------------------------------------------------
// Quotations and greeks

export function quotations(value: number, strikeOrForward: number, nBase: number, forwardPremium: number, pip: number): PremiumQuotations {
  return {
    quoteAmount: value * nBase,
    baseAmount: (value * nBase) / forwardPremium,
    quotePips: value / pip,
    basePips: value / (forwardPremium * strikeOrForward) / pip,
    quotePct: value / strikeOrForward,
    basePct: value / forwardPremium,
  };
}

const QUOTE_NAMES: Record<string, PremiumQuoteName> = {
  'Amt:quote': 'quoteAmount', 'Amt:base': 'baseAmount', 'Pct:quote': 'quotePct', 'Pct:base': 'basePct',
  'Pips:quote': 'quotePips', 'Pips:base': 'basePips',
};

export function quoteNameOf(t: Extract<CalcTarget, { field: 'Premium' }>): PremiumQuoteName {
  const n = QUOTE_NAMES[`${t.type}:${t.currency}`];
  if (!n) throw new PricingError(`unknown premium quotation ${t.type} in ${t.currency} currency`);
  return n;
}

function greekSet(u: LegUnit, scale: number, spot: number, pip: number, conv: DeltaConvention): GreekSet {
  const delta = scale * u.spotDelta;
  const forwardDelta = scale * u.forwardDelta;
  const deltaPremiumAdjusted = scale * u.spotDeltaPremiumAdjusted;
  const forwardDeltaPremiumAdjusted = scale * u.forwardDeltaPremiumAdjusted;
  const byConv: Record<DeltaConvention, number> = {
    spot: delta, forward: forwardDelta, spotPremiumAdjusted: deltaPremiumAdjusted, forwardPremiumAdjusted: forwardDeltaPremiumAdjusted,
  };
  return {
    delta, forwardDelta, deltaPremiumAdjusted, forwardDeltaPremiumAdjusted, conventionDelta: byConv[conv],
    gamma: scale * u.gamma * spot * 0.01,
    gammaBigFigure: scale * u.gamma * 100 * pip,
    vega: scale * u.vega * 0.01,
    theta: (scale * u.theta) / 365,
    rhoDomestic: scale * u.rhoDomestic * 1e-4,
    rhoForeign: scale * u.rhoForeign * 1e-4,
    vanna: scale * u.vanna * 0.01,
    volga: scale * u.volga * 1e-4,
  };
}

function addGreeks(a: GreekSet, b: GreekSet): GreekSet {
  const out = { ...a };
  for (const k of Object.keys(out) as (keyof GreekSet)[]) out[k] += b[k];
  return out;
}

const ZERO_GREEKS: GreekSet = {
  delta: 0, forwardDelta: 0, deltaPremiumAdjusted: 0, forwardDeltaPremiumAdjusted: 0, conventionDelta: 0, gamma: 0,
  gammaBigFigure: 0, vega: 0, theta: 0, rhoDomestic: 0, rhoForeign: 0, vanna: 0, volga: 0,
};

export function legResult(r: ResolvedLeg, index: number, m: CalcMarket, c: CalcConventions, volSource?: LegResult['volSource']): LegResult {
  const u = legUnit(terms(r), r.env);
  const kq = r.strike ?? u.forward;
  const nBase = notionalBase(r.leg, kq);
  const sign = r.leg.direction === 'buy' ? 1 : -1;
  const conv = deltaConventionOf(c);
  const premium = quotations(u.value, kq, nBase, u.forwardPremium, m.pipSize);
  return {
    legNum: index + 1,
    direction: r.leg.direction,
    type: r.leg.type,
    instrument: r.leg.instrument,
    ...(r.strike !== undefined ? { strike: r.strike } : {}),
    vol: r.vol,
    volSource: volSource ?? r.volSource,
    notionalBase: nBase,
    ...(r.strike !== undefined ? { notionalQuote: nBase * r.strike } : {}),
    tExpiry: r.leg.tExpiry,
    tDelivery: r.leg.tDelivery,
    rd: r.env.rd,
    rf: r.env.rf,
    forward: u.forward,
    swapPoints: (u.forward - m.spot) / m.pipSize,
    premium,
    netPremium: { quoteAmount: sign * premium.quoteAmount, baseAmount: sign * premium.baseAmount },
    premiumInCurrency: { currency: c.premiumCurrency, amount: c.premiumCurrency === 'base' ? premium.baseAmount : premium.quoteAmount },
    greeks: greekSet(u, sign * nBase, m.spot, m.pipSize, conv),
    normalised: greekSet(u, sign, m.spot, m.pipSize, conv),
    raw: {
      value: u.value, spotDelta: u.spotDelta, forwardDelta: u.forwardDelta, gamma: u.gamma, vega: u.vega, theta: u.theta,
      rhoDomestic: u.rhoDomestic, rhoForeign: u.rhoForeign, vanna: u.vanna, volga: u.volga,
    },
    ...(u.stderr !== undefined ? { stderr: u.stderr } : {}),
  };
}

/**
 * Net premium in every quotation from signed amounts; Pct and Pips are against the reference
 * (leg 1's) base notional and strike (its forward for an average-strike leg).
 */
export function totalPremiumOf(parts: readonly { quoteAmount: number; baseAmount: number }[], nRef: number, kRef: number, pip: number): PremiumQuotations {
  let quoteAmount = 0, baseAmount = 0;
  for (const l of parts) { quoteAmount += l.quoteAmount; baseAmount += l.baseAmount; }
  return {
    quoteAmount, baseAmount,
    quotePips: quoteAmount / nRef / pip,
    basePips: baseAmount / (nRef * kRef) / pip,
    quotePct: quoteAmount / (nRef * kRef),
    basePct: baseAmount / nRef,
  };
}

export function totalPremium(legs: readonly LegResult[], pip: number): PremiumQuotations {
  const ref = legs[0];
  return totalPremiumOf(legs.map((l) => l.netPremium), ref.notionalBase, ref.strike ?? ref.forward, pip);
}

// ---------------------------------------------------------------------------------------
// Solves

/** A leg's premium (unsigned) in every quotation, without greeks (the solvers' inner loop). */
function premiumQuotes(r: ResolvedLeg, m: CalcMarket): { q: PremiumQuotations; nBase: number; kq: number } {
  const value = legValue(terms(r), r.env);
  const kq = r.strike ?? forwardOf(r.env);
  const forwardPremium = r.env.spot * Math.exp((r.env.rd - r.env.rf) * (r.env.tPremium - r.env.tSpot));
  const nBase = notionalBase(r.leg, kq);
  return { q: quotations(value, kq, nBase, forwardPremium, m.pipSize), nBase, kq };
}

function premiumOf(r: ResolvedLeg, m: CalcMarket, name: PremiumQuoteName): number {
  return premiumQuotes(r, m).q[name];
}

/** Tolerance for a premium target: a relative 1e-9 plus rounding of the premium itself. */
function premiumTol(target: number): number {
  return 1e-9 * Math.abs(target) + 1e-15;
}

function requirePremiumTarget(t: CalcTarget | undefined): Extract<CalcTarget, { field: 'Premium' }> {
  if (!t || t.field !== 'Premium') throw new PricingError('this preset needs a premium target');
  if (!Number.isFinite(t.value)) throw new PricingError('the premium target must be a number');
  return t;
}

function requireDeltaTarget(t: CalcTarget | undefined): Extract<CalcTarget, { field: 'Delta' | 'ForwardDelta' }> {
  if (!t || (t.field !== 'Delta' && t.field !== 'ForwardDelta')) throw new PricingError('this preset needs a delta target (Delta or ForwardDelta)');
  if (!Number.isFinite(t.value)) throw new PricingError('the delta target must be a number');
  return t;
}

/** The delta convention a delta target names: spot or forward by its field, adjusted or not by the conventions. */
function targetConvention(t: Extract<CalcTarget, { field: 'Delta' | 'ForwardDelta' }>, c: CalcConventions): DeltaConvention {
  return deltaConventionOf({ delta: t.field === 'Delta' ? 'spot' : 'forward', premiumAdjusted: c.premiumAdjusted });
}

function solveLegStrike(leg: CalcLeg, m: CalcMarket, c: CalcConventions, target: CalcTarget | undefined): { r: ResolvedLeg } {
  if (leg.instrument === 'AS') throw new PricingError('an average-strike option has no strike to solve');
  const env = legEnv(leg, m);
  validateEnv(env);
  const F = forwardOf(env), q = dfForeignOf(env);
  const source = volSourceOf(leg, m);
  const atmVol = volAt(leg, m, F);
  const sd = atmVol * Math.sqrt(Math.max(leg.tExpiry, 0));
  const at = (k: number): ResolvedLeg => ({ leg, env, strike: k, vol: volAt(leg, m, k), volSource: source });
  if (target?.field === 'Premium') {
    const t = requirePremiumTarget(target);
    if (!(t.value > 0)) throw new InverseSolveError(NO_INVERSE_MESSAGE);
    const name = quoteNameOf(t);
    const k = solveStrike((kk) => premiumOf(at(kk), m, name) - t.value, F, sd, 'nearest', premiumTol(t.value));
    return { r: at(k) };
  }
  const t = requireDeltaTarget(target);
  if (leg.instrument !== 'VA') throw new PricingError('strike from delta is for vanillas');
  if (!(leg.tExpiry > 0)) throw new InverseSolveError(NO_INVERSE_MESSAGE);
  const conv = targetConvention(t, c);
  const abs = Math.abs(t.value);
  const fraction = t.type === 'Pct' || leg.notionalCurrency === 'base' ? (t.type === 'Pct' ? abs : abs / leg.notional) : undefined;
  if (fraction !== undefined) {
    if (!(fraction > 0 && fraction < 1)) throw new InverseSolveError(NO_INVERSE_MESSAGE);
    try {
      return { r: at(strikeFromDeltaOnSmile(leg.type, fraction, conv, F, q, leg.tExpiry, (k) => volAt(leg, m, k))) };
    } catch (e) {
      if (e instanceof PricingError) throw new InverseSolveError(NO_INVERSE_MESSAGE);
      throw e;
    }
  }
  // A delta amount on a quote-currency notional: the base notional moves with the strike.
  const w = leg.type === 'call' ? 1 : -1;
  const amount = (k: number) => Math.abs(fxDeltaForward(leg.type, k, { forward: F, sd: volAt(leg, m, k) * Math.sqrt(leg.tExpiry), dfForeign: q }, conv)) * (leg.notional / k);
  const k = solveStrike((kk) => amount(kk) - abs, F, sd, w > 0 && conv.endsWith('PremiumAdjusted') ? 'largest' : 'nearest', 1e-10 * abs);
  return { r: at(k) };
}

function solveLegVol(leg: CalcLeg, m: CalcMarket, c: CalcConventions, target: CalcTarget | undefined): { r: ResolvedLeg; alternative?: number } {
  const base = resolveLeg(leg, m, c);
  const { env } = base;
  const F = forwardOf(env);
  const kq = base.strike ?? F;
  const nBase = notionalBase(leg, kq);
  const forwardPremium = env.spot * Math.exp((env.rd - env.rf) * (env.tPremium - env.tSpot));
  if (target?.field === 'Premium') {
    const t = requirePremiumTarget(target);
    if (!(t.value > 0)) throw new InverseSolveError(NO_INVERSE_MESSAGE);
    // The target as a value per unit of base notional (strike fixed, so the notional is too).
    const one = quotations(1, kq, nBase, forwardPremium, m.pipSize);
    const perUnit = t.value / one[quoteNameOf(t)];
    if (leg.instrument === 'VA') {
      const c0 = Math.exp(-env.rd * env.tDelivery) * Math.exp((env.premiumRate ?? env.rd) * env.tPremium);
      const vol = impliedVolForward(leg.type, perUnit / c0, F, base.strike!, leg.tExpiry);
      return { r: { ...base, vol, volSource: 'solved' } };
    }
    const vol = solveVolMonotone((v) => legValue({ ...terms(base), vol: v }, env), perUnit, premiumTol(perUnit));
    return { r: { ...base, vol, volSource: 'solved' } };
  }
  const t = requireDeltaTarget(target);
  if (leg.instrument !== 'VA') throw new PricingError('volatility from delta is for vanillas');
  const abs = t.type === 'Pct' ? Math.abs(t.value) : Math.abs(t.value) / nBase;
  const r = volFromDelta(leg.type, abs, base.strike!, F, dfForeignOf(env), leg.tExpiry, targetConvention(t, c), base.vol);
  return { r: { ...base, vol: r.vol, volSource: 'solved' }, alternative: r.alternative };
}

/** The Strike preset: the target legs' strikes that give the structure its total premium. */
function solveStructureStrikes(
  inp: CalcInputs, preset: Preset,
): { resolved: ResolvedLeg[]; legNums: number[]; parameter?: number } {
  const { legs, market: m, conventions: c } = inp;
  const fromPreset = preset.Legs.filter((l) => l.Target.some((f) => f.Field === 'StrikePx')).map((l) => l.LegNum - 1);
  const targets = [...new Set(inp.solveLegs ?? fromPreset)];
  if (!targets.length) throw new PricingError('name the legs whose strikes are solved (solveLegs)');
  for (const i of targets) {
    if (!(Number.isInteger(i) && i >= 0 && i < legs.length)) throw new PricingError(`solveLegs: leg ${i + 1} does not exist`);
    if (legs[i].instrument === 'AS') throw new PricingError('an average-strike leg has no strike to solve');
  }
  const target = inp.target ?? { field: 'Premium', type: 'Amt', currency: 'quote', value: 0 };
  const t = requirePremiumTarget(target);
  const name = quoteNameOf(t);
  const fixed = legs.map((l, i) => (targets.includes(i) ? undefined : resolveLeg(l, m, c)));
  const priceWith = (strikes: Map<number, number>): number => {
    const parts = legs.map((l, i) => {
      const p = premiumQuotes(fixed[i] ?? resolveLeg(l, m, c, strikes.get(i)), m);
      const sign = l.direction === 'buy' ? 1 : -1;
      return { ...p, quoteAmount: sign * p.q.quoteAmount, baseAmount: sign * p.q.baseAmount };
    });
    return totalPremiumOf(parts, parts[0].nBase, parts[0].kq, m.pipSize)[name];
  };
  // Tolerance: relative to the target, or to the size of the legs' premiums (a zero-cost
  // target has no size of its own): the legs at their given strikes, or at the forward.
  const size = legs.reduce((acc, l, i) => {
    const r = fixed[i] ?? resolveLeg(l, m, c, l.strike ? undefined : forwardOf(legEnv(l, m)));
    const p = premiumQuotes(r, m);
    return acc + Math.abs(p.q[name]) * (name.endsWith('Amount') ? 1 : p.nBase);
  }, 0);
  const sizeInTarget = name.endsWith('Amount') ? size : size / notionalBase(legs[0], fixed[0]?.strike ?? forwardOf(legEnv(legs[0], m)));
  const tol = 1e-9 * Math.max(Math.abs(t.value), sizeInTarget) + 1e-300;
  if (targets.length === 1) {
    const i = targets[0];
    const env = legEnv(legs[i], m);
    const F = forwardOf(env);
    const sd = volAt(legs[i], m, F) * Math.sqrt(Math.max(legs[i].tExpiry, 0));
    const k = solveStrike((kk) => priceWith(new Map([[i, kk]])) - t.value, F, sd, 'nearest', tol);
    const strikes = new Map([[i, k]]);
    return { resolved: legs.map((l, j) => fixed[j] ?? resolveLeg(l, m, c, strikes.get(j))), legNums: [i + 1] };
  }
  // Several legs: all move to one common delta (in the selected conventions).
  const conv = deltaConventionOf(c);
  const strikesAt = (d: number): Map<number, number> => new Map(targets.map((i) => {
    const l = legs[i];
    const env = legEnv(l, m);
    return [i, strikeFromDeltaOnSmile(l.type, d, conv, forwardOf(env), dfForeignOf(env), l.tExpiry, (k) => volAt(l, m, k))];
  }));
  const f = (d: number) => {
    try { return priceWith(strikesAt(d)) - t.value; } catch (e) { if (e instanceof PricingError) return NaN; throw e; }
  };
  const grid: number[] = [];
  for (let i = 1; i < 100; i++) grid.push(i / 100);
  const d = gridRoot(f, grid, (r) => r.reduce((a, b) => (Math.abs(b - 0.25) < Math.abs(a - 0.25) ? b : a)));
  if (d === undefined || !(Math.abs(f(d)) <= tol)) throw new InverseSolveError(NO_INVERSE_MESSAGE);
  const strikes = strikesAt(d);
  return { resolved: legs.map((l, j) => fixed[j] ?? resolveLeg(l, m, c, strikes.get(j))), legNums: targets.map((i) => i + 1), parameter: d };
}

// ---------------------------------------------------------------------------------------

function checkShape(inp: CalcInputs, preset: Preset): void {
  if (!presetInstruments(preset).includes(inp.instrument)) {
    throw new PricingError(`preset ${preset.value} does not apply to instrument ${inp.instrument} (only ${preset.Instrument})`);
  }
  const n = inp.legs.length;
  if (n === 0) throw new PricingError('at least one leg is needed');
  if (inp.instrument === 'VA' || inp.instrument === 'AR' || inp.instrument === 'AS') {
    if (n !== 1) throw new PricingError(`instrument ${inp.instrument} is one option: give one leg`);
    if (inp.legs[0].instrument !== inp.instrument) throw new PricingError(`the leg must be a ${inp.instrument} option`);
  }
  if (inp.instrument === 'PP' && inp.legs.some((l) => l.instrument !== 'VA')) throw new PricingError('strategy templates are made of vanillas');
  for (const l of inp.legs) {
    if (!(l.notional > 0 && Number.isFinite(l.notional))) throw new PricingError('notional must be a positive number');
    if ((l.instrument === 'AR' || l.instrument === 'AS') && !l.fixings) throw new PricingError('an average option needs its fixings');
  }
}

export function runOptionCalculator(inp: CalcInputs): CalcResult {
  const preset = presetOf(inp.preset);
  if (!preset) throw new PricingError(`unknown preset: ${inp.preset}`);
  checkShape(inp, preset);
  const { market: m, conventions: c } = inp;
  const kind = solveKind(preset);
  let resolved: ResolvedLeg[];
  let solved: CalcResult['solved'];
  if (kind === 'none') {
    resolved = inp.legs.map((l) => resolveLeg(l, m, c));
  } else if (kind === 'strikes') {
    const s = solveStructureStrikes(inp, preset);
    resolved = s.resolved;
    solved = { field: 'Strikes', legNums: s.legNums, values: s.legNums.map((n) => resolved[n - 1].strike!), ...(s.parameter !== undefined ? { parameter: s.parameter } : {}) };
  } else {
    const i = inp.solveLeg ?? 0;
    if (!(Number.isInteger(i) && i >= 0 && i < inp.legs.length)) throw new PricingError('solveLeg names no leg');
    resolved = inp.legs.map((l, j) => (j === i ? (undefined as unknown as ResolvedLeg) : resolveLeg(l, m, c)));
    if (kind === 'strike') {
      resolved[i] = solveLegStrike(inp.legs[i], m, c, inp.target).r;
      solved = { field: 'StrikePx', legNums: [i + 1], values: [resolved[i].strike!] };
    } else {
      const s = solveLegVol(inp.legs[i], m, c, inp.target);
      resolved[i] = s.r;
      solved = { field: 'Volatility', legNums: [i + 1], values: [s.r.vol], ...(s.alternative !== undefined ? { alternative: s.alternative } : {}) };
    }
  }
  const legs = resolved.map((r, i) => legResult(r, i, m, c));
  const total = totalPremium(legs, m.pipSize);
  return {
    instrument: inp.instrument,
    preset: inp.preset,
    ...(solved ? { solved } : {}),
    legs,
    total: {
      premium: total,
      premiumInCurrency: { currency: c.premiumCurrency, amount: c.premiumCurrency === 'base' ? total.baseAmount : total.quoteAmount },
      greeks: legs.reduce((a, l) => addGreeks(a, l.greeks), { ...ZERO_GREEKS }),
    },
    spot: m.spot,
    pipSize: m.pipSize,
    conventions: c,
    ...(inp.pair ? { pair: { ...inp.pair } } : {}),
  };
}

/** The legs as priced (strikes and vols fixed), for charts that re-price them. */
export function resolvedLegs(inp: CalcInputs, result: CalcResult): CalcLeg[] {
  return inp.legs.map((l, i) => {
    const r = result.legs[i];
    return { ...l, strike: r.strike !== undefined ? { kind: 'price', value: r.strike } : l.strike, vol: r.vol, rd: r.rd, rf: r.rf, forward: undefined };
  });
}

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { legUnit, legValue, shiftTime, vanillaUnit, type LegEnv, type LegTerms } from './leg-pricer';
import { blackScholesPrice } from '../black/black-scholes';
import { geometricAsianDiscrete, turnbullWakemanDiscrete } from '../asian';
import { peerEuropean, peerMarket, setMarket } from '../../testing/quantlib-peer';
import { expectClose } from '../../testing/tolerance';

const SEED = 20260302;

const simpleEnv = (spot: number, rd: number, rf: number, t: number): LegEnv => ({ spot, rd, rf, tSpot: 0, tExpiry: t, tDelivery: t, tPremium: 0 });

describe('vanilla leg: the textbook case agrees with QuantLib AnalyticEuropeanEngine', () => {
  const m = peerMarket();
  it('value and every greek QuantLib has, to 1e-10 relative', () => {
    fc.assert(fc.property(
      fc.constantFrom<'call' | 'put'>('call', 'put'), fc.double({ min: 0.5, max: 150, noNaN: true }), fc.double({ min: -0.6, max: 0.6, noNaN: true }),
      fc.integer({ min: 2, max: 1800 }), fc.double({ min: -0.02, max: 0.12, noNaN: true }), fc.double({ min: -0.02, max: 0.12, noNaN: true }),
      fc.double({ min: 0.02, max: 0.8, noNaN: true }),
      (type, spot, x, days, rd, rf, vol) => {
        const k = spot * Math.exp(x), t = days / 365;
        setMarket(m, spot, rd, rf, vol);
        const ql = peerEuropean(m, type, k, days);
        const u = vanillaUnit(type, k, vol, simpleEnv(spot, rd, rf, t));
        const scale = spot + k;
        expectClose(u.value, ql.npv, 1e-10, 1e-14 * scale, 'npv');
        expectClose(u.spotDelta, ql.delta, 1e-10, 1e-14, 'delta');
        expectClose(u.gamma, ql.gamma, 1e-9, 1e-14 / spot, 'gamma');
        expectClose(u.vega, ql.vega, 1e-9, 1e-14 * scale, 'vega');
        expectClose(u.theta, ql.theta, 1e-9, 1e-13 * scale, 'theta');
        expectClose(u.rhoDomestic, ql.rho, 1e-9, 1e-13 * scale, 'rho');
        expectClose(u.rhoForeign, ql.dividendRho, 1e-9, 1e-13 * scale, 'dividend rho');
      }), { numRuns: 300, seed: SEED });
  });
});

// A general leg: spot lag, delivery after expiry, premium date after spot, a premium rate.
const datedLeg = fc.record({
  type: fc.constantFrom<'call' | 'put'>('call', 'put'),
  spot: fc.double({ min: 0.5, max: 150, noNaN: true }),
  x: fc.double({ min: -0.4, max: 0.4, noNaN: true }),
  tE: fc.double({ min: 0.05, max: 3, noNaN: true }),
  lag: fc.integer({ min: 0, max: 4 }),
  premiumLag: fc.integer({ min: 0, max: 10 }),
  rd: fc.double({ min: -0.01, max: 0.1, noNaN: true }),
  rf: fc.double({ min: -0.01, max: 0.1, noNaN: true }),
  vol: fc.double({ min: 0.03, max: 0.6, noNaN: true }),
  premiumRate: fc.option(fc.double({ min: 0, max: 0.1, noNaN: true }), { nil: undefined }),
});

describe('vanilla leg with FX dates: greeks are the derivatives of the value they describe', () => {
  it('delta, gamma, vega, vanna, volga, rhos and theta match central differences', () => {
    fc.assert(fc.property(datedLeg, (g) => {
      const e: LegEnv = {
        spot: g.spot, rd: g.rd, rf: g.rf, tSpot: g.lag / 365, tExpiry: g.tE, tDelivery: g.tE + g.lag / 365,
        tPremium: (g.lag + g.premiumLag) / 365, premiumRate: g.premiumRate,
      };
      const k = g.spot * Math.exp(g.x);
      const u = vanillaUnit(g.type, k, g.vol, e);
      const val = (ee: LegEnv, vol = g.vol) => vanillaUnit(g.type, k, vol, ee).value;
      // First derivative by Richardson-extrapolated central differences (error ~h^4).
      const d = (f: (x: number) => number, x: number, h: number) => {
        const c = (hh: number) => (f(x + hh) - f(x - hh)) / (2 * hh);
        return (4 * c(h / 2) - c(h)) / 3;
      };
      const hs = 1e-2 * g.spot * g.vol * Math.sqrt(g.tE), hv = 1e-2 * g.vol, hr = 1e-4, ht = 1e-4;
      // A premium-date value sensitivity to spot, expressed as spot deals: x e^{rd tS} / e^{rp tP}.
      const toDeal = Math.exp(g.rd * e.tSpot) / Math.exp((g.premiumRate ?? g.rd) * e.tPremium);
      const scale = g.spot + k;
      expectClose(u.spotDelta, d((s) => val({ ...e, spot: s }), g.spot, hs) * toDeal, 1e-6, 1e-11, 'delta');
      // second-order greeks against the first-order ones they differentiate
      const at = (spot: number, vol: number) => vanillaUnit(g.type, k, vol, { ...e, spot });
      expectClose(u.gamma, d((s) => at(s, g.vol).spotDelta, g.spot, hs), 1e-6, 1e-11 / g.spot, 'gamma');
      expectClose(u.vanna, d((v) => at(g.spot, v).spotDelta, g.vol, hv), 1e-5, 1e-11, 'vanna');
      expectClose(u.volga, d((v) => at(g.spot, v).vega, g.vol, hv), 1e-5, 1e-11 * scale, 'volga');
      expectClose(u.vega, d((v) => val(e, v), g.vol, hv), 1e-6, 1e-11 * scale, 'vega');
      expectClose(u.rhoDomestic, d((r) => val({ ...e, rd: r }), g.rd, hr), 1e-6, 1e-11 * scale, 'rho domestic');
      expectClose(u.rhoForeign, d((r) => val({ ...e, rf: r }), g.rf, hr), 1e-6, 1e-11 * scale, 'rho foreign');
      const t: LegTerms = { type: g.type, instrument: 'VA', strike: k, vol: g.vol };
      const later = (dt: number) => { const [tt, ee] = shiftTime(t, e, dt); return legValue(tt, ee); };
      expectClose(u.theta, d(later, 0, Math.min(ht, g.tE / 4)), 1e-6, 1e-11 * scale, 'theta');
    }), { numRuns: 200, seed: SEED });
  });

  it('put-call parity on the premium date and the premium-adjusted deltas', () => {
    fc.assert(fc.property(datedLeg, (g) => {
      const e: LegEnv = { spot: g.spot, rd: g.rd, rf: g.rf, tSpot: g.lag / 365, tExpiry: g.tE, tDelivery: g.tE + g.lag / 365, tPremium: (g.lag + g.premiumLag) / 365, premiumRate: g.premiumRate };
      const k = g.spot * Math.exp(g.x);
      const c = vanillaUnit('call', k, g.vol, e), p = vanillaUnit('put', k, g.vol, e);
      const toPremium = Math.exp(-g.rd * e.tDelivery + (g.premiumRate ?? g.rd) * e.tPremium);
      expectClose(c.value - p.value, toPremium * (c.forward - k), 0, 1e-13 * (g.spot + k), 'parity');
      expectClose(c.spotDelta - p.spotDelta, c.dfForeign, 0, 1e-14, 'delta parity');
      for (const u of [c, p]) {
        // premium-adjusted spot delta = spot delta - (premium for value spot date) / spot
        expectClose(u.spotDeltaPremiumAdjusted, u.spotDelta - (u.pv * Math.exp(g.rd * e.tSpot)) / g.spot, 0, 1e-13, 'PA spot');
        expectClose(u.forwardDeltaPremiumAdjusted * u.dfForeign, u.spotDeltaPremiumAdjusted, 0, 1e-14, 'PA forward');
      }
    }), { numRuns: 200, seed: SEED });
  });
});

describe('average-rate and average-strike legs', () => {
  const fixings12 = Array.from({ length: 12 }, (_, i) => (i + 1) / 12);

  it('an average of one fixing at expiry is the vanilla, greeks included', () => {
    for (const type of ['call', 'put'] as const) {
      const e = simpleEnv(7.1, 0.02, 0.045, 0.75);
      const v = vanillaUnit(type, 7.2, 0.06, e);
      const a = legUnit({ type, instrument: 'AR', strike: 7.2, vol: 0.06, fixings: { times: [0.75] } }, e);
      expectClose(a.value, v.value, 1e-12, 0, 'value');
      expectClose(a.spotDelta, v.spotDelta, 1e-6, 1e-9, 'delta');
      expectClose(a.gamma, v.gamma, 1e-4, 1e-6, 'gamma');
      expectClose(a.vega, v.vega, 1e-6, 1e-9, 'vega');
      expectClose(a.theta, v.theta, 1e-3, 1e-7, 'theta');
      expectClose(a.rhoDomestic, v.rhoDomestic, 1e-6, 1e-9, 'rho domestic');
      expectClose(a.rhoForeign, v.rhoForeign, 1e-6, 1e-9, 'rho foreign');
    }
  });

  it('unseasoned averages equal the core Asian closed forms (geometric) and Turnbull-Wakeman (arithmetic)', () => {
    const e = simpleEnv(100, 0.05, 0.01, 1);
    for (const type of ['call', 'put'] as const) {
      const o = { type, spot: 100, strike: 102, expiry: 1, rd: 0.05, rf: 0.01, vol: 0.3, fixings: fixings12 };
      expectClose(legValue({ type, instrument: 'AR', strike: 102, vol: 0.3, fixings: { times: fixings12, average: 'geometric' } }, e),
        geometricAsianDiscrete({ ...o, averageStrike: false }), 1e-12, 0, 'geometric AR');
      expectClose(legValue({ type, instrument: 'AS', strike: 0, vol: 0.3, fixings: { times: fixings12, average: 'geometric' } }, e),
        geometricAsianDiscrete({ ...o, averageStrike: true }), 1e-12, 0, 'geometric AS');
      expectClose(legValue({ type, instrument: 'AR', strike: 102, vol: 0.3, fixings: { times: fixings12 } }, e),
        turnbullWakemanDiscrete(o), 1e-12, 0, 'TW');
    }
  });

  it('seasoned average rate: fully fixed is intrinsic, an already-won call is a forward, the rest a scaled option', () => {
    const e = simpleEnv(100, 0.05, 0.01, 0.5);
    const df = Math.exp(-0.05 * 0.5);
    const fixed = { type: 'call' as const, instrument: 'AR' as const, strike: 95, vol: 0.2, fixings: { times: [], past: [98, 101, 99] } };
    expectClose(legValue(fixed, e), df * (99.333333333333333 - 95), 1e-14, 0, 'all fixed');
    // 11 past fixings at 150 with strike 100: the average ends above 100 whatever the last does.
    const won = { type: 'call' as const, instrument: 'AR' as const, strike: 100, vol: 0.2, fixings: { times: [0.5], past: Array(11).fill(150) } };
    expectClose(legValue(won, e), df * ((11 * 150 + 100 * Math.exp(0.04 * 0.5)) / 12 - 100), 1e-14, 0, 'linear');
    expect(legValue({ ...won, type: 'put' }, e)).toBe(0);
    // Half fixed: (A - K)^+ = a (A_f - K*)^+, priced against a fresh Turnbull-Wakeman on K*.
    const half = { type: 'put' as const, instrument: 'AR' as const, strike: 100, vol: 0.2, fixings: { times: [0.25, 0.5], past: [96, 97] } };
    const kStar = (100 - (96 + 97) / 4) / 0.5;
    expectClose(legValue(half, e), 0.5 * turnbullWakemanDiscrete({ type: 'put', spot: 100, strike: kStar, expiry: 0.5, rd: 0.05, rf: 0.01, vol: 0.2, fixings: [0.25, 0.5] }), 1e-13, 0, 'seasoned');
  });

  it('the approximations stay close to Monte Carlo (arithmetic average rate and average strike, seasoned too)', () => {
    const e = simpleEnv(7.1, 0.018, 0.043, 1);
    const cases: LegTerms[] = [
      { type: 'call', instrument: 'AR', strike: 7.1, vol: 0.08, fixings: { times: fixings12 } },
      { type: 'put', instrument: 'AR', strike: 7.0, vol: 0.08, fixings: { times: fixings12.slice(4), past: [7.05, 7.12, 7.08, 7.15] } },
      { type: 'call', instrument: 'AS', strike: 0, vol: 0.08, fixings: { times: fixings12 } },
      { type: 'put', instrument: 'AS', strike: 0, vol: 0.25, fixings: { times: fixings12 } },
    ];
    for (const t of cases) {
      const approx = legValue(t, e);
      const mc = legUnit({ ...t, fixings: { ...t.fixings!, method: 'mc', paths: 65_536, seed: 7 } }, e);
      // Moment matching is an approximation: within 0.5 % of the value (or 4 standard errors).
      expect(Math.abs(approx - mc.value)).toBeLessThan(Math.max(5e-3 * mc.value, 4 * mc.stderr!));
    }
  });

  it('Monte Carlo and approximation agree exactly on the geometric payoff (closed form, no simulation)', () => {
    const e = simpleEnv(100, 0.03, 0.0, 1);
    const t: LegTerms = { type: 'call', instrument: 'AR', strike: 100, vol: 0.2, fixings: { times: fixings12, average: 'geometric', method: 'mc' } };
    expect(() => legValue(t, e)).toThrow(/closed forms/);
    expect(blackScholesPrice('call', 100, 100, 1, 0.03, 0, 0.2)).toBeGreaterThan(legValue({ ...t, fixings: { ...t.fixings!, method: 'approximation' } }, e));
  });
});

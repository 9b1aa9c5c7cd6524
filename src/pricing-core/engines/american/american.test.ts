import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type AmericanInputs, AMERICAN_METHODS, priceAmerican, americanFiniteDifference, andersenLakeOffengenden, qdFixedPoint } from './index';
import { exerciseRegime } from './american-inputs';
import { Xoshiro128 } from '../../math/random';
import { europeanValue, intrinsic } from './american-inputs';
import { qlAmerican } from '../../mc/ql-peer';

type Row = [type: 'call' | 'put', strike: number, spot: number, q: number, r: number, t: number, vol: number, value: number];
const opt = ([type, strike, spot, q, r, t, vol]: Row): AmericanInputs => ({ type, strike, spot, rf: q, rd: r, t, vol });

// Haug, "Option pricing formulas" (1998) p. 24, as checked by QuantLib's americanoption.cpp
// (tolerance 3e-3 there: Haug's figures were replicated only to about the second digit).
const HAUG_BAW: Row[] = [
  ['call', 100, 90, 0.1, 0.1, 0.1, 0.15, 0.0206], ['call', 100, 100, 0.1, 0.1, 0.1, 0.15, 1.8771],
  ['call', 100, 110, 0.1, 0.1, 0.1, 0.15, 10.0089], ['call', 100, 90, 0.1, 0.1, 0.1, 0.25, 0.3159],
  ['call', 100, 100, 0.1, 0.1, 0.1, 0.25, 3.128], ['call', 100, 110, 0.1, 0.1, 0.1, 0.25, 10.3919],
  ['call', 100, 90, 0.1, 0.1, 0.1, 0.35, 0.9495], ['call', 100, 100, 0.1, 0.1, 0.1, 0.35, 4.3777],
  ['call', 100, 110, 0.1, 0.1, 0.1, 0.35, 11.1679], ['call', 100, 90, 0.1, 0.1, 0.5, 0.15, 0.8208],
  ['call', 100, 100, 0.1, 0.1, 0.5, 0.15, 4.0842], ['call', 100, 110, 0.1, 0.1, 0.5, 0.15, 10.8087],
  ['call', 100, 90, 0.1, 0.1, 0.5, 0.25, 2.7437], ['call', 100, 100, 0.1, 0.1, 0.5, 0.25, 6.8015],
  ['call', 100, 110, 0.1, 0.1, 0.5, 0.25, 13.017], ['call', 100, 90, 0.1, 0.1, 0.5, 0.35, 5.0063],
  ['call', 100, 100, 0.1, 0.1, 0.5, 0.35, 9.5106], ['call', 100, 110, 0.1, 0.1, 0.5, 0.35, 15.5689],
  ['put', 100, 90, 0.1, 0.1, 0.1, 0.15, 10.0], ['put', 100, 100, 0.1, 0.1, 0.1, 0.15, 1.877],
  ['put', 100, 110, 0.1, 0.1, 0.1, 0.15, 0.041], ['put', 100, 90, 0.1, 0.1, 0.1, 0.25, 10.2533],
  ['put', 100, 100, 0.1, 0.1, 0.1, 0.25, 3.1277], ['put', 100, 110, 0.1, 0.1, 0.1, 0.25, 0.4562],
  ['put', 100, 90, 0.1, 0.1, 0.1, 0.35, 10.8787], ['put', 100, 100, 0.1, 0.1, 0.1, 0.35, 4.3777],
  ['put', 100, 110, 0.1, 0.1, 0.1, 0.35, 1.2402], ['put', 100, 90, 0.1, 0.1, 0.5, 0.15, 10.5595],
  ['put', 100, 100, 0.1, 0.1, 0.5, 0.15, 4.0842], ['put', 100, 110, 0.1, 0.1, 0.5, 0.15, 1.0822],
  ['put', 100, 90, 0.1, 0.1, 0.5, 0.25, 12.4419], ['put', 100, 100, 0.1, 0.1, 0.5, 0.25, 6.8014],
  ['put', 100, 110, 0.1, 0.1, 0.5, 0.25, 3.3226], ['put', 100, 90, 0.1, 0.1, 0.5, 0.35, 14.6945],
  ['put', 100, 100, 0.1, 0.1, 0.5, 0.35, 9.5104], ['put', 100, 110, 0.1, 0.1, 0.5, 0.35, 5.8823],
  ['put', 100, 100, 0.0, 0.0, 0.5, 0.15, 4.2294],
];

// Haug (1998) p. 27 and VBA code, via QuantLib's testBjerksundStenslandValues (1993 version).
const HAUG_BS1993: Row[] = [
  ['call', 40, 42, 0.08, 0.04, 0.75, 0.35, 5.2704],
  ['put', 40, 36, 0.0, 0.06, 1.0, 0.2, 4.4531],
];

const market = fc.record({
  type: fc.constantFrom<'call' | 'put'>('call', 'put'),
  spot: fc.double({ min: 60, max: 160, noNaN: true }),
  days: fc.integer({ min: 5, max: 1100 }),
  rd: fc.double({ min: 0.001, max: 0.12, noNaN: true }),
  rf: fc.double({ min: 0, max: 0.12, noNaN: true }),
  vol: fc.double({ min: 0.05, max: 0.8, noNaN: true }),
});
const STRIKE = 100;
const toInputs = (m: { type: 'call' | 'put'; spot: number; days: number; rd: number; rf: number; vol: number }): AmericanInputs => ({
  type: m.type, spot: m.spot, strike: STRIKE, t: m.days / 365, rd: m.rd, rf: m.rf, vol: m.vol,
});

describe('American approximations against published tables', () => {
  it('Barone-Adesi-Whaley reproduces Haug (1998) p. 24 to 3e-3', () => {
    for (const row of HAUG_BAW) expect(Math.abs(priceAmerican(opt(row), 'baw') - row[7])).toBeLessThan(3e-3);
  });
  it('Bjerksund-Stensland 1993 reproduces Haug (1998) to 5e-5', () => {
    for (const row of HAUG_BS1993) {
      expect(Math.abs(priceAmerican(opt(row), 'bjerksund_stensland_1993') - row[7])).toBeLessThan(5e-5);
    }
  });
});

/**
 * QuantLib's value, floored at the European and the intrinsic value as ours is (QuantLib
 * reports the raw approximation, which for some deep in-the-money calls falls below intrinsic); inputs where QuantLib has no answer are skipped (ours must still be finite:
 * the property tests below cover every input).
 */
function qlOrSkip(run: () => number, o: AmericanInputs): number {
  let v: number;
  try {
    v = run();
  } catch {
    v = Number.NaN;
  }
  // QuantLib throws or returns NaN where its formulas break down (e.g. rf ~ 1e-14).
  fc.pre(Number.isFinite(v));
  return Math.max(v, europeanValue(o), intrinsic(o));
}

/**
 * The QuantLib JS port's critical-price Newton has no iteration cap: on rare generated inputs
 * it never returns (seen in CI: a run stuck inside BaroneAdesiWhaleyApproximationEngine). The
 * peer comparisons therefore use a fixed seed, so their 400 inputs are the same every run;
 * the properties of our own engines below keep random seeds.
 */
const QL_PEER_SEED = 20261122;

describe('American approximations against QuantLib (@quantlib/ql)', () => {
  it('Barone-Adesi-Whaley agrees with BaroneAdesiWhaleyApproximationEngine', () => {
    fc.assert(
      fc.property(market, (m) => {
        const ours = priceAmerican(toInputs(m), 'baw');
        const ql = qlOrSkip(() => qlAmerican(m.type, STRIKE, m.days, m, 'baw'), toInputs(m));
        // QuantLib stops its critical-price Newton at 1e-6; ours iterates to rounding.
        expect(Math.abs(ours - ql)).toBeLessThanOrEqual(2e-6 * STRIKE);
      }),
      { numRuns: 400, seed: QL_PEER_SEED },
    );
  });
  it('Bjerksund-Stensland 1993 agrees with BjerksundStenslandApproximationEngine to 1e-10 of S + K', () => {
    fc.assert(
      fc.property(market, (m) => {
        const ours = priceAmerican(toInputs(m), 'bjerksund_stensland_1993');
        const ql = qlOrSkip(() => qlAmerican(m.type, STRIKE, m.days, m, 'bjerksund_stensland'), toInputs(m));
        // The formula sums terms of the size of S and K that cancel deep in the money, so the
        // agreement is 1e-10 relative to S + K, not to the (possibly small) value.
        expect(Math.abs(ours - ql)).toBeLessThanOrEqual(1e-10 * (m.spot + STRIKE));
      }),
      { numRuns: 400, seed: QL_PEER_SEED },
    );
  });
});

describe('numerical American method (Andersen-Lake-Offengenden)', () => {
  it('agrees with Crank-Nicolson + Richardson finite differences to 1e-6 of the strike', () => {
    const cases: AmericanInputs[] = [
      { type: 'put', spot: 80, strike: 100, t: 0.75, rd: 0.04, rf: 0, vol: 0.3 },
      { type: 'put', spot: 100, strike: 100, t: 1, rd: 0.05, rf: 0.05, vol: 0.2 },
      { type: 'put', spot: 100, strike: 100, t: 3, rd: 0.02, rf: 0.08, vol: 0.4 },
      { type: 'call', spot: 42, strike: 40, t: 0.75, rd: 0.04, rf: 0.08, vol: 0.35 },
      { type: 'call', spot: 1.1, strike: 1.15, t: 0.5, rd: 0.01, rf: 0.045, vol: 0.1 },
      { type: 'put', spot: 120, strike: 100, t: 2, rd: 0.06, rf: 0.01, vol: 0.25 },
    ];
    for (const o of cases) {
      const fd = americanFiniteDifference(o, { spaceSteps: 400, timeSteps: 400 });
      expect(Math.abs(andersenLakeOffengenden(o) - fd)).toBeLessThan(1e-6 * o.strike);
    }
  });

  it('handles the two-boundary regime (q < r < 0 for a put) by finite differences', () => {
    const o: AmericanInputs = { type: 'put', spot: 100, strike: 100, t: 1, rd: -0.005, rf: -0.01, vol: 0.3 };
    const v = andersenLakeOffengenden(o);
    expect(v).toBeGreaterThanOrEqual(europeanValue(o) - 1e-12);
    expect(v).toBeGreaterThanOrEqual(intrinsic(o));
  });
});

/**
 * The accuracy grid of the fast method: puts and calls, 1 day to 5 years, vols 5 % to 100 %,
 * rates -2 % to 15 % with slices r = q (futures, Black-76: b = 0), r = 0 and q = 0, spot
 * within two standard deviations of the strike (and 0.2 to 5 times it). Deterministic, so a
 * failure names its case.
 */
function accuracyGrid(n: number, seed: number): AmericanInputs[] {
  const rng = new Xoshiro128(seed);
  const u = (a: number, b: number) => a + (b - a) * rng.nextDouble();
  const out: AmericanInputs[] = [];
  while (out.length < n) {
    const kind = out.length % 10;
    let r = u(-0.02, 0.15), q = u(-0.02, 0.15);
    if (kind < 2) q = r; else if (kind === 2) r = 0; else if (kind === 3) q = 0;
    const t = Math.exp(u(Math.log(1 / 365), Math.log(5)));
    const vol = u(0.05, 1.0);
    const spot = 100 * Math.min(5, Math.max(0.2, Math.exp(u(-2, 2) * vol * Math.sqrt(t))));
    const o: AmericanInputs = { type: out.length % 2 ? 'call' : 'put', spot, strike: 100, t, rd: r, rf: q, vol };
    if (exerciseRegime(o) === 'double') continue; // both methods use finite differences there
    out.push(o);
  }
  return out;
}

describe('qdfp: the fast method against the accurate references', () => {
  it('is within 1e-6 of the strike of the numerical method (Andersen-Lake-Offengenden) over the grid', () => {
    for (const o of accuracyGrid(70, 20261123)) {
      const ref = andersenLakeOffengenden(o);
      expect(Math.abs(qdFixedPoint(o) - ref), JSON.stringify(o)).toBeLessThan(1e-6 * o.strike);
    }
  });

  it('agrees with Crank-Nicolson + Richardson finite differences (an independent method) to 3e-6 of the strike', () => {
    // FD on a 1000 x 1000 grid (with Richardson) is itself good to ~1e-6 of the strike here.
    const cases: AmericanInputs[] = [
      { type: 'call', spot: 105, strike: 100, t: 2, rd: 0.03, rf: 0.03, vol: 0.25 }, // futures option: b = 0
      { type: 'put', spot: 120, strike: 100, t: 5, rd: 0.06, rf: 0.01, vol: 0.25 },
      { type: 'call', spot: 1.1, strike: 1.15, t: 0.5, rd: 0.01, rf: 0.045, vol: 0.1 },
    ];
    for (const o of cases) {
      const fd = americanFiniteDifference(o, { spaceSteps: 1000, timeSteps: 1000 });
      expect(Math.abs(qdFixedPoint(o) - fd)).toBeLessThan(3e-6 * o.strike);
    }
  });

  it('prices in the exercise region at intrinsic, and the European and zero-rate regimes exactly', () => {
    expect(qdFixedPoint({ type: 'put', spot: 20, strike: 100, t: 1, rd: 0.08, rf: 0, vol: 0.2 })).toBe(80);
    const noEarly: AmericanInputs = { type: 'put', spot: 95, strike: 100, t: 1, rd: 0, rf: 0.02, vol: 0.2 };
    expect(qdFixedPoint(noEarly)).toBe(Math.max(europeanValue(noEarly), intrinsic(noEarly)));
  });
});

describe('no-arbitrage properties of every method', () => {
  for (const method of AMERICAN_METHODS) {
    it(`${method}: American >= max(European, intrinsic), bounded, monotone in spot`, () => {
      fc.assert(
        fc.property(market, (m) => {
          const o = toInputs(m);
          const v = priceAmerican(o, method);
          expect(v).toBeGreaterThanOrEqual(Math.max(europeanValue(o), intrinsic(o)) - 1e-9);
          expect(v).toBeLessThanOrEqual(o.type === 'call' ? o.spot : o.strike);
          const up = priceAmerican({ ...o, spot: o.spot * 1.01 }, method);
          if (o.type === 'call') expect(up).toBeGreaterThanOrEqual(v - 1e-9);
          else expect(up).toBeLessThanOrEqual(v + 1e-9);
        }),
        { numRuns: method === 'numerical' ? 25 : 300 },
      );
    });
  }
});

// The one Monte Carlo engine against every template's closed form (dates and years
// timelines), the simulated templates against an independent lattice, seasoned products,
// greeks with common random numbers, and solves.
import { describe, expect, it } from 'vitest';
import { TEMPLATE_NAMES, type TemplateName } from '../../instruments/structured/ast';
import { type Calendar, HolidayCalendar } from '../../dates/calendar';
import { addDays, fromISO, toISO } from '../../dates/date';
import { templatePackage, type TemplateOptions } from '../../instruments/structured/templates';
import { isLinearIn, priceStructuredSync, solveStructured, structuredGreeks, type StructuredRequest } from './index';
import { priceOne } from '../../api/price-request';
import { accumulatorLattice, richardson, snowballLattice } from './testing/lattice';

const WEEKDAYS = new HolidayCalendar('TST', { holidays: [] });
const calendars = (code: string): Calendar | undefined => (code === 'TST' ? WEEKDAYS : undefined);
const fx = { spot: 7.1, rd: 0.018, rf: 0.042, vol: 0.065 };
const closedFormTemplates: TemplateName[] = ['sharkfinBullEuropean', 'sharkfinBullAmerican', 'sharkfinBearEuropean', 'sharkfinBearAmerican', 'rangeAccrual', 'twoTier', 'threeTier', 'dualCurrency'];

function req(t: TemplateName, o: TemplateOptions, extra: Partial<StructuredRequest> = {}): StructuredRequest {
  return {
    product: templatePackage(t, { calendar: 'TST', trade: '2025-03-03', ...o }),
    market: fx,
    context: { valuationDate: '2025-03-03', calendars },
    ...extra,
  };
}

describe('the Monte Carlo engine agrees with every closed form', () => {
  for (const t of closedFormTemplates) {
    for (const timeline of ['dates', 'years'] as const) {
      it(`${t} (${timeline}): MC within 4 standard errors of the closed form`, () => {
        const o: TemplateOptions = { timeline, ...(t === 'dualCurrency' ? { deposit: 'base' as const } : {}), ...(t === 'twoTier' ? { direction: 'bear' as const } : {}) };
        const cf = priceStructuredSync(req(t, o));
        expect(cf.method).toBe('closedForm');
        expect(cf.closedForm).toBe(t);
        const mc = priceStructuredSync(req(t, o, { method: 'mc', mc: { paths: 65_536, seed: 5 } }));
        expect(mc.method).toBe('mc');
        expect(mc.stderr!).toBeGreaterThan(0);
        expect(Math.abs(mc.npv - cf.npv), `${mc.npv} vs ${cf.npv} +- ${mc.stderr}`).toBeLessThan(4 * mc.stderr!);
        if (t.startsWith('sharkfin')) {
          const pKO = mc.mc!.ruleProbabilities[0].probability;
          expect(Math.abs(pKO - cf.details.knockOutProbability)).toBeLessThan(0.01);
        }
      });
    }
  }

  it('pseudo-random numbers agree too, and a modified rule loses the closed form', () => {
    const r = req('sharkfinBullAmerican', { timeline: 'years' });
    const cf = priceStructuredSync(r).npv;
    const ps = priceStructuredSync({ ...r, method: 'mc', mc: { generator: 'pseudo', paths: 200_000, seed: 2 } });
    expect(Math.abs(ps.npv - cf)).toBeLessThan(4 * ps.stderr!);
    expect(ps.mc!.generator).toBe('pseudo');
    const edited = { ...r.product, rules: [...r.product.rules].reverse() };
    expect(priceStructuredSync({ ...r, product: edited }).method).toBe('mc');
  });
});

describe('simulated templates against an independent lattice', () => {
  it('snowball (PRICING-CLI model, daily knock-in) within 4 combined standard errors', () => {
    const m = { spot: 100, rd: 0.03, rf: 0.01, vol: 0.25 };
    const n = 252;
    const kiTimes = Array.from({ length: n }, (_, i) => (i + 1 === n ? 1 : (i + 1) / n));
    const koTimes = [3, 6, 9, 12].map((k) => kiTimes[21 * k - 1]);
    // Levels on lattice cell boundaries: ln(KO) = 0.03, ln(KI) = -0.3.
    const spec = { t: 1, knockOutRatio: Math.exp(0.03), knockInRatio: Math.exp(-0.3), knockOutTimes: koTimes, knockInTimes: kiTimes, coupon: 0.18, bonusCoupon: 0.12 };
    const ref = richardson((h) => snowballLattice(m, spec, h), 0.005);
    const cli = priceOne({ model: 'snowball', ...m, t: 1, knockOutRatio: spec.knockOutRatio, knockInRatio: spec.knockInRatio, knockOutTimes: koTimes, knockInCount: n, coupon: 0.18, bonusCoupon: 0.12, paths: 100_000, seed: 4 }) as { npv: number; stderr: number };
    expect(ref.error).toBeLessThan(cli.stderr);
    expect(Math.abs(cli.npv - ref.value), `${cli.npv} vs ${ref.value}`).toBeLessThan(4 * Math.hypot(cli.stderr, ref.error));
  }, 60_000);

  it('accumulator (PRICING-CLI model, guaranteed fixings) within 4 combined standard errors', () => {
    const m = { spot: 7, rd: 0.02, rf: 0.04, vol: 0.08 };
    const spec = { t: 1, strike: 7 * Math.exp(-0.02), knockOut: 7 * Math.exp(0.04), gearing: 2, fixings: Array.from({ length: 52 }, (_, i) => (i + 1 === 52 ? 1 : (i + 1) / 52)), guaranteedFixings: 4 };
    const ref = richardson((h) => accumulatorLattice(m, spec, h), 0.002);
    const cli = priceOne({ model: 'accumulator', ...m, t: 1, strike: spec.strike, knockOut: spec.knockOut, fixingCount: 52, guaranteedFixings: 4, paths: 100_000, seed: 8 }) as { npv: number; stderr: number };
    expect(Math.abs(cli.npv - ref.value), `${cli.npv} vs ${ref.value}`).toBeLessThan(4 * Math.hypot(cli.stderr, ref.error));
  }, 60_000);

  it('CLI snowball and accumulator: same request, same result; another seed, another draw', () => {
    const r = { model: 'snowball', spot: 100, t: 1, rd: 0.03, rf: 0, vol: 0.2, knockOutRatio: 1.03, knockOutTimes: [0.25, 0.5, 0.75, 1], knockInRatio: 0.8, knockInCount: 52, coupon: 0.15, paths: 20_000 };
    const a = priceOne(r), b = priceOne(r), c = priceOne({ ...r, seed: 2 });
    expect(a).toEqual(b);
    expect(c.npv).not.toBe(a.npv);
    expect(priceOne({ ...r, knockInRatio: 1.1 })).toEqual({ error: 'field knockInRatio must be < knockOutRatio' });
    expect(priceOne({ ...r, knockOutTimes: [0.5, 0.25] })).toEqual({ error: 'field knockOutTimes: times must be strictly increasing' });
    expect(priceOne({ ...r, knockInTimes: [0.5] })).toEqual({ error: 'give either knockInCount or knockInTimes' });
  });
});

describe('seasoned products (bulk valuation): past fixings, knocked in or out already', () => {
  const product = templatePackage('snowball', { calendar: 'TST', trade: '2025-01-06', maturity: 'start + 1Y' });
  const s0 = 7.2;
  const history = (until: string, level: (d: string) => number) => {
    const f: Record<string, number> = { '2025-01-06': s0 };
    for (let d = addDays(fromISO('2025-01-06'), 1); d < fromISO(until); d = addDays(d, 1)) if (WEEKDAYS.isBusinessDay(d)) f[toISO(d)] = level(toISO(d));
    return f;
  };
  const value = (fixings: Record<string, number>, state?: { vars?: Record<string, number> }) =>
    priceStructuredSync({ product, market: { ...fx, spot: 7.0 }, context: { valuationDate: '2025-06-02', calendars, fixings, state }, mc: { paths: 16_384, seed: 3 } });

  it('a knock-in seen in the stored fixings values the same as the knock-in given as state', () => {
    const kiSeen = value(history('2025-06-02', (d) => (d === '2025-02-14' ? 5.2 : 7.15)));
    const kiGiven = value(history('2025-06-02', () => 7.15), { vars: { knockedIn: 1 } });
    const none = value(history('2025-06-02', () => 7.15));
    expect(kiSeen.npv).toBeCloseTo(kiGiven.npv, 14);
    expect(kiSeen.details['P(kiDates#2)']).toBe(1);
    expect(none.npv).toBeGreaterThan(kiSeen.npv + 10 * none.stderr!);
  });

  it('a seasoned range accrual: the closed form counts the stored fixings as the simulation replays them', () => {
    const ra = templatePackage('rangeAccrual', { calendar: 'TST', trade: '2025-01-06', maturity: 'start + 6M' });
    const fixings = history('2025-03-03', (d) => (d < '2025-02-01' ? 7.21 : 7.6)); // in range in January, out after
    const r = { product: ra, market: { ...fx, spot: 7.25 }, context: { valuationDate: '2025-03-03', calendars, fixings } };
    const cf = priceStructuredSync(r);
    const mc = priceStructuredSync({ ...r, method: 'mc', mc: { paths: 32_768, seed: 2 } });
    expect(cf.method).toBe('closedForm');
    expect(Math.abs(mc.npv - cf.npv), `${mc.npv} vs ${cf.npv} +- ${mc.stderr}`).toBeLessThan(4 * mc.stderr!);
  });

  it('a matured product is decided by its fixings: exact, no simulation error', () => {
    // 7.0: below every knock-out level (the last is (103% - 9 x 0.5%) x 7.2 = 7.09), above the knock-in level.
    const fixings = history('2026-01-07', () => 7.0);
    const done = priceStructuredSync({ product, market: fx, context: { valuationDate: '2026-01-07', calendars, fixings }, mc: { paths: 4096 } });
    expect([done.npv, done.stderr]).toEqual([0, 0]); // paid on 2026-01-06, before the valuation date
    const today = priceStructuredSync({ product, market: fx, context: { valuationDate: '2026-01-06', calendars, fixings: { ...fixings, '2026-01-06': 7.0 } }, mc: { paths: 4096 } });
    expect(today.npv).toBeCloseTo(1 + 0.15 * (365 / 365), 14); // paid today: never knocked in, the bonus coupon
    expect(today.stderr).toBe(0);
  });

  it('knocked out on a past observation: nothing left to pay', () => {
    const ko = value(history('2025-06-02', (d) => (d === '2025-04-07' ? 7.6 : 7.15)));
    expect(ko.npv).toBe(0);
    expect(ko.stderr).toBe(0);
    expect(ko.details['P(koDates#1)']).toBe(1);
  });
});

describe('greeks and solves', () => {
  it('Monte Carlo greeks with common random numbers agree with the closed form greeks', async () => {
    const r = req('sharkfinBullEuropean', { timeline: 'years', maturity: 0.5 });
    const cf = await structuredGreeks(r);
    const mc = await structuredGreeks({ ...r, method: 'mc', mc: { paths: 65_536, seed: 9 } });
    for (const g of ['delta', 'vega', 'rhoDomestic', 'rhoForeign'] as const) {
      expect(mc[g].stderr!, g).toBeGreaterThan(0);
      // The MC bump is wider (1%): allow for its curvature as well as the noise.
      expect(Math.abs(mc[g].value - cf[g].value), `${g}: ${mc[g].value} vs ${cf[g].value} +- ${mc[g].stderr}`).toBeLessThan(4 * mc[g].stderr! + 0.02 * Math.abs(cf[g].value));
    }
    expect(cf.delta.value).toBeGreaterThan(0);
  });

  it('a coupon solve is exact for the simulated price (linear in the coupon); a strike solve searches', async () => {
    const r = req('snowball', { timeline: 'years', maturity: 1 }, { mc: { paths: 8192, seed: 1 } });
    expect(isLinearIn(r.product, 'coupon')).toBe(true);
    expect(isLinearIn(r.product, 'kiRatio')).toBe(false);
    const s = await solveStructured(r, { param: 'coupon', target: 0.99 });
    expect(s.method).toBe('linear');
    const check = priceStructuredSync({ ...r, context: { ...r.context, params: { coupon: s.value } } });
    expect(check.npv).toBeCloseTo(0.99, 12);
    expect(s.stderr!).toBeGreaterThan(0);
    const acc = req('accumulator', { timeline: 'years', maturity: 0.5 }, { mc: { paths: 8192, seed: 1 } });
    expect(isLinearIn(acc.product, 'strikeRatio')).toBe(false);
    const z = await solveStructured(acc, { param: 'strikeRatio', target: 0 });
    expect(z.method).toBe('illinois');
    expect(Math.abs(z.npv)).toBeLessThan(1e-6);
    expect(z.value).toBeGreaterThan(0.9);
    expect(z.value).toBeLessThan(1.03);
  }, 60_000);
});

it('bulk pricing: 20 snowballs with different knock-out levels, each with its coupon solved', async () => {
  const product = templatePackage('snowball', { timeline: 'years', maturity: 1 });
  const market = { spot: 100, rd: 0.02, rf: 0, vol: 0.2 };
  const coupons: number[] = [];
  for (let i = 0; i < 20; i++) {
    const r: StructuredRequest = { product, market, context: { params: { koStart: 1.0 + 0.005 * i } }, mc: { paths: 4096, seed: 1 } };
    const s = await solveStructured(r, { param: 'coupon', target: 0.98 });
    const check = priceStructuredSync({ ...r, context: { params: { ...r.context!.params, coupon: s.value } } });
    expect(check.npv).toBeCloseTo(0.98, 10);
    coupons.push(s.value);
  }
  // Each level has its own coupon (a knock-out level moves both the early redemptions and the time at risk).
  expect(new Set(coupons.map((c) => c.toFixed(6))).size).toBe(20);
  for (const c of coupons) expect(c).toBeGreaterThan(0);
}, 60_000);

it('templates linked to gold and to a commodity future carry their currency', () => {
  const gold = priceStructuredSync({ product: templatePackage('sharkfinBullAmerican', { timeline: 'years', underlying: { kind: 'gold', code: 'XAUUSD' } }), market: { spot: 2300, rd: 0.045, rf: 0.01, vol: 0.15 } });
  expect([gold.currency, gold.method]).toEqual(['USD', 'closedForm']);
  const oil = priceStructuredSync({
    product: templatePackage('rangeAccrual', { timeline: 'years', underlying: { kind: 'commodity', code: 'SC2509' }, currency: 'CNY' }),
    // A futures price has no drift: rf = rd.
    market: { spot: 520, rd: 0.018, rf: 0.018, vol: 0.3 },
  });
  expect([oil.currency, oil.method]).toEqual(['CNY', 'closedForm']);
});

it('every template prices with its defaults (dates timeline)', () => {
  for (const t of TEMPLATE_NAMES) {
    const p = priceStructuredSync(req(t, {}, { mc: { paths: 4096 } }));
    expect(Number.isFinite(p.npv), t).toBe(true);
    expect(p.currency).toBe('CNY');
  }
});

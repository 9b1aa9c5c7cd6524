// A curve saved on /curveConstruction priced by the rate option screens: the request the screen
// sends (savedCurveDefinitions -> toRateOptionRequest -> OptPricingSvr RATEOPTION, the entry the
// server and the offline worker share) prices the saved definition exactly as the engine does
// when that definition is built directly; the same quotes as the market price the same, a quote
// changed on the construction screen moves the price; DV01 bumps the saved curve's own quotes.
import { describe, expect, it } from 'vitest';
import type { CurvePoint } from '../../kit/market-data/client';
import { rateOptionTools } from '../../pricing-core/api/tools';
import { fromISO } from '../../pricing-core/dates/date';
import { advance, parseTenor } from '../../pricing-core/dates/tenor';
import { conventionSwap, indexConvention, spotDate } from '../../pricing-core/market/curves/conventions';
import { buildCurve, type CurveDefinition } from '../../pricing-core/market/curves/curve-definition';
import { priceCapFloor } from '../../pricing-core/engines/rates/cap-floor';
import { rateCalendars, type RateOptionReply } from '../../pricing-core/engines/rates/rate-option-calculator';
import { forwardSwapAt, priceSwaption } from '../../pricing-core/engines/rates/swaption';
import {
  SAVED_CURVE_VERSION, buildPair, defaultSettings, instrumentRows, marketDefinition, savedCurve, toDefinition, type MarketQuotes, type SavedCurve,
} from '../curveConstruction/market-curve';
import { DEFAULT_CALC, curveDefinitions, savedCurveDefinitions, toRateOptionRequest, type CalcInputs } from './model';

const asOf = '2026-11-20';
const point = (index: string, tenor: string, value: number): CurvePoint => ({ id: `irs.${index}.${tenor}`, tenor, value, date: asOf, source: 'sample', sourceKind: 'sample', asOf });
const fr = ['1M', '3M', '6M', '1Y', '2Y', '3Y', '5Y', '7Y', '10Y'].map((t, i) => point('FR007', t, 1.48 + 0.04 * i));
const sh = ['6M', '1Y', '2Y', '3Y', '5Y', '7Y', '10Y'].map((t, i) => point('SHIBOR3M', t, 1.58 + 0.05 * i));
const words = (k: string) => ({ zh: k, en: k });
const price = (req: Record<string, unknown>) => rateOptionTools['ATS.OPTPRICINGSVR.RATEOPTION'](req) as unknown as RateOptionReply;

/** The quotes as /curveConstruction sees them (the swaps only, as the option screens' market curve). */
const quotes = (pts: CurvePoint[]): MarketQuotes => ({ fixing: null, deposits: [], swaps: pts.map((p) => ({ id: p.id, tenor: p.tenor, value: p.value, date: p.date })) });

/** What /curveConstruction stores when the user saves (overrides: quotes typed over the market's, percent). */
function saveOnConstruction(index: 'FR007' | 'SHIBOR3M', pts: CurvePoint[], overrides: Record<string, number>, discount?: CurvePoint[]): SavedCurve {
  const settings = { ...defaultSettings(index), overrides, discount: discount ? ('FR007' as const) : ('self' as const) };
  const definition = toDefinition(`my ${index} ${asOf}`, asOf, settings, instrumentRows(quotes(pts), settings));
  return {
    definition, settings, sources: [{ source: 'sample', sourceKind: 'sample', asOf }],
    ...(discount ? { discountDefinition: marketDefinition('FR007', quotes(discount))! } : {}),
  };
}

/** The screen's path: the stored payload through the picker's parser into the request's curves. */
const fromPayload = (payload: SavedCurve): CurveDefinition[] => savedCurveDefinitions(savedCurve(JSON.parse(JSON.stringify(payload))));

const swaption: CalcInputs = { ...DEFAULT_CALC, product: 'swaption', index: 'FR007', expiry: '1Y', tenor: '5Y', atm: false, strike: 1.7, notional: 1e8, volModel: 'normal', vol: 0.35 };
const cap: CalcInputs = { ...DEFAULT_CALC, product: 'cap', index: 'SHIBOR3M', tenor: '3Y', atm: false, strike: 1.8, notional: 1e8, volModel: 'normal', vol: 0.4 };

describe('rate options off a curve saved on /curveConstruction', () => {
  it('a swaption off a saved FR007 curve is the engine\'s price off that definition built directly', () => {
    const saved = saveOnConstruction('FR007', fr, { 'swap:5Y': 1.8 });
    const defs = fromPayload(saved);
    expect(defs).toHaveLength(1);
    const q5y = defs[0].instruments.find((x) => x.type === 'swap' && x.tenor === '5Y');
    expect(q5y && 'quote' in q5y ? q5y.quote : null).toBeCloseTo(0.018, 15);
    const reply = price(toRateOptionRequest(swaption, defs, words));
    expect(reply.curves.map((c) => c.name)).toEqual([`my FR007 ${asOf}`]);

    // Directly: build the saved definition, price the 1Y x 5Y payer at 1.7 %.
    const built = buildCurve(saved.definition, { calendars: rateCalendars });
    const v = built.valuationDate;
    const expiry = advance(built.calendar, v, parseTenor('1Y'), 'ModifiedFollowing');
    const underlying = forwardSwapAt(indexConvention('FR007'), built.calendar, expiry, '5Y', { fixedRate: 0.017, notional: 1e8, payer: true });
    const direct = priceSwaption({ expiry, underlying }, { valuationDate: v, discount: built.curve, projection: built.curve }, { model: 'normal', vol: 0.0035 });
    // The same to the last few ulps (the bootstraps iterate): 1e-9 on a 1e8 notional.
    expect(Math.abs(reply.npv - direct.npv)).toBeLessThan(1e-9);
    expect(reply.product === 'swaption' ? reply.forwardSwapRate : NaN).toBeCloseTo(direct.forwardSwapRate, 14);
    expect(reply.valuationDate).toBe(asOf);
  });

  it('one saved curve, one set of discount factors: the option engine builds it as /irsCal and /carryRoll do, holidays past the last notice projected alike', () => {
    // On these dates the quotes' schedules reach past 2026 into a projected CNY holiday
    // (weekends only would put other node dates there).
    for (const day of ['2026-11-04', '2026-11-30', '2026-12-08']) {
      const at = (pts: CurvePoint[]) => pts.map((p) => ({ ...p, date: day, asOf: day }));
      const settings = { ...defaultSettings('SHIBOR3M'), overrides: { 'swap:7Y': 2.1 }, discount: 'FR007' as const };
      const definition = toDefinition(`my SHIBOR3M ${day}`, day, settings, instrumentRows(quotes(at(sh)), settings));
      const saved: SavedCurve = { definition, settings, sources: [{ source: 'sample', sourceKind: 'sample', asOf: day }], discountDefinition: marketDefinition('FR007', quotes(at(fr)))! };
      const screen = buildPair(saved.definition, saved.discountDefinition);
      const defs = fromPayload(saved);
      const disc = buildCurve(defs[0], { calendars: rateCalendars });
      const proj = buildCurve(defs[1], { calendars: rateCalendars, discountedBy: disc });
      for (const [engine, shown] of [[disc, screen.discount], [proj, screen.projection]]) {
        expect(engine.nodes.map((n) => n.date)).toEqual(shown.nodes.map((n) => n.date));
        for (let t = 0.25; t <= 10; t += 0.25) expect(engine.curve.discount(t)).toBe(shown.curve.discount(t));
      }
    }
  });

  it('the market\'s quotes saved as they are price as the market curve; a changed quote moves the price', () => {
    const market = price(toRateOptionRequest(swaption, curveDefinitions('FR007', fr, null, asOf), words));
    const same = price(toRateOptionRequest(swaption, fromPayload(saveOnConstruction('FR007', fr, {})), words));
    expect(same.npv).toBeCloseTo(market.npv, 6);
    const moved = price(toRateOptionRequest(swaption, fromPayload(saveOnConstruction('FR007', fr, { 'swap:5Y': 1.8 })), words));
    // 5Y up from 1.72 % to 1.8 %: the 1Y x 5Y forward rises, the payer is worth more.
    expect(moved.npv - market.npv).toBeGreaterThan(1000);
  });

  it('a cap off a saved dual curve (SHIBOR 3M discounted on FR007) is the engine\'s price off both definitions built directly', () => {
    const saved = saveOnConstruction('SHIBOR3M', sh, { 'swap:2Y': 1.75 }, fr);
    const defs = fromPayload(saved);
    expect(defs.map((d) => d.index)).toEqual(['FR007', 'SHIBOR3M']);
    expect(defs[1].discountCurve).toBe(defs[0].name);
    const reply = price(toRateOptionRequest(cap, defs, words));
    expect(reply.curves.map((c) => c.name)).toEqual(defs.map((d) => d.name));

    const disc = buildCurve(saved.discountDefinition!, { calendars: rateCalendars });
    const proj = buildCurve({ ...saved.definition, discountCurve: disc.name }, { calendars: rateCalendars, discountedBy: disc });
    const conv = indexConvention('SHIBOR3M');
    const v = proj.valuationDate;
    const start = spotDate(conv, proj.calendar, v);
    const end = advance(proj.calendar, start, parseTenor('3Y'), conv.swap.convention, conv.swap.endOfMonth);
    const periods = conventionSwap(conv, proj.calendar, { startDate: start, endDate: end, fixedRate: 0.018, notional: 1e8, payer: true }).float.periods;
    const direct = priceCapFloor({ type: 'cap', strike: 0.018, periods, inArrears: conv.index.kind === 'compounded' },
      { valuationDate: v, discount: disc.curve, projection: proj.curve }, { model: 'normal', vol: 0.004 });
    // The same to the last few ulps, as above.
    expect(Math.abs(reply.npv - direct.npv)).toBeLessThan(1e-9);
    expect(v).toEqual(fromISO(asOf));

    const market = price(toRateOptionRequest(cap, curveDefinitions('SHIBOR3M', sh, fr, asOf), words));
    const same = price(toRateOptionRequest(cap, fromPayload(saveOnConstruction('SHIBOR3M', sh, {}, fr)), words));
    expect(same.npv).toBeCloseTo(market.npv, 6);
    expect(Math.abs(reply.npv - market.npv)).toBeGreaterThan(100);
  });

  it('DV01 bumps the saved curve\'s own quotes (and its discount curve\'s) by 1bp', () => {
    const saved = saveOnConstruction('SHIBOR3M', sh, { 'swap:2Y': 1.75 }, fr);
    const defs = fromPayload(saved);
    const bump = (d: CurveDefinition): CurveDefinition => ({ ...d, instruments: d.instruments.map((x) => (x.type === 'future' ? x : { ...x, quote: x.quote + 1e-4 })) });
    const base = price(toRateOptionRequest(cap, defs, words));
    const bumped = price({ ...toRateOptionRequest(cap, defs.map(bump), words), dv01: false });
    expect(base.dv01).not.toBeNull();
    expect(Math.abs(base.dv01! - (bumped.npv - base.npv))).toBeLessThan(1e-6);
    // Not the market curve's DV01.
    const market = price(toRateOptionRequest(cap, curveDefinitions('SHIBOR3M', sh, fr, asOf), words));
    expect(base.dv01).not.toBe(market.dv01);
  });

  it('a saved single curve loses a stray discountCurve; a discount curve named as the curve is renamed', () => {
    const d: CurveDefinition = { name: 'x', index: 'SHIBOR3M', asOf, interpolation: 'logLinearDiscount', discountCurve: 'gone', instruments: [{ type: 'swap', tenor: '1Y', quote: 0.016 }] };
    expect(savedCurveDefinitions({ definition: d })[0]).not.toHaveProperty('discountCurve');
    const dual = savedCurveDefinitions({ definition: d, discountDefinition: { ...d, index: 'FR007', discountCurve: undefined } });
    expect(dual[0].name).toBe('x (discount)');
    expect(dual[1].discountCurve).toBe('x (discount)');
    expect(SAVED_CURVE_VERSION).toBe(1);
  });
});

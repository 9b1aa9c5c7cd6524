import { describe, expect, it } from 'vitest';
import { HOLIDAY_SEED } from '../../dates/holiday-seed';
import { toISO } from '../../dates/date';
import { calendarLookup } from './conventions';
import { buildCurve, buildCurveSet, parseCurveDefinition, rolledForward, sampleCurve, solveCurves } from './curve-definition';
import { SAMPLE_CURVES } from './sample-curves';
import { CURVE_INTERPOLATIONS } from './interpolation';

const calendars = calendarLookup(HOLIDAY_SEED);

describe('curve definitions (JSON) and built curves', () => {
  it('every sample curve, every interpolation: inputs reprice below 1e-10 (we see < 1e-12)', () => {
    for (const interpolation of CURVE_INTERPOLATIONS) {
      const set = buildCurveSet(Object.values(SAMPLE_CURVES).map((d) => ({ ...d, interpolation })), calendars);
      for (const c of set.values()) {
        expect(c.maxRepricingError, `${c.name} ${interpolation}`).toBeLessThan(1e-12);
        expect(c.nodes.length).toBe(c.instruments.length);
        c.nodes.forEach((n, i) => {
          expect(n.discount).toBeCloseTo(Math.exp(-n.zeroRate * n.t), 15);
          if (i > 0) expect(n.date).toBeGreaterThan(c.nodes[i - 1].date);
        });
      }
    }
  });

  it('FR007 conventions: fixing from T+1 for 7 days, swaps from T+1 on the CNY calendar, quarterly', () => {
    const c = buildCurve(SAMPLE_CURVES.FR007, { calendars });
    const fixing = c.instruments[0];
    if (fixing.instrument.kind !== 'deposit') throw new Error('unreachable');
    expect(toISO(fixing.instrument.start)).toBe('2025-06-23'); // Fri 2025-06-20 -> Mon
    expect(toISO(fixing.instrument.end)).toBe('2025-06-30');
    const five = c.instruments.find((x) => x.label.endsWith(' 5Y'))!;
    if (five.instrument.kind !== 'swap') throw new Error('unreachable');
    expect(five.instrument.swap.fixed.periods).toHaveLength(20);
    expect(toISO(five.instrument.swap.fixed.periods[0].start)).toBe('2025-06-23');
    expect(five.instrument.swap.float.resets).toMatchObject({ step: 7, fixingLag: 1 });
  });

  it('round-trips through JSON; bad definitions are refused with the field named', () => {
    const json = JSON.parse(JSON.stringify(SAMPLE_CURVES.SOFR));
    expect(parseCurveDefinition(json)).toEqual(SAMPLE_CURVES.SOFR);
    expect(() => parseCurveDefinition({ ...json, index: 'LIBOR' })).toThrow(/index/);
    expect(() => parseCurveDefinition({ ...json, asOf: '2025-02-30' })).toThrow(/invalid date/);
    expect(() => parseCurveDefinition({ ...json, instruments: [{ type: 'swap', tenor: '5 years', quote: 0.03 }] })).toThrow(/instruments\.0\.tenor/);
    expect(() => parseCurveDefinition({ ...json, instruments: [{ type: 'swap', tenor: '5Y', quote: '3%' }] })).toThrow(/quote/);
    expect(() => buildCurve({ ...SAMPLE_CURVES.SHIBOR3M }, { calendars })).toThrow(/discounting curve/);
  });

  it('disabled instruments are left out; two on one pillar are refused', () => {
    const def = structuredClone(SAMPLE_CURVES.FR007);
    def.instruments[3].enabled = false;
    const c = buildCurve(def, { calendars });
    expect(c.instruments).toHaveLength(SAMPLE_CURVES.FR007.instruments.length - 1);
    expect(c.instruments.map((x) => x.position)).not.toContain(3);
    const dup = structuredClone(SAMPLE_CURVES.FR007);
    dup.instruments.push({ type: 'swap', tenor: '12M', quote: 0.016 });
    expect(() => buildCurve(dup, { calendars })).toThrow(/share the pillar/);
  });

  it('FRAs and IMM futures with a convexity adjustment in the short end reprice', () => {
    const def = {
      name: 'USD SOFR with futures', index: 'SOFR' as const, asOf: '2025-06-20', interpolation: 'linearZero' as const,
      instruments: [
        { type: 'fixing' as const, quote: 0.0433 },
        { type: 'fra' as const, startMonths: 1, endMonths: 4, quote: 0.0428 },
        { type: 'future' as const, contract: 'U5', price: 95.8, convexity: 0.00005 },
        { type: 'future' as const, contract: 'Z5', price: 96.0, convexity: 0.0001 },
        { type: 'swap' as const, tenor: '2Y', quote: 0.038 }, { type: 'swap' as const, tenor: '5Y', quote: 0.0368 },
      ],
    };
    const c = buildCurve(def, { calendars });
    expect(c.maxRepricingError).toBeLessThan(1e-12);
    const fut = c.instruments.find((x) => x.type === 'future')!;
    expect(fut.rate).toBeCloseTo(0.042 - 0.00005, 15);
    if (fut.instrument.kind !== 'future') throw new Error('unreachable');
    expect(toISO(fut.instrument.start)).toBe('2025-09-17');
  });

  it('re-solving with bumped quotes: a dual curve follows its discounting curve', () => {
    const set = buildCurveSet([SAMPLE_CURVES.FR007, SAMPLE_CURVES.SHIBOR3M], calendars);
    const fr = set.get('CNY FR007 (sample)')!, sh = set.get('CNY SHIBOR 3M (sample)')!;
    const bumped = solveCurves([fr, sh], new Map([[fr.name, fr.rates.map((r) => r + 1e-4)]]));
    const fresh = buildCurveSet([
      { ...SAMPLE_CURVES.FR007, instruments: SAMPLE_CURVES.FR007.instruments.map((i) => ({ ...i, quote: (i as { quote: number }).quote + 1e-4 })) },
      SAMPLE_CURVES.SHIBOR3M,
    ], calendars);
    for (const t of [0.5, 2, 4.9, 9.5]) {
      expect(Math.abs(bumped.get(fr.name)!.discount(t) / fresh.get(fr.name)!.curve.discount(t) - 1)).toBeLessThan(1e-14);
      expect(Math.abs(bumped.get(sh.name)!.discount(t) / fresh.get(sh.name)!.curve.discount(t) - 1)).toBeLessThan(1e-14);
    }
    // Unchanged quotes give back the very same curve objects.
    const same = solveCurves([fr, sh], new Map());
    expect(same.get(fr.name)).toBe(fr.curve);
    expect(same.get(sh.name)).toBe(sh.curve);
  });

  it('rebuildCurve: new quotes re-solved from the compiled instruments equal a fresh build', async () => {
    const { rebuildCurve } = await import('./curve-definition');
    const c = buildCurve(SAMPLE_CURVES.SOFR, { calendars });
    const rates = c.rates.map((r, i) => r + 1e-5 * i);
    const again = rebuildCurve(c, rates);
    const fresh = buildCurve({ ...SAMPLE_CURVES.SOFR, instruments: SAMPLE_CURVES.SOFR.instruments.map((x, i) => ({ ...x, quote: rates[i] })) }, { calendars });
    expect(again.maxRepricingError).toBeLessThan(1e-12);
    again.nodes.forEach((n, i) => expect(n.discount).toBeCloseTo(fresh.nodes[i].discount, 15));
    expect(again.instruments[3].rate).toBe(rates[3]);
    expect(() => rebuildCurve(c, [0.01])).toThrow(/expected/);
  });

  it('samples for charts: typed arrays of zero, forward and discount', () => {
    const c = buildCurve(SAMPLE_CURVES.FR007, { calendars });
    const s = sampleCurve(c, 30);
    expect(s.t).toBeInstanceOf(Float64Array);
    expect(s.t.at(-1)).toBeCloseTo(c.nodes.at(-1)!.t, 12);
    for (let i = 0; i < s.t.length; i++) expect(s.discount[i]).toBeCloseTo(Math.exp(-s.zero[i] * s.t[i]), 15);
  });
});

describe('rolledForward', () => {
  const def = parseCurveDefinition({
    name: 'FR007 sample', index: 'FR007', asOf: '2026-11-20', interpolation: 'logLinearDiscount',
    instruments: [{ type: 'swap', tenor: '1Y', quote: 0.016 }, { type: 'swap', tenor: '5Y', quote: 0.018 }],
  });

  it('re-anchors the same quotes at a later valuation date, and leaves an earlier or equal one alone', () => {
    const rolled = rolledForward(def, '2026-11-24');
    expect(rolled.asOf).toBe('2026-11-24');
    expect(rolled.instruments).toEqual(def.instruments);
    expect(rolledForward(def, '2026-11-20')).toBe(def);
    expect(rolledForward(def, '2026-11-19')).toBe(def);
  });

  it('a curve rolled forward by four days discounts its 1Y pillar from the new date', () => {
    const a = buildCurve(def, { calendars }), b = buildCurve(rolledForward(def, '2026-11-24'), { calendars });
    expect(b.valuationDate - a.valuationDate).toBe(4);
    // Same par quotes: one year's discount factor from each curve's own date moves only by calendar effects.
    expect(Math.abs(b.curve.discount(1) - a.curve.discount(1))).toBeLessThan(2e-4);
    expect(b.nodes[0].date > a.nodes[0].date).toBe(true);
  });

  it('refuses a date that is not one', () => {
    expect(() => rolledForward(def, '2026-02-30')).toThrow();
  });
});

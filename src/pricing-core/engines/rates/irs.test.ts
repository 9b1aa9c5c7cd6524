import { describe, expect, it } from 'vitest';
import { HOLIDAY_SEED } from '../../dates/holiday-seed';
import { fromISO, toISO } from '../../dates/date';
import { calendarLookup } from '../../market/curves/conventions';
import { buildCurve, buildCurveSet } from '../../market/curves/curve-definition';
import { SAMPLE_CURVES } from '../../market/curves/sample-curves';
import { CURVE_INTERPOLATIONS } from '../../market/curves/interpolation';
import { priceIrs } from './irs';

const calendars = calendarLookup(HOLIDAY_SEED);

describe('IRS model', () => {
  it('an FR007 5Y swap priced at par gives NPV 0 (every interpolation); at the 5Y quote too', () => {
    for (const interpolation of CURVE_INTERPOLATIONS) {
      const fr = buildCurve({ ...SAMPLE_CURVES.FR007, interpolation }, { calendars });
      const trade = { index: 'FR007', tenor: '5Y', notional: 1e8, fixedRate: 0.02, payer: true };
      const par = priceIrs(trade, { discount: fr }, { keyRates: false }).valuation.parRate;
      const atPar = priceIrs({ ...trade, fixedRate: par }, { discount: fr }, { keyRates: false });
      expect(Math.abs(atPar.valuation.npv) / 1e8, interpolation).toBeLessThan(1e-12);
      // The 5Y curve instrument is quoted 1.83%: the spot 5Y swap at that rate is at par.
      expect(par).toBeCloseTo(0.0183, 12);
    }
  });

  it('key-rate DV01s: a swap identical to a curve instrument loads only on that instrument; they sum to the DV01', () => {
    const fr = buildCurve(SAMPLE_CURVES.FR007, { calendars });
    const r = priceIrs({ index: 'FR007', tenor: '5Y', notional: 1e8, fixedRate: 0.0183, payer: true }, { discount: fr });
    const five = r.keyRates.find((k) => k.label.endsWith(' 5Y'))!;
    // +1bp on the 5Y quote moves the 5Y par rate by exactly 1bp: dNPV = N x annuity(bumped) x 1bp ~ bps.
    expect(five.dv01 / r.valuation.bps).toBeGreaterThan(0.995);
    expect(five.dv01 / r.valuation.bps).toBeLessThan(1.001);
    for (const k of r.keyRates) if (k !== five) expect(Math.abs(k.dv01) / five.dv01).toBeLessThan(1e-9);
    const sum = r.keyRates.reduce((s, k) => s + k.dv01, 0);
    expect(Math.abs(sum - r.dv01) / Math.abs(r.dv01)).toBeLessThan(1e-3);
    expect(r.dv01).toBeGreaterThan(0); // a payer gains when rates rise
    expect(r.currency).toBe('CNY');
  });

  it('an off-grid swap spreads its risk over the neighbouring pillars; receiver = -payer', () => {
    const fr = buildCurve(SAMPLE_CURVES.FR007, { calendars });
    const payer = priceIrs({ index: 'FR007', startDate: '2025-08-15', endDate: '2031-02-15', notional: 5e7, fixedRate: 0.0185, payer: true }, { discount: fr });
    const recv = priceIrs({ index: 'FR007', startDate: '2025-08-15', endDate: '2031-02-15', notional: 5e7, fixedRate: 0.0185, payer: false }, { discount: fr });
    expect(recv.valuation.npv).toBeCloseTo(-payer.valuation.npv, 6);
    expect(recv.dv01).toBeCloseTo(-payer.dv01, 6);
    const big = payer.keyRates.filter((k) => Math.abs(k.dv01) > 0.05 * Math.abs(payer.dv01)).map((k) => k.label.split(' ').at(-1));
    expect(big).toEqual(expect.arrayContaining(['5Y', '7Y']));
  });

  it('dual curve: SHIBOR 3M forecast, FR007 discount; risk to both curves; the cash flows sum to the NPV', () => {
    const set = buildCurveSet([SAMPLE_CURVES.FR007, SAMPLE_CURVES.SHIBOR3M], calendars);
    const fr = set.get('CNY FR007 (sample)')!, sh = set.get('CNY SHIBOR 3M (sample)')!;
    const r = priceIrs({ index: 'SHIBOR3M', tenor: '5Y', notional: 1e8, fixedRate: 0.0186, payer: false }, { discount: fr, projection: sh });
    expect(Math.abs(r.valuation.npv) / 1e8).toBeLessThan(1e-12); // a curve instrument, at its quote
    expect(new Set(r.keyRates.map((k) => k.curve))).toEqual(new Set([fr.name, sh.name]));
    expect(r.cashflows.reduce((s, c) => s + c.pv, 0)).toBeCloseTo(r.valuation.npv, 6);
    const float = r.cashflows.filter((c) => c.leg === 'float');
    expect(float).toHaveLength(20);
    expect(float[0].fixingDate && toISO(float[0].fixingDate)).toBe('2025-06-20'); // T-1 before the 06-23 start
    expect(() => priceIrs({ index: 'SHIBOR3M', tenor: '5Y', notional: 1, fixedRate: 0.02, payer: true }, { discount: fr })).toThrow(/FR007 curve/);
  });

  it('SOFR OIS: payment 2 business days after each period end; amortising notionals', () => {
    const sofr = buildCurve(SAMPLE_CURVES.SOFR, { calendars });
    const r = priceIrs({ index: 'SOFR', tenor: '5Y', notional: 1e8, fixedRate: 0.0368, payer: true, amortisation: { kind: 'linear' } }, { discount: sofr }, { keyRates: false });
    const fixed = r.cashflows.filter((c) => c.leg === 'fixed');
    expect(fixed.map((c) => c.notional)).toEqual([1e8, 8e7, 6e7, 4e7, 2e7]);
    expect(toISO(fixed[0].end)).toBe('2026-06-24');
    expect(toISO(fixed[0].payment)).toBe('2026-06-26');
    expect(r.valuation.parRate).toBeGreaterThan(0.0368); // shorter life on a downward-sloping curve: the higher short rates weigh more
  });

  it('seasoned LPR 1Y swap: the current period takes the LPR in force on its fixing date', () => {
    const set = buildCurveSet([SAMPLE_CURVES.FR007, SAMPLE_CURVES.LPR1Y], calendars);
    const fr = set.get('CNY FR007 (sample)')!, lpr = set.get('CNY LPR 1Y (sample)')!;
    const trade = { index: 'LPR1Y', startDate: '2025-01-15', endDate: '2028-01-17', notional: 1e8, fixedRate: 0.029, payer: true, spread: 0.0005,
      fixings: { '2024-12-20': 0.031, '2025-01-20': 0.031, '2025-02-20': 0.031, '2025-03-20': 0.031, '2025-04-21': 0.031, '2025-05-20': 0.03 } };
    const r = priceIrs(trade, { discount: fr, projection: lpr });
    const current = r.cashflows.find((c) => c.leg === 'float')!;
    expect(toISO(current.start)).toBe('2025-04-15');
    expect(toISO(current.fixingDate!)).toBe('2025-04-14');
    expect(current.rateSource).toBe('fixing');
    expect(current.rate).toBeCloseTo(0.031 + 0.0005, 15); // the 2025-03-20 LPR was in force on 04-14
    expect(() => priceIrs({ ...trade, fixings: {} }, { discount: fr, projection: lpr })).toThrow(/missing fixing on 2025-04-14/);
    expect(fromISO('2025-04-14')).toBeLessThan(fr.valuationDate);
  });

  it('refuses a bad trade with the field named', () => {
    const fr = buildCurve(SAMPLE_CURVES.FR007, { calendars });
    expect(() => priceIrs({ index: 'FR007', notional: 1, fixedRate: 0.02, payer: true }, { discount: fr })).toThrow(/endDate/);
    expect(() => priceIrs({ index: 'FR007', tenor: '5Y', notional: -1, fixedRate: 0.02, payer: true }, { discount: fr })).toThrow(/notional/);
    expect(() => priceIrs({ index: 'FR007', tenor: '5Y', endDate: '2030-01-01', notional: 1, fixedRate: 0.02, payer: true }, { discount: fr })).toThrow(/exactly one/);
  });
});

import { describe, expect, it } from 'vitest';
import { buildOnScreen, marketDefinition, type MarketQuotes } from '../curveConstruction/market-curve';
import { ToolFailure } from '../../kit/results';
import { dv01Reconciliation, fixingWindow, flowRows, priceInputs, signedLegPvs, DEFAULT_INPUTS } from './model';

const asOf = '2026-11-20';
const q = (tenor: string, value: number) => ({ id: `irs.FR007.${tenor}`, tenor, value, date: asOf });
const FR007: MarketQuotes = {
  fixing: { id: 'rate.FR007', value: 1.48, date: asOf }, deposits: [],
  swaps: [q('1M', 1.48), q('3M', 1.49), q('6M', 1.5), q('1Y', 1.52), q('2Y', 1.55), q('3Y', 1.58), q('5Y', 1.66), q('7Y', 1.74), q('10Y', 1.82)],
};
const curve = { discount: buildOnScreen(marketDefinition('FR007', FR007)!) };
const N = 10_000_000;

describe('IRS calculator model', () => {
  it('an FR007 5Y swap at its par rate is worth 0; the 5Y par rate is the 5Y quote', () => {
    const par = priceInputs({ ...DEFAULT_INPUTS, fixedRate: null }, curve);
    expect(par.atPar).toBe(true);
    expect(Math.abs(par.result.valuation.npv)).toBeLessThan(1e-6 * N);
    expect(par.result.valuation.parRate).toBeCloseTo(0.0166, 12);
    const typed = priceInputs({ ...DEFAULT_INPUTS, fixedRate: par.fixedRate * 100 }, curve);
    expect(Math.abs(typed.result.valuation.npv)).toBeLessThan(1e-6 * N);
  });

  it('a payer gains when rates rise: positive DV01; key rates sum to it; the receiver is the mirror', () => {
    const pay = priceInputs({ ...DEFAULT_INPUTS, fixedRate: 1.5 }, curve).result;
    const rec = priceInputs({ ...DEFAULT_INPUTS, fixedRate: 1.5, direction: 'receive' }, curve).result;
    expect(pay.dv01).toBeGreaterThan(0);
    expect(pay.valuation.npv).toBeGreaterThan(0); // paying 1.50 % against a 1.66 % par rate
    expect(rec.valuation.npv).toBeCloseTo(-pay.valuation.npv, 6);
    const sum = pay.keyRates.reduce((s, k) => s + k.dv01, 0);
    expect(Math.abs(sum - pay.dv01) / pay.dv01).toBeLessThan(1e-3);
  });

  it('cash flows of both legs, linear amortisation, and the SPEC-style failures', () => {
    const r = priceInputs({ ...DEFAULT_INPUTS, fixedRate: 1.7, amortisation: 'linear' }, curve).result;
    const fixed = flowRows(r.cashflows, 'fixed'), float = flowRows(r.cashflows, 'float');
    expect(fixed.length).toBe(20);
    expect(float.length).toBe(20);
    expect(fixed[fixed.length - 1].notional).toBeLessThan(fixed[0].notional);
    expect(() => priceInputs({ ...DEFAULT_INPUTS, notional: -1 }, curve)).toThrow(/notional/i);
    expect(() => priceInputs({ ...DEFAULT_INPUTS, index: 'SOFR' }, curve)).toThrow();
    expect(() => priceInputs({ ...DEFAULT_INPUTS, tenor: { kind: 'tenor', tenor: '2W' } }, curve)).toThrow(/months or years/);
  });

  it('a seasoned swap takes its past fixings and names a missing one', () => {
    expect(fixingWindow(null, asOf)).toBeNull();
    expect(fixingWindow('2026-08-03', asOf)).toEqual({ from: '2026-06-19', to: asOf });
    const fixings: Record<string, number> = {};
    for (let d = Date.parse('2026-07-01'); d <= Date.parse(asOf); d += 86_400_000) fixings[new Date(d).toISOString().slice(0, 10)] = 0.015;
    const seasoned = priceInputs({ ...DEFAULT_INPUTS, fixedRate: 1.6, startDate: '2026-08-03' }, curve, fixings);
    expect(seasoned.result.cashflows.some((f) => f.rateSource === 'partlyFixed' || f.rateSource === 'fixing')).toBe(true);
    expect(() => priceInputs({ ...DEFAULT_INPUTS, fixedRate: 1.6, startDate: '2026-08-03' }, curve, {})).toThrow(/fixing/i);
  });
});

describe('IRS calculator: signs, fixing dates, DV01 check (issue 20)', () => {
  for (const direction of ['pay', 'receive'] as const) {
    it(`${direction} fixed: each leg's PV has the sign of its cash flows, and the legs add up to the NPV`, () => {
      const r = priceInputs({ ...DEFAULT_INPUTS, fixedRate: 1.7, direction }, curve).result;
      const legs = signedLegPvs(r);
      const sumPv = (leg: 'fixed' | 'float') => flowRows(r.cashflows, leg).reduce((a, f) => a + f.pv, 0);
      expect(Math.sign(legs.fixed)).toBe(direction === 'pay' ? -1 : 1);
      expect(legs.fixed).toBeCloseTo(sumPv('fixed'), 6);
      expect(legs.float).toBeCloseTo(sumPv('float'), 6);
      expect(legs.fixed + legs.float).toBeCloseTo(r.valuation.npv, 6);
    });
  }

  it('float rows of a compounded index show the first reset\'s fixing date and how many resets', () => {
    const r = priceInputs({ ...DEFAULT_INPUTS, fixedRate: 1.7 }, curve).result;
    const rows = flowRows(r.cashflows, 'float', r.swap.float);
    expect(rows.every((x) => x.fixing !== null && x.fixing <= x.start)).toBe(true);
    expect(rows[0].resets).toBeGreaterThanOrEqual(12); // FR007: weekly resets over a quarter
    expect(rows[0].resets).toBeLessThanOrEqual(14);
  });

  it('parallel DV01 against the sum of key-rate DV01s: the difference is second order and stated', () => {
    const r = priceInputs({ ...DEFAULT_INPUTS, fixedRate: 1.7 }, curve).result;
    const c = dv01Reconciliation(r);
    expect(c.parallel).toBe(r.dv01);
    expect(c.sum).toBeCloseTo(r.keyRates.reduce((a, k) => a + k.dv01, 0), 9);
    expect(c.difference).toBeCloseTo(c.parallel - c.sum, 9);
    expect(Math.abs(c.relative)).toBeLessThan(1e-3);
  });

  it('every bad field at once, by its name on screen', () => {
    let e: unknown;
    try { priceInputs({ ...DEFAULT_INPUTS, tenor: null, notional: -5 }, curve); } catch (x) { e = x; }
    expect(e).toBeInstanceOf(ToolFailure);
    expect((e as ToolFailure).problems?.map((p) => `${p.field.zh}：${p.problem.zh}`)).toEqual(['期限：未填写', '名义本金：须大于零']);
    expect((e as ToolFailure).problems?.map((p) => `${p.field.en}: ${p.problem.en}`)).toEqual(['Tenor: missing', 'Notional: must be greater than zero']);
  });
});

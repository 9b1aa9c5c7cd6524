// Screen-level uses of the swaption and cap engines beyond the CLI: dual curves, SABR vols,
// past fixings, in-arrears caplets.
import { describe, expect, it } from 'vitest';
import { HOLIDAY_SEED } from '../../dates/holiday-seed';
import { addMonths, fromISO } from '../../dates/date';
import { calendarLookup, conventionSwap, INDEX_CONVENTIONS } from '../../market/curves/conventions';
import { buildCurveSet } from '../../market/curves/curve-definition';
import { SAMPLE_CURVES } from '../../market/curves/sample-curves';
import { DiscountCurve, curveTime } from '../../market/curves/discount-curve';
import { sabrNormalVol, sabrVol } from '../../market/sabr/sabr';
import { makeSwap } from '../../instruments/rates/swap';
import { fixingsFrom } from './swap-pricer';
import { priceSwaption } from './swaption';
import { priceCapFloor } from './cap-floor';
import { bachelierFormula, blackFormula } from './rate-option-formulas';

const calendars = calendarLookup(HOLIDAY_SEED);
const set = buildCurveSet([SAMPLE_CURVES.FR007, SAMPLE_CURVES.SHIBOR3M], calendars);
const fr = set.get('CNY FR007 (sample)')!, sh = set.get('CNY SHIBOR 3M (sample)')!;
const v = fr.valuationDate;

describe('swaptions on built curves', () => {
  const expiry = addMonths(v, 12);
  const start = addMonths(v, 12) + 1;
  const underlying = conventionSwap(INDEX_CONVENTIONS.SHIBOR3M, sh.calendar, { startDate: start as typeof v, endDate: addMonths(start as typeof v, 60), fixedRate: 0.019, notional: 1e8, payer: true });
  const curves = { valuationDate: v, discount: fr.curve, projection: sh.curve };
  it('dual curve: the forward comes from the forecasting curve, the annuity from the discount curve', () => {
    const dual = priceSwaption({ expiry, underlying }, curves, { model: 'normal', vol: 0.005 });
    const single = priceSwaption({ expiry, underlying }, { valuationDate: v, discount: fr.curve }, { model: 'normal', vol: 0.005 });
    expect(dual.annuity).toBeCloseTo(single.annuity, 6);
    expect(dual.forwardSwapRate).toBeGreaterThan(single.forwardSwapRate); // SHIBOR above FR007
  });
  it('SABR vols: the engine prices with the SABR vol at its strike (normal and shifted lognormal quotes)', () => {
    const p = { alpha: 0.006, beta: 0, rho: -0.2, nu: 0.4 };
    const s = priceSwaption({ expiry, underlying }, curves, { model: 'sabr', sabr: p, quote: 'normal' });
    expect(s.vol).toBeCloseTo(sabrNormalVol(p, s.forwardSwapRate, 0.019, s.expiryTime), 15);
    expect(s.npv).toBeCloseTo(s.annuity * bachelierFormula(1, s.forwardSwapRate, 0.019, s.vol, s.expiryTime).value, 6);
    const q = { alpha: 0.04, beta: 0.5, rho: -0.3, nu: 0.5 };
    const b = priceSwaption({ expiry, underlying }, curves, { model: 'sabr', sabr: q, quote: 'black', shift: 0.01 });
    expect(b.vol).toBeCloseTo(sabrVol(q, b.forwardSwapRate, 0.019, b.expiryTime, 0.01), 15);
    expect(b.npv).toBeCloseTo(b.annuity * blackFormula(1, b.forwardSwapRate, 0.019, b.vol, b.expiryTime, 0.01).value, 6);
  });
  it('refuses an underlying starting before the expiry', () => {
    expect(() => priceSwaption({ expiry: addMonths(v, 24), underlying }, curves, { model: 'normal', vol: 0.005 })).toThrow(/start on or after the expiry/);
  });
});

describe('caps on built curves', () => {
  const flat = DiscountCurve.fromZeroRates([[0, 0.02], [10, 0.02]]);
  it('a seasoned cap: the caplet fixed before today pays its known payoff; the fixing is required', () => {
    const leg = makeSwap({ startDate: fromISO('2025-03-20'), endDate: fromISO('2027-03-20'), fixedFrequency: 4, floatFrequency: 4, fixedDayCount: 'ACT/360', floatDayCount: 'ACT/360', fixedRate: 0, notional: 1e7, payer: true }).float;
    const val = fromISO('2025-05-06');
    const r = priceCapFloor({ type: 'cap', strike: 0.02, periods: leg.periods }, { valuationDate: val, discount: flat, fixings: fixingsFrom({ '2025-03-20': 0.025 }) }, { model: 'normal', vol: 0.006 });
    const first = r.caplets[0];
    expect(first.status).toBe('fixed');
    expect(first.npv).toBeCloseTo(1e7 * first.accrual * first.discountFactor * 0.005, 8);
    expect(r.caplets.slice(1).every((c) => c.status === 'option')).toBe(true);
    expect(() => priceCapFloor({ type: 'cap', strike: 0.02, periods: leg.periods }, { valuationDate: val, discount: flat }, { model: 'normal', vol: 0.006 })).toThrow(/missing fixing on 2025-03-20/);
  });
  it('in-arrears (compounded) caplets use the effective time T_s + (T_e - T_s)/3, and the one starting today is an option', () => {
    const leg = makeSwap({ startDate: v, endDate: addMonths(v, 24), fixedFrequency: 4, floatFrequency: 4, fixedDayCount: 'ACT/360', floatDayCount: 'ACT/360', fixedRate: 0, notional: 1e7, payer: true, floatIndex: 'compounded' }).float;
    const r = priceCapFloor({ type: 'cap', strike: 0.02, periods: leg.periods, inArrears: true }, { valuationDate: v, discount: flat }, { model: 'normal', vol: 0.006 });
    const p0 = leg.periods[0], p3 = leg.periods[3];
    expect(r.caplets[0].status).toBe('option');
    expect(r.caplets[0].expiryTime).toBeCloseTo(curveTime(v, p0.end) / 3, 15);
    expect(r.caplets[3].expiryTime).toBeCloseTo(curveTime(v, p3.start) + (curveTime(v, p3.end) - curveTime(v, p3.start)) / 3, 15);
    const term = priceCapFloor({ type: 'cap', strike: 0.02, periods: leg.periods }, { valuationDate: v, discount: flat }, { model: 'normal', vol: 0.006 });
    expect(term.caplets[0].status).toBe('excluded');
    expect(r.npv).toBeGreaterThan(term.npv); // more variance, and the first caplet counts
  });
});

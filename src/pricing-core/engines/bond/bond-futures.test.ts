import { describe, expect, it } from 'vitest';
import { addMonths, fromISO, toISO } from '../../dates/date';
import { calendarFor } from '../../dates/calendars';
import { type CnBond, cnFixedBond } from '../../instruments/rates/cn-bond';
import { CFFEX_CONTRACTS, contractDates, deliverabilityFailure, exchangeTradingCalendar, listedContracts, parseContractSymbol } from '../../instruments/rates/treasury-futures';
import { bondFutureBasis, cheapestToDeliver, conversionFactor, ctdSwitchScan, deliveryAccrued, roundHalfUp } from './bond-futures';
import { priceCnBond } from './cn-bond';

const days = (a: string, b: string) => (Date.UTC(+b.slice(0, 4), +b.slice(5, 7) - 1, +b.slice(8)) - Date.UTC(+a.slice(0, 4), +a.slice(5, 7) - 1, +a.slice(8))) / 86_400_000;
const tenYear = (maturity: string, coupon: number): CnBond => cnFixedBond(addMonths(fromISO(maturity), -120), fromISO(maturity), coupon, 2);

// CFFEX, T1903 deliverable bonds and conversion factors (notice attachment 2: "T1903合约可交割国债
// 和转换因子"; mirrored at doc.chddh.cn/archives/kd5eyz2bx06xkompvbwj.html): 10-year book-entry
// CGBs, semi-annual coupons. Code, maturity, coupon, published CF.
export const T1903_BASKET: readonly [string, string, number, number][] = [
  ['150023', '2025-10-15', 0.0299, 0.9994],
  ['160004', '2026-01-28', 0.0285, 0.9908],
  ['160010', '2026-05-05', 0.029, 0.9936],
  ['160017', '2026-08-04', 0.0274, 0.9828],
  ['160023', '2026-11-03', 0.027, 0.9796],
  ['170004', '2027-02-09', 0.034, 1.028],
  ['170010', '2027-05-04', 0.0352, 1.0374],
  ['170018', '2027-08-03', 0.0359, 1.0436],
  ['170025', '2027-11-02', 0.0382, 1.0621],
  ['180004', '2028-02-01', 0.0385, 1.0661],
  ['180011', '2028-05-17', 0.0369, 1.0549],
];

describe('conversion factor (CFFEX formula)', () => {
  it('reproduces the CFs CFFEX published for the T1903 basket', () => {
    for (const [code, maturity, c, published] of T1903_BASKET) {
      expect(conversionFactor(tenYear(maturity, c), 2019, 3).conversionFactor, code).toBe(published);
    }
  });
  it('is the bond\'s price per 1 at the 3 % notional yield, discounting from the delivery month', () => {
    const b = tenYear('2027-08-03', 0.0359);
    const r = conversionFactor(b, 2019, 3);
    const v = 1 / 1.015;
    let pv = 0;
    for (let i = 0; i < r.remainingCoupons; i++) pv += 0.01795 * v ** (r.monthsToNextCoupon / 6 + i);
    pv += v ** (r.monthsToNextCoupon / 6 + r.remainingCoupons - 1);
    expect(r.conversionFactorRaw).toBeCloseTo(pv - (1 - r.monthsToNextCoupon / 6) * 0.01795, 14);
  });
  it('is exactly 1 for a 3 % bond paying in the delivery month; x = 0 and x = 12/f agree', () => {
    const b = cnFixedBond(fromISO('2020-06-20'), fromISO('2030-06-20'), 0.03, 2);
    const r = conversionFactor(b, 2024, 6);
    expect(r.monthsToNextCoupon).toBe(0);
    expect(r.conversionFactorRaw).toBeCloseTo(1, 15);
    // Skipping the in-month coupon (x = 6, one coupon fewer) gives the same value.
    const c = 0.0345, f = 2, rr = 0.03, n = r.remainingCoupons;
    const cf = (x: number, m: number) => (c / f + c / rr + (1 - c / rr) / (1 + rr / f) ** (m - 1)) / (1 + rr / f) ** ((x * f) / 12) - (1 - (x * f) / 12) * (c / f);
    expect(cf(0, n)).toBeCloseTo(cf(6, n - 1), 14);
  });
  it('rounds half up at 4 decimals', () => {
    expect(roundHalfUp(0.99945, 4)).toBe(0.9995);
    expect(roundHalfUp(1.00005, 4)).toBe(1.0001);
    expect(roundHalfUp(0.123456789, 7)).toBe(0.1234568);
  });
});

describe('basis, carry, implied repo (PRICING-CLI bondFutureBasis)', () => {
  // 160017: 2.74 %, semi-annual 4 Feb / 4 Aug; an interim coupon on 2019-02-04.
  const b = tenYear('2026-08-04', 0.0274);
  const m = { settlement: fromISO('2019-01-10'), deliveryDate: fromISO('2019-03-13'), futuresPrice: 97.5, cleanPrice: 96.2, repoRate: 0.026 };
  it('hand-computed case with one interim coupon', () => {
    const r = bondFutureBasis(b, m);
    const C = 1.37;
    const accrued = (C * days('2018-08-04', '2019-01-10')) / days('2018-08-04', '2019-02-04');
    const ai = Math.round(((C * days('2019-02-04', '2019-03-13')) / days('2019-02-04', '2019-08-04')) * 1e7) / 1e7;
    const dirty = 96.2 + accrued, n = days('2019-01-10', '2019-03-13');
    const W = (C * days('2019-02-04', '2019-03-13')) / 365;
    expect(r.conversionFactor).toBe(0.9828);
    expect(r.accrued).toBeCloseTo(accrued, 13);
    expect(r.deliveryAccrued).toBe(ai);
    expect(r.invoicePrice).toBeCloseTo(97.5 * 0.9828 + ai, 12);
    expect(r.interimCoupons).toBeCloseTo(C, 14);
    expect(r.grossBasis).toBeCloseTo(96.2 - 97.5 * 0.9828, 12);
    const carry = ai - accrued + C + 0.026 * (W - (dirty * n) / 365);
    expect(r.carry).toBeCloseTo(carry, 12);
    expect(r.netBasis).toBeCloseTo(96.2 - 97.5 * 0.9828 - carry, 12);
    expect(r.irr).toBeCloseTo((97.5 * 0.9828 + ai + C - dirty) / ((dirty * n) / 365 - W), 12);
  });
  it('at the carry-fair futures price the net basis is 0 and the IRR equals the repo rate', () => {
    const r0 = bondFutureBasis(b, m);
    const F = r0.forwardCleanPrice / r0.conversionFactor;
    const r = bondFutureBasis(b, { ...m, futuresPrice: F });
    expect(r.netBasis).toBeCloseTo(0, 12);
    expect(r.irr).toBeCloseTo(0.026, 12);
  });
  it('delivery accrued is the CFETS accrued rounded to 7 decimals; 0 on a coupon date', () => {
    expect(deliveryAccrued(b, fromISO('2019-02-04'))).toBe(0);
    expect(deliveryAccrued(b, fromISO('2019-03-13'))).toBe(Math.round((1.37 * 37 / 181) * 1e7) / 1e7);
  });
});

describe('contract calendar (CFFEX rules)', () => {
  const trading = exchangeTradingCalendar(calendarFor('CNY'));
  it('last trading day is the second Friday; last delivery day three trading days later', () => {
    const c = contractDates('T', 2025, 6, trading);
    expect(toISO(c.lastTradingDay)).toBe('2025-06-13');
    expect(toISO(c.lastDeliveryDay)).toBe('2025-06-18');
    expect(c.symbol).toBe('T2506');
  });
  it('holidays and make-up Saturdays: exchanges do not open on make-up weekends', () => {
    // T2409: LTD Fri 2024-09-13; 14 Sep was a make-up working Saturday (inter-bank only), 16-17 Sep holidays.
    const c = contractDates('T', 2024, 9, trading);
    expect(toISO(c.lastTradingDay)).toBe('2024-09-13');
    expect(toISO(c.lastDeliveryDay)).toBe('2024-09-20');
  });
  it('lists the three nearest quarterly contracts, dropping one after its last trading day', () => {
    expect(listedContracts('TL', fromISO('2025-06-13'), trading).map((c) => c.symbol)).toEqual(['TL2506', 'TL2509', 'TL2512']);
    expect(listedContracts('TL', fromISO('2025-06-16'), trading).map((c) => c.symbol)).toEqual(['TL2509', 'TL2512', 'TL2603']);
    expect(parseContractSymbol('ts2412')).toEqual({ code: 'TS', year: 2024, month: 12 });
    expect(() => parseContractSymbol('T2505')).toThrow();
  });
  it('deliverability windows on the first day of the contract month', () => {
    // 2024 book-entry CGB (12th): 2 years, 2024-06-15 to 2026-06-15.
    const i = fromISO('2024-06-15'), mt = fromISO('2026-06-15');
    expect(deliverabilityFailure(CFFEX_CONTRACTS.TS, i, mt, 2024, 12)).toBeNull();
    expect(deliverabilityFailure(CFFEX_CONTRACTS.TS, i, mt, 2025, 3)).toMatch(/under 1.5/);
    expect(deliverabilityFailure(CFFEX_CONTRACTS.TF, i, mt, 2024, 12)).toMatch(/under 4/);
    // A 10-year bond is not deliverable into TF (original term over 7 years).
    expect(deliverabilityFailure(CFFEX_CONTRACTS.TF, fromISO('2020-05-21'), fromISO('2030-05-21'), 2025, 6)).toMatch(/original term/);
    expect(deliverabilityFailure(CFFEX_CONTRACTS.TS, i, mt, 2024, 6)).toMatch(/issued after/);
    for (const [code, maturity] of T1903_BASKET) {
      const bond = tenYear(maturity, 0.03);
      expect(deliverabilityFailure(CFFEX_CONTRACTS.T, bond.issue, bond.maturity, 2019, 3), code).toBeNull();
    }
  });
});

describe('cheapest to deliver and the CTD switch', () => {
  const basket = T1903_BASKET.map(([code, maturity, c, cf]) => ({ code, bond: tenYear(maturity, c), conversionFactor: cf }));
  const settlement = fromISO('2019-01-10'), deliveryDate = fromISO('2019-03-13');
  const yields = basket.map((_, i) => 0.031 + 0.0002 * i);
  it('ranks by implied repo; the CTD has the highest IRR and the lowest net basis at a fair futures price', () => {
    const withPrices = basket.map((e, i) => ({ ...e, cleanPrice: priceCnBond(e.bond, settlement, { yield: yields[i] }).cleanPrice }));
    const rows = cheapestToDeliver(withPrices, { settlement, deliveryDate, futuresPrice: 97, repoRate: 0.025 });
    const ctd = rows.find((r) => r.rank === 1)!;
    for (const r of rows) expect(r.irr).toBeLessThanOrEqual(ctd.irr);
    expect(new Set(rows.map((r) => r.rank)).size).toBe(rows.length);
  });
  it('scan: the CTD has zero net basis, others positive; low yields favour short duration, high yields long', () => {
    const scan = ctdSwitchScan(basket.map((e, i) => ({ ...e, yield: yields[i] })), { settlement, deliveryDate, repoRate: 0.025 }, [-200, -100, 0, 100, 200, 300]);
    for (const p of scan) {
      const i = basket.findIndex((e) => e.code === p.ctd);
      expect(p.netBasis[i]).toBeCloseTo(0, 12);
      for (const nb of p.netBasis) expect(nb).toBeGreaterThan(-1e-12);
    }
    const dur = (code: string) => { const i = basket.findIndex((e) => e.code === code); return priceCnBond(basket[i].bond, settlement, { yield: yields[i] }).modifiedDuration; };
    expect(dur(scan[0].ctd)).toBeLessThan(dur(scan[scan.length - 1].ctd));
  });
});

// CFFEX treasury futures analytics (PRICING-CLI `bondFutureCF`, `bondFutureBasis`): conversion
// factor, delivery accrued, invoice price, gross/net basis, carry, implied repo (IRR), the
// cheapest to deliver and how it switches when yields move.
import type { CalendarDate } from '../../dates/date';
import { fromYMD, toYMD } from '../../dates/date';
import { type CnBond, cnBondSchedule } from '../../instruments/rates/cn-bond';
import { cnAnalyticsFromYield, cnSettlementView, priceCnBond } from './cn-bond';

/** Rounds half away from zero at `dp` decimals, robust to binary representation (x.xxxx5 -> up). */
export function roundHalfUp(x: number, dp: number): number {
  const s = 10 ** dp;
  const v = Math.abs(x) * s;
  // A value that is a half in decimal may sit a few ulps below it in binary.
  const r = Math.floor(v + 0.5 + 8 * Number.EPSILON * v);
  return Math.sign(x) * (r / s);
}

export interface ConversionFactorResult {
  conversionFactor: number;
  conversionFactorRaw: number;
  monthsToNextCoupon: number;
  remainingCoupons: number;
  nextCouponDate: CalendarDate;
}

/**
 * CFFEX conversion factor (notice of 2013-09-03): with the next coupon the first coupon date on
 * or after the first day of the delivery month, x the months from the delivery month to it,
 * n the coupons from it to maturity:
 *   CF = [c/f + c/r + (1 - c/r) / (1 + r/f)^(n-1)] / (1 + r/f)^(x f/12) - (1 - x f/12) c/f
 */
export function conversionFactor(bond: CnBond, year: number, month: number, r = 0.03): ConversionFactorResult {
  if (bond.kind !== 'fixed') throw new RangeError('only fixed-coupon bonds are deliverable');
  const first = fromYMD(year, month, 1);
  const coupons = cnBondSchedule(bond).slice(1);
  const k = coupons.findIndex((d) => d >= first);
  if (k < 0) throw new RangeError('the bond matures before the delivery month');
  const next = coupons[k];
  const nm = toYMD(next);
  const x = (nm.y - year) * 12 + (nm.m - month);
  const n = coupons.length - k;
  const c = bond.coupon, f = bond.frequency;
  const raw = (c / f + c / r + (1 - c / r) / (1 + r / f) ** (n - 1)) / (1 + r / f) ** ((x * f) / 12) - (1 - (x * f) / 12) * (c / f);
  return { conversionFactor: roundHalfUp(raw, 4), conversionFactorRaw: raw, monthsToNextCoupon: x, remainingCoupons: n, nextCouponDate: next };
}

/** CFFEX delivery accrued per 100: C (D - P)/(N - P) over the period containing D, rounded to 7 decimals. */
export function deliveryAccrued(bond: CnBond, delivery: CalendarDate): number {
  const v = cnSettlementView({ ...bond, face: 100 }, delivery);
  return roundHalfUp(v.accrued, 7);
}

export interface BasisInputs {
  settlement: CalendarDate;
  /** Futures delivery payment date (缴款日). */
  deliveryDate: CalendarDate;
  futuresPrice: number;
  cleanPrice: number;
  /** Simple ACT/365 repo rate (financing and reinvestment). */
  repoRate: number;
  /** Published CF; else computed for the month of deliveryDate. */
  conversionFactor?: number;
  notionalCoupon?: number;
}

export interface BasisResult {
  conversionFactor: number;
  accrued: number;
  dirtyPrice: number;
  deliveryAccrued: number;
  invoicePrice: number;
  /** Sum of coupons paid in (settlement, deliveryDate], per 100. */
  interimCoupons: number;
  grossBasis: number;
  carry: number;
  netBasis: number;
  /** Implied repo rate, simple ACT/365. */
  irr: number;
  days: number;
  /** Forward clean price at delivery financed at the repo rate (net of coupon reinvestment). */
  forwardCleanPrice: number;
}

/** Basis analytics per PRICING-CLI `bondFutureBasis` (per 100 of face). */
export function bondFutureBasis(bond: CnBond, inp: BasisInputs): BasisResult {
  const b = { ...bond, face: 100 };
  const { settlement, deliveryDate: del, futuresPrice: F, cleanPrice, repoRate: r } = inp;
  if (!(b.issue <= settlement && settlement < del && del < b.maturity)) throw new RangeError('need issue <= settlement < deliveryDate < maturity');
  const dm = toYMD(del);
  const cf = inp.conversionFactor ?? conversionFactor(b, dm.y, dm.m, inp.notionalCoupon ?? 0.03).conversionFactor;
  const accrued = cnSettlementView(b, settlement).accrued;
  const dirty = cleanPrice + accrued;
  const days = del - settlement;
  const C = (100 * b.coupon) / b.frequency;
  let nCoupons = 0, W = 0;
  for (const d of cnBondSchedule(b)) {
    if (d > settlement && d <= del) { nCoupons++; W += (C * (del - d)) / 365; }
  }
  const interim = C * nCoupons;
  const ai = deliveryAccrued(b, del);
  const invoice = F * cf + ai;
  const gross = cleanPrice - F * cf;
  const carry = ai - accrued + interim + r * (W - (dirty * days) / 365);
  const fwdDirty = dirty * (1 + (r * days) / 365) - interim - r * W;
  return {
    conversionFactor: cf, accrued, dirtyPrice: dirty, deliveryAccrued: ai, invoicePrice: invoice, interimCoupons: interim,
    grossBasis: gross, carry, netBasis: gross - carry, irr: (invoice + interim - dirty) / ((dirty * days) / 365 - W), days,
    forwardCleanPrice: fwdDirty - ai,
  };
}

// ---------------------------------------------------------------- basket, CTD, switch

export interface BasketBond {
  /** Identifier shown to the user (inter-bank code). */
  code: string;
  bond: CnBond;
  /** Published CF when known (CFFEX); else computed. */
  conversionFactor?: number;
}

export interface CtdRow extends BasisResult {
  code: string;
  yield: number;
  /** Rank by IRR, 1 = cheapest to deliver. */
  rank: number;
}

/** Every bond of a basket against one futures price; ranked by implied repo (highest = CTD). */
export function cheapestToDeliver(
  basket: readonly (BasketBond & { cleanPrice: number })[],
  m: { settlement: CalendarDate; deliveryDate: CalendarDate; futuresPrice: number; repoRate: number },
): CtdRow[] {
  const rows = basket.map((e) => {
    const r = bondFutureBasis(e.bond, { ...m, cleanPrice: e.cleanPrice, conversionFactor: e.conversionFactor });
    const y = priceCnBond({ ...e.bond, face: 100 }, m.settlement, { cleanPrice: e.cleanPrice }).yield;
    return { ...r, code: e.code, yield: y, rank: 0 };
  });
  const order = rows.map((_, i) => i).sort((a, b) => rows[b].irr - rows[a].irr);
  order.forEach((i, k) => { rows[i].rank = k + 1; });
  return rows;
}

export interface SwitchPoint {
  shiftBp: number;
  /** Code of the cheapest to deliver at this shift. */
  ctd: string;
  /** Theoretical futures price: min over the basket of forward clean / CF (no delivery option value). */
  futuresPrice: number;
  /** Per bond (basket order): net basis at that futures price, per 100 (0 for the CTD). */
  netBasis: number[];
  /** Per bond: clean price at the shifted yield. */
  cleanPrices: number[];
}

/**
 * CTD switch scan: every bond's yield (cnBond convention) moved by the same shift; each bond
 * financed to delivery at the repo rate; the futures at the lowest forward clean / CF; the
 * bond attaining it is the CTD. `basisOffset` (default 0) adds a constant to the futures price
 * (e.g. today's CTD net basis, to keep the scan anchored to the market).
 */
export function ctdSwitchScan(
  basket: readonly (BasketBond & { yield: number })[],
  m: { settlement: CalendarDate; deliveryDate: CalendarDate; repoRate: number },
  shiftsBp: readonly number[],
  basisOffset = 0,
): SwitchPoint[] {
  const cfs = basket.map((e) => {
    if (e.conversionFactor !== undefined) return e.conversionFactor;
    const dm = toYMD(m.deliveryDate);
    return conversionFactor(e.bond, dm.y, dm.m).conversionFactor;
  });
  // Everything but the clean price is independent of the shift: compute once per bond.
  const fixed = basket.map((e) => {
    const b = { ...e.bond, face: 100 };
    const v = cnSettlementView(b, m.settlement);
    const days = m.deliveryDate - m.settlement;
    const C = (100 * b.coupon) / b.frequency;
    let interim = 0, W = 0;
    for (const d of cnBondSchedule(b)) if (d > m.settlement && d <= m.deliveryDate) { interim += C; W += (C * (m.deliveryDate - d)) / 365; }
    return { b, v, days, interim, W, ai: deliveryAccrued(b, m.deliveryDate) };
  });
  return shiftsBp.map((s) => {
    const clean: number[] = [], fwdClean: number[] = [];
    let best = Infinity, bestIdx = 0;
    basket.forEach((e, i) => {
      const x = fixed[i];
      const a = cnAnalyticsFromYield(x.v, e.yield + s * 1e-4);
      clean.push(a.cleanPrice);
      const fd = a.dirtyPrice * (1 + (m.repoRate * x.days) / 365) - x.interim - m.repoRate * x.W;
      fwdClean.push(fd - x.ai);
      const ratio = (fd - x.ai) / cfs[i];
      if (ratio < best) { best = ratio; bestIdx = i; }
    });
    const F = best + basisOffset;
    return { shiftBp: s, ctd: basket[bestIdx].code, futuresPrice: F, netBasis: fwdClean.map((fc, i) => fc - best * cfs[i]), cleanPrices: clean };
  });
}

/** First coupon date of a bond at or after a date (helper for screens showing the next coupon). */
export function nextCouponOnOrAfter(bond: CnBond, d: CalendarDate): CalendarDate | null {
  return cnBondSchedule(bond).slice(1).find((x) => x >= d) ?? null;
}

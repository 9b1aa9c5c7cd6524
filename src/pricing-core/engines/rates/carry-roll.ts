// Carry and roll-down of spot-starting par swaps over a horizon, per tenor, ranked. Standard
// desk definitions, for a receiver of fixed (a payer has the opposite signs), with the curve
// unchanged: rates by tenor stay where they are today as the swap ages.
//  roll-down (bp)  S(T) - S(T - h): after h the swap is a (T - h) swap, whose par rate on an
//                  unchanged curve is today's S(T - h); P&L = N x that x A(T - h).
//  carry (bp)      the horizon's net accrual, fixed received minus float paid, N x (S(T) x
//                  tau_fixed(h) - R(h) x tau_float(h)), over the DV01 of the swap left at the
//                  horizon, N x A(T - h) x 1bp; R(h) is the float leg's expected rate over the
//                  horizon: compounded indices the curve's forward over [spot, spot + h], term
//                  indices the first period's rate (today's fixing once it is in the curve).
//  total           carry + roll-down (bp and money); rank 1 = the best total per horizon.
// S = par rate, A = annuity of the index's standard swap on today's curves; accruals are not
// discounted within the horizon.
import { yearFraction } from '../../dates/day-count';
import { advance } from '../../dates/tenor';
import { conventionSwap, indexConvention, spotDate } from '../../market/curves/conventions';
import { curveTime } from '../../market/curves/discount-curve';
import type { IrsCurves } from './irs';
import { priceSwap } from './swap-pricer';

export interface CarryRollRow {
  tenor: string;
  horizon: string;
  parRate: number;
  /** Today's par rate of the (T - h) swap. */
  rolledParRate: number;
  carryBp: number;
  rollBp: number;
  totalBp: number;
  carryPnl: number;
  rollPnl: number;
  totalPnl: number;
  /** DV01 of the swap left at the horizon, N x A(T - h) x 1bp. */
  dv01AtHorizon: number;
  /** 1 = best total within its horizon. */
  rank: number;
}

const monthsOf = (s: string): number => {
  const m = /^(\d{1,3})([MY])$/i.exec(s.trim());
  if (!m) throw new RangeError(`carry/roll: ${s} is not a tenor in months or years (e.g. 3M, 5Y)`);
  return Number(m[1]) * (m[2].toUpperCase() === 'Y' ? 12 : 1);
};

export function carryRoll(curves: IrsCurves, opts: { tenors: string[]; horizons?: string[]; side?: 'receiver' | 'payer'; notional?: number }): CarryRollRow[] {
  const projection = curves.projection ?? curves.discount;
  const conv = projection.convention;
  const cal = projection.calendar;
  const v = projection.valuationDate;
  const N = opts.notional ?? 1e8;
  const sign = (opts.side ?? 'receiver') === 'receiver' ? 1 : -1;
  const start = spotDate(conv, cal, v);
  const market = { valuationDate: v, discount: curves.discount.curve, projection: projection.curve };
  const par = new Map<number, { rate: number; annuity: number; firstFloatRate: number }>();
  const parOf = (months: number) => {
    let p = par.get(months);
    if (!p) {
      const end = advance(cal, start, { n: months, unit: 'M' }, conv.swap.convention, conv.swap.endOfMonth);
      const swap = conventionSwap(indexConvention(conv.id), cal, { startDate: start, endDate: end, fixedRate: 0, notional: 1, payer: false });
      const sv = priceSwap(swap, market);
      const f = swap.float.periods[0];
      const firstFloatRate = (projection.curve.discount(curveTime(v, f.start)) / projection.curve.discount(curveTime(v, f.end)) - 1) / f.tau;
      p = { rate: sv.parRate, annuity: sv.bps * 1e4, firstFloatRate };
      par.set(months, p);
    }
    return p;
  };
  const rows: CarryRollRow[] = [];
  for (const horizon of opts.horizons ?? ['1M', '3M', '6M', '1Y']) {
    const hm = monthsOf(horizon);
    const hEnd = advance(cal, start, { n: hm, unit: 'M' }, conv.swap.convention, conv.swap.endOfMonth);
    const tauFixed = yearFraction(conv.swap.fixedDayCount, start, hEnd);
    const tauFloat = yearFraction(conv.swap.floatDayCount, start, hEnd);
    const group: CarryRollRow[] = [];
    for (const tenor of opts.tenors) {
      const tm = monthsOf(tenor);
      if (hm >= tm) continue;
      const full = parOf(tm), left = parOf(tm - hm);
      const floatAccrual = conv.index.kind === 'compounded'
        ? projection.curve.discount(curveTime(v, start)) / projection.curve.discount(curveTime(v, hEnd)) - 1
        : full.firstFloatRate * tauFloat;
      const carryPnl = sign * N * (full.rate * tauFixed - floatAccrual);
      const rollPnl = sign * N * (full.rate - left.rate) * left.annuity;
      const dv01 = N * left.annuity * 1e-4;
      group.push({
        tenor, horizon, parRate: full.rate, rolledParRate: left.rate,
        carryBp: carryPnl / dv01, rollBp: sign * (full.rate - left.rate) * 1e4, totalBp: (carryPnl + rollPnl) / dv01,
        carryPnl, rollPnl, totalPnl: carryPnl + rollPnl, dv01AtHorizon: dv01, rank: 0,
      });
    }
    [...group].sort((a, b) => b.totalBp - a.totalBp).forEach((r, i) => { r.rank = i + 1; });
    rows.push(...group);
  }
  return rows;
}
